/**
 * The API refuses an address whose Indian PIN code no post office has (India Post's directory),
 * in a saved address (`user/update`) and in an order's typed address (`order/create`): the rule is
 * the API's, so every client meets it. A directory that cannot answer in time refuses nothing.
 */
import { describe, expect, it } from "vitest";
import { UNKNOWN_PIN_MESSAGE } from "../../api/contract";
import { checkPins } from "../../api/lib/accounts/address-input";
import { warmPinDirectory } from "../../api/lib/orders/pincode";
import { addresses } from "../../api/db/schema";
import { newId } from "../../api/lib/ids";
import { createTestApi, createUserWithToken, insertProduct, testAddresses } from "./helpers";

const nowhere = { ...testAddresses.home, zipcode: "999999" };

describe("a directory that cannot answer in time", () => {
  // First in this file: this process has not read the directory yet, which takes far longer than 1 ms.
  it("refuses nothing (the PIN's format was checked), and refuses an unknown PIN once it has read it", async () => {
    const list = [{ address: nowhere, path: "address" }];
    const wrongState = [{ address: { ...testAddresses.home, state: "Kerala" }, path: "address" }];
    await expect(checkPins(list, 1)).resolves.toBeUndefined();
    await expect(checkPins(wrongState, 1)).resolves.toBeUndefined();
    expect(await warmPinDirectory()).toBeGreaterThan(19_000);
    await expect(checkPins(list, 1)).rejects.toMatchObject({
      code: "VALIDATION",
      data: [{ path: "address.zipcode", message: UNKNOWN_PIN_MESSAGE }],
    });
    await expect(checkPins(wrongState, 1)).rejects.toMatchObject({ code: "PIN_STATE_MISMATCH" });
  }, 30_000);
});

const api = await createTestApi();

describe("user/update", () => {
  it("refuses a new address with an unknown PIN at its place in the list, and saves nothing", async () => {
    const { id, token } = await createUserWithToken(api.db);
    const answer = await api.call("PUT", `/userapp/user/update/${id}`, {
      token,
      body: { address: [testAddresses.home, nowhere] },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      status: "VALIDATION_ERROR",
      message: `Invalid input: address.1.zipcode: ${UNKNOWN_PIN_MESSAGE}`,
      data: [{ path: "address.1.zipcode", message: UNKNOWN_PIN_MESSAGE }],
    });
    expect((await api.call("GET", "/userapp/user/me", { token })).body.data.address).toEqual([]);
  });

  it("keeps an address saved before with a PIN the directory no longer has, and checks only new PINs", async () => {
    const { id, token } = await createUserWithToken(api.db);
    const oldId = newId();
    await api.db.insert(addresses).values({ id: oldId, userId: id, position: 0, ...nowhere, isActive: true });
    const kept = await api.call("PUT", `/userapp/user/update/${id}`, {
      token,
      body: { address: [{ _id: oldId, ...nowhere, locality: "A new locality" }, testAddresses.office] },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.address.map((a: { zipcode: string }) => a.zipcode)).toEqual(["999999", "500081"]);
    // Changing that address's PIN to another unknown one is checked like a new address.
    const changed = await api.call("PUT", `/userapp/user/update/${id}`, {
      token,
      body: { address: [{ _id: oldId, ...nowhere, zipcode: "111111" }] },
    });
    expect(changed.status).toBe(422);
    expect(changed.body.data).toEqual([{ path: "address.0.zipcode", message: UNKNOWN_PIN_MESSAGE }]);
  });

  it("takes another country's postal code without asking the directory", async () => {
    const { id, token } = await createUserWithToken(api.db);
    const abroad = { locality: "Thamel", city: "Kathmandu", state: "Bagmati", zipcode: "44600", country: "Nepal" };
    const answer = await api.call("PUT", `/userapp/user/update/${id}`, { token, body: { address: [abroad] } });
    expect(answer.status).toBe(200);
  });
});

describe("order/create", () => {
  it.each([
    ["for this order only", {}],
    ["to be saved", { saveAddress: true }],
  ])("refuses a typed address %s with an unknown PIN: no order, no saved address", async (_, extra) => {
    const { token } = await createUserWithToken(api.db);
    const productId = await insertProduct(api.db);
    const answer = await api.call("POST", "/userapp/order/create", {
      token,
      body: { productId, size: "M", quantity: 1, paymentMethod: "cod", address: nowhere, ...extra },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.data).toEqual([{ path: "address.zipcode", message: UNKNOWN_PIN_MESSAGE }]);
    expect((await api.call("GET", "/userapp/orders", { token })).body.data.data).toEqual([]);
    expect((await api.call("GET", "/userapp/user/me", { token })).body.data.address).toEqual([]);
  });

  it("places the order to a known PIN", async () => {
    const { token } = await createUserWithToken(api.db);
    const productId = await insertProduct(api.db);
    const answer = await api.call("POST", "/userapp/order/create", {
      token,
      body: { productId, size: "M", quantity: 1, paymentMethod: "cod", address: testAddresses.home },
    });
    expect(answer.status).toBe(201);
  });
});
