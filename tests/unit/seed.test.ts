import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserapp } from "../../api/app";
import type { Database, DatabaseHandle } from "../../api/db/client";
import {
  cartItems,
  compareItems,
  merchants,
  orderItems,
  orders,
  productListing,
  products,
  reviewPhotoUploads,
  reviewRemovals,
  reviews,
  searchTerms,
  users,
  variants,
  wishlistItems,
} from "../../api/db/schema";
import { buildSearchText } from "../../api/lib/search/search-text";
import { ARTWORK_KINDS, ARTWORK_PALETTES, ARTWORK_VIEWS, renderArtwork } from "../../api/seed/artwork";
import {
  generateMerchants,
  generateProducts,
  isCatalogueEmpty,
  replaceCatalogue,
  seedCatalogue,
  type SeedResult,
} from "../../api/seed/catalogue";
import { FAMILIES } from "../../api/seed/families";
import { openTestDatabase } from "../db";

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date("2025-03-01T06:30:00.000Z");

type Catalogue = {
  merchants: (typeof merchants.$inferSelect)[];
  products: (typeof products.$inferSelect)[];
  variants: (typeof variants.$inferSelect)[];
};

async function readCatalogue(db: Database): Promise<Catalogue> {
  return {
    merchants: await db.select().from(merchants).orderBy(asc(merchants.id)),
    products: await db.select().from(products).orderBy(asc(products.id)),
    variants: await db.select().from(variants).orderBy(asc(variants.productId), asc(variants.position)),
  };
}

/** A small XML well-formedness check: balanced tags and quoted attributes, nothing else between tags. */
function expectWellFormedSvg(svg: string) {
  expect(svg.startsWith("<svg ")).toBe(true);
  expect(svg.endsWith("</svg>")).toBe(true);
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<>]*")*)\s*(\/?)>/y;
  let index = 0;
  while (index < svg.length) {
    if (svg[index] !== "<") {
      const next = svg.indexOf("<", index);
      const text = svg.slice(index, next === -1 ? undefined : next);
      expect(text).not.toMatch(/[<>]|&(?![a-z]+;|#\d+;)/);
      index = next === -1 ? svg.length : next;
      continue;
    }
    tag.lastIndex = index;
    const match = tag.exec(svg);
    if (!match) throw new Error(`Malformed markup at ${index}: ${svg.slice(index, index + 60)}`);
    const [whole, closing, name, , selfClosing] = match;
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name);
    index += whole.length;
  }
  expect(stack).toEqual([]);
}

describe("seeded catalogue", () => {
  let handle: DatabaseHandle;
  let db: Database;
  let result: SeedResult;
  let catalogue: Catalogue;
  let variantsByProduct: Map<string, Catalogue["variants"]>;

  beforeAll(async () => {
    handle = await openTestDatabase();
    db = handle.db;
    expect(await isCatalogueEmpty(db)).toBe(true);
    result = await seedCatalogue(db, { now });
    catalogue = await readCatalogue(db);
    variantsByProduct = new Map();
    for (const v of catalogue.variants) {
      variantsByProduct.set(v.productId, [...(variantsByProduct.get(v.productId) ?? []), v]);
    }
  });
  afterAll(() => handle.close());

  it("holds 240 products from several merchants by default", async () => {
    expect(result.products).toBe(240);
    expect(catalogue.products).toHaveLength(240);
    expect(result.merchants).toBe(catalogue.merchants.length);
    expect(catalogue.merchants.length).toBeGreaterThanOrEqual(8);
    expect(catalogue.merchants.length).toBeLessThanOrEqual(12);
    expect(await isCatalogueEmpty(db)).toBe(false);
    const selling = new Set(catalogue.products.map((p) => p.merchantId));
    expect(catalogue.merchants.every((m) => selling.has(m.id))).toBe(true);
  });

  it("covers every category, subcategory, brand, type, subtype, gender and size of the seed's families", () => {
    // The shop's filters list what the catalogue holds (decision 046): every value the families
    // can make is in the 240-product catalogue, so the filters show them all.
    const fields = ["category", "subCategory", "productType", "productSubType"] as const;
    for (const field of fields) {
      const seen = new Set(catalogue.products.map((p) => p[field]));
      for (const family of FAMILIES) expect(seen, `${field} ${family[field]}`).toContain(family[field]);
    }
    const brands = new Set(catalogue.products.map((p) => p.brand));
    const genders = new Set(catalogue.products.map((p) => p.gender));
    const sizes = new Set(catalogue.variants.map((v) => v.size));
    for (const family of FAMILIES) {
      for (const [brand] of family.brands) expect(brands, `brand ${brand}`).toContain(brand);
      for (const gender of family.genders) expect(genders, `gender ${gender}`).toContain(gender);
      for (const size of family.sizes) expect(sizes, `size ${size}`).toContain(size);
    }
  });

  it("uses 24-hex ids and Indian merchants with 10-digit mobile numbers", () => {
    for (const row of [...catalogue.products, ...catalogue.merchants]) expect(row.id).toMatch(/^[0-9a-f]{24}$/);
    for (const m of catalogue.merchants) {
      expect(m.contactPhone).toMatch(/^[6-9]\d{9}$/);
      expect(m.contactEmail).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(m.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    }
    expect(new Set(catalogue.merchants.map((m) => m.contactPhone)).size).toBe(catalogue.merchants.length);
  });

  it("prices every variant in whole rupees from ₹199 to ₹1,50,000 with cost = round(mrp × (1 − discount/100))", () => {
    for (const v of catalogue.variants) {
      expect(Number.isInteger(v.mrp)).toBe(true);
      expect(v.mrp).toBeGreaterThanOrEqual(199);
      expect(v.mrp).toBeLessThanOrEqual(150_000);
      expect(Number.isInteger(v.discount)).toBe(true);
      expect(v.discount).toBeGreaterThanOrEqual(0);
      expect(v.discount).toBeLessThanOrEqual(70);
      expect(v.cost).toBe(Math.round(v.mrp * (1 - v.discount / 100)));
      expect(v.cost).toBeGreaterThanOrEqual(1);
      expect(v.cost).toBeLessThanOrEqual(v.mrp);
    }
    expect(catalogue.products.some((p) => p.discount === 0)).toBe(true);
    expect(catalogue.products.some((p) => p.discount >= 50)).toBe(true);
    // Televisions cost far more than t-shirts.
    const cheapest = (subType: string) =>
      Math.min(...catalogue.products.filter((p) => p.productSubType === subType).map((p) => p.price));
    const dearest = (subType: string) =>
      Math.max(...catalogue.products.filter((p) => p.productSubType === subType).map((p) => p.price));
    expect(cheapest("Televisions")).toBeGreaterThan(dearest("T-Shirts"));
  });

  it("sells 1–7 distinct sizes per product (clothes and shoes 3 or more), in order, with stock from 0 to 200", () => {
    for (const p of catalogue.products) {
      const vs = variantsByProduct.get(p.id) ?? [];
      expect(vs.length).toBeGreaterThanOrEqual(["T-Shirts", "Jeans", "Shoes"].includes(p.productSubType) ? 3 : 1);
      expect(vs.length).toBeLessThanOrEqual(7);
      expect(new Set(vs.map((v) => v.size)).size).toBe(vs.length);
      expect(vs.map((v) => v.position)).toEqual(vs.map((_, i) => i));
      for (const v of vs) {
        expect(Number.isInteger(v.quantity)).toBe(true);
        expect(v.quantity).toBeGreaterThanOrEqual(0);
        expect(v.quantity).toBeLessThanOrEqual(200);
      }
    }
    const soldOut = catalogue.products.filter((p) => variantsByProduct.get(p.id)!.every((v) => v.quantity === 0));
    expect(soldOut.length).toBeGreaterThan(0);
    expect(soldOut.length).toBeLessThan(catalogue.products.length / 5);
    expect(catalogue.variants.some((v) => v.quantity >= 1 && v.quantity <= 9)).toBe(true);
  });

  it("keeps products.price and products.discount equal to the lowest cost and highest discount of the variants", () => {
    for (const p of catalogue.products) {
      const vs = variantsByProduct.get(p.id)!;
      expect(p.price).toBe(Math.min(...vs.map((v) => v.cost)));
      expect(p.discount).toBe(Math.max(...vs.map((v) => v.discount)));
    }
    expect(catalogue.products.some((p) => new Set(variantsByProduct.get(p.id)!.map((v) => v.cost)).size > 1)).toBe(
      true,
    );
  });

  it("dates products over the 90 days before now, some within the last 7", () => {
    for (const p of catalogue.products) {
      const age = now.getTime() - p.createdAt.getTime();
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(90 * DAY_MS);
    }
    const recent = catalogue.products.filter((p) => now.getTime() - p.createdAt.getTime() <= 7 * DAY_MS);
    expect(recent.length).toBeGreaterThanOrEqual(catalogue.products.length * 0.05);
    const oldest = Math.max(...catalogue.products.map((p) => now.getTime() - p.createdAt.getTime()));
    expect(oldest).toBeGreaterThan(60 * DAY_MS);
  });

  it("writes sample reviews marked as such, unverified, counted in no product's rating (decision 047)", async () => {
    const rows = await db.select().from(reviews);
    expect(rows.length).toBeGreaterThan(200);
    for (const row of rows) {
      expect(row).toMatchObject({ sample: true, verified: false, userId: null, status: "published" });
      expect(row.stars).toBeGreaterThanOrEqual(1);
      expect(row.stars).toBeLessThanOrEqual(5);
    }
    for (const p of catalogue.products) expect([p.ratingValue, p.ratingCount]).toEqual([null, null]);
    const listed = await db.select({ rating: productListing.ratingValue }).from(productListing);
    expect(listed.every((row) => row.rating === null)).toBe(true);
    // Negative reviews are part of the sample too. Their texts and dates: tests/unit/sample-reviews.test.ts.
    expect(rows.some((row) => row.stars <= 2)).toBe(true);
  });

  it("writes shop-like titles and copy, and the search text of buildSearchText", () => {
    for (const p of catalogue.products) {
      expect(p.shortTitle.startsWith(`${p.brand} `)).toBe(true);
      expect(p.longTitle.startsWith(p.shortTitle)).toBe(true);
      expect(p.longTitle.length).toBeGreaterThan(p.shortTitle.length + 10);
      expect(p.tagLine.length).toBeGreaterThan(5);
      expect(p.tagLine.length).toBeLessThan(60);
      const sentences = p.description.split(/(?<=\.)\s+(?=[A-Z])/);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(4);
      expect(p.searchText).toBe(buildSearchText(p));
    }
    expect(new Set(catalogue.products.map((p) => p.shortTitle)).size).toBeGreaterThan(80);
    const tv = catalogue.products.find((p) => p.subCategory === "Smart TV" && p.productSubType === "Televisions")!;
    expect(tv.category).toBe("Televisions");
    expect(["Samsung", "LG", "Sony", "Mi", "OnePlus", "Philips", "Realme"]).toContain(tv.brand);
  });

  it("writes the product listing that the database's own refresh computes", async () => {
    // The seed builds product_listing in JavaScript (api/lib/search/search-text.ts, listingTerms);
    // triggers build it in SQL for every other write (migration 0002). Both must agree.
    const listing = () => db.select().from(productListing).orderBy(asc(productListing.productId));
    const vocabulary = () => db.select().from(searchTerms).orderBy(asc(searchTerms.id));
    // Each term's product count is the number of listing rows that hold it.
    const miscounted = async () =>
      (
        (await db.execute(sql`
          select ${searchTerms.id} from ${searchTerms}
          where ${searchTerms.productCount} <> (select count(*) from ${productListing} where ${productListing.terms} @> array[${searchTerms.id}])`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    const seeded = await listing();
    const seededTerms = await vocabulary();
    expect(seeded.map((row) => row.productId)).toEqual(catalogue.products.map((p) => p.id));
    expect(await miscounted()).toEqual([]);
    await db.execute(sql`select product_listing_refresh(array(select ${products.id} from ${products}))`);
    expect(await listing()).toEqual(seeded);
    expect(await vocabulary()).toEqual(seededTerms);

    // Terms added later (by the triggers) are numbered after the seeded ones.
    const [added] = await db.insert(searchTerms).values({ kind: "word", term: "never-seeded" }).returning();
    expect(added.id).toBe(seededTerms.length + 1);
  });

  it("gives every product 2–4 images of generated artwork that renders as a titled 600×600 SVG", () => {
    const names = new Set<string>();
    for (const p of catalogue.products) {
      expect(p.images.length).toBeGreaterThanOrEqual(2);
      expect(p.images.length).toBeLessThanOrEqual(4);
      for (const image of p.images) {
        const match = /^\/media\/art\/([a-z]+-\d+-\d)\.svg$/.exec(image.path);
        expect(match, image.path).not.toBeNull();
        names.add(match![1]);
      }
      expect(new Set(p.images.map((i) => i.path)).size).toBe(p.images.length);
    }
    for (const name of names) {
      const svg = renderArtwork(name);
      expect(svg, name).not.toBeNull();
      expectWellFormedSvg(svg!);
      expect(svg).toMatch(/^<svg [^>]*width="600" height="600" viewBox="0 0 600 600"/);
      expect(svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
    }
  });

  it("is deterministic: reseeding with the same options gives identical rows, ids included", async () => {
    const { removed, seeded } = await replaceCatalogue(db, { now });
    expect(seeded).toEqual(result);
    expect(removed).toMatchObject({ products: 240, merchants: result.merchants, variants: catalogue.variants.length });
    expect(await readCatalogue(db)).toEqual(catalogue);
  });

  it("stores exactly the rows that the generator makes", () => {
    const merchantRows = generateMerchants(1, now);
    const generated = [...generateProducts({ now }, merchantRows)];
    const byId = <T extends { id: string }>(rows: T[]) => rows.slice().sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(catalogue.merchants).toEqual(byId(merchantRows));
    expect(catalogue.products).toEqual(byId(generated.map((r) => r.product)));
    expect(catalogue.variants).toHaveLength(generated.reduce((n, r) => n + r.variants.length, 0));
  });

  it("gives another catalogue for another seed, and the same first products for a bigger catalogue", () => {
    const first = (options: { products: number; seed?: number }) =>
      [...generateProducts({ ...options, now }, generateMerchants(options.seed ?? 1, now))].slice(0, 30);
    const small = first({ products: 30 });
    expect(first({ products: 300 })).toEqual(small);
    const other = first({ products: 30, seed: 2 });
    expect(other.map((r) => r.product.id)).not.toEqual(small.map((r) => r.product.id));
    expect(other.map((r) => r.product.shortTitle)).not.toEqual(small.map((r) => r.product.shortTitle));
  });

  it("refuses to seed over an existing catalogue, and rejects bad options", async () => {
    await expect(seedCatalogue(db, { now })).rejects.toThrow(/not empty/);
    await expect(seedCatalogue(db, { products: 0 })).rejects.toThrow(RangeError);
    await expect(seedCatalogue(db, { products: 2.5 })).rejects.toThrow(RangeError);
    await expect(seedCatalogue(db, { seed: -1 })).rejects.toThrow(RangeError);
  });

  it("replacing the catalogue removes orders, cart lines, wishlist entries and compared products but keeps users", async () => {
    const [product] = await db.select().from(products).limit(1);
    const [variant] = await db.select().from(variants).limit(1);
    const userId = "a".repeat(24);
    const orderId = "b".repeat(24);
    await db.insert(users).values({ id: userId, email: "asha.verma@example.com", passwordHash: "x" });
    await db.insert(cartItems).values({ userId, productId: variant.productId, size: variant.size, qty: 2 });
    await db.insert(wishlistItems).values({ userId, productId: product.id });
    await db.insert(compareItems).values({ userId, productId: product.id });
    const step = { isConfirmed: false, date: null };
    await db.insert(orders).values({
      id: orderId,
      userId,
      source: "buyNow",
      paymentMethod: "cod",
      paymentStatus: "payOnDelivery",
      itemsAmount: variant.cost,
      platformFee: 4,
      totalAmount: variant.cost + 4,
      address: { locality: "MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560001", country: "India" },
      orderStatus: {
        orderConfirmed: { isConfirmed: true, date: now.toISOString() },
        shipped: step,
        outForDelivery: step,
        delivered: step,
        cancel: step,
        returned: step,
        refunded: step,
      },
    });
    await db.insert(orderItems).values({
      orderId,
      position: 0,
      productId: variant.productId,
      merchantId: product.merchantId,
      merchantName: "Sharma Electronics Pvt Ltd",
      title: product.shortTitle,
      image: product.images[0].path,
      size: variant.size,
      qty: 1,
      mrp: variant.mrp,
      cost: variant.cost,
      amount: variant.cost,
    });

    // A shopper's review the shop removed (its removal recorded) with a photo upload under way.
    const reviewId = "c".repeat(24);
    const review = { id: reviewId, productId: product.id, userId, authorName: "Asha V.", verified: true, stars: 1 };
    await db.insert(reviews).values({ ...review, status: "removed", removalReason: "Spam" });
    await db.insert(reviewRemovals).values({ productId: product.id, userId, reviewId, reason: "Spam", removedAt: now });
    await db.insert(reviewPhotoUploads).values({ id: "d".repeat(24), reviewId, startedAt: now });

    const { removed, seeded } = await replaceCatalogue(db, { products: 50, seed: 9, now });
    expect(removed).toMatchObject({
      products: 240,
      orders: 1,
      orderItems: 1,
      cartItems: 1,
      wishlistItems: 1,
      compareItems: 1,
    });
    expect(seeded.products).toBe(50);
    expect(await db.select().from(orders)).toEqual([]);
    expect(await db.select().from(cartItems)).toEqual([]);
    expect(await db.select().from(wishlistItems)).toEqual([]);
    expect(await db.select().from(compareItems)).toEqual([]);
    expect(await db.select().from(reviewRemovals)).toEqual([]);
    expect(await db.select().from(reviewPhotoUploads)).toEqual([]);
    expect(await db.select({ id: users.id }).from(users)).toEqual([{ id: userId }]);
    expect(await db.$count(products)).toBe(50);
  });
});

describe("renderArtwork", () => {
  it("draws every kind, palette and view as a distinct SVG of a few KB", () => {
    const seen = new Set<string>();
    for (const kind of ARTWORK_KINDS) {
      for (let palette = 0; palette < ARTWORK_PALETTES.length; palette++) {
        for (let view = 0; view < ARTWORK_VIEWS; view++) {
          const svg = renderArtwork(`${kind}-${palette}-${view}`);
          expect(svg).not.toBeNull();
          expect(svg!.length).toBeGreaterThan(500);
          expect(svg!.length).toBeLessThan(8 * 1024);
          seen.add(svg!);
        }
      }
    }
    expect(seen.size).toBe(ARTWORK_KINDS.length * ARTWORK_PALETTES.length * ARTWORK_VIEWS);
    expectWellFormedSvg(renderArtwork("speaker-9-2")!);
    expect(renderArtwork("tv-3-0")).toContain("<title");
  });

  it("answers null for unknown names", () => {
    for (const name of [
      "",
      "tv",
      "tv-3",
      "sofa-1-0",
      "tv-16-0",
      "tv-03-0",
      "tv-3-4",
      "tv-3-1.svg",
      "TV-3-1",
      "../tv-3-1",
      "constructor-1-1",
      "toString-1-1",
    ]) {
      expect(renderArtwork(name), name).toBeNull();
    }
  });
});

describe("GET /media/art/:file", () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createUserapp>;
  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createUserapp({ db: handle.db });
  });
  afterAll(() => handle.close());

  it("serves the artwork as a long-cached SVG", async () => {
    const response = await app.request("/media/art/headphones-2-1.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toBe(renderArtwork("headphones-2-1"));
    // A second request comes from the route's cache and must be the same.
    expect(await (await app.request("/media/art/headphones-2-1.svg")).text()).toBe(renderArtwork("headphones-2-1"));
  });

  it("answers 404 with the envelope for unknown images", async () => {
    for (const path of [
      "/media/art/sofa-1-1.svg",
      "/media/art/tv-3-1.png",
      "/media/art/tv-3-1",
      "/media/art/tv-99-0.svg",
      "/media/art/..%2Fsecret.svg",
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ status: "RECORD_NOT_FOUND", data: null });
    }
  });
});
