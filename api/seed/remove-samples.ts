import { and, count, eq, exists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { reviews } from "../db/schema";
import { bumpCatalogueVersion, catalogueChanged } from "../platform/catalogue-version";
import { refreshProductRating } from "../lib/reviews/ratings";

/*
 * `npm run seed -- --remove-sample-reviews`: removes every sample review the seed wrote
 * (decision 047), on a shop in use too: shoppers' reviews, orders and accounts stay. An owner runs
 * it before opening the shop (README). Their votes, reports and photos go with them (ON DELETE
 * CASCADE).
 */

export type RemovedSamples = { reviews: number; products: number };

/** How many sample reviews the shop holds. */
export async function countSampleReviews(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.sample, true));
  return Number(row.n);
}

/**
 * Deletes every sample review in one transaction and works out again the rating of each product
 * that had any (samples count in none, so the figures stay as they were, now with nothing behind
 * them left to doubt); the caches are told once it committed.
 */
export async function removeSampleReviews(db: Database): Promise<RemovedSamples> {
  const removed = await db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    // Only products that have shoppers' reviews beside their samples can have a rating to work out.
    const others = alias(reviews, "others");
    const rated = await db
      .selectDistinct({ productId: reviews.productId })
      .from(reviews)
      .where(
        and(
          eq(reviews.sample, true),
          exists(
            db
              .select({ one: sql`1` })
              .from(others)
              .where(and(eq(others.productId, reviews.productId), eq(others.sample, false))),
          ),
        ),
      );
    const deleted = await db
      .delete(reviews)
      .where(eq(reviews.sample, true))
      .returning({ productId: reviews.productId });
    for (const { productId } of rated) await refreshProductRating(db, productId);
    if (deleted.length > 0) await bumpCatalogueVersion(db);
    return { reviews: deleted.length, products: new Set(deleted.map((row) => row.productId)).size };
  });
  if (removed.reviews > 0) catalogueChanged();
  return removed;
}
