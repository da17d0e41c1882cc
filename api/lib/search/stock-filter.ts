import { not, type SQL } from "drizzle-orm";
import { productListing } from "../../db/schema";

/**
 * `query.inStock` of `product/list` and `product/count` (decision 046): true keeps the products
 * with at least one size in stock, false the sold-out ones. product_listing.in_stock holds it,
 * written only when a product sells out or comes back (migration 0024), so the test reads the
 * listing's own row: nothing more on a walk down a sort index or on a count.
 */
export function stockCondition(inStock: boolean): SQL {
  const stocked = productListing.inStock.getSQL();
  return inStock ? stocked : not(productListing.inStock);
}
