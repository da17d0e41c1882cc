import { describe, expect, it } from "vitest";
import { createTestApi, createUserWithToken, insertProduct, specAddress, testAddresses } from "./helpers";

const api = await createTestApi();
const { db, call } = api;

const homeAddress = specAddress(testAddresses.home);
const placeOrder = (token: string, body: unknown, key: string) =>
  call("POST", "/userapp/order/create", { token, body, headers: { "Idempotency-Key": key } });

describe("order/create: a used Idempotency-Key answers its order before the body is read", () => {
  it("replays the order to a re-sent checkout whose cart the first request emptied", async () => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db);
    await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { products: [{ productId: product, qty: 1, size: "M" }] },
    });
    const first = await placeOrder(
      user.token,
      { products: [{ productId: product, qty: 1, size: "M" }], address: homeAddress },
      "resent-1",
    );
    expect(first.status).toBe(201);

    // The cart is empty now: the same key with no products still answers the first order.
    const resent = await placeOrder(user.token, { products: [], address: homeAddress }, "resent-1");
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ status: "SUCCESS", message: "This order was already placed" });
    expect(resent.body.data._id).toBe(first.body.data._id);
  });

  it("still refuses an empty order under a key that placed nothing", async () => {
    const user = await createUserWithToken(db);
    const res = await placeOrder(user.token, { products: [], address: homeAddress }, "never-used");
    expect(res.status).toBe(422);
    expect(res.body.message).toContain("Your cart is empty");
  });

  it("never answers another user's order for the same key", async () => {
    const owner = await createUserWithToken(db);
    const stranger = await createUserWithToken(db);
    const product = await insertProduct(db);
    await placeOrder(
      owner.token,
      { products: [{ productId: product, qty: 1, size: "M" }], address: homeAddress },
      "shared-key",
    );
    const res = await placeOrder(stranger.token, { products: [] }, "shared-key");
    expect(res.status).toBe(422);
  });
});
