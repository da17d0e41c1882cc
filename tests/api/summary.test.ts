import { describe, expect, it } from "vitest";
import { createTestApi, createUserWithToken, insertProduct } from "./helpers";

// GET /userapp/user/summary: the storefront's root loader reads a signed-in shopper's user, cart,
// wishlist ids and compare ids in this one call; each part is what its own endpoint answers.

const { db, call } = await createTestApi();

const summary = (token?: string) => call("GET", "/userapp/user/summary", token ? { token } : {});

describe("user/summary", () => {
  it("answers 401 without a token, with a malformed one, and with one that was revoked", async () => {
    expect(await summary()).toMatchObject({ status: 401, body: { status: "UNAUTHORIZED", data: null } });
    expect((await summary("not-a-token")).status).toBe(401);
    const user = await createUserWithToken(db);
    expect((await call("POST", "/userapp/auth/logout", { token: user.token })).status).toBe(200);
    const revoked = await summary(user.token);
    expect(revoked).toMatchObject({ status: 401, body: { status: "UNAUTHORIZED" } });
    expect(revoked.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers an empty cart and empty lists for a new shopper", async () => {
    const user = await createUserWithToken(db, { name: "Asha Rao" });
    const res = await summary(user.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.body).toMatchObject({ status: "SUCCESS", message: "Success" });
    expect(res.body.data).toEqual({
      user: (await call("GET", "/userapp/user/me", { token: user.token })).body.data,
      cart: { products: [], totalQuantity: 0, totalAmount: 0 },
      wishlistIds: [],
      compareIds: [],
    });
    expect(res.body.data.user).toMatchObject({ id: user.id, name: "Asha Rao" });
    expect(res.body.data.user).not.toHaveProperty("passwordHash");
  });

  it("answers exactly what user/me, cart/get, wishlist/ids and compare/ids answer, in their orders", async () => {
    const user = await createUserWithToken(db);
    const someoneElse = await createUserWithToken(db);
    const [a, b, c] = [await insertProduct(db), await insertProduct(db), await insertProduct(db)];
    const as = (token: string) => ({ token });
    for (const [productId, qty] of [
      [b, 2],
      [a, 1],
    ] as const) {
      const added = await call("POST", "/userapp/cart/create", {
        ...as(user.token),
        body: { products: [{ productId, size: "M", qty }] },
      });
      expect(added.status).toBe(201);
    }
    for (const productId of [a, c, b]) {
      expect(
        (await call("POST", "/userapp/wishlist/create", { ...as(user.token), body: { productId } })).status,
      ).toBeLessThan(300);
      expect(
        (await call("POST", "/userapp/compare/add", { ...as(user.token), body: { productId } })).status,
      ).toBeLessThan(300);
    }
    // Someone else's lists are not this shopper's.
    await call("POST", "/userapp/wishlist/create", { ...as(someoneElse.token), body: { productId: a } });
    await call("POST", "/userapp/cart/create", {
      ...as(someoneElse.token),
      body: { products: [{ productId: c, size: "M", qty: 3 }] },
    });

    const res = await summary(user.token);
    expect(res.status).toBe(200);
    const wholeCart = { query: {}, options: {}, isCountOnly: false };
    expect(res.body.data).toEqual({
      user: (await call("GET", "/userapp/user/me", as(user.token))).body.data,
      cart: (await call("POST", "/userapp/cart/get", { ...as(user.token), body: wholeCart })).body.data,
      wishlistIds: (await call("POST", "/userapp/wishlist/ids", as(user.token))).body.data.productIds,
      compareIds: (await call("POST", "/userapp/compare/ids", as(user.token))).body.data.productIds,
    });
    expect(res.body.data.cart).toMatchObject({ totalQuantity: 3, totalAmount: 3 * 800 });
    expect(res.body.data.cart.products.map((line: { productId: { _id: string } }) => line.productId._id)).toEqual([
      b,
      a,
    ]);
    expect(res.body.data.wishlistIds).toHaveLength(3);
    expect(res.body.data.compareIds).toEqual([a, c, b]);
  });
});
