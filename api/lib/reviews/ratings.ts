import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { productListing, products, reviews } from "../../db/schema";

/**
 * Sets a product's `rating_value` and `rating_count` (and product_listing's copy, which the
 * "Top rated" sort reads) from its published reviews, the seed's samples left out (decision 047):
 * nobody wrote those. The average stars and their number, both
 * null when there are none; the average to two decimals (shown to one, sorted on two). Called in
 * the transaction of every change of a review's stars or status, after the change, so the figures
 * every card, list and page shows never disagree with the reviews, however many change at once.
 *
 * The product's own write would make migration 0002's trigger rebuild its whole listing row
 * (words, price bands) under the catalogue's write lock; only the rating changed, so the trigger
 * is told to skip it (`product_listing.deferred`, as the back office's bulk writes do) and the
 * listing's one column is written here.
 */
export async function refreshProductRating(tx: Database, productId: string): Promise<void> {
  // One at a time per product: the product's row is locked before the reviews are read. Without
  // it, two reviews written at once each counted only their own (the other not yet committed),
  // and the later write left a count of 1. Once the lock is held, the next statement's snapshot
  // (READ COMMITTED) sees every review committed before it.
  await tx.execute(sql`select 1 from ${products} where ${products.id} = ${productId} for no key update`);
  await tx.execute(sql`select set_config('product_listing.deferred', 'on', true)`);
  await tx.execute(sql`
    with published as (
      select round(avg(${reviews.stars}), 2)::real as value, count(*)::integer as n
      from ${reviews}
      where ${reviews.productId} = ${productId} and ${reviews.status} = 'published' and not ${reviews.sample}
    )
    update ${products} set
      rating_value = case when published.n > 0 then published.value end,
      rating_count = case when published.n > 0 then published.n end
    from published where ${products.id} = ${productId}`);
  await tx.execute(sql`select set_config('product_listing.deferred', 'off', true)`);
  await tx.execute(sql`
    update ${productListing} set rating_value = p.rating_value
    from ${products} p where p.id = ${productId} and ${productListing.productId} = p.id
      and ${productListing.ratingValue} is distinct from p.rating_value`);
}
