import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addresses, variants } from "../../api/db/schema";
import { stockChanged } from "../../api/lib/catalogue/catalogue-cache";
import { newId } from "../../api/lib/ids";
import { createTestApi, createUserWithToken, insertProduct } from "./helpers";

// GET /userapp/user/summary: the storefront's root loader reads a signed-in shopper's user, cart,
// wishlist ids and compare ids in this one call; each part is what its own endpoint answers.

const { db, call } = await createTestApi();

const summary = (token?: string) => call("GET", "/userapp/user/summary", token ? { token } : {});
/**
 * cart/get's cart without its promotions: every page's summary carries the lines, not the prices by
 * payment method that /mycart and /checkout ask cart/get for (pricing them, and dropping a code
 * the cart no longer qualifies for, is theirs: decision 050).
 */
const cartLinesOf = ({ promotions: _promotions, ...cart }: Record<string, unknown>) => cart;

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

  it("answers exactly what user/me, cart/get (its lines), wishlist/ids and compare/ids answer, in their orders", async () => {
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
      cart: cartLinesOf((await call("POST", "/userapp/cart/get", { ...as(user.token), body: wholeCart })).body.data),
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

  it("gives the user's addresses as user/me does, in their order, and nobody else's", async () => {
    const user = await createUserWithToken(db, { firstName: "Asha", lastName: "Rao", phone: "9876543210" });
    const other = await createUserWithToken(db);
    const address = (userId: string, position: number, city: string, isActive = false) => ({
      id: newId(),
      userId,
      position,
      locality: `${position} MG Road`,
      city,
      state: "Karnataka",
      zipcode: "560001",
      country: "India",
      isActive,
    });
    // Stored out of order: the answer follows position.
    await db.insert(addresses).values([address(user.id, 2, "Mysuru"), address(user.id, 1, "Bengaluru", true)]);
    await db.insert(addresses).values(address(other.id, 1, "Chennai"));
    const res = await summary(user.token);
    expect(res.body.data.user).toEqual((await call("GET", "/userapp/user/me", { token: user.token })).body.data);
    expect(res.body.data.user.address.map((a: { city: string; isActive: boolean }) => [a.city, a.isActive])).toEqual([
      ["Bengaluru", true],
      ["Mysuru", false],
    ]);
  });

  it("shows the cart's products as they are now: after a stock change and after an admin's edit", async () => {
    const user = await createUserWithToken(db);
    const admin = await createUserWithToken(db, {
      userType: "admin",
      email: `admin.${newId().slice(0, 6)}@example.test`,
    });
    const product = await insertProduct(db, { variants: [{ size: "M", quantity: 9, mrp: 800, discount: 0 }] });
    await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { products: [{ productId: product, size: "M", qty: 2 }] },
    });
    const stockOf = async () =>
      (await summary(user.token)).body.data.cart.products[0].productId.variants[0].quantity as number;
    expect(await stockOf()).toBe(9);
    // Units sold (as order code does: the write, then stockChanged once it has committed).
    await db.execute(sql`update ${variants} set quantity = 4 where product_id = ${product}`);
    stockChanged();
    expect(await stockOf()).toBe(4);

    // Hidden by an admin: still in the cart, as cart/get shows it.
    const hide = await call("PUT", `/userapp/admin/products/${product}/hide`, { token: admin.token });
    expect(hide.status).toBe(200);
    const wholeCart = { query: {}, options: {}, isCountOnly: false };
    expect((await summary(user.token)).body.data.cart).toEqual(
      cartLinesOf((await call("POST", "/userapp/cart/get", { token: user.token, body: wholeCart })).body.data),
    );
    expect((await summary(user.token)).body.data.cart.products).toHaveLength(1);
    // A change this process did not announce is not seen at once: the reason every write announces itself.
    await db.update(variants).set({ quantity: 1 }).where(eq(variants.productId, product));
    expect(await stockOf()).toBe(4);
    stockChanged();
    expect(await stockOf()).toBe(1);
  });

  it("answers 401 once the token has expired", async () => {
    let clock = new Date("2026-01-01T10:00:00Z");
    const timed = await createTestApi({ now: () => clock, tokenTtlMs: 60_000 });
    const user = await createUserWithToken(timed.db);
    // createUserWithToken issues with the real clock: a token of its own on this API's clock.
    expect((await timed.call("GET", "/userapp/user/summary", { token: user.token })).status).toBe(200);
    clock = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
    const expired = await timed.call("GET", "/userapp/user/summary", { token: user.token });
    expect(expired).toMatchObject({
      status: 401,
      body: { status: "UNAUTHORIZED", message: "Your session has expired. Please sign in again." },
    });
    // requireUser answers the same on the other endpoints.
    expect((await timed.call("GET", "/userapp/user/me", { token: user.token })).body).toEqual(expired.body);
  });
});
