/** The fields the product search covers, lower-cased into one indexed column. */
export type SearchableProduct = {
  category: string;
  subCategory: string;
  tagLine: string;
  shortTitle: string;
  longTitle: string;
  brand: string;
  productType: string;
  productSubType: string;
  gender: string;
};

export function buildSearchText(p: SearchableProduct): string {
  return [
    p.shortTitle,
    p.longTitle,
    p.tagLine,
    p.brand,
    p.category,
    p.subCategory,
    p.productType,
    p.productSubType,
    p.gender,
  ]
    .join(" \u0001 ")
    .toLowerCase();
}

/** What a product's row in product_listing is filtered on, besides its search text. */
export type ListingSource = {
  searchText: string;
  category: string;
  subCategory: string;
  brand: string;
  productType: string;
  productSubType: string;
  gender: string;
  merchantId: string;
  variants: readonly { size: string; cost: number }[];
};

/** The kinds of search_terms (api/db/schema.ts): "word" for search, the others for filters. */
export type TermKind =
  | "word"
  | "category"
  | "sub_category"
  | "brand"
  | "product_type"
  | "product_sub_type"
  | "gender"
  | "merchant"
  | "size"
  | "price"
  | "size_price";

// Price bands: a selling price lies in a fine band, its first two digits (₹1,200–1,299,
// ₹87,000–87,999; below ₹100 each rupee), and in a coarse band, its first digit (₹1,000–1,999).
// A price filter finds its candidates through the bands that cover its range, in the same GIN
// index as every other filter, then checks their exact prices; coarse bands keep the cover
// short (₹2,000–5,000 is three coarse bands and one fine one, not thirty-one fine ones), which
// matters because the index's cost grows with the number of bands asked for.
//
// Whole-number arithmetic only: product_listing_price_band (migration 0002) computes the same
// in SQL, and the two must agree to the rupee.

/** A band of one leading digit (coarse) or two (fine). */
export type BandDigits = 1 | 2;

function bandUnit(cost: number, digits: BandDigits): number {
  const length = String(cost).length;
  return length <= digits ? 1 : 10 ** (length - digits);
}

/** The start of the band holding a price. */
export function priceBand(cost: number, digits: BandDigits): number {
  return cost - (cost % bandUnit(cost, digits));
}

/** A band as a term, "2:0000001200": its digits, then its start zero-padded. */
export function priceBandTerm(start: number, digits: BandDigits): string {
  return `${digits}:${String(start).padStart(10, "0")}`;
}

/**
 * The bands that together cover low..high (whole rupees, low ≥ 0): coarse ones where a whole
 * coarse band fits, fine ones at the edges. They may reach past the range by part of a fine
 * band, never miss any of it.
 */
export function priceBandCover(low: number, high: number): string[] {
  const terms: string[] = [];
  let at = low;
  while (at <= high) {
    const coarse = bandUnit(at, 1);
    if (at % coarse === 0 && at + coarse - 1 <= high) {
      terms.push(priceBandTerm(at, 1));
      at += coarse;
    } else {
      const start = priceBand(at, 2);
      terms.push(priceBandTerm(start, 2));
      at = start + bandUnit(at, 2);
    }
  }
  return terms;
}

/**
 * A product's terms for product_listing.terms, each [kind, term] pair once: every
 * space-separated word of the search text, every value the product can be filtered on, and
 * the price bands of each variant, alone ("price") and with the variant's size ("size_price",
 * "2:0000001200:M"), so that "size M at ₹1,000–1,500" narrows to products with an M in those
 * bands rather than any M and any variant in them.
 *
 * The seed computes the listing with this; product_listing_refresh (migration 0002) computes
 * the same in SQL for every other write, and tests/unit/seed.test.ts checks that they agree.
 * Words are split on the space only: a search term never holds a space, so "some word contains
 * the term" is exactly "the text contains the term", the LIKE the product list used to run.
 */
export function listingTerms(p: ListingSource): [TermKind, string][] {
  const terms: [TermKind, string][] = [];
  const seen = new Set<string>();
  const add = (kind: TermKind, term: string) => {
    const key = `${kind}\u0000${term}`;
    if (seen.has(key)) return;
    seen.add(key);
    terms.push([kind, term]);
  };
  for (const word of p.searchText.split(" ")) if (word !== "") add("word", word);
  add("category", p.category);
  add("sub_category", p.subCategory);
  add("brand", p.brand);
  add("product_type", p.productType);
  add("product_sub_type", p.productSubType);
  add("gender", p.gender);
  add("merchant", p.merchantId);
  for (const v of p.variants) {
    add("size", v.size);
    for (const digits of [1, 2] as const) {
      const band = priceBandTerm(priceBand(v.cost, digits), digits);
      add("price", band);
      add("size_price", `${band}:${v.size}`);
    }
  }
  return terms;
}
