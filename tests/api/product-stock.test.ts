import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { variants } from "../../api/db/schema";
import { stockChanged } from "../../api/lib/catalogue/catalogue-cache";
import { createTestApi, insertProduct } from "./helpers";

// `query.inStock` of product/list and product/count (decision 046): what the home carousels ask for.
const { db, call } = await createTestApi();
const day = (n: number) => new Date(Date.UTC(2025, 0, n, 10, 0, 0));

const stocked = await insertProduct(db, {
  brand: "Puma",
  createdAt: day(1),
  variants: [{ size: "M", quantity: 5, mrp: 1000, discount: 10 }],
});
// The deepest discount, and the newest: what would lead Today's Deals and Newest.
const soldOut = await insertProduct(db, {
  brand: "Nike",
  createdAt: day(4),
  variants: [
    { size: "S", quantity: 0, mrp: 1000, discount: 60 },
    { size: "M", quantity: 0, mrp: 1000, discount: 60 },
  ],
});
// One size sold out, one left: in stock.
const lastSize = await insertProduct(db, {
  brand: "Nike",
  createdAt: day(3),
  variants: [
    { size: "S", quantity: 0, mrp: 1000, discount: 40 },
    { size: "M", quantity: 1, mrp: 1000, discount: 40 },
  ],
});
const plenty = await insertProduct(db, {
  brand: "Puma",
  createdAt: day(2),
  variants: [{ size: "L", quantity: 50, mrp: 2000, discount: 20 }],
});

async function page(query: Record<string, unknown>, sort: Record<string, number> = { createdAt: -1 }, limit = 10) {
  const response = await call("POST", "/userapp/product/list", {
    body: { query, options: { page: 1, limit, sort } },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const data = response.body.data as { data: { _id: string }[]; paginator: { itemCount: number } };
  return { ids: data.data.map((p) => p._id), count: data.paginator.itemCount };
}

async function count(query: Record<string, unknown>) {
  const response = await call("POST", "/userapp/product/count", { body: { query } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.count as number;
}

describe("product/list and product/count with inStock", () => {
  it("keeps only products with a size in stock (true) or only sold-out ones (false)", async () => {
    expect(await page({ inStock: true }, { discount: -1 })).toEqual({ ids: [lastSize, plenty, stocked], count: 3 });
    expect(await page({ inStock: true })).toEqual({ ids: [lastSize, plenty, stocked], count: 3 });
    expect(await page({ inStock: false })).toEqual({ ids: [soldOut], count: 1 });
    // Newest first puts the sold-out product last (tests/api/newest-stock.test.ts); by discount it leads.
    expect(await page({})).toEqual({ ids: [lastSize, plenty, stocked, soldOut], count: 4 });
    expect(await page({}, { discount: -1 })).toEqual({ ids: [soldOut, lastSize, plenty, stocked], count: 4 });
    expect(await count({ inStock: true })).toBe(3);
    expect(await count({ inStock: false })).toBe(1);
  });

  it("combines with the other filters and pages", async () => {
    expect(await page({ brand: ["Nike"], inStock: true })).toEqual({ ids: [lastSize], count: 1 });
    expect(await count({ brand: ["Puma"], inStock: false })).toBe(0);
    expect(await page({ inStock: true, priceRange: { min: 700 } })).toEqual({ ids: [plenty, stocked], count: 2 });
    expect(await page({ inStock: true }, { createdAt: -1 }, 2)).toEqual({ ids: [lastSize, plenty], count: 3 });
  });

  it("follows stock at once: a product whose last size sells out leaves the in-stock list", async () => {
    expect((await page({ inStock: true })).ids).toContain(lastSize);
    await db.update(variants).set({ quantity: 0 }).where(eq(variants.productId, lastSize));
    stockChanged();
    expect(await page({ inStock: true })).toEqual({ ids: [plenty, stocked], count: 2 });
    expect(await count({ inStock: false })).toBe(2);
    await db.update(variants).set({ quantity: 3 }).where(eq(variants.productId, soldOut));
    stockChanged();
    expect(await page({ inStock: true })).toEqual({ ids: [soldOut, plenty, stocked], count: 3 });
  });

  it("answers 422 for an inStock that is not true or false", async () => {
    for (const inStock of ["yes", 1, "true"]) {
      const response = await call("POST", "/userapp/product/list", {
        body: { query: { inStock }, options: { page: 1, limit: 10 } },
      });
      expect(response.status, String(inStock)).toBe(422);
      expect(response.body.status).toBe("VALIDATION_ERROR");
    }
  });
});
