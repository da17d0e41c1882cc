import { and, asc, count, desc, getTableName, type SQL, sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client";
import { productListing } from "../../db/schema";
import { type ListingFilter, resolveQuery } from "./product-search";
import type { ProductQuery, Sort, SortField } from "./product-query";

// How a page of matches is read off product_listing: the plan (walk down the sort's index, or
// sort the matches) is chosen by its expected cost. The conditions come from product-search.ts.

/**
 * ORDER BY for a sort, with the id as a tiebreaker so pages never overlap or skip. Each follows
 * an index of product_listing, forwards or backwards, so a page can be read off it in order.
 */
export function orderBy(sort: Sort): SQL[] {
  const { productId } = productListing;
  const dir = sort.direction === "asc" ? asc : desc;
  switch (sort.field) {
    case "createdAt":
      // Newest first ("Newest", the shop's default) puts sold-out products last (decision 046):
      // the index (in_stock DESC NULLS LAST, created_at DESC NULLS LAST, product_id ASC).
      // Ascending is the index (created_at DESC NULLS LAST, product_id ASC) walked backwards,
      // sold out or not. The columns are NOT NULL, so spelling the NULLS placement out changes no
      // result, but without it PostgreSQL does not see that the index's order matches and sorts
      // every row instead.
      return sort.direction === "desc"
        ? [
            sql`${productListing.inStock} desc nulls last`,
            sql`${productListing.createdAt} desc nulls last`,
            sql`${productId} asc`,
          ]
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

/** Whether a sort's order follows stock: newest first puts sold-out products last. */
export function sortsByStock(sort: Sort): boolean {
  return sort.field === "createdAt" && sort.direction === "desc";
}

const sortColumn = {
  createdAt: productListing.createdAt,
  price: productListing.price,
  discount: productListing.discount,
  rating: productListing.ratingValue,
  title: productListing.shortTitle,
} satisfies Record<SortField, unknown>;

export type Page = { ids: string[]; itemCount: number };

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
export async function listPage(
  db: Database,
  filter: ListingFilter,
  sort: Sort,
  limit: number,
  offset: number,
): Promise<Page> {
  if (filter === null) return { ids: [], itemCount: 0 };
  if (filter.terms.length + filter.checks.length === 0) {
    const page = db
      .select({ id: productListing.productId })
      .from(productListing)
      .orderBy(...orderBy(sort))
      .limit(limit)
      .offset(offset);
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
  const walkFrom = async (
    start: string | null | undefined,
    bounds: readonly number[],
  ): Promise<string[] | undefined> => {
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
  // the page's rows are kept while sorting. Same naming trick as above; in_stock goes along for
  // Newest, which sorts on it first.
  const sorted = rowsOf<{ id: string }>(
    await db.execute(sql`
      select ${productListing.productId} as "id"
      from (select ${productListing.productId}, ${key}${sortsByStock(sort) ? sql`, ${productListing.inStock}` : sql``}
        from ${productListing} where ${where} offset 0) as ${productListing}
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
