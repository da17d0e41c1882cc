import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type DatabaseHandle, openDatabase } from "../api/db/client";
import { startEmbeddedPostgres } from "../api/db/embedded";
import { type ScratchDatabase, createScratchDatabase } from "../api/db/scratch-database";

// The bench's PostgreSQL: the server of DATABASE_URL, or one embedded server for the whole bench
// run (api/db/embedded.ts, as `npm start` runs it, fsync left on) in the system's temporary folder.
// Each part opens fresh databases on it and drops them when done.

let server: Promise<{ url: string }> | undefined;

function benchServer(): Promise<{ url: string }> {
  if (process.env.DATABASE_URL) return Promise.resolve({ url: process.env.DATABASE_URL });
  server ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-bench-"));
    fs.chmodSync(dir, 0o755);
    const embedded = await startEmbeddedPostgres(dir);
    process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
    return { url: embedded.url };
  })();
  return server;
}

/** The connection string of a new, empty database on the bench's server, and how to drop it. */
export async function createBenchDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase((await benchServer()).url, { prefix: "storefront_bench" });
}

/** A new, migrated database on the bench's server; closing it drops it. */
export async function openBenchDatabase(
  options: { poolSize?: number } = {},
): Promise<DatabaseHandle & { url: string }> {
  const database = await createBenchDatabase();
  const handle = await openDatabase({ databaseUrl: database.url, poolSize: options.poolSize });
  return {
    ...handle,
    url: database.url,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}
