import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { Logger as QueueLogger, runMigrations as runQueueMigrations } from "graphile-worker";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw `db.execute` (node-postgres answers `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The handle a `db.transaction` callback gets. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: "postgres";
  /** Closes the pool; safe to call twice. */
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** PostgreSQL connection string (DATABASE_URL, or the embedded server's: api/db/connect.ts). */
  databaseUrl: string;
  /** Skip applying migrations (default false). */
  skipMigrations?: boolean;
  /** The most connections this process's pool opens (DATABASE_POOL_SIZE; default 10). */
  poolSize?: number;
  /**
   * The same database without a pooler (DATABASE_DIRECT_URL), for the migrations: their advisory
   * lock is a session's, which a pooler in transaction mode would not keep. Default `databaseUrl`.
   */
  directUrl?: string;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** DATABASE_URL names a server that cannot be reached or refuses us: one line, never the password. */
export class DatabaseConnectionError extends Error {
  constructor(target: string, cause: string) {
    super(`Cannot connect to ${target}: ${cause}. Check DATABASE_URL.`);
    this.name = "DatabaseConnectionError";
  }
}

/** How long the first connection may take: the URL's `connect_timeout` (seconds, as libpq reads it), else 10 s. */
function connectTimeoutMs(url: URL): number {
  const seconds = Number(url.searchParams.get("connect_timeout"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 10_000;
}

/** "PostgreSQL at host:port/database as user", from the URL's parts only (its password is never shown). */
function describeTarget(url: URL): string {
  const database = decodeURIComponent(url.pathname.slice(1)) || "(default database)";
  const user = url.username ? ` as ${decodeURIComponent(url.username)}` : "";
  return `PostgreSQL at ${url.hostname || "localhost"}:${url.port || 5432}/${database}${user}`;
}

/** Why the first connection failed, in words an operator acts on (pg's own messages name no password). */
function connectFailure(error: unknown, timeoutMs: number): string {
  const { code, message } = error as { code?: string; message?: string };
  switch (code) {
    case "ECONNREFUSED":
      return "connection refused (is PostgreSQL running and listening on that port?)";
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NONAME":
      return "unknown host";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "host unreachable";
    case "ETIMEDOUT":
      return `timeout: no answer within ${timeoutMs / 1000} s`;
    case "ECONNRESET":
      return "the server closed the connection (does it expect SSL? add ?sslmode=require)";
    case "28P01":
      return "authentication failed (wrong password)";
    case "28000":
      return `authentication failed (${message})`;
    case "3D000":
      return "database does not exist";
    case "53300":
      return "the server has too many connections";
  }
  if (message && /timeout/i.test(message)) return `timeout: no answer within ${timeoutMs / 1000} s`;
  return message ?? String(error);
}

/** Opens one connection first, so that a wrong DATABASE_URL fails with one clear line, not a driver's stack. */
async function checkConnection(connectionString: string): Promise<void> {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    // Node's own error would quote the whole URL, password included.
    throw new DatabaseConnectionError(
      "PostgreSQL",
      "DATABASE_URL is not a valid URL (percent-encode @, : and / in the password)",
    );
  }
  const timeoutMs = connectTimeoutMs(url);
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: timeoutMs });
  // A failed connect may also emit "error"; the rejection below reports it.
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    // No end() here: pg has dropped the socket already, and end() would wait for it forever.
    throw new DatabaseConnectionError(describeTarget(url), connectFailure(error, timeoutMs));
  }
  await client.end();
}

/** graphile-worker's own lines stay out of the shop's output (its failures still throw). */
const quietQueueLogger = new QueueLogger(() => () => {});

/**
 * Any number that other programs are unlikely to lock: the advisory lock of everything done once
 * to a database, the migrations and the first start's seed (`lockFirstStart`). Processes starting
 * together on one database (several hosts, their workers, a CLI) take turns under it.
 */
const MIGRATION_LOCK = 7_350_114_991;

/**
 * Takes the migrations' advisory lock for the rest of transaction `tx` (waiting while another
 * process migrates or seeds), so that work done once to a database — seeding an empty catalogue,
 * replacing it — is done by one process while the others wait, then see it done.
 */
export async function lockFirstStart(tx: Pick<Database, "execute">): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
}

/**
 * Applies the migrations under an advisory lock, so that processes starting together (the shop
 * and a CLI) never apply one twice.
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
      // The job queue's own tables (graphile_worker schema): messages are queued in our transactions.
      await runQueueMigrations({ pgPool: pool, logger: quietQueueLogger });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** The migrations, on the pool, or on a connection of their own to `directUrl` when one is given. */
async function migrateDirect(pool: pg.Pool, options: DatabaseOptions): Promise<void> {
  if (!options.directUrl || options.directUrl === options.databaseUrl) return migrateLocked(pool);
  await checkConnection(options.directUrl);
  const direct = new pg.Pool({
    connectionString: options.directUrl,
    max: 2,
    application_name: "storefront migrations",
  });
  direct.on("error", () => {});
  try {
    await migrateLocked(direct);
  } finally {
    await direct.end();
  }
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pool that takes a client back when its connection ends while it is checked out. drizzle-orm
 * 0.45's node-postgres `transaction()` runs BEGIN before the try/finally that releases its client
 * (drizzle-team/drizzle-orm#6241, open in 0.45.4, the latest): when BEGIN fails because the server
 * has gone (a restart, a failover, the embedded server killed), the client was never released. Each
 * outage cost the pool a client for good, a pool with none left made every page wait, and `close()`
 * (pg-pool's `end()`, which waits for every client to come back) never returned, so the shop could
 * not stop. Taken back with the error, the client is dropped; the holder's own `release()` later is
 * nothing. (pool.query releases its clients itself and is left as it is.)
 */
class ShopPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then(takenBackWhenItEnds);
  }
}

function takenBackWhenItEnds(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let out = true;
  const ended = () => client.release(new Error("The connection ended while its client was checked out"));
  client.release = (error?: Error | boolean) => {
    if (!out) return;
    out = false;
    client.off("end", ended);
    release(error);
  };
  client.once("end", ended);
  return client;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  await checkConnection(options.databaseUrl);
  const pool = new ShopPool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
  let closed = false;
  // An idle connection the server drops (a restart, or the end after close) must not crash the
  // process: the pool replaces it on the next query.
  pool.on("error", (error) => {
    if (!closed) console.error(`PostgreSQL dropped an idle connection: ${error.message}`);
  });
  // A connection lost while checked out (a transaction when the server dies) emits "error" on its
  // client, which the pool listens for only while the client is idle: unheard, it would end the
  // process. The query under way fails with it, and the pool drops the client when it comes back.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  if (!options.skipMigrations) await migrateDirect(pool, options);
  return {
    db,
    kind: "postgres",
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
