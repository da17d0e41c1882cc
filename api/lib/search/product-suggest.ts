import { and, desc, inArray, type SQL, sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client";
import { productListing, searchTerms } from "../../db/schema";
import { type ListingFilter, resolveQuery, searchTermsOf } from "./product-search";
import { productListSchema } from "./product-query";
import { correctSearch } from "./search-fallback";

// What the header's search box suggests as the shopper types (GET /userapp/product/suggest):
// categories and brands whose names the words start, then the best-rated products the words find
// (the product list's own search, api/lib/search/product-search.ts), one per title. A query that finds no
// product is corrected first, as the list corrects it (api/lib/search/search-fallback.ts).

export const DEFAULT_SUGGESTIONS = 8;
export const MAX_SUGGESTIONS = 10;
/** Longer queries are refused: nobody types a 100-character search into a box that suggests. */
export const MAX_SUGGEST_QUERY = 100;
/** At most this many categories (and sub-categories), and as many brands, lead the suggestions. */
const MAX_GROUP = 2;

export type Suggestion =
  | { type: "category"; label: string; filter: "category" | "subCategory"; value: string }
  | { type: "brand"; label: string; filter: "brand"; value: string }
  | { type: "product"; label: string; id: string; category: string };

export type Suggestions = { query: string; correction: string | null; suggestions: Suggestion[] };

/** The query as suggestions read it: spaces collapsed, trimmed. */
export function normaliseSuggestQuery(q: string): string {
  return q.replace(/\s+/g, " ").trim();
}

/**
 * Whether a category's or brand's name answers the query: every word typed starts a word of the
 * name ("sams" → Samsung, "smart t" → Smart TV), or the name is one of the words typed ("samsung
 * tv" → Samsung).
 */
export function nameMatches(name: string, terms: readonly string[]): boolean {
  if (terms.length === 0) return false;
  const words = name
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  if (terms.every((term) => words.some((word) => word.startsWith(term)))) return true;
  const whole = name.toLowerCase();
  return terms.some((term) => term === whole || term === whole.replace(/\s+/g, ""));
}

const KIND_FILTER = { category: "category", sub_category: "subCategory", brand: "brand" } as const;

/** The vocabulary's categories, sub-categories and brands that name any product, most products first. */
export type CatalogueName = { kind: string; term: string };

/** A few dozen rows, read whole and matched in `namedSuggestions`. */
export function readCatalogueNames(db: Database): Promise<CatalogueName[]> {
  return db
    .select({ kind: searchTerms.kind, term: searchTerms.term })
    .from(searchTerms)
    .where(and(inArray(searchTerms.kind, ["category", "sub_category", "brand"]), sql`${searchTerms.productCount} > 0`))
    .orderBy(desc(searchTerms.productCount), searchTerms.term);
}

function namedSuggestions(rows: readonly CatalogueName[], terms: readonly string[]): Suggestion[] {
  const categories: Suggestion[] = [];
  const brands: Suggestion[] = [];
  for (const row of rows) {
    if (!nameMatches(row.term, terms)) continue;
    if (row.kind === "brand") {
      if (brands.length < MAX_GROUP) brands.push({ type: "brand", label: row.term, filter: "brand", value: row.term });
    } else if (categories.length < MAX_GROUP && !categories.some((c) => c.label === row.term)) {
      const filter = KIND_FILTER[row.kind as "category" | "sub_category"];
      categories.push({ type: "category", label: row.term, filter, value: row.term });
    }
  }
  return [...categories, ...brands];
}

/**
 * Reading a row down the rating index and testing it costs about 0.8 µs, sorting a match found
 * through the GIN index about 0.35 µs (listing-planner.ts measured both).
 */
const WALK_TO_SORT_COST = 0.8 / 0.35;

/**
 * The best-rated products of the filter, `wanted` distinct titles at most. Like the list's
 * planner, it walks down the rating index when matches are common (the first rows are likely to
 * match) and sorts the matches when they are few; it never counts them.
 */
async function topProducts(db: Database, filter: NonNullable<ListingFilter>, wanted: number) {
  const where = and(...filter.terms, ...filter.checks)!;
  // Titles repeat (a model sells in many colours): read a few rows per title wanted.
  const rows = wanted * 4;
  const order = sql`${productListing.ratingValue} desc nulls last, ${productListing.productId} desc nulls last`;
  const total = Math.max(filter.total ?? 0, 1);
  const estimate = Math.max(filter.estimate ?? total, 1);
  // The matches are spread evenly over the rating order, probably: `rows` of them sit about this far down.
  const walk = Math.ceil((4 * rows * total) / estimate);
  type Row = { id: string; title: string; category: string };
  // Each candidate's category (for the product's address) comes with it, by primary key from products.
  const withCategory = (candidates: SQL) => sql`
    select c."id", c."title", p."category" from (${candidates}) as c join "products" p on p."id" = c."id"
    order by c."rating_value" desc nulls last, c."id" desc`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    let found: Row[] | undefined;
    if (walk * WALK_TO_SORT_COST < estimate) {
      // The derived table is named like the table so the conditions apply to it unchanged (listing-planner.ts).
      const walked = rowsOf<Row>(
        await tx.execute(
          withCategory(sql`
            select "product_id" as "id", "short_title" as "title", "rating_value" from (
              select * from ${productListing} order by ${order} limit ${walk}
            ) as ${productListing} where ${where} order by ${order} limit ${rows}`),
        ),
      );
      if (walked.length === rows) found = walked;
    }
    if (!found) {
      // OFFSET 0 keeps the planner from turning this back into a walk (listing-planner.ts).
      found = rowsOf<Row>(
        await tx.execute(
          withCategory(sql`
            select "product_id" as "id", "short_title" as "title", "rating_value" from (
              select ${productListing.productId}, ${productListing.shortTitle}, ${productListing.ratingValue}
              from ${productListing} where ${where} offset 0
            ) as ${productListing} order by ${order} limit ${rows}`),
        ),
      );
    }
    const seen = new Set<string>();
    return found.filter((row) => !seen.has(row.title) && seen.add(row.title)).slice(0, wanted);
  });
}

const emptyQuery = productListSchema.parse({}).query;

/**
 * Suggestions for what the shopper has typed so far: categories, brands, then products, `limit` in
 * all. `names` reads the categories and brands (the route keeps them in its catalogue cache).
 */
export async function suggest(
  db: Database,
  q: string,
  limit: number,
  names: () => Promise<CatalogueName[]> = () => readCatalogueNames(db),
): Promise<Suggestions> {
  const query = normaliseSuggestQuery(q);
  const terms = searchTermsOf(query);
  if (terms.length === 0) return { query, correction: null, suggestions: [] };

  let correction: string | null = null;
  let filter = await resolveQuery(db, { ...emptyQuery, search: query });
  if (filter === null) {
    correction = await correctSearch(db, query);
    if (correction !== null) filter = await resolveQuery(db, { ...emptyQuery, search: correction });
  }
  const named = namedSuggestions(await names(), correction === null ? terms : searchTermsOf(correction));
  const leading = named.slice(0, limit);
  const wanted = limit - leading.length;
  const products = filter === null || wanted <= 0 ? [] : await topProducts(db, filter, wanted);
  return {
    query,
    correction: filter === null ? null : correction,
    suggestions: [
      ...leading,
      ...products.map((p): Suggestion => ({ type: "product", label: p.title, id: p.id, category: p.category })),
    ],
  };
}
