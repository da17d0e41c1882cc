import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../api/db/client";
import { startEmbeddedPostgres } from "../api/db/embedded";

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
export async function createBenchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { url: serverUrl } = await benchServer();
  const name = `storefront_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
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
