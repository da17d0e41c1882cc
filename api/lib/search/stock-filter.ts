import { sql, type SQL } from "drizzle-orm";
import { productListing, variants } from "../../db/schema";

/**
 * `query.inStock` of `product/list` and `product/count` (decision 046): true keeps the products
 * with at least one size in stock, false the sold-out ones. Stock is not in product_listing (an
 * order changes stock and must not rewrite the listing), so this asks the variants of each
 * candidate: one primary-key probe per row, cheap on a walk down a sort index (the home
 * carousels stop after a page), in proportion to the matches for a count.
 */
export function stockCondition(inStock: boolean): SQL {
  const stocked = sql`exists (select 1 from ${variants} where ${variants.productId} = ${productListing.productId} and ${variants.quantity} > 0)`;
  return inStock ? stocked : sql`not ${stocked}`;
}
