import { describe, expect, it } from "vitest";
import { newId } from "../../api/lib/ids";
import { createTestApi, createUserWithToken, insertMerchant, insertProduct } from "./helpers";

// A clock that ticks one second per reading, so "newest first" is observable.
let clock = Date.now();
const api = await createTestApi({ now: () => new Date((clock += 1000)) });
const { db, call } = api;

/** Adds `count` new products to the token's wishlist, one after the other; answers their ids, oldest first. */
async function wishlistOf(token: string, count: number) {
  const merchantId = await insertMerchant(db);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await insertProduct(db, { merchantId });
    ids.push(id);
    await call("POST", "/userapp/wishlist/create", { token, body: { productId: id } });
  }
  return ids;
}

const idsOf = (entries: { productId: { _id: string } }[]) => entries.map((entry) => entry.productId._id);

describe("wishlist: authentication", () => {
  it.each([
    ["POST", "/userapp/wishlist/create"],
    ["POST", "/userapp/wishlist/list"],
    ["PUT", "/userapp/wishlist/remove"],
    ["GET", "/userapp/wishlist/count"],
    ["POST", "/userapp/wishlist/ids"],
  ])("%s %s answers 401 without a bearer token", async (method, path) => {
    const res = await call(method, path, method === "GET" ? {} : { body: {} });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: "UNAUTHORIZED", data: null });
  });
});

describe("wishlist/create", () => {
  it("adds a product once: 201 the first time, SUCCESS without a duplicate after", async () => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db);
    const first = await call("POST", "/userapp/wishlist/create", { token: user.token, body: { productId: product } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: "SUCCESS", data: { success: true, _id: product, count: 1 } });
    expect(first.body.data.productId).toMatchObject({ _id: product });
    const again = await call("POST", "/userapp/wishlist/create", { token: user.token, body: { productId: product } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: "SUCCESS", data: { _id: product, count: 1 } });
    expect(again.body.data.createdAt).toBe(first.body.data.createdAt);
    expect((await call("GET", "/userapp/wishlist/count", { token: user.token })).body.data).toEqual({ count: 1 });
  });

  it("answers 404 for an unknown or malformed product, 422 without one, 400 for malformed JSON", async () => {
    const user = await createUserWithToken(db);
    const unknown = await call("POST", "/userapp/wishlist/create", { token: user.token, body: { productId: newId() } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: "RECORD_NOT_FOUND", message: "Product not found" });
    const malformed = await call("POST", "/userapp/wishlist/create", { token: user.token, body: { productId: "x" } });
    expect(malformed.status).toBe(404);
    const missing = await call("POST", "/userapp/wishlist/create", { token: user.token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({
      status: "VALIDATION_ERROR",
      data: [{ path: "productId", message: "Product ID is required" }],
    });
    const wrongType = await call("POST", "/userapp/wishlist/create", { token: user.token, body: { productId: 42 } });
    expect(wrongType.status).toBe(422);
    const badJson = await call("POST", "/userapp/wishlist/create", { token: user.token, rawBody: "{productId" });
    expect(badJson.status).toBe(400);
    expect(badJson.body.status).toBe("BAD_REQUEST");
  });
});

describe("wishlist/list", () => {
  it("answers an empty list as SUCCESS", async () => {
    const user = await createUserWithToken(db);
    const res = await call("POST", "/userapp/wishlist/list", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data.products).toEqual([]);
    expect(res.body.data.paginator).toMatchObject({ itemCount: 0, currentPage: 1, hasNextPage: false });
  });

  it("lists populated products newest first, paged, with isCountOnly", async () => {
    const user = await createUserWithToken(db);
    const ids = await wishlistOf(user.token, 12);
    const newestFirst = ids.slice().reverse();
    // Clients send these options; only page and limit matter.
    const page1 = await call("POST", "/userapp/wishlist/list", {
      token: user.token,
      body: {
        query: {},
        options: { page: 1, limit: 10, sort: { name: 1 }, pagination: true, lean: true },
        isCountOnly: false,
      },
    });
    expect(page1.status).toBe(200);
    expect(idsOf(page1.body.data.products)).toEqual(newestFirst.slice(0, 10));
    expect(page1.body.data.products[0]).toMatchObject({ _id: newestFirst[0], productId: { _id: newestFirst[0] } });
    expect(page1.body.data.products[0].productId.variants[0].price).toEqual({ mrp: 1000, cost: 800, discount: 20 });
    expect(page1.body.data.paginator).toEqual({
      itemCount: 12,
      perPage: 10,
      pageCount: 2,
      currentPage: 1,
      slNo: 1,
      hasPrevPage: false,
      hasNextPage: true,
      prev: null,
      next: 2,
    });
    const page2 = await call("POST", "/userapp/wishlist/list", { token: user.token, body: { options: { page: 2 } } });
    expect(idsOf(page2.body.data.products)).toEqual(newestFirst.slice(10));
    expect(page2.body.data.paginator).toMatchObject({ currentPage: 2, slNo: 11, prev: 1, next: null });
    const capped = await call("POST", "/userapp/wishlist/list", {
      token: user.token,
      body: { options: { limit: 5000 } },
    });
    expect(capped.body.data.paginator.perPage).toBe(100);
    expect(capped.body.data.products).toHaveLength(12);
    const countOnly = await call("POST", "/userapp/wishlist/list", { token: user.token, body: { isCountOnly: true } });
    expect(countOnly.body.data).toEqual({ totalRecords: 12 });
  });

  it("answers 422 for invalid options", async () => {
    const user = await createUserWithToken(db);
    for (const options of [{ page: 0 }, { limit: -1 }, { page: "two" }]) {
      const res = await call("POST", "/userapp/wishlist/list", { token: user.token, body: { options } });
      expect(res.status).toBe(422);
      expect(res.body.status).toBe("VALIDATION_ERROR");
      expect(res.body.data[0].path).toMatch(/^options\./);
    }
  });
});

describe("wishlist/ids", () => {
  it("answers every id of the user's wishlist, newest first, beyond one page", async () => {
    const user = await createUserWithToken(db);
    const empty = await call("POST", "/userapp/wishlist/ids", { token: user.token });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ productIds: [] });
    const ids = await wishlistOf(user.token, 12);
    const other = await createUserWithToken(db);
    await call("POST", "/userapp/wishlist/create", { token: other.token, body: { productId: ids[0] } });
    const res = await call("POST", "/userapp/wishlist/ids", { token: user.token });
    expect(res.body).toMatchObject({ status: "SUCCESS", data: { productIds: ids.slice().reverse() } });
    expect((await call("POST", "/userapp/wishlist/ids", { token: other.token })).body.data.productIds).toEqual([
      ids[0],
    ]);
  });
});

describe("wishlist/remove and count", () => {
  it("removes a product, then answers 404 for it", async () => {
    const user = await createUserWithToken(db);
    const kept = await insertProduct(db);
    const removed = await insertProduct(db);
    for (const productId of [kept, removed]) {
      await call("POST", "/userapp/wishlist/create", { token: user.token, body: { productId } });
    }
    const res = await call("PUT", "/userapp/wishlist/remove", { token: user.token, body: { productId: removed } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "SUCCESS", message: "Removed from wishlist", data: { count: 1 } });
    const list = await call("POST", "/userapp/wishlist/list", { token: user.token, body: {} });
    expect(idsOf(list.body.data.products)).toEqual([kept]);
    const again = await call("PUT", "/userapp/wishlist/remove", { token: user.token, body: { productId: removed } });
    expect(again.status).toBe(404);
    expect(again.body.status).toBe("RECORD_NOT_FOUND");
    const missing = await call("PUT", "/userapp/wishlist/remove", { token: user.token, body: {} });
    expect(missing.status).toBe(422);
  });
});

describe("wishlist: users never see each other's wishlist", () => {
  it("keeps wishlists apart", async () => {
    const alice = await createUserWithToken(db);
    const bob = await createUserWithToken(db);
    const product = await insertProduct(db);
    await call("POST", "/userapp/wishlist/create", { token: alice.token, body: { productId: product } });
    expect((await call("POST", "/userapp/wishlist/list", { token: bob.token })).body.data.products).toEqual([]);
    expect((await call("GET", "/userapp/wishlist/count", { token: bob.token })).body.data.count).toBe(0);
    expect(
      (await call("PUT", "/userapp/wishlist/remove", { token: bob.token, body: { productId: product } })).status,
    ).toBe(404);
    // Bob adding it gives him his own entry and leaves Alice's alone.
    await call("POST", "/userapp/wishlist/create", { token: bob.token, body: { productId: product } });
    await call("PUT", "/userapp/wishlist/remove", { token: bob.token, body: { productId: product } });
    expect(idsOf((await call("POST", "/userapp/wishlist/list", { token: alice.token })).body.data.products)).toEqual([
      product,
    ]);
  });
});
