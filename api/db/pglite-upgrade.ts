import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { intarray } from "@electric-sql/pglite/contrib/intarray";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Database } from "./client";
import * as schema from "./schema";

// Moves a shop's PGlite database (DATA_DIR/pglite, the default database before PostgreSQL took
// its place) into a PostgreSQL database that our migrations have made and nothing has written
// yet: `npm run db:upgrade` (api/db/upgrade-cli.ts). This is the only module that still loads
// PGlite (eslint.config.js holds everyone else to that).
//
// How, in short:
// - the PGlite directory is migrated first, so a directory left by an older release has the
//   same tables and columns as the target;
// - the tables are read from the catalogs (every table of schema `public`; drizzle's own
//   bookkeeping lives in schema `drizzle` and is the target's own), and copied in one
//   transaction on the target, parents before children, a few hundred rows at a time, every
//   value as PostgreSQL's own text form (what pg_dump does), so that bytea, jsonb, timestamps,
//   arrays, multiranges and floats arrive exactly as they were;
// - then every sequence is set to the source's value, materialised views are refreshed, and
//   the transaction commits; ANALYZE runs after it.
//
// Product photos are rows of product_media (api/lib/catalogue/product-images.ts, api/routes/media.ts read
// them from there), not files under DATA_DIR: copying the tables moves them too.

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Rows read from PGlite per FETCH: each batch becomes one INSERT (or a few, when its rows are large). */
const FETCH_ROWS = 200;
/** The most text one INSERT carries (photos are about 50 KB each, twice that as hex). */
const INSERT_MAX_CHARS = 8 * 1024 * 1024;
/** PostgreSQL takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 65_535;

export type UpgradeOptions = {
  /** The PGlite data directory: DATA_DIR/pglite. */
  pgliteDir: string;
  /** A PostgreSQL database already migrated by our migrations (openDatabase) and holding no shop data. */
  databaseUrl: string;
  /** Progress, one line at a time. */
  log?: (line: string) => void;
};

export type UpgradeResult = { tables: { name: string; rows: number }[] };

/** Why the upgrade did not happen, in one line an operator can act on; the target is left as it was. */
export class UpgradeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UpgradeError";
  }
}

type Column = { name: string; type: string; generated: boolean; identity: boolean };
type Table = { name: string; columns: Column[] };

/** Runs one query on either side: PGlite's `query` and pg's differ only in how rows come back. */
type Query = <Row>(text: string, params?: unknown[]) => Promise<Row[]>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** A table or sequence of schema `public`, whatever the session's search_path. */
const inPublic = (name: string) => `public.${quote(name)}`;

/**
 * Every value travels as text, so both sides must write and read it alike: ISO dates in UTC
 * (timestamptz's text carries its offset anyway), hex bytea, and floats at their shortest exact
 * form (extra_float_digits 1, PostgreSQL 12's default).
 */
const SESSION_SETTINGS = [
  "SET TimeZone = 'UTC'",
  "SET DateStyle = 'ISO, YMD'",
  "SET IntervalStyle = 'postgres'",
  "SET extra_float_digits = 1",
  "SET bytea_output = 'hex'",
];

/** The tables of schema `public` (partitions come with their parent), their columns in order. */
async function listTables(query: Query): Promise<Table[]> {
  const rows = await query<{ table: string; column: string; type: string; generated: string; identity: string }>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
            a.attgenerated::text AS generated, a.attidentity::text AS identity
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     ORDER BY c.relname, a.attnum`,
  );
  const tables = new Map<string, Table>();
  for (const row of rows) {
    let table = tables.get(row.table);
    if (!table) tables.set(row.table, (table = { name: row.table, columns: [] }));
    table.columns.push({
      name: row.column,
      type: row.type,
      generated: row.generated !== "",
      identity: row.identity !== "",
    });
  }
  return [...tables.values()];
}

/** The sequences of schema `public` (identity columns' included). */
async function listSequences(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  return rows.map((row) => row.name);
}

/**
 * A PGlite data directory opened as the last PGlite release opened DATA_DIR/pglite (its
 * extensions, relaxed durability, migrated), created if missing: for remaking the upgrade test's
 * fixture (tests/fixtures/make-pglite-v1.ts), so that no other file imports PGlite.
 */
export async function openPgliteAsReleased(dataDir: string): Promise<{ db: Database; close: () => Promise<void> }> {
  const client = new PGlite({ dataDir, extensions: { intarray, pg_trgm }, relaxedDurability: true });
  await migrate(drizzle(client), { migrationsFolder });
  return {
    db: drizzle(client, { schema }) as unknown as Database,
    async close() {
      await client.query("CHECKPOINT");
      await client.close();
    },
  };
}

/** The newest migration applied, as drizzle records it (null: none, or no bookkeeping at all). */
async function lastMigration(query: Query): Promise<string | null> {
  const [exists] = await query<{ found: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`,
  );
  if (!exists.found) return null;
  const [row] = await query<{ created_at: string | null }>(
    `SELECT max(created_at)::text AS created_at FROM drizzle.__drizzle_migrations`,
  );
  return row.created_at;
}

/**
 * The tables in an order where every table comes after those its foreign keys point at, so that
 * each row's references exist when it is inserted (the keys are checked row by row, as always).
 * A table's reference to itself is left out of the order: its rows would have to be inserted
 * parents first, and the insert fails (rolling everything back) if they are not; no table of ours
 * has one. A cycle between tables cannot be ordered and is refused.
 */
async function foreignKeyOrder(query: Query, tables: Table[]): Promise<Table[]> {
  const edges = await query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent
     FROM pg_constraint k
     JOIN pg_class child ON child.oid = k.conrelid
     JOIN pg_class parent ON parent.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = child.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const parents = new Map(tables.map((table) => [table.name, new Set<string>()]));
  for (const { child, parent } of edges) {
    if (child !== parent && parents.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: Table[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table.name) && [...parents.get(table.name)!].every((parent) => placed.has(parent)),
    );
    if (ready.length === 0) {
      const left = tables.filter((table) => !placed.has(table.name)).map((table) => table.name);
      throw new UpgradeError(
        `The foreign keys between ${left.join(", ")} form a cycle: no order of copying fits them.`,
      );
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered;
}

let filledByMigrations: Promise<Set<string>> | undefined;

/**
 * The tables a freshly migrated database already holds rows in (catalogue_version's one row),
 * found by migrating an empty in-memory PGlite rather than from a list that would go stale.
 * Its start-up (an initdb) takes seconds, so a process finds them once.
 */
function tablesFilledByMigrations(): Promise<Set<string>> {
  filledByMigrations ??= (async () => {
    const fresh = new PGlite({ extensions: { intarray, pg_trgm } });
    try {
      await migrate(drizzle(fresh), { migrationsFolder });
      const query: Query = async (text, params) => (await fresh.query<never>(text, params)).rows;
      const filled = new Set<string>();
      for (const table of await listTables(query)) {
        const [row] = await query<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${inPublic(table.name)}) AS found`);
        if (row.found) filled.add(table.name);
      }
      return filled;
    } finally {
      await fresh.close();
    }
  })();
  // A failure is not kept: the next call tries again.
  filledByMigrations.catch(() => (filledByMigrations = undefined));
  return filledByMigrations;
}

/** Throws if a live process other than this one holds the shop's lock on DATA_DIR (api/db/client.ts lockDataDir). */
function refuseWhileShopRuns(pgliteDir: string): void {
  const lockPath = path.join(path.dirname(pgliteDir), "storefront.lock");
  let holder: number;
  try {
    holder = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
  } catch {
    return;
  }
  if (!Number.isInteger(holder) || holder === process.pid) return;
  try {
    process.kill(holder, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return;
  }
  throw new UpgradeError(
    `${path.dirname(pgliteDir)} is in use by another process (pid ${holder}): stop the shop before upgrading its database.`,
  );
}

/** Throws unless `pgliteDir` looks like a PostgreSQL data directory: PGlite, given any other, would make one there. */
function refuseNonPglite(pgliteDir: string): void {
  if (!fs.existsSync(path.join(pgliteDir, "PG_VERSION"))) {
    throw new UpgradeError(`${pgliteDir} is not a PGlite data directory (it has no PG_VERSION file).`);
  }
}

/** Opens the PGlite directory and brings it to our newest migration; refuses anything that is not one. */
async function openSource(pgliteDir: string): Promise<PGlite> {
  refuseNonPglite(pgliteDir);
  let source: PGlite | undefined;
  try {
    source = new PGlite({ dataDir: pgliteDir, extensions: { intarray, pg_trgm } });
    await source.waitReady;
    await migrate(drizzle(source), { migrationsFolder });
    return source;
  } catch (error) {
    await source?.close().catch(() => {});
    throw new UpgradeError(`Cannot open the PGlite database in ${pgliteDir}: ${(error as Error).message}`);
  }
}

/**
 * Opens the PGlite directory as the upgrade does (migrated, with the upgrade's text settings:
 * UTC, ISO dates, hex bytea) and answers what `read` makes of it: for checking what was copied,
 * without loading PGlite anywhere else.
 */
export async function readPglite<T>(
  pgliteDir: string,
  read: (query: <Row>(text: string, params?: unknown[]) => Promise<Row[]>) => Promise<T>,
): Promise<T> {
  const source = await openSource(path.resolve(pgliteDir));
  try {
    for (const setting of SESSION_SETTINGS) await source.exec(setting);
    return await read(async (text, params) => (await source.query<never>(text, params)).rows);
  } finally {
    await source.close();
  }
}

/** Connects to the target with one client (one transaction), naming the server but never its password. */
async function connectTarget(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  // A dropped connection rejects the query in flight; the event itself must not end the process.
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    let where = "the PostgreSQL server";
    try {
      const url = new URL(databaseUrl);
      where = `PostgreSQL at ${url.hostname || "localhost"}:${url.port || 5432}${url.pathname}`;
    } catch {
      // An unparsable URL: say nothing of it (it may hold a password).
    }
    throw new UpgradeError(`Cannot connect to ${where}: ${(error as Error).message}`);
  }
  return client;
}

/** Checks that both sides have the same tables and columns, so that no value is dropped on the way. */
function compareSchemas(source: Table[], target: Table[]): void {
  const describe = (table: Table) => table.columns.map((c) => `${c.name} ${c.type}${c.generated ? " generated" : ""}`);
  const targetByName = new Map(target.map((table) => [table.name, table]));
  for (const table of source) {
    const other = targetByName.get(table.name);
    if (!other) throw new UpgradeError(`The target has no table ${table.name}: migrate it first (openDatabase).`);
    const want = describe(table).sort().join(", ");
    if (describe(other).sort().join(", ") !== want) {
      throw new UpgradeError(`The table ${table.name} has other columns in PGlite than in the target.`);
    }
  }
  const extra = target.filter((table) => !source.some((other) => other.name === table.name));
  if (extra.length > 0) {
    throw new UpgradeError(`The target has tables PGlite lacks (${extra.map((t) => t.name).join(", ")}).`);
  }
}

/** The user triggers of `tables` that are enabled on the target, with how each is enabled. */
async function enabledTriggers(target: pg.Client, tables: string[]) {
  const { rows } = await target.query<{ table: string; name: string; mode: string }>(
    `SELECT c.relname AS table, t.tgname AS name, t.tgenabled AS mode
     FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND NOT t.tgisinternal AND t.tgenabled <> 'D' AND c.relname = ANY($1)
     ORDER BY c.relname, t.tgname`,
    [tables],
  );
  return rows;
}

/** Copies one table, FETCH_ROWS at a time; answers the rows copied. */
async function copyTable(source: PGlite, target: pg.Client, table: Table): Promise<number> {
  // Generated columns are computed by the target; an identity column's values are kept as they
  // were (OVERRIDING SYSTEM VALUE also covers GENERATED ALWAYS).
  const columns = table.columns.filter((column) => !column.generated);
  const names = columns.map((column) => quote(column.name)).join(", ");
  const overriding = columns.some((column) => column.identity) ? " OVERRIDING SYSTEM VALUE" : "";
  const rowsPerInsert = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  const selectList = columns.map((column) => `${quote(column.name)}::text`).join(", ");

  const insert = async (rows: unknown[][]) => {
    const params: unknown[] = [];
    const tuples = rows.map((row) => {
      const placeholders = row.map((value, i) => {
        params.push(value);
        return `$${params.length}::${columns[i].type}`;
      });
      return `(${placeholders.join(", ")})`;
    });
    await target.query(
      `INSERT INTO ${inPublic(table.name)} (${names})${overriding} VALUES ${tuples.join(", ")}`,
      params,
    );
  };

  let copied = 0;
  await source.exec(
    `BEGIN READ ONLY; DECLARE upgrade_rows NO SCROLL CURSOR FOR SELECT ${selectList} FROM ${inPublic(table.name)}`,
  );
  try {
    for (;;) {
      const { rows } = await source.query<unknown[]>(`FETCH ${FETCH_ROWS} FROM upgrade_rows`, [], { rowMode: "array" });
      if (rows.length === 0) break;
      let batch: unknown[][] = [];
      let chars = 0;
      for (const row of rows) {
        const size = row.reduce<number>((sum, value) => sum + (typeof value === "string" ? value.length : 0), 0);
        if (batch.length > 0 && (chars + size > INSERT_MAX_CHARS || batch.length >= rowsPerInsert)) {
          await insert(batch);
          batch = [];
          chars = 0;
        }
        batch.push(row);
        chars += size;
      }
      if (batch.length > 0) await insert(batch);
      copied += rows.length;
    }
  } finally {
    await source.exec("CLOSE upgrade_rows; COMMIT");
  }
  return copied;
}

/**
 * Copies every table of the PGlite database in `pgliteDir` into the empty, migrated PostgreSQL
 * database at `databaseUrl`, in one transaction: either all of it arrives, or nothing does.
 * Throws UpgradeError (one line) when it cannot or must not; the PGlite directory is only
 * migrated, never otherwise changed, and the caller decides what becomes of it.
 */
export async function upgradeFromPglite(options: UpgradeOptions): Promise<UpgradeResult> {
  const log = options.log ?? (() => {});
  const pgliteDir = path.resolve(options.pgliteDir);
  if (!fs.existsSync(pgliteDir)) throw new UpgradeError(`There is no PGlite database in ${pgliteDir}.`);
  refuseNonPglite(pgliteDir);
  refuseWhileShopRuns(pgliteDir);

  const migrationRows = await tablesFilledByMigrations();
  log(`Opening the PGlite database in ${pgliteDir}…`);
  const source = await openSource(pgliteDir);
  let target: pg.Client | undefined;
  try {
    const fromSource: Query = async (text, params) => (await source.query<never>(text, params)).rows;
    for (const setting of SESSION_SETTINGS) await source.exec(setting);

    target = await connectTarget(options.databaseUrl);
    const client = target;
    const fromTarget: Query = async (text, params) => (await client.query(text, params)).rows;

    const sourceTables = await listTables(fromSource);
    const targetTables = await listTables(fromTarget);
    compareSchemas(sourceTables, targetTables);
    const [sourceMigration, targetMigration] = [await lastMigration(fromSource), await lastMigration(fromTarget)];
    if (sourceMigration !== targetMigration) {
      throw new UpgradeError(
        `The target's migrations (last ${targetMigration ?? "none"}) are not PGlite's (last ${sourceMigration}): ` +
          "migrate the target with this release (openDatabase) first.",
      );
    }
    const tables = await foreignKeyOrder(fromTarget, targetTables);
    const sequences = await listSequences(fromSource);

    await client.query("BEGIN");
    for (const setting of SESSION_SETTINGS) await client.query(setting.replace(/^SET /, "SET LOCAL "));
    // No other session writes (or reads half a copy) until the commit.
    await client.query(`LOCK TABLE ${tables.map((table) => inPublic(table.name)).join(", ")} IN ACCESS EXCLUSIVE MODE`);

    // Refuse a target that holds anything of a shop, so that two shops are never merged. The rows
    // a migration itself writes (catalogue_version's one row) are not a shop's: they are
    // replaced by PGlite's below.
    const holding: string[] = [];
    for (const table of tables) {
      if (migrationRows.has(table.name)) continue;
      const { rows } = await client.query(`SELECT EXISTS (SELECT 1 FROM ${inPublic(table.name)}) AS found`);
      if (rows[0].found) holding.push(table.name);
    }
    if (holding.length > 0) {
      throw new UpgradeError(
        `The target database is not empty (${holding.join(", ")} hold rows): the upgrade copies a shop ` +
          "into a new database only, so that two shops are never merged.",
      );
    }
    for (const table of [...tables].reverse()) {
      if (migrationRows.has(table.name)) await client.query(`DELETE FROM ${inPublic(table.name)}`);
    }

    // The triggers of migration 0002 rebuild product_listing when products or variants are
    // inserted and count search_terms.product_count when listing rows are: fired by this copy,
    // they would add listing rows and double the counts that PGlite's own rows (copied as they
    // are) already hold. So the user triggers are off for the copy, and on again before the
    // commit. ALTER TABLE is part of the transaction: if anything fails, they were never off, and
    // the lock above keeps every other session from writing meanwhile.
    //
    // Not session_replication_role = replica: it needs a superuser (an operator's DATABASE_URL
    // often is not one), and it turns the foreign keys' checks off as well, so a copy that broke
    // them would commit silently. Nor SET CONSTRAINTS ALL DEFERRED: our foreign keys are not
    // DEFERRABLE, so it changes nothing for them, and it does not touch triggers. The foreign
    // keys stay on and checked; copying parents first (foreignKeyOrder) satisfies them.
    const triggers = await enabledTriggers(
      client,
      tables.map((table) => table.name),
    );
    for (const trigger of triggers) {
      await client.query(`ALTER TABLE ${inPublic(trigger.table)} DISABLE TRIGGER ${quote(trigger.name)}`);
    }

    const copied: UpgradeResult["tables"] = [];
    for (const table of tables) {
      log(`Copying ${table.name}…`);
      try {
        copied.push({ name: table.name, rows: await copyTable(source, client, table) });
      } catch (error) {
        throw new UpgradeError(`Copying ${table.name} failed: ${(error as Error).message}`);
      }
    }

    const mode: Record<string, string> = { O: "", A: " ALWAYS", R: " REPLICA" };
    for (const trigger of triggers) {
      await client.query(
        `ALTER TABLE ${inPublic(trigger.table)} ENABLE${mode[trigger.mode] ?? ""} TRIGGER ${quote(trigger.name)}`,
      );
    }

    const views = await fromTarget<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'm' ORDER BY c.relname`,
    );
    for (const view of views) await client.query(`REFRESH MATERIALIZED VIEW ${inPublic(view.name)}`);

    // Last before the commit, because setval is never rolled back: the numbering (audit_log's
    // ids, search_terms' ids) goes on from where PGlite's stopped. Invoice numbers are rows
    // (invoice_counters), copied above.
    for (const sequence of sequences) {
      const [state] = await fromSource<{ last_value: string; is_called: boolean }>(
        `SELECT last_value::text AS last_value, is_called FROM ${inPublic(sequence)}`,
      );
      await client.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [
        inPublic(sequence),
        state.last_value,
        state.is_called,
      ]);
    }
    await client.query("COMMIT");

    // The copy is committed: from here on, a failure is a warning, not the upgrade's.
    log("Updating the planner's statistics (ANALYZE)…");
    await client.query("ANALYZE").catch((error: Error) => {
      log(`ANALYZE failed (${error.message}): the data is copied; run ANALYZE on the database yourself.`);
    });
    return { tables: copied };
  } catch (error) {
    await target?.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await target?.end().catch(() => {});
    await source.query("CHECKPOINT").catch(() => {});
    await source.close().catch(() => {});
  }
}
