import { eq } from "drizzle-orm";
import type { Database } from "../../api/db/client";
import { reviews } from "../../api/db/schema";
import { refreshProductRating } from "../../api/lib/reviews/ratings";

/**
 * Test set-up only: makes the seeded catalogue's sample reviews count as shoppers' verified ones
 * (their authors' accounts gone, as a deleted account leaves them), and works out each product's
 * rating from them. The seed's samples count in no rating (decision 047), so a freshly seeded
 * shop rates nothing; the tests of rating filters, sorts and stars need a catalogue that shoppers
 * have rated, and this gives them the seed's spread of ratings.
 */
export async function samplesAsShoppersReviews(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const turned = await db
      .update(reviews)
      .set({ sample: false, verified: true })
      .where(eq(reviews.sample, true))
      .returning({ productId: reviews.productId });
    const productIds = [...new Set(turned.map((row) => row.productId))];
    for (const productId of productIds) await refreshProductRating(db, productId);
    return productIds.length;
  });
}
