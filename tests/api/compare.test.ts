import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { compareItems, products } from "../../api/db/schema";
import { newId } from "../../api/lib/ids";
import { createTestApi, createUserWithToken, insertMerchant, insertProduct } from "./helpers";

// A clock that stands still: the compare list must still know which product is the oldest.
const api = await createTestApi({ now: () => new Date("2026-11-01T10:00:00Z") });
const { db, call } = api;

const add = (token: string, productId: string) => call("POST", "/userapp/compare/add", { token, body: { productId } });
const listIds = async (token: string) =>
  ((await call("POST", "/userapp/compare/list", { token, body: {} })).body.data.products as { _id: string }[]).map(
    (entry) => entry._id,
  );

async function someProducts(count: number) {
  const merchantId = await insertMerchant(db);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await insertProduct(db, { merchantId }));
  return ids;
}

describe("compare: authentication", () => {
  it.each([
    ["POST", "/userapp/compare/add"],
    ["POST", "/userapp/compare/list"],
    ["POST", "/userapp/compare/ids"],
    ["PUT", "/userapp/compare/remove"],
    ["PUT", "/userapp/compare/clear"],
  ])("%s %s answers 401 without a bearer token", async (method, path) => {
    const res = await call(method, path, { body: {} });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: "UNAUTHORIZED", data: null });
  });
});

describe("compare/add", () => {
  it("adds a product once: 201 with the populated product, SUCCESS without a duplicate after", async () => {
    const user = await createUserWithToken(db);
    const [product] = await someProducts(1);
    const first = await add(user.token, product);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      status: "SUCCESS",
      message: "Added to compare",
      data: { success: true, _id: product, count: 1, replaced: null },
    });
    expect(first.body.data.productId).toMatchObject({ _id: product, variants: [{ size: "M" }] });
    const again = await add(user.token, product);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: "Already in compare", data: { count: 1, replaced: null } });
    expect(await listIds(user.token)).toEqual([product]);
  });

  it("keeps at most four: a fifth replaces the oldest and names it", async () => {
    const user = await createUserWithToken(db);
    const ids = await someProducts(6);
    for (const id of ids.slice(0, 4)) expect((await add(user.token, id)).status).toBe(201);
    // Adding one already there moves nothing.
    expect((await add(user.token, ids[0])).body.data.replaced).toBeNull();

    const fifth = await add(user.token, ids[4]);
    expect(fifth.status).toBe(201);
    expect(fifth.body.message).toBe("Added to compare, replacing the oldest product");
    expect(fifth.body.data).toMatchObject({
      count: 4,
      replaced: { _id: ids[0], title: { shortTitle: expect.any(String) } },
    });
    expect(await listIds(user.token)).toEqual([ids[1], ids[2], ids[3], ids[4]]);

    const sixth = await add(user.token, ids[5]);
    expect(sixth.body.data.replaced._id).toBe(ids[1]);
    expect(await listIds(user.token)).toEqual([ids[2], ids[3], ids[4], ids[5]]);
  });

  it("never holds more than four, even when adds race", async () => {
    const user = await createUserWithToken(db);
    const ids = await someProducts(8);
    await Promise.all(ids.map((id) => add(user.token, id)));
    const rows = await db.select().from(compareItems).where(eq(compareItems.userId, user.id));
    expect(rows).toHaveLength(4);
  });

  it("answers 404 for an unknown or malformed product, 422 without one, 400 for malformed JSON", async () => {
    const user = await createUserWithToken(db);
    const unknown = await add(user.token, newId());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: "RECORD_NOT_FOUND", message: "Product not found" });
    expect((await add(user.token, "not-an-id")).status).toBe(404);
    const missing = await call("POST", "/userapp/compare/add", { token: user.token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({
      status: "VALIDATION_ERROR",
      data: [{ path: "productId", message: "Product ID is required" }],
    });
    const badJson = await call("POST", "/userapp/compare/add", { token: user.token, rawBody: "{productId" });
    expect(badJson.status).toBe(400);
  });
});

describe("compare/list, ids, remove and clear", () => {
  it("answers an empty list as SUCCESS", async () => {
    const user = await createUserWithToken(db);
    const res = await call("POST", "/userapp/compare/list", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data.products).toEqual([]);
    expect(res.body.data.paginator).toMatchObject({ itemCount: 0, perPage: 4, pageCount: 1 });
    expect((await call("POST", "/userapp/compare/ids", { token: user.token })).body.data).toEqual({ productIds: [] });
  });

  it("lists populated products oldest first; ids answers the same order", async () => {
    const user = await createUserWithToken(db);
    const ids = await someProducts(3);
    for (const id of ids) await add(user.token, id);
    const list = await call("POST", "/userapp/compare/list", {
      token: user.token,
      body: { query: {}, options: { page: 1 } },
    });
    expect(list.body.data.products[0]).toMatchObject({ _id: ids[0], productId: { _id: ids[0], brand: "Samsung" } });
    expect(list.body.data.products[0].productId.variants[0].price).toEqual({ mrp: 1000, cost: 800, discount: 20 });
    expect(list.body.data.paginator).toMatchObject({ itemCount: 3, perPage: 4 });
    const idsOnly = await call("POST", "/userapp/compare/ids", { token: user.token });
    expect(idsOnly.body.data).toEqual({ productIds: ids });
  });

  it("removes one product, then answers 404 for it; clear empties the list", async () => {
    const user = await createUserWithToken(db);
    const ids = await someProducts(3);
    for (const id of ids) await add(user.token, id);
    const removed = await call("PUT", "/userapp/compare/remove", { token: user.token, body: { productId: ids[1] } });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({
      status: "SUCCESS",
      message: "Removed from compare",
      data: { productId: ids[1], count: 2 },
    });
    expect(await listIds(user.token)).toEqual([ids[0], ids[2]]);
    const again = await call("PUT", "/userapp/compare/remove", { token: user.token, body: { productId: ids[1] } });
    expect(again.status).toBe(404);
    expect(again.body.status).toBe("RECORD_NOT_FOUND");
    expect((await call("PUT", "/userapp/compare/remove", { token: user.token, body: {} })).status).toBe(422);

    const cleared = await call("PUT", "/userapp/compare/clear", { token: user.token });
    expect(cleared.body).toMatchObject({ status: "SUCCESS", data: { count: 0 } });
    expect(await listIds(user.token)).toEqual([]);
    // Clearing an empty list is not an error.
    expect((await call("PUT", "/userapp/compare/clear", { token: user.token })).status).toBe(200);
  });

  it("drops a product that leaves the catalogue (the table cascades)", async () => {
    const user = await createUserWithToken(db);
    const [kept, gone] = await someProducts(2);
    await add(user.token, kept);
    await add(user.token, gone);
    await db.delete(products).where(eq(products.id, gone));
    expect(await listIds(user.token)).toEqual([kept]);
  });
});

describe("compare: users never see each other's list", () => {
  it("keeps lists apart", async () => {
    const alice = await createUserWithToken(db);
    const bob = await createUserWithToken(db);
    const ids = await someProducts(5);
    for (const id of ids.slice(0, 4)) await add(alice.token, id);
    expect(await listIds(bob.token)).toEqual([]);
    expect(
      (await call("PUT", "/userapp/compare/remove", { token: bob.token, body: { productId: ids[0] } })).status,
    ).toBe(404);
    // Bob's own four and his fifth replace only his oldest.
    for (const id of ids) await add(bob.token, id);
    await call("PUT", "/userapp/compare/clear", { token: bob.token });
    expect(await listIds(alice.token)).toEqual(ids.slice(0, 4));
  });
});
