import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { intarray } from "@electric-sql/pglite/contrib/intarray";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Flushes to disk (PGlite) and closes; safe to call twice. */
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data directory, or "memory" for a throwaway in-memory database. */
  dataDir?: string;
  /** Skip applying migrations (default false). */
  skipMigrations?: boolean;
  /** PostgreSQL: the most connections this process's pool opens (DATABASE_POOL_SIZE; default 10). */
  poolSize?: number;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database directory ${dir} is in use by another process (pid ${pid}). ` +
        `PGlite allows one process per directory: stop that process, or set DATA_DIR to another directory, ` +
        `or set DATABASE_URL to use a PostgreSQL server.`,
    );
    this.name = "DatabaseLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the directory's lock file, or throws if a live process holds it. Returns the release function. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "storefront.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DatabaseLockedError(dir, holder);
      }
      // A lock left by a process that is gone (killed, crashed): take it over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}

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

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    await checkConnection(options.databaseUrl);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    let closed = false;
    // An idle connection the server drops (a restart, or the end after close) must not crash the
    // process: the pool replaces it on the next query.
    pool.on("error", (error) => {
      if (!closed) console.error(`PostgreSQL dropped an idle connection: ${error.message}`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    if (!options.skipMigrations) await migratePg(drizzlePg(pool), { migrationsFolder });
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

  const dataDir = options.dataDir ?? "./data";
  const inMemory = dataDir === "memory";
  const release = inMemory ? () => {} : lockDataDir(path.resolve(dataDir));
  let client: PGlite;
  try {
    client = new PGlite({
      dataDir: inMemory ? undefined : path.resolve(dataDir, "pglite"),
      extensions: { intarray, pg_trgm },
      relaxedDurability: true,
    });
    await client.waitReady;
    if (!options.skipMigrations) await migratePglite(drizzlePglite(client), { migrationsFolder });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: "pglite",
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (!inMemory) await client.query("CHECKPOINT");
        await client.close();
      } finally {
        release();
      }
    },
  };
}
