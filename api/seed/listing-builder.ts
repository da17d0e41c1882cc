import type { productListing, searchTerms } from "../db/schema";
import { listingTerms } from "../lib/search/search-text";
import type { ProductRow, VariantRow } from "./generate";

type ListingRow = typeof productListing.$inferInsert;
type SearchTermRow = typeof searchTerms.$inferInsert;

/**
 * Collects product_listing's rows and the search_terms vocabulary while the products are
 * generated: the same rows product_listing_refresh (migration 0002) would make, with the
 * vocabulary numbered in the order its terms are first met and each term's product count.
 */
export class ListingBuilder {
  readonly terms: SearchTermRow[] = [];
  private readonly ids = new Map<string, number>();
  private readonly rows: { row: ListingRow; cluster: string }[] = [];

  private idOf(kind: string, term: string): number {
    const key = `${kind}\u0000${term}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.terms.length + 1;
      this.ids.set(key, id);
      this.terms.push({ id, kind, term, productCount: 0 });
    }
    return id;
  }

  add(product: ProductRow, productVariants: VariantRow[]): void {
    const termIds = listingTerms({ ...product, variants: productVariants }).map(([kind, term]) => {
      const id = this.idOf(kind, term);
      this.terms[id - 1].productCount! += 1;
      return id;
    });
    const costs = [...new Set(productVariants.map((v) => v.cost))].sort((a, b) => a - b);
    // size × 2³² + cost: see product_listing.size_costs.
    const sizeCosts = productVariants.map((v) => (BigInt(this.idOf("size", v.size)) << 32n) + BigInt(v.cost));
    this.rows.push({
      row: {
        productId: product.id,
        createdAt: product.createdAt!,
        price: product.price,
        discount: product.discount,
        ratingValue: product.ratingValue,
        inStock: productVariants.some((v) => v.quantity > 0),
        shortTitle: product.shortTitle,
        minCost: costs.length > 0 ? costs[0] : null,
        maxCost: costs.length > 0 ? costs[costs.length - 1] : null,
        costRanges: `{${costs.map((cost) => `[${cost},${cost}]`).join(",")}}`,
        sizeCosts: `{${sizeCosts.map((point) => `[${point},${point}]`).join(",")}}`,
        terms: termIds.sort((a, b) => a - b),
      },
      // Rows of a kind of product sit together on disk: a search or filter matches mostly
      // products of a few kinds, so its matches fill fewer pages (in the benchmark at 100,000
      // products, p50 6 ms and p95 13 ms against 9 and 17 ms in the order of generation).
      cluster: [
        product.category,
        product.subCategory,
        product.productType,
        product.productSubType,
        product.brand,
        product.id,
      ].join("\u0000"),
    });
  }

  /** The rows in the order to write them. */
  sortedRows(): ListingRow[] {
    return this.rows.sort((a, b) => (a.cluster < b.cluster ? -1 : a.cluster > b.cluster ? 1 : 0)).map((r) => r.row);
  }
}
