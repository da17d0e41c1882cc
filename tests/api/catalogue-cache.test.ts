import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ProductJson } from "../../api/lib/catalogue/catalogue";
import { createCatalogueCache, stockChanged } from "../../api/lib/catalogue/catalogue-cache";
import { catalogueChanged } from "../../api/platform/catalogue-version";
import { expireOverdueOrders } from "../../api/lib/payments/payment-sweeper";
import { newId } from "../../api/lib/ids";
import {
  confirmCod,
  createTestApi,
  createUserWithToken,
  insertMerchant,
  insertProduct,
  TEST_ORDER_SETTINGS,
} from "./helpers";
import { shopIdentity } from "../../api/config";

/** The shop as its messages name it (the order events record them). */
const shop = shopIdentity({}, "http://localhost:3000");

// The API's catalogue read cache (api/lib/catalogue/catalogue-cache.ts): product/list, product/count and
// product/get answer from it, and the next read after any change shows the change: an admin's
// edit, hiding a product, an order placed, cancelled, returned or expired.

let clock = Date.parse("2026-11-23T10:00:00Z");
const windowMs = 60_000;
const { db, call } = await createTestApi({
  now: () => new Date(clock),
  orders: { ...TEST_ORDER_SETTINGS, paymentWindowMs: windowMs },
});
const admin = await createUserWithToken(db, { userType: "admin", email: `admin.${newId().slice(0, 6)}@example.test` });
const merchantId = await insertMerchant(db);
const home = { locality: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560038", country: "India" };

/** A product of its own brand (so a list by that brand holds it alone), size M: `quantity` units at ₹800. */
async function product(quantity = 10) {
  const brand = `Brand${newId().slice(0, 8)}`;
  const id = await insertProduct(db, {
    brand,
    merchantId,
    variants: [{ size: "M", quantity, mrp: 1000, discount: 20 }],
  });
  return { id, brand };
}

/** What a shopper sees of the product: on its page and in the shop's list, read twice so the second is a cached read. */
async function shown(p: { id: string; brand: string }) {
  const reads = [];
  for (let i = 0; i < 2; i++) {
    const page = await call("GET", `/userapp/product/get/${p.id}`);
    const list = await call("POST", "/userapp/product/list", { body: { query: { brand: [p.brand] }, options: {} } });
    const count = await call("POST", "/userapp/product/count", { body: { query: { brand: [p.brand] } } });
    expect(list.status).toBe(200);
    const listed = list.body.data.data as ProductJson[];
    reads.push({
      page: page.status === 200 ? (page.body.data as ProductJson) : null,
      listed: listed.map((item) => ({
        id: item._id,
        stock: item.variants[0].quantity,
        price: item.variants[0].price.cost,
      })),
      count: count.body.data.count as number,
    });
  }
  expect(reads[1]).toEqual(reads[0]);
  return reads[0];
}
const stockShown = async (p: { id: string; brand: string }) => {
  const { page, listed } = await shown(p);
  expect(listed.map((item) => item.stock)).toEqual([page!.variants[0].quantity]);
  return page!.variants[0].quantity;
};

async function place(token: string, productId: string, qty: number, paymentMethod = "cod") {
  const res = await call("POST", "/userapp/order/create", {
    token,
    body: { products: [{ productId, qty, size: "M" }], address: home, paymentMethod },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string };
}

describe("the catalogue cache drops what a change makes stale", () => {
  it("shows an admin's change of price and stock at the next read", async () => {
    const p = await product(10);
    expect(await shown(p)).toMatchObject({ listed: [{ id: p.id, stock: 10, price: 800 }], count: 1 });
    const edit = await call("GET", `/userapp/admin/products/${p.id}`, { token: admin.token });
    const { title, tagLine, description, brand, category, subCategory, productType, productSubType, gender } =
      edit.body.data;
    const changed = await call("PUT", `/userapp/admin/products/${p.id}`, {
      token: admin.token,
      body: {
        title,
        tagLine,
        description,
        brand,
        category,
        subCategory,
        productType,
        productSubType,
        gender,
        merchantId,
        variants: [{ size: "M", mrp: 2000, discount: 50, quantity: 4 }],
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await shown(p)).toMatchObject({ listed: [{ id: p.id, stock: 4, price: 1000 }], count: 1 });
  });

  it("shows a product an admin hid nowhere, and back once shown again", async () => {
    const p = await product(10);
    expect((await shown(p)).count).toBe(1);
    expect((await call("PUT", `/userapp/admin/products/${p.id}/hide`, { token: admin.token })).status).toBe(200);
    expect(await shown(p)).toEqual({ page: null, listed: [], count: 0 });
    expect((await call("PUT", `/userapp/admin/products/${p.id}/unhide`, { token: admin.token })).status).toBe(200);
    expect((await shown(p)).count).toBe(1);
  });

  it("shows the stock an order took, and the stock a cancel put back", async () => {
    const shopper = await createUserWithToken(db);
    const p = await product(10);
    expect(await stockShown(p)).toBe(10);
    const order = await place(shopper.token, p.id, 3);
    expect(await stockShown(p)).toBe(7);
    const cancelled = await call("PUT", `/userapp/orders/${order._id}/cancel`, { token: shopper.token, body: {} });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await stockShown(p)).toBe(10);
  });

  it("shows the stock an admin's cancel and a return put back", async () => {
    const shopper = await createUserWithToken(db);
    const p = await product(10);
    const first = await place(shopper.token, p.id, 2);
    const second = await place(shopper.token, p.id, 3);
    expect(await stockShown(p)).toBe(5);
    const status = (id: string, value: string) =>
      call("PUT", `/userapp/admin/orders/${id}/status`, { token: admin.token, body: { status: value } });
    expect((await status(first._id, "cancelled")).status).toBe(200);
    expect(await stockShown(p)).toBe(7);
    await confirmCod(db, second._id, new Date(clock));
    for (const step of ["shipped", "outForDelivery", "delivered"])
      expect((await status(second._id, step)).status).toBe(200);
    expect(await stockShown(p)).toBe(7);
    const returned = await call("PUT", `/userapp/orders/${second._id}/return`, {
      token: shopper.token,
      body: { reason: "Too small" },
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(await stockShown(p)).toBe(10);
  });

  it("shows the stock an unpaid order gave back when its payment window closed", async () => {
    const shopper = await createUserWithToken(db);
    const p = await product(10);
    await place(shopper.token, p.id, 4, "Upi");
    expect(await stockShown(p)).toBe(6);
    clock += windowMs + 1;
    expect(await expireOverdueOrders({ db, shop, now: () => new Date(clock) })).toBeGreaterThanOrEqual(1);
    expect(await stockShown(p)).toBe(10);
  });

  it("shows the last units gone to someone else's order, and refuses the order the stale page would allow", async () => {
    const [first, second] = [await createUserWithToken(db), await createUserWithToken(db)];
    const p = await product(2);
    expect(await stockShown(p)).toBe(2);
    await place(first.token, p.id, 2);
    expect(await stockShown(p)).toBe(0);
    const refused = await call("POST", "/userapp/order/create", {
      token: second.token,
      body: { products: [{ productId: p.id, qty: 1, size: "M" }], address: home, paymentMethod: "cod" },
    });
    expect(refused.status).toBe(409);
  });
});

describe("createCatalogueCache", () => {
  const product = (id: string, quantity: number) => ({ _id: id, variants: [{ quantity }] }) as unknown as ProductJson;

  it("never keeps a product read while a stock change committed", async () => {
    const cache = createCatalogueCache();
    let release: (value: Map<string, ProductJson>) => void = () => {};
    const reads: string[][] = [];
    const slow = (missing: string[]) => {
      reads.push(missing);
      return new Promise<Map<string, ProductJson>>((resolve) => (release = resolve));
    };
    const pending = cache.products(["a"], slow);
    stockChanged(); // an order commits while the read is under way
    release(new Map([["a", product("a", 5)]]));
    expect((await pending).get("a")?.variants[0].quantity).toBe(5);
    const next = cache.products(["a"], slow);
    release(new Map([["a", product("a", 4)]]));
    expect((await next).get("a")?.variants[0].quantity).toBe(4);
    expect(reads).toEqual([["a"], ["a"]]);
  });

  it("reads only the products it does not hold, and again after their time or a catalogue change", async () => {
    let now = 0;
    let version = 0;
    const cache = createCatalogueCache({ now: () => now, productTtlMs: 5_000, catalogueVersion: () => version });
    const reads: string[][] = [];
    const load = async (missing: string[]) => {
      reads.push(missing);
      return new Map(missing.map((id) => [id, product(id, 1)]));
    };
    await cache.products(["a", "b"], load);
    await cache.products(["b", "c"], load);
    now += 4_999;
    await cache.products(["a", "b", "c"], load);
    now += 1;
    await cache.products(["a"], load);
    version++;
    await cache.products(["a", "b"], load);
    expect(reads).toEqual([["a", "b"], ["c"], ["a"], ["a", "b"]]);
  });

  it("answers a product past its time while one read in the background replaces it, and never past the stale window", async () => {
    let now = 0;
    const cache = createCatalogueCache({
      now: () => now,
      productTtlMs: 5_000,
      productStaleMs: 5_000,
      catalogueVersion: () => 0,
    });
    let quantity = 1;
    let failing = false;
    const reads: string[][] = [];
    const load = async (missing: string[]) => {
      reads.push(missing);
      if (failing) throw new Error("down");
      return new Map(missing.map((id) => [id, product(id, quantity)]));
    };
    const stock = async () => (await cache.products(["a"], load)).get("a")?.variants[0].quantity;
    expect(await stock()).toBe(1);
    quantity = 2;
    now = 5_000;
    expect(await stock()).toBe(1); // past its time: answered, and read again meanwhile
    await new Promise((resolve) => setImmediate(resolve)); // the background read's promise callbacks run
    expect(await stock()).toBe(2);
    expect(reads).toEqual([["a"], ["a"]]);
    // A background read that fails leaves the old answer only until the stale window ends.
    failing = true;
    now = 10_000;
    expect(await stock()).toBe(2);
    now = 15_000;
    await expect(stock()).rejects.toThrow("down");
  });

  it("reads a product once for callers that need it at the same time", async () => {
    const cache = createCatalogueCache({ catalogueVersion: () => 0 });
    const reads: string[][] = [];
    const load = async (missing: string[]) => {
      reads.push(missing);
      return new Map(missing.map((id) => [id, product(id, 1)]));
    };
    const answers = await Promise.all([
      cache.products(["a", "b"], load),
      cache.products(["b", "c"], load),
      cache.products(["a"], load),
    ]);
    expect(answers.map((found) => [...found.keys()].sort())).toEqual([["a", "b"], ["b", "c"], ["a"]]);
    expect(reads).toEqual([["a", "b"], ["c"]]);
  });

  it("shares one read of a list among callers, keeps it until its time or a catalogue change, and keeps no failure", async () => {
    let now = 0;
    let version = 0;
    const cache = createCatalogueCache({ now: () => now, listTtlMs: 60_000, catalogueVersion: () => version });
    let reads = 0;
    const load = async () => ++reads;
    expect(await Promise.all([cache.list("k", load), cache.list("k", load)])).toEqual([1, 1]);
    stockChanged(); // stock never changes what a list holds
    expect(await cache.list("k", load)).toBe(1);
    now += 60_000;
    expect(await cache.list("k", load)).toBe(2);
    version++;
    expect(await cache.list("k", load)).toBe(3);
    await expect(cache.list("bad", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.list("bad", load)).toBe(4);
    // A key too long to keep is read every time.
    const long = "x".repeat(2_000);
    expect([await cache.list(long, load), await cache.list(long, load)]).toEqual([5, 6]);
  });

  it("drops a list that depends on stock (inStock) at a stock change too, and only that one", async () => {
    let version = 0;
    const cache = createCatalogueCache({ now: () => 0, catalogueVersion: () => version });
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.list("stock", load, true)).toBe(1);
    expect(await cache.list("plain", load)).toBe(2);
    expect(await cache.list("stock", load, true)).toBe(1);
    stockChanged();
    expect(await cache.list("stock", load, true)).toBe(3);
    expect(await cache.list("plain", load)).toBe(2);
    version++;
    expect(await cache.list("stock", load, true)).toBe(4);
  });
});

// A writer outside the API (the CSV import, another process heard of through catalogue-version.ts) announces its change.
it("drops its lists when a change is announced through the catalogue version", async () => {
  const p = await product(1);
  expect((await shown(p)).count).toBe(1);
  await db.execute(sql`update products set brand = 'Other' where id = ${p.id}`);
  catalogueChanged();
  expect((await shown(p)).count).toBe(0);
});
