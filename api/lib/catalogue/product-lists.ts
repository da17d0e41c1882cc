import { z } from "zod";
import type { Database } from "../../db/client";
import { loadProducts, type ProductJson } from "./catalogue";
import { productIdSchema } from "../http/line-schemas";

/** `{productId}`: what adding to or removing from a list (wishlist, compare) sends. */
export const listProductSchema = z.object({ productId: productIdSchema });

/** An entry of a shopper's product list (wishlist, compare) as the API answers it. */
export type ProductListEntryJson = {
  /** A list holds a product once, so the product id names the entry too. */
  _id: string;
  productId: ProductJson;
  createdAt: string;
};

/** The entries with their products populated, in the rows' order; a product gone from the catalogue is left out. */
export async function populateEntries(
  db: Database,
  rows: { productId: string; createdAt: Date }[],
): Promise<ProductListEntryJson[]> {
  // Like a cart line, an entry keeps a product an admin hid since; adding one is refused.
  const catalogue = await loadProducts(
    db,
    rows.map((row) => row.productId),
    { includeHidden: true },
  );
  return rows.flatMap((row) => {
    const product = catalogue.get(row.productId);
    return product ? [{ _id: row.productId, productId: product, createdAt: row.createdAt.toISOString() }] : [];
  });
}
