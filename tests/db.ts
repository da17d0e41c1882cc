import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../api/db/client";

/**
 * A new, empty database on the PostgreSQL server named by DATABASE_URL, for tests whose other
 * processes open it by URL: `url` names it, `drop()` removes it (connections and all).
 */
export async function createPostgresTestDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `storefront_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A pool on a new, empty database of the PostgreSQL server named by DATABASE_URL, for a test that
 * migrates it by hand; `drop()` ends the pool and removes the database.
 */
export async function openPostgresTestPool(serverUrl: string): Promise<{ pool: pg.Pool; drop: () => Promise<void> }> {
  const database = await createPostgresTestDatabase(serverUrl);
  const pool = new pg.Pool({ connectionString: database.url });
  // pool.end() resolves before its connections have closed, and the forced drop ends any still
  // closing: the pool's error for that is not the test's failure.
  pool.on("error", () => {});
  return {
    pool,
    async drop() {
      await pool.end();
      await database.drop();
    },
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * throwaway database on the PostgreSQL server named by DATABASE_URL (dropped on close).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: "memory" });

  const database = await createPostgresTestDatabase(serverUrl);
  const handle = await openDatabase({ databaseUrl: database.url });
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}
