/**
 * An address a courier can use (DESIGN deviation 18, issue 38): a recipient and a mobile number on
 * every order (MOBILE_REQUIRED without one), the PIN code decides the state (PIN_STATE_MISMATCH),
 * and the invoice's place of supply is the PIN's state. Spec clients keep what they saved.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addresses, orders, users } from "../../api/db/schema";
import { newId } from "../../api/lib/ids";
import { warmPinDirectory } from "../../api/lib/orders/pincode";
import {
  confirmCod,
  createTestApi,
  createUserWithToken,
  insertMerchant,
  insertProduct,
  testAddresses,
} from "./helpers";

const api = await createTestApi();
const { db, call } = api;
const { home, office } = testAddresses;
/** The five fields of the spec, as a spec client sends them. */
const { name: _name, mobile: _mobile, ...specHome } = home;
/** A PIN whose post offices are in two states (India Post's directory). */
const twoStates = { ...specHome, city: "Kashipur", state: "Uttarakhand", zipcode: "244923" };

beforeAll(async () => {
  // Read before the tests, so "cannot answer in time" never decides one of them.
  await warmPinDirectory();
}, 60_000);

const update = (id: string, token: string, body: unknown) => call("PUT", `/userapp/user/update/${id}`, { token, body });
const me = async (token: string) => (await call("GET", "/userapp/user/me", { token })).body.data;

async function productId() {
  return insertProduct(db, { variants: [{ size: "M", quantity: 100, mrp: 1000, discount: 0 }] });
}

const order = async (token: string, body: Record<string, unknown>) =>
  call("POST", "/userapp/order/create", { token, body: { productId: await productId(), size: "M", ...body } });

/** Saves an address straight into the database, as one saved before these rules was. */
async function savedBefore(userId: string, place: typeof specHome, isActive = true) {
  const id = newId();
  await db.insert(addresses).values({ id, userId, position: 0, isActive, ...place });
  return id;
}

describe("the PIN decides the state", () => {
  it("refuses a new address in user/update whose state is not its PIN's, naming the PIN's, and saves nothing", async () => {
    const { id, token } = await createUserWithToken(db);
    const answer = await update(id, token, { address: [home, { ...office, state: "Kerala" }] });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      status: "VALIDATION_ERROR",
      code: "PIN_STATE_MISMATCH",
      data: [{ path: "address.1.state", message: "PIN 500081 is in Telangana" }],
    });
    // The same with other states, and a state in another case is the same state.
    for (const state of ["Karnataka", "Andhra Pradesh"]) {
      const again = await update(id, token, { address: [{ ...office, state }] });
      expect(again.body).toMatchObject({ code: "PIN_STATE_MISMATCH", data: [{ path: "address.0.state" }] });
    }
    expect((await update(id, token, { address: [{ ...office, state: "telangana" }] })).status).toBe(200);
    expect((await me(token)).address).toHaveLength(1);
  });

  it("keeps an address saved before with another state while it is sent back unchanged, and refuses a change to it", async () => {
    const { id, token } = await createUserWithToken(db);
    const oldId = await savedBefore(id, { ...specHome, state: "Kerala" });
    const kept = await update(id, token, { address: [{ _id: oldId, ...specHome, state: "Kerala" }] });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const moved = await update(id, token, { address: [{ _id: oldId, ...specHome, state: "Tamil Nadu" }] });
    expect(moved.body).toMatchObject({ code: "PIN_STATE_MISMATCH", data: [{ message: "PIN 560038 is in Karnataka" }] });
    const rePinned = await update(id, token, {
      address: [{ _id: oldId, ...specHome, zipcode: "560001", state: "Kerala" }],
    });
    expect(rePinned.body).toMatchObject({ code: "PIN_STATE_MISMATCH", data: [{ path: "address.0.state" }] });
  });

  it("takes either state of a PIN whose offices are in two, and no other", async () => {
    const { id, token } = await createUserWithToken(db);
    expect((await update(id, token, { address: [twoStates] })).status).toBe(200);
    expect((await update(id, token, { address: [{ ...twoStates, state: "Uttar Pradesh" }] })).status).toBe(200);
    const other = await update(id, token, { address: [{ ...twoStates, state: "Delhi" }] });
    expect(other.body).toMatchObject({
      code: "PIN_STATE_MISMATCH",
      data: [{ message: "PIN 244923 is in Uttar Pradesh or Uttarakhand" }],
    });
  });

  it("refuses an order's typed address whose state is not its PIN's, and places nothing", async () => {
    const { id, token } = await createUserWithToken(db);
    for (const saveAddress of [false, true]) {
      const answer = await order(token, { address: { ...home, state: "Kerala" }, saveAddress });
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({
        code: "PIN_STATE_MISMATCH",
        data: [{ path: "address.state", message: "PIN 560038 is in Karnataka" }],
      });
    }
    expect(await db.select().from(orders).where(eq(orders.userId, id))).toEqual([]);
    expect((await me(token)).address).toEqual([]);
  });

  it("bills a saved address with another state to its PIN's state; the order keeps the address as saved", async () => {
    const merchantId = await insertMerchant(db, {
      gstin: "29AAGCB7383J1Z4",
      state: "Karnataka",
      address: "80 Feet Road, Koramangala, Bengaluru 560034",
    });
    const product = await insertProduct(db, {
      merchantId,
      variants: [{ size: "M", quantity: 10, mrp: 1180, discount: 0 }],
    });
    const shopper = await createUserWithToken(db);
    const admin = await createUserWithToken(db, { userType: "admin" });
    const addressId = await savedBefore(shopper.id, { ...specHome, state: "Kerala" });
    const placed = await call("POST", "/userapp/order/create", {
      token: shopper.token,
      body: { productId: product, size: "M", addressId, paymentMethod: "cod" },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data.address).toMatchObject({ state: "Kerala", zipcode: "560038" });
    expect(placed.body.data.address).not.toHaveProperty("pinState");
    await confirmCod(db, placed.body.data._id, new Date());
    const shipped = await call("PUT", `/userapp/admin/orders/${placed.body.data._id}/status`, {
      token: admin.token,
      body: { status: "shipped" },
    });
    expect(shipped.status).toBe(200);
    const documents = (await call("GET", `/userapp/orders/${placed.body.data._id}/invoices`, { token: shopper.token }))
      .body.data;
    expect(documents.invoices[0]).toMatchObject({
      placeOfSupply: { name: "Karnataka", code: "29" },
      supplyType: "intraState",
    });
  });
});

describe("a mobile number on every order", () => {
  it("refuses an order when neither the address nor the account has one, at the field the shopper fills", async () => {
    const { id, token } = await createUserWithToken(db, { phone: null });
    const typed = await order(token, { address: specHome });
    expect(typed.status).toBe(422);
    expect(typed.body).toMatchObject({ code: "MOBILE_REQUIRED", data: [{ path: "address.mobile" }] });
    const addressId = await savedBefore(id, specHome);
    for (const body of [{ addressId }, {}]) {
      const saved = await order(token, body);
      expect(saved.body).toMatchObject({ code: "MOBILE_REQUIRED", data: [{ path: "mobile" }] });
    }
    expect(await db.select().from(orders).where(eq(orders.userId, id))).toEqual([]);
  });

  it("takes a phone saved before the rule as no mobile number, and keeps it", async () => {
    const { id, token } = await createUserWithToken(db, { phone: "1234567890" });
    await savedBefore(id, specHome);
    expect((await order(token, {})).body.code).toBe("MOBILE_REQUIRED");
    // Edit Profile sends the phone back as it is: kept, not refused.
    expect((await update(id, token, { name: "Ravi", phone: "1234567890" })).status).toBe(200);
    expect((await me(token)).phone).toBe("1234567890");
  });

  it("uses the number sent with the order, else the address's, else the account's", async () => {
    const { id, token } = await createUserWithToken(db, { name: "Meera Iyer", phone: "9000000001" });
    const addressId = await savedBefore(id, specHome);
    const fromAccount = await order(token, { addressId });
    expect(fromAccount.body.data.address).toMatchObject({ name: "Meera Iyer", mobile: "+919000000001" });
    const sent = await order(token, { addressId, mobile: "090000 00002" });
    expect(sent.body.data.address.mobile).toBe("+919000000002");
    const own = await order(token, { address: { ...home, landmark: "Near the metro", label: "work" } });
    expect(own.body.data.address).toEqual({ ...home, landmark: "Near the metro", label: "Work" });
    // The account changes after: the order keeps what it was placed with.
    await db.update(users).set({ phone: "9000000003" }).where(eq(users.id, id));
    const again = await call("GET", `/userapp/orders/${fromAccount.body.data._id}`, { token });
    expect(again.body.data.address.mobile).toBe("+919000000001");
  });

  it("refuses a mobile number that is not one, in an order and in an address", async () => {
    const { id, token } = await createUserWithToken(db);
    for (const mobile of ["5876543210", "987654321", "98765432100", "+91 5876543210", "98765abcde", "+1 23"]) {
      const placed = await order(token, { address: { ...home, mobile } });
      expect(placed.body, mobile).toMatchObject({ code: "VALIDATION", data: [{ path: "address.mobile" }] });
      const saved = await update(id, token, { address: [{ ...home, mobile }] });
      expect(saved.body, mobile).toMatchObject({ code: "VALIDATION", data: [{ path: "address.0.mobile" }] });
    }
  });
});

describe("an address's courier fields", () => {
  it("keeps them as E.164 and a known label, whatever the spelling", async () => {
    const { id, token } = await createUserWithToken(db);
    for (const mobile of ["9876543210", "09876543210", "+91 98765-43210", "919876543210", 9876543210]) {
      const saved = await update(id, token, { address: [{ ...specHome, mobile, label: "HOME" }] });
      expect(saved.body.data.address[0], String(mobile)).toMatchObject({ mobile: "+919876543210", label: "Home" });
    }
    const wrongLabel = await update(id, token, { address: [{ ...specHome, label: "Office" }] });
    expect(wrongLabel.body).toMatchObject({ code: "VALIDATION", data: [{ path: "address.0.label" }] });
    const long = await update(id, token, { address: [{ ...specHome, landmark: "x".repeat(201) }] });
    expect(long.body).toMatchObject({ code: "VALIDATION", data: [{ path: "address.0.landmark" }] });
    expect((await update(id, token, { address: [{ ...specHome, landmark: "x".repeat(200) }] })).status).toBe(200);
  });

  it("keeps them on an address a spec client sends back without them, and clears them on null", async () => {
    const { id, token } = await createUserWithToken(db);
    const full = { ...home, landmark: "Opposite the park", label: "Home" };
    const [saved] = (await update(id, token, { address: [full] })).body.data.address;
    // A spec client sends the five fields and the id back, with a new locality.
    const kept = await update(id, token, { address: [{ _id: saved._id, ...specHome, locality: "14 MG Road" }] });
    expect(kept.body.data.address[0]).toMatchObject({ ...full, locality: "14 MG Road", _id: saved._id });
    const cleared = await update(id, token, {
      address: [{ _id: saved._id, ...specHome, name: null, mobile: null, landmark: "", label: null }],
    });
    expect(cleared.body.data.address[0]).toMatchObject({ name: null, mobile: null, landmark: null, label: null });
  });
});

describe("the profile's phone", () => {
  it("is an Indian mobile number: 10 digits starting 6 to 9", async () => {
    const { id, token } = await createUserWithToken(db, { phone: null });
    for (const phone of ["5876543210", "0876543210", "987654321"]) {
      const answer = await update(id, token, { phone });
      expect(answer.body, phone).toMatchObject({ code: "VALIDATION", data: [{ path: "phone" }] });
    }
    expect((await update(id, token, { phone: "6000000000" })).body.data.phone).toBe("6000000000");
  });
});
