import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  getTableName,
  gte,
  inArray,
  like,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../db/client";
import { merchants, productListing, searchTerms } from "../db/schema";
import { type ProductJson, loadProducts } from "../lib/catalogue";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { idPattern, notFound, ok, readBody } from "../lib/http";
import { priceBandCover, type TermKind } from "../lib/search-text";
import { paginator } from "../lib/paging";

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;
/** Far beyond any real catalogue; keeps OFFSET a sane integer. */
const MAX_PAGE = 1_000_000;

// ---------------------------------------------------------------------------------------------
// Request schemas. Unknown keys (Mongo-style `collation`, `lean`, `pagination`, a query's
// `isDeleted`...) are dropped by zod, so nothing a client sends reaches SQL except the
// values read below, always as bound parameters.

/** A number, also when sent as a numeric string ("20"); null or a blank string counts as absent. */
const numberLike = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string" && value.trim() === "") return undefined;
  const parsed = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(parsed)) {
    ctx.addIssue({ code: "custom", message: "Expected a number" });
    return z.NEVER;
  }
  return parsed;
});

const filterValue = z.string().trim().max(100, "At most 100 characters");

/** A list filter: a list of strings, or one string (normalised to a list). Blanks are dropped; an empty list filters nothing. */
const filterList = z
  .preprocess(
    (value) => (typeof value === "string" ? [value] : value),
    z.array(filterValue).max(50, "At most 50 values").nullish(),
  )
  .transform((value) => (value ?? []).filter((v) => v !== ""));

const priceBound = numberLike.pipe(z.number().nonnegative("Must be 0 or more").optional()).optional();

const querySchema = z.object({
  search: z
    .preprocess(
      (value) => (typeof value === "number" ? String(value) : value),
      z.string().max(200, "At most 200 characters").nullish(),
    )
    .transform((value) => value ?? ""),
  category: filterList,
  subCategory: filterList,
  brand: filterList,
  productType: filterList,
  productSubType: filterList,
  size: filterList,
  gender: filterValue.nullish().transform((value) => value || null),
  priceRange: z
    .object({ min: priceBound, max: priceBound })
    .nullish()
    .refine((range) => range == null || range.min == null || range.max == null || range.min <= range.max, {
      message: "The minimum price must not exceed the maximum",
      path: ["min"],
    }),
});

export type ProductQuery = z.output<typeof querySchema>;

type SortField = "createdAt" | "price" | "discount" | "rating" | "title";
type Sort = { field: SortField; direction: "asc" | "desc" };

const DEFAULT_SORT: Sort = { field: "createdAt", direction: "desc" };

/** Accepted names for each sort field (the spec's names, and the column names a client may know). */
const SORT_FIELDS: Record<string, SortField> = {
  createdAt: "createdAt",
  price: "price",
  discount: "discount",
  rating: "rating",
  ratingValue: "rating",
  title: "title",
  shortTitle: "title",
  "title.shortTitle": "title",
};

function sortDirection(value: unknown): Sort["direction"] | null {
  const text = typeof value === "string" ? value.trim().toLowerCase() : value;
  if (text === 1 || text === "1" || text === "asc" || text === "ascending") return "asc";
  if (text === -1 || text === "-1" || text === "desc" || text === "descending") return "desc";
  return null;
}

/** `{price: 1}`, `{createdAt: "-1"}`, `{rating: "desc"}`, or Mongo's string form `"-createdAt"`. One field at a time. */
const sortSchema = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .nullish()
  .transform((value, ctx): Sort => {
    if (value == null) return DEFAULT_SORT;
    let entries: [string, unknown][];
    if (typeof value === "string") {
      const tokens = value.trim().split(/\s+/).filter(Boolean);
      entries = tokens.map((token) => (token.startsWith("-") ? [token.slice(1), -1] : [token.replace(/^\+/, ""), 1]));
    } else {
      entries = Object.entries(value);
    }
    if (entries.length === 0) return DEFAULT_SORT;
    if (entries.length > 1) {
      ctx.addIssue({ code: "custom", message: "Sort by one field at a time" });
      return z.NEVER;
    }
    const [key, rawDirection] = entries[0];
    const field = Object.hasOwn(SORT_FIELDS, key) ? SORT_FIELDS[key] : undefined;
    if (!field) {
      ctx.addIssue({ code: "custom", path: [key], message: "Sort by createdAt, price, discount, rating or title" });
      return z.NEVER;
    }
    const direction = sortDirection(rawDirection);
    if (!direction) {
      ctx.addIssue({ code: "custom", path: [key], message: "Use 1 (ascending) or -1 (descending)" });
      return z.NEVER;
    }
    return { field, direction };
  });

const optionsSchema = z.object({
  page: numberLike
    .pipe(z.number().int("Expected a whole number").min(1, "Must be 1 or more").max(MAX_PAGE, "Too large").optional())
    .optional()
    .transform((value) => value ?? 1),
  // Above the cap is clamped, not refused: a client asking for 500 gets 100.
  limit: numberLike
    .pipe(z.number().int("Expected a whole number").min(1, "Must be 1 or more").optional())
    .optional()
    .transform((value) => Math.min(value ?? DEFAULT_LIMIT, MAX_LIMIT)),
  sort: sortSchema,
  // Accepted for the original client; the merchant is always populated.
  populate: z.unknown().optional(),
});

const listSchema = z.object({
  query: querySchema.nullish().transform((value) => value ?? querySchema.parse({})),
  options: optionsSchema.nullish().transform((value) => value ?? optionsSchema.parse({})),
  isCountOnly: z.boolean().nullish(),
});

const countSchema = z.object({
  query: querySchema.nullish().transform((value) => value ?? querySchema.parse({})),
});

// ---------------------------------------------------------------------------------------------
// SQL
//
// Everything here reads product_listing (api/db/schema.ts): one narrow row per product (about
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
// 3. `listPage` finds the page (a walk down the sort's index, or sorting the matches), and
//    loadProducts reads those products in full.

/** Escapes LIKE's wildcards so a term matches literally (backslash is PostgreSQL's default LIKE escape). */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * The words a search term finds. A term never holds a space and the words are the search
 * text split on spaces, so "some word contains the term" is "the text contains it".
 *
 * A term of three characters or more matches anywhere in a word ('%term%'). A shorter one of
 * letters and digits ("tv", "lg", "mi", "55") matches at the start of a word instead: it is the
 * better match ("mi" should find Mi phones, not every "premium" and "minimal"), and the trigram
 * index can serve 'tv%' but not '%tv%'.
 */
function wordPattern(term: string): string {
  const escaped = escapeLike(term);
  return term.length < 3 && /^[\p{L}\p{N}]+$/u.test(term) ? `${escaped}%` : `%${escaped}%`;
}

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
  const words = sql`select ${searchTerms.id}, ${searchTerms.productCount} from ${searchTerms}
    where ${searchTerms.kind} = 'word' and ${like(searchTerms.term, wordPattern(term))}`;
  if (!/^\d+$/.test(term)) return words;
  return sql`${words} union all select ${searchTerms.id}, ${searchTerms.productCount} from ${searchTerms}
    join ${merchants} on ${searchTerms.kind} = 'merchant' and ${searchTerms.term} = ${merchants.id}
    where ${like(merchants.contactPhone, `%${escapeLike(term)}%`)}`;
}

const INT_MAX = 2 ** 31 - 1;

/** Price bounds in whole rupees (selling prices are whole), inside PostgreSQL's integer range; null for a range nothing sells in. */
function priceBounds(range: NonNullable<ProductQuery["priceRange"]>): { low: number | null; high: number | null } | null {
  const low = range.min == null ? null : Math.ceil(range.min);
  const high = range.max == null ? null : Math.min(Math.floor(range.max), INT_MAX);
  if (low !== null && (low > INT_MAX || (high !== null && low > high))) return null; // nothing sells in it
  return { low, high };
}

/**
 * What a query asks of product_listing, or null when no product can match (a filter value or
 * search term that no product has, an empty price range). Every list empty: every product.
 */
type ListingFilter = {
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
} | null;

/** Kinds of which every product holds exactly one term: the product counts of several add up. */
const SINGLE_VALUED: readonly TermKind[] = ["category", "sub_category", "brand", "product_type", "product_sub_type", "gender"];

/**
 * Measured on PGlite at 100,000 products: each entry of a posting list the GIN index merges
 * costs about 0.08 µs, each candidate row it then yields about 0.33 µs (the row is read and the
 * price checked). A price's bands are asked for only when the candidates they save outweigh
 * the entries they add: ₹1,200–1,299 within Fashion, yes; ₹300–11,800, which nearly every
 * Fashion product meets, no (6 ms more, for nothing).
 */
const GIN_ENTRY_COST = 0.08;
const CANDIDATE_COST = 0.33;

async function resolveQuery(db: Database, query: ProductQuery): Promise<ListingFilter> {
  const bounds = query.priceRange ? priceBounds(query.priceRange) : { low: null, high: null };
  if (bounds === null) return null;
  const { low, high } = bounds;
  const priced = low !== null || high !== null;

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
  for (const [kind, values] of lists) if (values.length > 0) sets.push({ ids: termIds(kind, values), kind, role: "required" });
  if (query.gender) sets.push({ ids: termIds("gender", [query.gender]), kind: "gender", role: "required" });
  // Every term of `search` must match.
  for (const term of query.search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10)) {
    sets.push({ ids: searchTermIds(term), role: "required" });
  }
  if (query.size.length > 0) {
    // With a price, the size is checked together with it (on the same variant), which needs the
    // sizes' ids; the "size_price" bands may then stand for the size set.
    sets.push({ ids: termIds("size", query.size), kind: "size", role: priced ? "sizes" : "required" });
  }
  if (priced && query.size.length > 0) {
    const bands = priceBandCover(low ?? 0, high ?? INT_MAX);
    sets.push({ ids: termIds("size_price", bands.flatMap((band) => query.size.map((size) => `${band}:${size}`))), role: "bands" });
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
          sets.map(({ ids }, set) => sql`select ${sql.raw(String(set))} as "set", "id", "product_count" from (${ids}) as "ids"`),
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
    if (!priced && sets.length === 1 && (found[only].ids.length === 1 || SINGLE_VALUED.includes(sets[only].kind!))) {
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
      filter.checks.push(or(gte(minCost, low), lte(maxCost, high), sql`${costRanges} && int4range(${low}, ${high}, '[]')`)!);
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
  return filter;
}

/**
 * ORDER BY for a sort, with the id as a tiebreaker so pages never overlap or skip. Each follows
 * an index of product_listing, forwards or backwards, so a page can be read off it in order.
 */
function orderBy(sort: Sort): SQL[] {
  const { productId } = productListing;
  const dir = sort.direction === "asc" ? asc : desc;
  switch (sort.field) {
    case "createdAt":
      // The index is (created_at DESC NULLS LAST, product_id ASC). Both columns are NOT NULL, so
      // spelling the NULLS placement out changes no result, but without it PostgreSQL does not
      // see that the index's order matches and sorts every row instead. Ascending is the index
      // walked backwards.
      return sort.direction === "desc"
        ? [sql`${productListing.createdAt} desc nulls last`, sql`${productId} asc`]
        : [sql`${productListing.createdAt} asc nulls first`, sql`${productId} desc nulls first`];
    case "price":
      return [dir(productListing.price), dir(productId)];
    case "discount":
      return [dir(productListing.discount), dir(productId)];
    case "rating":
      // Unrated products last either way, each direction with its own index.
      return sort.direction === "asc"
        ? [asc(productListing.ratingValue), asc(productId)]
        : [sql`${productListing.ratingValue} desc nulls last`, sql`${productId} desc nulls last`];
    case "title":
      return [dir(productListing.shortTitle), dir(productId)];
  }
}

const sortColumn = {
  createdAt: productListing.createdAt,
  price: productListing.price,
  discount: productListing.discount,
  rating: productListing.ratingValue,
  title: productListing.shortTitle,
} satisfies Record<SortField, unknown>;

type Page = { ids: string[]; itemCount: number };

function rowsOf<T>(result: unknown): T[] {
  // Both drivers (node-postgres and PGlite) answer `execute` with `{ rows }`.
  return (result as { rows: T[] }).rows;
}

async function countMatches(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(productListing).where(where);
  return row?.n ?? 0;
}

/**
 * Runs `read` in a transaction in which the planner does not scan product_listing whole. For a
 * condition that most products meet ("unisex": 65%), it prefers reading every row and testing
 * `terms && ids` on each, which it prices like comparing two numbers but which costs about
 * 0.3 µs: 37 ms at 100,000 products, against 13 ms through the GIN index, which answers the
 * test exactly without touching the arrays.
 */
function withoutFullScans<T>(db: Database, read: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return read(tx as unknown as Database);
  });
}

/**
 * Measured on PGlite at 100,000 products: reading a row down a sort index and filtering it costs
 * about 0.8 µs, sorting a match found through the GIN index about 0.35 µs (the sort keeps only
 * the top of the page, so it is nearly linear).
 */
const WALK_TO_SORT_COST = 0.8 / 0.35;

/**
 * How far a walk may go, in multiples of the rows it is expected to need: four times first,
 * then, if the matches turned out sparser where the walk started, once more much further, as
 * long as walking stays cheaper than sorting every match.
 */
const WALK_BOUNDS = [4, 32];

/**
 * One page of product ids, in order, and the number of matches.
 *
 * The matches are counted first, unless the term counts gave their number (the paginator needs
 * it anyway). Then the page is found one of two ways, whichever is expected to read fewer rows:
 * - walking down the sort's index, filtering as it goes: with `count` matches among `total`
 *   products, the page is about (offset + limit) × total / count rows down. Cheap when matches
 *   are common, whatever their number.
 * - sorting the matches found through the GIN index: cost in proportion to their number.
 * Matches need not spread evenly over the sort order, though ("Televisions" sorted by price
 * all come late, "Puma" sorted by title starts at the Ps). So the walk starts at the first
 * match's sort key, which the count finds on its way, and is bounded (WALK_BOUNDS); one that
 * falls short sorts the matches after all.
 *
 * No result or count is cached: every request is answered from the tables as they are.
 */
async function listPage(db: Database, filter: ListingFilter, sort: Sort, limit: number, offset: number): Promise<Page> {
  if (filter === null) return { ids: [], itemCount: 0 };
  if (filter.terms.length + filter.checks.length === 0) {
    const page = db.select({ id: productListing.productId }).from(productListing).orderBy(...orderBy(sort)).limit(limit).offset(offset);
    // On PostgreSQL the two run on separate pool connections at once; PGlite queues them.
    const [rows, itemCount] = await Promise.all([page, countMatches(db, undefined)]);
    return { ids: rows.map((row) => row.id), itemCount };
  }
  return withoutFullScans(db, (tx) => filteredPage(tx, filter, sort, limit, offset));
}

async function filteredPage(
  db: Database,
  filter: NonNullable<ListingFilter>,
  sort: Sort,
  limit: number,
  offset: number,
): Promise<Page> {
  const order = sql.join(orderBy(sort), sql`, `);
  const where = and(...filter.terms, ...filter.checks)!;
  const key = sortColumn[sort.field];
  // The sort key of the first match in sort order, as text so that it comes back exactly (a
  // timestamp through a JavaScript Date would lose its microseconds). undefined: not known yet.
  const firstKey = sort.direction === "asc" ? sql`min(${key})::text` : sql`max(${key})::text`;
  let first: string | null | undefined;
  let itemCount: number;
  let total = filter.total ?? -1;
  if (filter.knownCount !== undefined) {
    itemCount = filter.knownCount;
  } else {
    // When the GIN index finds the matches, their rows are read anyway and the first sort key
    // costs little more; a count on a price index alone can read just the index.
    const [counted] = rowsOf<{ n: number | string | bigint; first?: string | null; total: number | string }>(
      await db.execute(sql`
        select "n", ${filter.terms.length > 0 ? sql`"first", ` : sql``}
          (select reltuples from pg_class where oid = ${getTableName(productListing)}::regclass) as "total"
        from (select count(*) as "n" ${filter.terms.length > 0 ? sql`, ${firstKey} as "first"` : sql``}
          from ${productListing} where ${where}) as "matches"`),
    );
    itemCount = Number(counted.n);
    first = counted.first;
    total = Number(counted.total);
  }
  const wanted = Math.min(limit, itemCount - offset);
  if (wanted <= 0) return { ids: [], itemCount };

  // reltuples is the row count as of the last VACUUM or ANALYZE (-1 before any).
  const expected = ((offset + limit) * Math.max(total, itemCount)) / itemCount;
  const walkWhere = and(...filter.walk);
  const walkFrom = async (start: string | null | undefined, bounds: readonly number[]): Promise<string[] | undefined> => {
    // Unrated products, last in both rating orders, are not reached from a rating key: a page
    // that needs them falls short and is sorted instead.
    const from =
      start == null
        ? undefined
        : sort.direction === "asc"
          ? sql`${key} >= ${start}::${sql.raw(key.getSQLType())}`
          : sql`${key} <= ${start}::${sql.raw(key.getSQLType())}`;
    for (const factor of bounds) {
      const walk = Math.ceil(factor * expected);
      if (walk * WALK_TO_SORT_COST > 2 * itemCount) return undefined;
      // The derived table is named like the table so that the conditions, which name its
      // columns, apply to it unchanged; they cannot be pushed below its LIMIT, so at most
      // `walk` rows are read, in the index's order.
      const walked = rowsOf<{ id: string }>(
        await db.execute(sql`
          select ${productListing.productId} as "id"
          from (select * from ${productListing} ${from ? sql`where ${from}` : sql``} order by ${order} limit ${walk})
            as ${productListing}
          ${walkWhere ? sql`where ${walkWhere}` : sql``} order by ${order} limit ${limit} offset ${offset}`),
      );
      if (walked.length === wanted) return walked.map((row) => row.id);
    }
    return undefined;
  };

  // The walk starts at the first match's sort key: matches often sit together in sort order
  // ("Puma" by title, "Fashion" by price), and rows before the first one can only fail. Where
  // the count did not find that key, a first, short walk starts at the top, and the key is
  // looked up only if that falls short.
  let ids = await walkFrom(first, first === undefined ? WALK_BOUNDS.slice(0, 1) : WALK_BOUNDS);
  if (ids === undefined && first === undefined) {
    // OFFSET 0 again (see below): on its own, min() or max() of an indexed column is planned as
    // a walk down that index to the first row that matches, the slow walk this avoids.
    const [row] = rowsOf<{ first: string | null }>(
      await db.execute(sql`
        select ${firstKey} as "first"
        from (select ${key} from ${productListing} where ${where} offset 0) as ${productListing}`),
    );
    if (row.first !== null) ids = await walkFrom(row.first, WALK_BOUNDS);
  }
  if (ids !== undefined) return { ids, itemCount };

  // OFFSET 0 keeps the subquery from being merged into the outer query, so the planner cannot
  // turn this back into a walk down the sort index: the matches come from the GIN index and only
  // the page's rows are kept while sorting. Same naming trick as above.
  const sorted = rowsOf<{ id: string }>(
    await db.execute(sql`
      select ${productListing.productId} as "id"
      from (select ${productListing.productId}, ${key} from ${productListing} where ${where} offset 0) as ${productListing}
      order by ${order} limit ${limit} offset ${offset}`),
  );
  return { ids: sorted.map((row) => row.id), itemCount };
}

export async function countProducts(db: Database, query: ProductQuery): Promise<number> {
  const filter = await resolveQuery(db, query);
  if (filter === null) return 0;
  if (filter.knownCount !== undefined) return filter.knownCount;
  const where = and(...filter.terms, ...filter.checks);
  return where ? withoutFullScans(db, (tx) => countMatches(tx, where)) : countMatches(db, undefined);
}


export function productRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const { db } = deps;

  app.post("/list", async (c) => {
    const { query, options, isCountOnly } = await readBody(c, listSchema);
    if (isCountOnly) return ok(c, { totalRecords: await countProducts(db, query) });

    const { ids, itemCount } = await listPage(
      db,
      await resolveQuery(db, query),
      options.sort,
      options.limit,
      (options.page - 1) * options.limit,
    );
    const found = await loadProducts(db, ids);
    // A product deleted between the two reads is left out rather than answered as a hole.
    const data = ids.map((id) => found.get(id)).filter((p): p is ProductJson => p !== undefined);
    return ok(c, { data, paginator: paginator(itemCount, options.page, options.limit) });
  });

  app.get("/get/:id", async (c) => {
    const id = c.req.param("id");
    const product = idPattern.test(id) ? (await loadProducts(db, [id])).get(id) : undefined;
    if (!product) throw notFound("Product not found");
    return ok(c, product);
  });

  app.post("/count", async (c) => {
    const { query } = await readBody(c, countSchema);
    return ok(c, { count: await countProducts(db, query) });
  });

  return app;
}
