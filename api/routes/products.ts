import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../db/client";
import { merchants, products, variants } from "../db/schema";
import { type ProductJson, loadProducts } from "../lib/catalogue";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { idPattern, notFound, ok, readBody } from "../lib/http";

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

/** Escapes LIKE's wildcards so a term matches literally (backslash is PostgreSQL's default LIKE escape). */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * One search term against `search_text`, which is stored lower-cased (api/lib/search-text.ts) as
 * the term is here, so a plain LIKE is case-insensitive. LIKE rather than ILIKE: the trigram
 * index serves both, and LIKE's recheck costs half as much on PGlite (measured: 12 ms against
 * 23 ms for a term matching 8% of 100,000 products).
 *
 * A term of three characters or more matches anywhere ('%term%'). A shorter one of letters and
 * digits ("tv", "lg", "mi", "55") matches at the start of a word instead: pg_trgm cannot serve
 * '%tv%' from its index (no whole trigram in it) and would scan every product (125 ms at
 * 100,000), while 'tv%' and '% tv%' carry the word-start trigrams "  t" and " tv" that it can.
 * It is also the better match: "mi" should find Mi phones, not every "premium" and "minimal".
 */
function textMatch(term: string): SQL {
  const escaped = escapeLike(term);
  if (term.length < 3 && /^[\p{L}\p{N}]+$/u.test(term)) {
    return or(like(products.searchText, `${escaped}%`), like(products.searchText, `% ${escaped}%`))!;
  }
  return like(products.searchText, `%${escaped}%`);
}

/**
 * The WHERE conditions for a product query. Every term of `search` must match the product's
 * text (see `textMatch`); an all-digit term may instead match the merchant's contact phone
 * (anywhere in it), so "98765" finds a merchant's products and "55" still finds a 55-inch TV.
 */
export function productConditions(db: Database, query: ProductQuery): SQL[] {
  const conditions: SQL[] = [];
  const lists = [
    [products.category, query.category],
    [products.subCategory, query.subCategory],
    [products.brand, query.brand],
    [products.productType, query.productType],
    [products.productSubType, query.productSubType],
  ] as const;
  for (const [column, values] of lists) {
    if (values.length > 0) conditions.push(inArray(column, values));
  }
  if (query.gender) conditions.push(eq(products.gender, query.gender));

  // Size and price are matched on the same variant: "size M between ₹500 and ₹1,000" means an M
  // that sells in that range, not an M at any price and some other size in the range.
  const variantConditions: SQL[] = [];
  if (query.size.length > 0) variantConditions.push(inArray(variants.size, query.size));
  if (query.priceRange?.min != null) variantConditions.push(gte(variants.cost, query.priceRange.min));
  if (query.priceRange?.max != null) variantConditions.push(lte(variants.cost, query.priceRange.max));
  if (variantConditions.length > 0) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(variants)
          .where(and(eq(variants.productId, products.id), ...variantConditions)),
      ),
    );
  }

  const terms = query.search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  for (const term of terms) {
    const text = textMatch(term);
    if (/^\d+$/.test(term)) {
      const merchantIds = db
        .select({ id: merchants.id })
        .from(merchants)
        .where(like(merchants.contactPhone, `%${escapeLike(term)}%`));
      conditions.push(or(inArray(products.merchantId, merchantIds), text)!);
    } else {
      conditions.push(text);
    }
  }
  return conditions;
}

/**
 * ORDER BY for a sort, with the id as a tiebreaker so pages never overlap or skip. Directions
 * follow the indexes of api/db/schema.ts so PostgreSQL can walk one instead of sorting:
 * (created_at DESC, id) and (price|discount|rating_value|short_title, id), either way round.
 */
function orderBy(sort: Sort): SQL[] {
  const dir = sort.direction === "asc" ? asc : desc;
  switch (sort.field) {
    case "createdAt":
      // The index is (created_at DESC NULLS LAST, id ASC). Both columns are NOT NULL, so spelling
      // the NULLS placement out changes no result, but without it PostgreSQL does not see that
      // the index's order matches and sorts every row instead (measured: 0.1 ms against 30 ms
      // at 100,000 products). Ascending is the index walked backwards.
      return sort.direction === "desc"
        ? [sql`${products.createdAt} desc nulls last`, sql`${products.id} asc`]
        : [sql`${products.createdAt} asc nulls first`, sql`${products.id} desc nulls first`];
    case "price":
      return [dir(products.price), dir(products.id)];
    case "discount":
      return [dir(products.discount), dir(products.id)];
    case "rating":
      // Unrated products last, whichever way (DESC alone would put NULLs first). No index gives
      // the descending order; `pageIds` and `listPage` work around that where it matters.
      return sort.direction === "asc"
        ? [asc(products.ratingValue), asc(products.id)]
        : [sql`${products.ratingValue} desc nulls last`, desc(products.id)];
    case "title":
      return [dir(products.shortTitle), dir(products.id)];
  }
}

const sortColumn = {
  createdAt: products.createdAt,
  price: products.price,
  discount: products.discount,
  rating: products.ratingValue,
  title: products.shortTitle,
} satisfies Record<SortField, unknown>;

/** Rows walked down a sort index before giving up on it (a few milliseconds on PGlite; see `listPage`). */
const PROBE_ROWS = 2000;

type Page = { ids: string[]; itemCount: number };

function rowsOf<T>(result: unknown): T[] {
  // Both drivers (node-postgres and PGlite) answer `execute` with `{ rows }`.
  return (result as { rows: T[] }).rows;
}

/**
 * One page of product ids, in order, and the number of matches.
 *
 * Without filters, PostgreSQL walks the sort's index for the page and counts from a narrow index.
 * With filters, walking the sort index and skipping non-matching rows is what the planner picks
 * whenever it guesses matches are common, and it guesses from independent column statistics:
 * at 100,000 seeded products, "Televisions by price" walked 73,000 cheaper products first
 * (69 ms) and "lamp, size free, ₹200-10,000" walked the whole index to find nothing (250 ms).
 * So the walk is bounded here: the first PROBE_ROWS products in sort order are filtered, and
 * if they fill the page that is the answer (the count is then a separate query); if not, the
 * matches are collected once, and both the count and the sorted page come from them, at a
 * cost bounded by the number of matches rather than by the catalogue.
 */
async function listPage(db: Database, conditions: SQL[], sort: Sort, limit: number, offset: number): Promise<Page> {
  const where = and(...conditions);
  const countMatches = async () => {
    const [row] = await db.select({ n: count() }).from(products).where(where);
    return row?.n ?? 0;
  };
  if (conditions.length === 0) {
    // On PostgreSQL the two run on separate pool connections at once; PGlite queues them.
    const [ids, itemCount] = await Promise.all([pageIds(db, undefined, sort, limit, offset), countMatches()]);
    return { ids, itemCount };
  }

  // Best rated first: only rated products can come first, so the walk takes them down the index
  // (DESC on its own, which the index gives once NULLs are excluded); a page that reaches the
  // unrated ones is left to the second step.
  const bestRated = sort.field === "rating" && sort.direction === "desc";
  const walkOrder = sql.join(bestRated ? [desc(products.ratingValue), desc(products.id)] : orderBy(sort), sql`, `);
  const walkFrom = bestRated ? sql`where ${isNotNull(products.ratingValue)}` : sql``;
  // The derived table is named "products" so that the conditions, which name products' columns,
  // apply to it unchanged. Filters cannot be pushed below its LIMIT, so at most PROBE_ROWS are read.
  const probe = rowsOf<{ id: string }>(
    await db.execute(sql`
      select "id" from (select * from ${products} ${walkFrom} order by ${walkOrder} limit ${PROBE_ROWS}) as "products"
      where ${where} order by ${walkOrder} limit ${limit} offset ${offset}`),
  );
  if (probe.length === limit) return { ids: probe.map((row) => row.id), itemCount: await countMatches() };

  // The CTE is named "products" too: inside its definition that name is still the table. It keeps
  // only the id and the sort key (narrower rows: 27 ms against 32 ms for 14,000 matches).
  const rows = rowsOf<{ id: string; total: number | string | bigint }>(
    await db.execute(sql`
      with "products" as materialized (
        select ${products.id}, ${sortColumn[sort.field]} from ${products} where ${where}
      )
      select "id", (select count(*) from "products") as "total" from "products"
      order by ${sql.join(orderBy(sort), sql`, `)} limit ${limit} offset ${offset}`),
  );
  // A page past the end has no row to carry the total.
  const itemCount = rows.length > 0 ? Number(rows[0].total) : await countMatches();
  return { ids: rows.map((row) => row.id), itemCount };
}

/**
 * The ids of one page of the whole catalogue, in order, answered from the sort's index.
 */
async function pageIds(
  db: Database,
  where: SQL | undefined,
  sort: Sort,
  limit: number,
  offset: number,
): Promise<string[]> {
  if (sort.field === "rating" && sort.direction === "desc") {
    // "Best rated first, unrated last" is DESC NULLS LAST, which the (rating_value, id) index
    // cannot give (walked backwards it yields NULLs first), so PostgreSQL would sort every
    // product (60 ms at 100,000). Instead: the rated products down the index, then the
    // unrated ones, each cut to the rows this page could need, and the page taken from both.
    const wanted = offset + limit;
    const rated = db
      .select({ id: products.id, unrated: sql<number>`0`.as("unrated"), rating: products.ratingValue })
      .from(products)
      .where(and(where, isNotNull(products.ratingValue)))
      .orderBy(desc(products.ratingValue), desc(products.id))
      .limit(wanted);
    const unrated = db
      .select({ id: products.id, unrated: sql<number>`1`.as("unrated"), rating: products.ratingValue })
      .from(products)
      .where(and(where, isNull(products.ratingValue)))
      .orderBy(desc(products.id))
      .limit(wanted);
    const rows = await rated
      .unionAll(unrated)
      .orderBy(sql`"unrated"`, sql`"rating_value" desc`, sql`"id" desc`)
      .limit(limit)
      .offset(offset);
    return rows.map((row) => row.id);
  }
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...orderBy(sort))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.id);
}

export async function countProducts(db: Database, query: ProductQuery): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(...productConditions(db, query)));
  return row?.n ?? 0;
}

export type Paginator = {
  itemCount: number;
  perPage: number;
  pageCount: number;
  currentPage: number;
  slNo: number;
  hasPrevPage: boolean;
  hasNextPage: boolean;
  prev: number | null;
  next: number | null;
};

/** The paginator of mongoose-paginate-v2 (the original API's), with its custom labels: at least one page, even when empty. */
export function paginator(itemCount: number, page: number, perPage: number): Paginator {
  const pageCount = Math.max(1, Math.ceil(itemCount / perPage));
  const hasPrevPage = page > 1;
  const hasNextPage = page < pageCount;
  return {
    itemCount,
    perPage,
    pageCount,
    currentPage: page,
    slNo: (page - 1) * perPage + 1,
    hasPrevPage,
    hasNextPage,
    prev: hasPrevPage ? page - 1 : null,
    next: hasNextPage ? page + 1 : null,
  };
}

export function productRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const { db } = deps;

  app.post("/list", async (c) => {
    const { query, options, isCountOnly } = await readBody(c, listSchema);
    if (isCountOnly) return ok(c, { totalRecords: await countProducts(db, query) });

    const { ids, itemCount } = await listPage(
      db,
      productConditions(db, query),
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
