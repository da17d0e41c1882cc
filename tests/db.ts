import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../api/db/client";
import { type ScratchDatabase, createScratchDatabase } from "../api/db/scratch-database";

/** The test run's PostgreSQL server (tests/global-setup.ts starts it, or DATABASE_URL names it). */
export function testServerUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("No test database server: run the tests through Vitest (tests/global-setup.ts).");
  return url;
}

/**
 * A new database on the test run's PostgreSQL server, for tests whose other processes open it by
 * URL: `url` names it, `drop()` removes it (connections and all). Empty by default, or `migrated`:
 * a clone of the run's migrated template (tests/global-setup.ts).
 */
export async function createPostgresTestDatabase(
  serverUrl: string = testServerUrl(),
  options: { migrated?: boolean } = {},
): Promise<ScratchDatabase> {
  const template = options.migrated ? process.env.STOREFRONT_TEST_TEMPLATE : undefined;
  if (options.migrated && !template) throw new Error("No template database: run the tests through Vitest.");
  return createScratchDatabase(serverUrl, { prefix: "storefront_test", template });
}

/**
 * A pool on a new, empty database of the PostgreSQL server named by DATABASE_URL, for a test that
 * migrates it by hand; `drop()` ends the pool and removes the database.
 */
export async function openPostgresTestPool(
  serverUrl: string = testServerUrl(),
): Promise<{ pool: pg.Pool; drop: () => Promise<void> }> {
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
 * A fresh, migrated database for one test file, cloned from the run's template on its PostgreSQL
 * server, and dropped on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url: string }> {
  const database = await createPostgresTestDatabase(testServerUrl(), { migrated: true });
  const handle = await openDatabase({ databaseUrl: database.url, skipMigrations: true });
  return {
    ...handle,
    url: database.url,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}
