import { beforeAll, describe, expect, it } from "vitest";
import { warmPinDirectory } from "../../api/lib/orders/pincode";
import { formatDeliveryDate } from "../../app/components/product/delivery-check";
import { loader as accountLoader } from "../../app/routes/myaccount";
import { action as editAddressAction } from "../../app/routes/myaccount.addresses.$addressId.edit";
import { action as newAddressAction } from "../../app/routes/myaccount.addresses.new";
import { action as checkoutAction } from "../../app/routes/checkout";
import { loader as productLoader, shouldRevalidate } from "../../app/routes/product";
import { PIN_MESSAGE, UNKNOWN_PIN_MESSAGE } from "../../app/lib/account/address-schema";
import { createTestApi, insertMerchant, insertProduct } from "../api/helpers";
import { countingContext, formPost, loadContext, pageGet, settle, signedInShopper } from "./harness";

// The address forms' PIN look-up (the "Look up" button, without JavaScript), an unknown PIN on
// save, and the product page's "Check delivery", on the real API and India Post's directory.
// A Monday in India: 23 Nov 2026.
const MONDAY = new Date("2026-11-23T10:00:00Z");
const api = await createTestApi({ now: () => MONDAY });
const context = loadContext(api);

// The directory is read once per process; these tests start with it read (the first read is timed below).
beforeAll(() => warmPinDirectory(), 60_000);

type Handler = (args: never) => unknown;
const post = (
  handler: Handler,
  path: string,
  fields: Record<string, string>,
  cookie?: string,
  params: Record<string, string> = {},
) => settle(() => handler({ request: formPost(path, fields, cookie), params, context } as never));

const LOOK_UP = { intent: "lookup-pin" };
const typed = { locality: "12 MG Road, Indiranagar", city: "", state: "", zipcode: "560038", country: "India" };

async function tokenOf(shopper: { email: string; password: string }): Promise<string> {
  const login = await api.call("POST", "/userapp/auth/login", {
    body: { username: shopper.email, password: shopper.password },
  });
  return login.body.data.token;
}

async function ordersOf(shopper: { email: string; password: string }) {
  return (await api.call("GET", "/userapp/orders", { token: await tokenOf(shopper) })).body.data.data as unknown[];
}

async function addressesOf(cookie: string) {
  const page = await settle(() =>
    accountLoader({ request: pageGet("/myaccount/profile", cookie), params: {}, context } as never),
  );
  return page.data.user.address as { _id: string; city: string; state: string; zipcode: string }[];
}

describe("the address form's Look up button (no JavaScript)", () => {
  it("shows the form again with city and state filled from the PIN, keeping what was typed, and saves nothing", async () => {
    const { cookie } = await signedInShopper(api);
    const answer = await post(
      newAddressAction as Handler,
      "/myaccount/addresses/new",
      { ...typed, ...LOOK_UP },
      cookie,
    );
    expect(answer.status).toBe(200);
    expect(answer.data.result.initialValue).toMatchObject({
      locality: "12 MG Road, Indiranagar",
      city: "Bengaluru",
      state: "Karnataka",
      zipcode: "560038",
      country: "India",
    });
    expect(answer.data.result.error ?? {}).toEqual({});
    expect(await addressesOf(cookie)).toEqual([]);
  });

  it("replaces a city and state typed before (the button asks for the directory's)", async () => {
    const { cookie } = await signedInShopper(api);
    const answer = await post(
      newAddressAction as Handler,
      "/myaccount/addresses/new",
      { ...typed, city: "Bangalore", state: "Kerala", zipcode: " 744101 ", ...LOOK_UP },
      cookie,
    );
    expect(answer.data.result.initialValue).toMatchObject({
      city: "Port Blair",
      state: "Andaman and Nicobar Islands",
      zipcode: "744101",
    });
  });

  it.each([
    ["an unknown PIN", "999999", UNKNOWN_PIN_MESSAGE],
    ["a malformed PIN", "56003", PIN_MESSAGE],
    ["a leading zero", "056003", PIN_MESSAGE],
    ["no PIN", "", PIN_MESSAGE],
    ["a hostile PIN", "560038\u0000", PIN_MESSAGE],
  ])("answers %s with the PIN's field error and the form as typed", async (_, zipcode, message) => {
    const { cookie } = await signedInShopper(api);
    const answer = await post(
      newAddressAction as Handler,
      "/myaccount/addresses/new",
      { ...typed, city: "Pune", zipcode, ...LOOK_UP },
      cookie,
    );
    expect(answer.data.result.error).toEqual({ zipcode: [message] });
    expect(answer.data.result.initialValue).toMatchObject({ locality: typed.locality, city: "Pune" });
    expect(await addressesOf(cookie)).toEqual([]);
  });

  it("works on the edit form too, for the shopper's own address only", async () => {
    const { cookie } = await signedInShopper(api);
    const saved = await post(
      newAddressAction as Handler,
      "/myaccount/addresses/new",
      { ...typed, city: "Bengaluru", state: "Karnataka" },
      cookie,
    );
    expect(saved.status).toBe(303);
    const [address] = await addressesOf(cookie);
    const path = `/myaccount/addresses/${address._id}/edit`;
    const answer = await post(editAddressAction as Handler, path, { ...typed, zipcode: "400001", ...LOOK_UP }, cookie, {
      addressId: address._id,
    });
    expect(answer.data.result.initialValue).toMatchObject({ city: "Mumbai", state: "Maharashtra", zipcode: "400001" });
    expect((await addressesOf(cookie))[0]).toMatchObject({ city: "Bengaluru", zipcode: "560038" });
    const other = await post(
      editAddressAction as Handler,
      "/myaccount/addresses/x/edit",
      { ...typed, ...LOOK_UP },
      cookie,
      { addressId: "0".repeat(24) },
    );
    expect(other.status).toBe(404);
  });

  it("sends a guest to sign in", async () => {
    const answer = await post(newAddressAction as Handler, "/myaccount/addresses/new", { ...typed, ...LOOK_UP });
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("saving an address with a PIN no post office has", () => {
  it("is a field error on the PIN alone, and nothing is saved", async () => {
    const { cookie } = await signedInShopper(api);
    const answer = await post(
      newAddressAction as Handler,
      "/myaccount/addresses/new",
      { ...typed, city: "Bengaluru", state: "Karnataka", zipcode: "999999" },
      cookie,
    );
    // The API's refusal, on the PIN's field, as the form's own refusals are answered.
    expect(answer.status).toBe(400);
    expect(answer.data.result.error).toMatchObject({ zipcode: [UNKNOWN_PIN_MESSAGE] });
    expect(await addressesOf(cookie)).toEqual([]);
  });

  it("saves a known PIN as typed (the city need not be the directory's)", async () => {
    const { cookie } = await signedInShopper(api);
    const answer = await post(
      newAddressAction as Handler,
      "/myaccount/addresses/new",
      { ...typed, city: "Bangalore", state: "Karnataka" },
      cookie,
    );
    expect(answer.status).toBe(303);
    expect((await addressesOf(cookie))[0]).toMatchObject({ city: "Bangalore", zipcode: "560038" });
  });

  it("asks the API once: the PIN's check is the API's (no look-up of the storefront's own)", async () => {
    const { cookie } = await signedInShopper(api);
    const { context: counting, calls } = countingContext(context);
    const answer = await settle(() =>
      newAddressAction({
        request: formPost("/myaccount/addresses/new", { ...typed, city: "Bengaluru", state: "Karnataka" }, cookie),
        params: {},
        context: counting,
      } as never),
    );
    expect(answer.status).toBe(303);
    expect(calls.filter((path) => path.startsWith("/userapp/pincode/"))).toEqual([]);
    expect(calls.filter((path) => path.startsWith("/userapp/user/update/"))).toHaveLength(1);
  });

  it("at checkout too: the inline address's PIN gets the error, and no order is placed", async () => {
    const shopper = await signedInShopper(api);
    const { cookie } = shopper;
    const product = await insertProduct(api.db);
    const fields = {
      idempotencyKey: "unknown-pin-checkout-1",
      paymentMethod: "cod",
      ...typed,
      // The courier's number is there: the PIN is what this order lacks.
      mobile: "9876543210",
      city: "Nowhere",
      state: "Karnataka",
      zipcode: "999999",
    };
    const answer = await post(
      checkoutAction as Handler,
      `/checkout?buyNow=1&productId=${product}&size=M&qty=1`,
      fields,
      cookie,
    );
    expect(answer.status).toBe(400);
    expect(answer.data.result.error).toMatchObject({ zipcode: [UNKNOWN_PIN_MESSAGE] });
    expect(await addressesOf(cookie)).toEqual([]);
    expect(await ordersOf(shopper)).toEqual([]);
  });
});

describe("checkout's Look up button (no JavaScript)", () => {
  it("fills the inline address from the PIN, keeps the rest and places no order", async () => {
    const shopper = await signedInShopper(api);
    const { cookie } = shopper;
    const product = await insertProduct(api.db);
    await api.call("POST", "/userapp/cart/create", {
      token: await tokenOf(shopper),
      body: { products: [{ productId: product, qty: 1, size: "M" }] },
    });
    const fields = {
      idempotencyKey: "look-up-checkout-1",
      paymentMethod: "Upi",
      ...typed,
      zipcode: "793001",
      ...LOOK_UP,
    };
    const answer = await post(checkoutAction as Handler, "/checkout", fields, cookie);
    expect(answer.status).toBe(200);
    expect(answer.data.result.initialValue).toMatchObject({
      city: "Shillong",
      state: "Meghalaya",
      locality: typed.locality,
      paymentMethod: "Upi",
    });
    expect(await ordersOf(shopper)).toEqual([]);
    expect(await addressesOf(cookie)).toEqual([]);
  });
});

describe("the product page's Check delivery", () => {
  const sharma = insertMerchant(api.db, { companyName: "Sharma Electronics Pvt Ltd" });
  const productOf = async () => {
    const id = await insertProduct(api.db, {
      merchantId: await sharma,
      shortTitle: "Smart TV",
      category: "Televisions",
    });
    return `/product/televisions/smart-tv/${id}`;
  };
  const load = (path: string) => {
    const url = new URL(path, "http://shop.test");
    return settle(() =>
      productLoader({
        request: pageGet(path),
        params: { "*": url.pathname.replace(/^\/product\//, "") },
        context,
      } as never),
    );
  };

  it("answers nothing without a PIN", async () => {
    const page = await load(await productOf());
    expect(page.data.delivery).toBeNull();
  });

  it("says when the product reaches a PIN, by zone: the seller's own state soonest", async () => {
    const path = await productOf();
    const local = await load(`${path}?pin=110001`);
    expect(local.data.delivery).toMatchObject({
      pin: "110001",
      status: "deliverable",
      place: { city: "New Delhi", state: "Delhi" },
      estimate: { zone: "local", deliveryBy: "2026-11-25" },
    });
    expect((await load(`${path}?pin=560038`)).data.delivery.estimate).toMatchObject({
      zone: "national",
      deliveryBy: "2026-11-27",
    });
    expect((await load(`${path}?pin=744101`)).data.delivery.estimate).toMatchObject({
      zone: "remote",
      deliveryBy: "2026-12-01",
    });
    expect(formatDeliveryDate("2026-11-25")).toBe("Wed 25 Nov");
  });

  it("keeps the chosen size and quantity beside the answer", async () => {
    const path = await productOf();
    const page = await load(`${path}?size=M&qty=3&pin=560038`);
    expect(page.data.selection).toMatchObject({ qty: 3, pin: "560038" });
    expect(page.data.delivery.status).toBe("deliverable");
  });

  it.each([
    ["an unknown PIN", "999999", "unknown"],
    ["a PIN whose offices do not deliver", "380014", "undeliverable"],
    ["a malformed PIN", "12345", "malformed"],
    ["letters", "abcdef", "malformed"],
    ["a hostile PIN", encodeURIComponent("<script>"), "malformed"],
  ])("answers %s", async (_, pin, status) => {
    const page = await load(`${await productOf()}?pin=${pin}`);
    expect(page.status).toBe(200);
    expect(page.data.delivery.status).toBe(status);
  });

  it("echoes no more than twelve characters of a long PIN back into the form", async () => {
    const page = await load(`${await productOf()}?pin=${"9".repeat(5000)}`);
    expect(page.data.delivery).toEqual({ pin: "9".repeat(12), status: "malformed" });
  });

  it("asks the loader again for a new PIN, never for a size or image change", () => {
    const base = "http://shop.test/product/televisions/smart-tv/abc";
    const args = (from: string, to: string) =>
      ({
        currentUrl: new URL(`${base}${from}`),
        nextUrl: new URL(`${base}${to}`),
        defaultShouldRevalidate: true,
      }) as never;
    expect(shouldRevalidate(args("?pin=560038", "?pin=110001"))).toBe(true);
    expect(shouldRevalidate(args("", "?pin=110001"))).toBe(true);
    expect(shouldRevalidate(args("?pin=560038", "?size=L&pin=560038"))).toBe(false);
  });
});
