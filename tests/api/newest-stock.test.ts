import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productListing, variants } from "../../api/db/schema";
import { orderBy } from "../../api/lib/search/listing-planner";
import {
  createTestApi,
  createUserWithToken,
  insertMerchant,
  insertProduct,
  specAddress,
  stockOf,
  testAddresses,
} from "./helpers";

// "Newest" (the shop's default sort) puts sold-out products last (issue 40, decision 046):
// product_listing.in_stock, kept by the listing's refresh and by a trigger on a size's stock
// reaching zero or leaving it (migration 0024), whatever changes the stock.
const { db, call } = await createTestApi();
const admin = await createUserWithToken(db, { userType: "admin" });
const shopper = await createUserWithToken(db);
const merchantId = await insertMerchant(db);
const home = specAddress(testAddresses.home);
const day = (n: number) => new Date(Date.UTC(2025, 0, n, 10, 0, 0));

// Newest first: lastUnit (day 5), soldOut (day 4), twoSizes (day 3), plenty (day 2), oldest (day 1).
const oldest = await insertProduct(db, {
  merchantId,
  createdAt: day(1),
  variants: [{ size: "M", quantity: 5, mrp: 900, discount: 0 }],
});
const plenty = await insertProduct(db, {
  merchantId,
  createdAt: day(2),
  variants: [{ size: "M", quantity: 50, mrp: 1000, discount: 10 }],
});
const twoSizes = await insertProduct(db, {
  merchantId,
  createdAt: day(3),
  variants: [
    { size: "M", quantity: 1, mrp: 1000, discount: 0 },
    { size: "L", quantity: 1, mrp: 1000, discount: 0 },
  ],
});
const soldOut = await insertProduct(db, {
  merchantId,
  createdAt: day(4),
  variants: [{ size: "M", quantity: 0, mrp: 1000, discount: 60 }],
});
const lastUnit = await insertProduct(db, {
  merchantId,
  createdAt: day(5),
  variants: [{ size: "M", quantity: 1, mrp: 1000, discount: 0 }],
});

async function newest(sort?: Record<string, number>, limit = 10, page = 1) {
  const response = await call("POST", "/userapp/product/list", {
    body: { query: {}, options: { page, limit, ...(sort && { sort }) } },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.data.data as { _id: string }[]).map((p) => p._id);
}

async function order(productId: string, size = "M", qty = 1) {
  const response = await call("POST", "/userapp/order/create", {
    token: shopper.token,
    body: { products: [{ productId, qty, size }], address: home, paymentMethod: "cod" },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data._id as string;
}

async function setStock(productId: string, quantity: number) {
  const current = await call("GET", `/userapp/admin/products/${productId}`, { token: admin.token });
  expect(current.status, JSON.stringify(current.body)).toBe(200);
  const product = current.body.data;
  const response = await call("PUT", `/userapp/admin/products/${productId}`, {
    token: admin.token,
    body: {
      title: product.title,
      tagLine: product.tagLine,
      description: product.description,
      brand: product.brand,
      category: product.category,
      subCategory: product.subCategory,
      productType: product.productType,
      productSubType: product.productSubType,
      gender: product.gender,
      merchantId,
      variants: product.variants.map((v: { size: string; mrp: number; discount: number }) => ({
        size: v.size,
        mrp: v.mrp,
        discount: v.discount,
        quantity,
      })),
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const inStockOf = async (productId: string) =>
  (
    await db
      .select({ inStock: productListing.inStock })
      .from(productListing)
      .where(eq(productListing.productId, productId))
  )[0]?.inStock;

describe("Newest puts sold-out products last", () => {
  it("lists what is in stock newest first, then what is sold out newest first; the default sort is Newest", async () => {
    expect(await newest({ createdAt: -1 })).toEqual([lastUnit, twoSizes, plenty, oldest, soldOut]);
    expect(await newest()).toEqual([lastUnit, twoSizes, plenty, oldest, soldOut]);
    // Pages follow the same order, without repeats or gaps.
    expect([
      ...(await newest(undefined, 2, 1)),
      ...(await newest(undefined, 2, 2)),
      ...(await newest(undefined, 2, 3)),
    ]).toEqual([lastUnit, twoSizes, plenty, oldest, soldOut]);
    // With a filter too, whether the page is read off the index or sorted.
    const filtered = await call("POST", "/userapp/product/list", {
      body: { query: { brand: ["Samsung"], priceRange: { min: 100 } }, options: { page: 1, limit: 10 } },
    });
    expect(filtered.body.data.data.map((p: { _id: string }) => p._id)).toEqual([
      lastUnit,
      twoSizes,
      plenty,
      oldest,
      soldOut,
    ]);
    // Oldest first is by date alone.
    expect(await newest({ createdAt: 1 })).toEqual([oldest, plenty, twoSizes, soldOut, lastUnit]);
  });

  it("moves a product last when an order takes its last unit, and back when the order is cancelled", async () => {
    const id = await order(lastUnit);
    expect(await stockOf(db, lastUnit)).toBe(0);
    expect(await inStockOf(lastUnit)).toBe(false);
    expect(await newest()).toEqual([twoSizes, plenty, oldest, lastUnit, soldOut]);

    const cancelled = await call("PUT", `/userapp/orders/${id}/cancel`, { token: shopper.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await stockOf(db, lastUnit)).toBe(1);
    expect(await inStockOf(lastUnit)).toBe(true);
    expect(await newest()).toEqual([lastUnit, twoSizes, plenty, oldest, soldOut]);
  });

  it("keeps a product in stock while any size has stock: only its last size selling out moves it", async () => {
    await order(twoSizes, "M");
    expect(await inStockOf(twoSizes)).toBe(true);
    expect(await newest()).toEqual([lastUnit, twoSizes, plenty, oldest, soldOut]);
    const last = await order(twoSizes, "L");
    expect(await inStockOf(twoSizes)).toBe(false);
    expect(await newest()).toEqual([lastUnit, plenty, oldest, soldOut, twoSizes]);
    await call("PUT", `/userapp/orders/${last}/cancel`, { token: shopper.token });
    expect(await newest()).toEqual([lastUnit, twoSizes, plenty, oldest, soldOut]);
  });

  it("follows the back office's stock edits: sold out moves last, restocked comes back", async () => {
    await setStock(plenty, 0);
    expect(await newest()).toEqual([lastUnit, twoSizes, oldest, soldOut, plenty]);
    await setStock(soldOut, 4);
    expect(await newest()).toEqual([lastUnit, soldOut, twoSizes, oldest, plenty]);
    await setStock(plenty, 50);
    await setStock(soldOut, 0);
    expect(await newest()).toEqual([lastUnit, twoSizes, plenty, oldest, soldOut]);
  });

  it("writes the listing only when a size's stock reaches zero or leaves it", async () => {
    const [before] = await db
      .select({ xmin: sql<string>`xmin::text` })
      .from(productListing)
      .where(eq(productListing.productId, plenty));
    await order(plenty);
    await db
      .update(variants)
      .set({ quantity: sql`${variants.quantity} + 3` })
      .where(eq(variants.productId, plenty));
    const [after] = await db
      .select({ xmin: sql<string>`xmin::text` })
      .from(productListing)
      .where(eq(productListing.productId, plenty));
    expect(after.xmin).toBe(before.xmin);
  });

  it("reads a page of Newest off the listing's index, in order, without sorting", async () => {
    const page = db
      .select({ id: productListing.productId })
      .from(productListing)
      .orderBy(...orderBy({ field: "createdAt", direction: "desc" }))
      .limit(20);
    const { sql: text, params } = page.toSQL();
    const plan = await db.transaction(async (tx) => {
      // A handful of rows: the planner would read them all and sort them. Without that choice it
      // must find an index in the sort's order, or sort anyway.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const inlined = text.replace(/\$(\d+)/g, (_, n) => String(params[Number(n) - 1]));
      const result = (await tx.execute(sql.raw(`explain ${inlined}`))) as unknown as {
        rows: { "QUERY PLAN": string }[];
      };
      return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("product_listing_newest_idx");
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
