import { and, arrayOverlaps, eq, getTableName, gte, inArray, like, lte, or, type SQL, sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client";
import { merchants, productListing, searchTerms } from "../../db/schema";
import { isStatementTimeout, searchTimedOut } from "../http/http";
import type { ProductQuery } from "./product-query";
import { priceBandCover, type TermKind } from "./search-text";
import { stockCondition } from "./stock-filter";

// From a product query to the conditions on product_listing that find its products.
//
// The listing reads only product_listing (api/db/schema.ts): one narrow row per product (about
// 390 bytes against 1 KB for products) with its sort keys, its selling prices and `terms`, the
// search_terms ids of its words, filter values and price bands, under a GIN index. A request:
//
// 1. `resolveQuery` turns each filter and each search term into the set of search_terms ids that
//    satisfy it: "category Fashion or Televisions" is two ids, "wireless" every word holding
//    "wireless", "₹2,000–5,000" four price bands. One small query against the vocabulary (about
//    4,000 terms for the seeded catalogue), which also answers how many products hold each term:
//    a set that comes back empty means nothing matches, and a query of one condition ("unisex",
//    "brand Nike or Puma") has its number of matches without counting them.
// 2. A product matches when it holds an id of every set (`terms && ids`) and passes the exact
//    price checks. The GIN index intersects the sets itself and answers them exactly, so
//    counting the matches reads only the matching narrow rows and compares no text: 2.5 ms for
//    the 15,900 products holding "wireless" at 100,000 products, where the LIKE on the full
//    product rows this replaces took 20–23 ms.
// 3. `listPage` (listing-planner.ts) finds the page (a walk down the sort's index, or sorting the matches), and
//    loadProducts reads those products in full.

/**
 * Runs a guest's read (a list, a count, suggestions) in a transaction whose statements PostgreSQL
 * cancels after `timeoutMs` each (`set_config('statement_timeout', …, true)` is SET LOCAL: it ends
 * with the transaction, so the pooled connection goes back unchanged). The rules below bound what
 * a search costs; this is the backstop for what they miss and for a server that is simply busy:
 * a cancelled statement answers 503 SERVICE_UNAVAILABLE (api/lib/http/http.ts, searchTimedOut) instead of
 * holding a connection for as long as the query likes.
 */
export async function withStatementTimeout<T>(
  db: Database,
  timeoutMs: number,
  read: (tx: Database) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(Math.round(timeoutMs))}, true)`);
      return read(tx as unknown as Database);
    });
  } catch (error) {
    if (isStatementTimeout(error)) throw searchTimedOut();
    throw error;
  }
}

/** Escapes LIKE's wildcards so a term matches literally (backslash is PostgreSQL's default LIKE escape). */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * The words a search term finds, at most MAX_TERM_WORDS of them. A term never holds a space and
 * the words are the search text split on spaces, so "some word contains the term" is "the text
 * contains it".
 *
 * A term of three characters or more matches anywhere in a word ('%term%', served by the trigram
 * index). A shorter one of letters and digits ("tv", "lg", "mi", "55") matches at the start of a
 * word instead: it is the better match ("mi" should find Mi phones, not every "premium" and
 * "minimal"), and the index can serve 'tv%' but not '%tv%'; so does one with a mark ("a%" finds
 * "a%…", literally). A shorter one of marks alone ("%", "_", "-") matches anywhere, literally: no
 * index serves that, so only the first of a search counts (searchTermsOf).
 *
 * Whatever the term, it stands for the MAX_TERM_WORDS words most products hold (the word itself
 * first, when it is one): in a vocabulary of model numbers and colours, "s" starts 11,000 words,
 * and asking the listing's index for every one of them cost 1.2 s at 1,00,000 products
 * (docs/decisions/013-forgiving-search.md, 2026-11-26).
 */
function wordPattern(term: string): string {
  const escaped = escapeLike(term);
  return term.length < 3 && HAS_LETTER_OR_DIGIT.test(term) ? `${escaped}%` : `%${escaped}%`;
}

const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** A term of one or two characters none of which is a letter or digit: it matches anywhere, which reads the whole vocabulary. */
const isBareMark = (term: string) => term.length < 3 && !HAS_LETTER_OR_DIGIT.test(term);

/** The search_terms that satisfy one condition of a query: a SELECT of their `id` and `product_count`. */
function termIds(kind: TermKind, values: readonly string[]): SQL {
  return sql`select ${searchTerms.id}, ${searchTerms.productCount} from ${searchTerms}
    where ${and(eq(searchTerms.kind, kind), inArray(searchTerms.term, [...values]))}`;
}

/**
 * An all-digit term may instead match the merchant's contact phone (anywhere in it), so
 * "98765" finds a merchant's products and "55" still finds a 55-inch TV.
 */
function searchTermIds(term: string): SQL {
  // The derived table keeps the LIMIT to the words (a bare `select … limit` cannot stand before UNION ALL).
  const words = sql`select "id", "product_count" from (
    select ${searchTerms.id}, ${searchTerms.productCount} from ${searchTerms}
    where ${searchTerms.kind} = 'word' and ${like(searchTerms.term, wordPattern(term))}
    order by ${searchTerms.term} = ${term} desc, ${searchTerms.productCount} desc, ${searchTerms.id}
    limit ${MAX_TERM_WORDS}) as "words"`;
  if (!/^\d+$/.test(term)) return words;
  return sql`${words} union all select ${searchTerms.id}, ${searchTerms.productCount} from ${searchTerms}
    join ${merchants} on ${searchTerms.kind} = 'merchant' and ${searchTerms.term} = ${merchants.id}
    where ${like(merchants.contactPhone, `%${escapeLike(term)}%`)}`;
}

/**
 * The terms of a search, as the list matches them: lower-cased, split on spaces, the first
 * MAX_SEARCH_TERMS, each cut to MAX_TERM_LENGTH characters; of the terms of one or two marks
 * ("%", "_", "-"), only the first.
 */
export function searchTermsOf(search: string): string[] {
  const terms = search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_TERMS)
    .map((term) => [...term].slice(0, MAX_TERM_LENGTH).join(""));
  const firstMark = terms.findIndex(isBareMark);
  return terms.filter((term, i) => i === firstMark || !isBareMark(term));
}

// What one search may cost, whatever a guest types (docs/decisions/013-forgiving-search.md, 2026-11-26).
// Each rule bounds one way a query's work grows; the statement timeout (withStatementTimeout) is
// the backstop.

/** Terms of a search past this many are ignored. */
export const MAX_SEARCH_TERMS = 10;
/**
 * A term is cut to this many characters (the first 40 of a 200-character word): the catalogue's
 * longest words are shorter, and the trigram lookup's work grows with the term.
 */
export const MAX_TERM_LENGTH = 40;
/** A term stands for at most this many words of the vocabulary, those most products hold. */
export const MAX_TERM_WORDS = 50;

const INT_MAX = 2 ** 31 - 1;

/** Price bounds in whole rupees (selling prices are whole), inside PostgreSQL's integer range; null for a range nothing sells in. */
function priceBounds(
  range: NonNullable<ProductQuery["priceRange"]>,
): { low: number | null; high: number | null } | null {
  const low = range.min == null ? null : Math.ceil(range.min);
  const high = range.max == null ? null : Math.min(Math.floor(range.max), INT_MAX);
  if (low !== null && (low > INT_MAX || (high !== null && low > high))) return null; // nothing sells in it
  return { low, high };
}

/**
 * What a query asks of product_listing, or null when no product can match (a filter value or
 * search term that no product has, an empty price range). Every list empty: every product.
 */
export type ListingFilter = {
  /** The product must hold an id of each of these sets (`terms && ids`): filters, search terms and price bands. */
  terms: SQL[];
  /** Exact price conditions on the candidates' own columns. */
  checks: SQL[];
  /**
   * Conditions a walk down a sort index tests on each row: `terms` without the price bands,
   * which the checks imply (they only help the GIN index find candidates), and the checks.
   */
  walk: SQL[];
  /** The number of matches, when the terms' product counts tell it without counting. */
  knownCount?: number;
  /** Products in the catalogue, as of the last ANALYZE (-1 before any), when the vocabulary was asked. */
  total?: number;
  /**
   * At most this many products match, by the terms' product counts (the fewest of any one
   * required condition), when the vocabulary was asked: the suggestions choose their plan by it.
   */
  estimate?: number;
} | null;

/** Kinds of which every product holds exactly one term: the product counts of several add up. */
const SINGLE_VALUED: readonly TermKind[] = [
  "category",
  "sub_category",
  "brand",
  "product_type",
  "product_sub_type",
  "gender",
];

/**
 * Measured on PGlite at 100,000 products: each entry of a posting list the GIN index merges
 * costs about 0.08 µs, each candidate row it then yields about 0.33 µs (the row is read and the
 * price checked). A price's bands are asked for only when the candidates they save outweigh
 * the entries they add: ₹1,200–1,299 within Fashion, yes; ₹300–11,800, which nearly every
 * Fashion product meets, no (6 ms more, for nothing).
 */
const GIN_ENTRY_COST = 0.08;
const CANDIDATE_COST = 0.33;

export async function resolveQuery(db: Database, query: ProductQuery): Promise<ListingFilter> {
  const bounds = query.priceRange ? priceBounds(query.priceRange) : { low: null, high: null };
  if (bounds === null) return null;
  const { low, high } = bounds;
  const priced = low !== null || high !== null;
  const { minRating } = query;

  // Each set of search_terms ids stands for one condition: a product must hold one id of each.
  type IdSet = { ids: SQL; kind?: TermKind; role: "required" | "bands" | "sizes" };
  const sets: IdSet[] = [];
  const lists = [
    ["category", query.category],
    ["sub_category", query.subCategory],
    ["brand", query.brand],
    ["product_type", query.productType],
    ["product_sub_type", query.productSubType],
  ] as const;
  for (const [kind, values] of lists)
    if (values.length > 0) sets.push({ ids: termIds(kind, values), kind, role: "required" });
  if (query.gender) sets.push({ ids: termIds("gender", [query.gender]), kind: "gender", role: "required" });
  // Every term of `search` must match.
  for (const term of searchTermsOf(query.search)) {
    sets.push({ ids: searchTermIds(term), role: "required" });
  }
  if (query.size.length > 0) {
    // With a price, the size is checked together with it (on the same variant), which needs the
    // sizes' ids; the "size_price" bands may then stand for the size set.
    sets.push({ ids: termIds("size", query.size), kind: "size", role: priced ? "sizes" : "required" });
  }
  if (priced && query.size.length > 0) {
    const bands = priceBandCover(low ?? 0, high ?? INT_MAX);
    sets.push({
      ids: termIds(
        "size_price",
        bands.flatMap((band) => query.size.map((size) => `${band}:${size}`)),
      ),
      role: "bands",
    });
  } else if (low !== null && high !== null) {
    sets.push({ ids: termIds("price", priceBandCover(low, high)), role: "bands" });
  }
  // A price with one bound needs no bands: its check alone is exact and has its own index.

  const filter: NonNullable<ListingFilter> = { terms: [], checks: [], walk: [] };
  let sizeIds: number[] = [];
  if (sets.length > 0) {
    const rows = rowsOf<{ set: number; id: number; products: number; total: number | string }>(
      await db.execute(sql`
        select "set", "id", "product_count" as "products",
          (select reltuples from pg_class where oid = ${getTableName(productListing)}::regclass) as "total"
        from (${sql.join(
          sets.map(
            ({ ids }, set) =>
              sql`select ${sql.raw(String(set))} as "set", "id", "product_count" from (${ids}) as "ids"`,
          ),
          sql` union all `,
        )}) as "sets"`),
    );
    const found = sets.map(() => ({ ids: [] as number[], products: 0 }));
    for (const row of rows) {
      found[Number(row.set)].ids.push(Number(row.id));
      found[Number(row.set)].products += Number(row.products);
    }
    if (found.some((set) => set.ids.length === 0)) return null;
    filter.total = Number(rows[0].total);
    const required = found.filter((_, i) => sets[i].role === "required").map((set) => set.products);
    if (required.length > 0) filter.estimate = Math.min(...required);

    // Whether the bands are worth asking for (GIN_ENTRY_COST): weighed against the fewest
    // candidates the other sets (or, for a price with a size, the size set) leave.
    const bands = sets.findIndex((set) => set.role === "bands");
    const size = sets.findIndex((set) => set.role === "sizes");
    let useBands = bands >= 0;
    if (useBands) {
      const catalogue = Math.max(filter.total, 1);
      const others = found.filter((_, i) => sets[i].role === "required" || i === size).map((set) => set.products);
      const candidates = Math.min(catalogue, ...others);
      const banded = Math.min(found[bands].products, catalogue);
      useBands = GIN_ENTRY_COST * (candidates + banded) < CANDIDATE_COST * candidates * (1 - banded / catalogue);
    }
    sets.forEach((set, i) => {
      const overlap = arrayOverlaps(productListing.terms, found[i].ids);
      if (set.role === "sizes") {
        sizeIds = found[i].ids;
        // Without the bands, the size set finds the candidates itself.
        if (!useBands) {
          filter.terms.push(overlap);
          filter.walk.push(overlap);
        }
      } else if (set.role === "bands") {
        if (useBands) filter.terms.push(overlap);
      } else {
        filter.terms.push(overlap);
        filter.walk.push(overlap);
      }
    });
    // One condition on one term, or on terms of a field every product has one value of: the
    // product counts add up to the number of matches.
    const only = sets.findIndex((set) => set.role === "required");
    if (
      !priced &&
      minRating === null &&
      query.inStock === null &&
      sets.length === 1 &&
      (found[only].ids.length === 1 || SINGLE_VALUED.includes(sets[only].kind!))
    ) {
      filter.knownCount = found[only].products;
    }
  }

  if (priced) {
    // "A variant sells in the range": a variant at most `high` is the cheapest one being at most
    // `high`, and one at least `low` the dearest at least `low`. With both bounds, a product
    // whose cheapest or dearest variant is inside is in; only one with variants on both sides
    // of the range needs every price checked (rare, and cheap on the multirange).
    const { minCost, maxCost, costRanges, sizeCosts } = productListing;
    if (high !== null) filter.checks.push(lte(minCost, high));
    if (low !== null) filter.checks.push(gte(maxCost, low));
    if (low !== null && high !== null) {
      filter.checks.push(
        or(gte(minCost, low), lte(maxCost, high), sql`${costRanges} && int4range(${low}, ${high}, '[]')`)!,
      );
    }
    // Size and price are matched on the same variant: "size M between ₹500 and ₹1,000" means an M
    // that sells in that range, not an M at any price and some other size in the range.
    if (sizeIds.length > 0) {
      const from = BigInt(low ?? 0);
      const to = BigInt(high ?? INT_MAX);
      const ranges = sizeIds.map((id) => `[${(BigInt(id) << 32n) + from},${(BigInt(id) << 32n) + to}]`);
      filter.checks.push(sql`${sizeCosts} && ${`{${ranges.join(",")}}`}::int8multirange`);
    }
    filter.walk.push(...filter.checks);
  }
  if (minRating !== null) {
    // The rating as the cards round it, to one decimal (app/lib/catalogue/catalogue.ts): 3.95 shows as 4.0,
    // so it is "4★ & above". Unrated products (null) never match.
    const atLeast = gte(productListing.ratingValue, minRating - 0.05);
    filter.checks.push(atLeast);
    filter.walk.push(atLeast);
  }
  if (query.inStock !== null) {
    const stock = stockCondition(query.inStock);
    filter.checks.push(stock);
    filter.walk.push(stock);
  }
  return filter;
}
