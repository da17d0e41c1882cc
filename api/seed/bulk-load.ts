import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { merchants, productListing, products, reviews, searchTerms, variants } from "../db/schema";
import {
  generateMerchants,
  generateProducts,
  type ProductRow,
  type Resolved,
  type ReviewRow,
  type VariantRow,
} from "./generate";
import { ListingBuilder } from "./listing-builder";

/*
 * Writes a generated catalogue (generate.ts) into empty catalogue tables, fast: rows go in as
 * arrays, the listing triggers are off meanwhile, and a big load rebuilds the indexes once after.
 */

export type SeedResult = { merchants: number; products: number };

/** Products per INSERT (their variants go in one more). */
const PRODUCT_BATCH = 2000;

/** From this many products on, indexes are dropped during the load and rebuilt after it. */
const BULK_LOAD_FROM = 10_000;

/** The tables of the catalogue whose secondary indexes a bulk load drops and rebuilds. */
const BULK_LOADED = [products, variants, productListing, searchTerms, reviews];

type IndexDefinition = { name: string; definition: string };

/**
 * Drops the secondary indexes of the catalogue's tables (not those behind primary keys or
 * constraints) and answers their definitions. Building an index once over 100,000 rows
 * is about a third faster on PGlite than updating it row by row; the caller's
 * transaction puts the indexes back if anything fails.
 */
async function dropSecondaryIndexes(db: Database): Promise<IndexDefinition[]> {
  const tables = sql.join(
    BULK_LOADED.map((table) => sql`${getTableName(table)}::regclass`),
    sql`, `,
  );
  // Both drivers (PGlite and node-postgres) answer `{ rows }`.
  const { rows: indexes } = (await db.execute(sql`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    WHERE i.indrelid IN (${tables})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
    ORDER BY 1`)) as unknown as { rows: IndexDefinition[] };
  for (const index of indexes) await db.execute(sql.raw(`DROP INDEX ${index.name}`));
  return indexes;
}

/**
 * The triggers that keep product_listing in step with inserted products and variants, and
 * search_terms.product_count with inserted listing rows (migration 0002). The seed writes the
 * listing and the counts itself, much faster than the triggers' SQL (5 s against 15 s for
 * 100,000 products on PGlite), so it turns them off meanwhile; ALTER TABLE is transactional,
 * so a failed seed leaves them on.
 */
const LISTING_INSERT_TRIGGERS = [
  [products, "product_listing_products_insert"],
  [variants, "product_listing_variants_insert"],
  [productListing, "search_terms_count_insert"],
] as const;

async function setListingTriggers(db: Database, enabled: boolean): Promise<void> {
  for (const [table, trigger] of LISTING_INSERT_TRIGGERS) {
    await db.execute(
      sql`ALTER TABLE ${table} ${sql.raw(enabled ? "ENABLE" : "DISABLE")} TRIGGER ${sql.identifier(trigger)}`,
    );
  }
}

/**
 * INSERT … SELECT FROM unnest($1::text[], $2::integer[], …): one array parameter per column.
 * Drizzle's multi-row VALUES needs a parameter per value, and building those took about a
 * third of the time of a 100,000-product seed. An array column (product_listing.terms) goes
 * as the text of each array, since unnest would flatten an array of arrays.
 */
async function insertRows<T extends PgTable>(db: Database, table: T, rows: T["$inferInsert"][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table));
  const names = columns.map(([, column]) => sql.identifier(column.name));
  const arrays = columns.map(([key, column]) => {
    const isArray = column.getSQLType().endsWith("[]");
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      if (value === null || value === undefined) return null;
      return isArray ? `{${(value as unknown[]).join(",")}}` : column.mapToDriverValue(value);
    });
    return sql`${sql.param(values)}::${sql.raw(isArray ? "text" : column.getSQLType())}[]`;
  });
  const selected = columns.map(([, column]) =>
    column.getSQLType().endsWith("[]")
      ? sql`${sql.identifier(column.name)}::${sql.raw(column.getSQLType())}`
      : sql.identifier(column.name),
  );
  await db.execute(sql`
    INSERT INTO ${table} (${sql.join(names, sql`, `)})
    SELECT ${sql.join(selected, sql`, `)} FROM unnest(${sql.join(arrays, sql`, `)}) AS r (${sql.join(names, sql`, `)})`);
}

export async function insertCatalogue(db: Database, options: Resolved): Promise<SeedResult> {
  // The vocabulary is numbered afresh below. With no products (the only way here), any terms
  // left in it are held by no listing row.
  await db.execute(sql`TRUNCATE ${searchTerms} RESTART IDENTITY`);
  const dropped = options.products >= BULK_LOAD_FROM ? await dropSecondaryIndexes(db) : [];
  await setListingTriggers(db, false);
  const merchantRows = generateMerchants(options.seed, options.now);
  await db.insert(merchants).values(merchantRows);
  const listing = new ListingBuilder();
  let productBatch: ProductRow[] = [];
  let variantBatch: VariantRow[] = [];
  let reviewBatch: ReviewRow[] = [];
  let inserted = 0;
  const flush = async () => {
    await insertRows(db, products, productBatch);
    await insertRows(db, variants, variantBatch);
    await insertRows(db, reviews, reviewBatch);
    inserted += productBatch.length;
    productBatch = [];
    variantBatch = [];
    reviewBatch = [];
  };
  for (const row of generateProducts(options, merchantRows)) {
    productBatch.push(row.product);
    variantBatch.push(...row.variants);
    if (options.sampleReviews) reviewBatch.push(...row.reviews);
    listing.add(row.product, row.variants);
    if (productBatch.length >= PRODUCT_BATCH) await flush();
  }
  await flush();

  await insertRows(db, searchTerms, listing.terms);
  // The ids were given above: move the identity past them for terms added later by the triggers.
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence(${getTableName(searchTerms)}, 'id'), ${listing.terms.length})`,
  );
  const listingRows = listing.sortedRows();
  for (let start = 0; start < listingRows.length; start += PRODUCT_BATCH) {
    await insertRows(db, productListing, listingRows.slice(start, start + PRODUCT_BATCH));
  }
  await setListingTriggers(db, true);

  for (const index of dropped) await db.execute(sql.raw(index.definition));
  // PGlite has no autovacuum to gather statistics: without them the planner guesses row
  // counts of a freshly loaded table and may skip the indexes the product list relies on.
  await db.execute(sql`ANALYZE ${merchants}, ${products}, ${variants}, ${productListing}, ${searchTerms}, ${reviews}`);
  return { merchants: merchantRows.length, products: inserted };
}
