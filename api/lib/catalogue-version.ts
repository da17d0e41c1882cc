import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { catalogueVersion } from "../db/schema";

/**
 * How the storefront's caches (the page micro-cache, server/page-cache.ts, and the price
 * ceiling, app/lib/price-ceiling.server.ts) learn that an admin changed the catalogue, so that
 * neither serves a catalogue older than the last change (docs/decisions/008-catalogue-admin.md).
 *
 * - In the database, `catalogue_version.version` goes up in the transaction of every admin
 *   change of products, variants, stock or images (`bumpCatalogueVersion`), with a NOTIFY on
 *   the channel `catalogue_version` that is delivered when the transaction commits.
 * - In this process, `catalogueChanged()` is called once that transaction has committed; it
 *   raises a plain counter the caches read with every request (`localCatalogueVersion`), which
 *   costs no query. An entry stored under an older count is not served.
 *
 * Another process (a worker on the same PostgreSQL, `npm run catalogue -- import`) raises the
 * database's version and notifies, but not this process's counter: a process that LISTENs on
 * `catalogue_version` and calls `catalogueChanged()` on each notification closes that gap.
 */
let localVersion = 0;

/** The number of catalogue changes committed by this process; it only goes up. */
export function localCatalogueVersion(): number {
  return localVersion;
}

/** Call after the transaction that changed the catalogue has committed: the caches drop what they hold. */
export function catalogueChanged(): void {
  localVersion++;
}

export const CATALOGUE_VERSION_CHANNEL = "catalogue_version";

/** Raises the database's catalogue version inside the caller's transaction and answers the new one. */
export async function bumpCatalogueVersion(tx: Database): Promise<number> {
  // An upsert, so a database whose row went missing gets it back instead of failing the change.
  const [{ version }] = await tx
    .insert(catalogueVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({
      target: catalogueVersion.id,
      set: { version: sql`${catalogueVersion.version} + 1`, changedAt: sql`now()` },
    })
    .returning({ version: catalogueVersion.version });
  await tx.execute(sql`select pg_notify(${CATALOGUE_VERSION_CHANNEL}, ${String(version)})`);
  return version;
}

/** The database's catalogue version (0 before any admin change). */
export async function readCatalogueVersion(db: Database): Promise<number> {
  const [row] = await db.select({ version: catalogueVersion.version }).from(catalogueVersion).limit(1);
  return row?.version ?? 0;
}
