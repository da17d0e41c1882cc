import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productListing, products, reviews } from "../../api/db/schema";
import { newId } from "../../api/lib/ids";
import { refreshProductRating } from "../../api/lib/reviews/ratings";
import { countSampleReviews, removeSampleReviews } from "../../api/seed/remove-samples";
import type { Database } from "../../api/db/client";
import { createTestApi, createUserWithToken, insertProduct } from "./helpers";
import { orderOf } from "./review-orders";

// The seed's sample reviews in the API (decision 047): each says it is one (`sample: true`), none
// counts in a product's rating, histogram or count, and one command removes them all.

const { call, db } = await createTestApi();

/** `stars` sample reviews of a product, as the seed writes them, and its rating worked out. */
async function samplesOf(productId: string, stars: number[]) {
  const rows = stars.map((n, i) => ({
    id: newId(),
    productId,
    userId: null,
    authorName: `Sample ${i}.`,
    verified: false,
    sample: true,
    stars: n,
    title: `Sample ${i}`,
    body: "Arrived two days early and very well packed.",
    status: "published" as const,
    createdAt: new Date(Date.now() - (i + 1) * 60_000),
  }));
  await db.insert(reviews).values(rows);
  await db.transaction((tx) => refreshProductRating(tx as unknown as Database, productId));
  return rows.map((row) => row.id);
}

const ratingOf = async (productId: string) => {
  const [row] = await db
    .select({ value: products.ratingValue, count: products.ratingCount, listed: productListing.ratingValue })
    .from(products)
    .innerJoin(productListing, eq(productListing.productId, products.id))
    .where(eq(products.id, productId));
  return row;
};

describe("sample reviews in the API", () => {
  it("lists them marked `sample: true`, unverified, and counts none in the rating, histogram or count", async () => {
    const productId = await insertProduct(db, { ratingValue: null, ratingCount: null });
    const [sampleId] = await samplesOf(productId, [1, 1, 5]);
    const { id: userId, token } = await createUserWithToken(db);
    await orderOf(db, userId, productId);
    const written = await call("POST", `/userapp/product/${productId}/reviews`, { token, body: { stars: 4 } });
    expect(written.body.data).toMatchObject({ sample: false, verified: true });

    expect(await ratingOf(productId)).toEqual({ value: 4, count: 1, listed: 4 });
    const page = await call("GET", `/userapp/product/${productId}/reviews?sort=newest`);
    expect(page.status).toBe(200);
    expect(page.body.data.summary).toEqual({
      ratingValue: 4,
      ratingCount: 1,
      histogram: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: stars === 4 ? 1 : 0 })),
      withPhotos: 0,
      samples: 3,
    });
    // All four are listed (and paged); the samples say what they are.
    expect(page.body.data.paginator.itemCount).toBe(4);
    expect(page.body.data.data.map((review: { sample: boolean }) => review.sample)).toEqual([false, true, true, true]);
    const one = await call("GET", `/userapp/reviews/${sampleId}`);
    expect(one.body.data).toMatchObject({ _id: sampleId, sample: true, verified: false });
    const card = await call("GET", `/userapp/product/get/${productId}`);
    expect(card.body.data).toMatchObject({ ratingValue: 4, ratingCount: 1 });
  });

  it("leaves a product with only sample reviews unrated: no stars on its card, none in its histogram", async () => {
    const productId = await insertProduct(db, { ratingValue: 4.2, ratingCount: 120 });
    await samplesOf(productId, [5, 5, 4]);
    expect(await ratingOf(productId)).toEqual({ value: null, count: null, listed: null });
    const page = await call("GET", `/userapp/product/${productId}/reviews`);
    expect(page.body.data.summary).toMatchObject({ ratingValue: null, ratingCount: null, samples: 3 });
    expect(page.body.data.summary.histogram.every((bar: { count: number }) => bar.count === 0)).toBe(true);
    expect(page.body.data.data).toHaveLength(3);
  });

  it("removes every sample review with one command; shoppers' reviews and the ratings they give stay", async () => {
    const mixed = await insertProduct(db, { ratingValue: null, ratingCount: null });
    const onlySamples = await insertProduct(db, { ratingValue: null, ratingCount: null });
    await samplesOf(mixed, [1, 2]);
    await samplesOf(onlySamples, [5]);
    const { id: userId, token } = await createUserWithToken(db);
    await orderOf(db, userId, mixed);
    await call("POST", `/userapp/product/${mixed}/reviews`, { token, body: { stars: 5 } });
    const before = await countSampleReviews(db);
    expect(before).toBeGreaterThanOrEqual(3);

    const removed = await removeSampleReviews(db);
    expect(removed.reviews).toBe(before);
    expect(await countSampleReviews(db)).toBe(0);
    expect(await db.select().from(reviews).where(eq(reviews.sample, true))).toEqual([]);
    expect(await ratingOf(mixed)).toEqual({ value: 5, count: 1, listed: 5 });
    expect(await ratingOf(onlySamples)).toEqual({ value: null, count: null, listed: null });
    const page = await call("GET", `/userapp/product/${mixed}/reviews`);
    expect(page.body.data.summary).toMatchObject({ ratingValue: 5, ratingCount: 1, samples: 0 });
    expect(page.body.data.data).toHaveLength(1);

    // Run again, it finds nothing left to remove.
    expect(await removeSampleReviews(db)).toEqual({ reviews: 0, products: 0 });
  });
});
