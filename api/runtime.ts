import type { Server } from "node:http";
import { type DatabaseHandle, DatabaseLockedError, openDatabase } from "./db/client";
import type { ServerEnv } from "./config";
import { isCatalogueEmpty, seedCatalogue, vacuumCatalogue } from "./seed/catalogue";

/** Opens the configured database (migrations applied) and seeds the catalogue on first start. */
export async function openAndSeed(env: ServerEnv): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    if (await isCatalogueEmpty(handle.db)) {
      const started = Date.now();
      const seeded = await seedCatalogue(handle.db, {});
      await vacuumCatalogue(handle.db);
      console.log(`Seeded ${seeded.products} products from ${seeded.merchants} merchants in ${Date.now() - started} ms.`);
    }
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** Where the database lives, for the start-up line (never the password of a DATABASE_URL). */
export function describeDatabase(env: ServerEnv): string {
  if (!env.DATABASE_URL) return `PGlite in ${env.DATA_DIR}`;
  const url = new URL(env.DATABASE_URL);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

/**
 * On SIGTERM or SIGINT: stop accepting connections, let requests in flight finish (up to
 * `graceMs`), then checkpoint and close the database, and exit.
 */
export function closeGracefully(server: Server, handle: DatabaseHandle, graceMs = 10_000) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight, then closing the database.`);
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    await drained;
    clearTimeout(timer);
    try {
      await handle.close();
      console.log("Database closed. Bye.");
      process.exit(0);
    } catch (error) {
      console.error("Closing the database failed:", error);
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

/** A start-up failure ends the process with its message alone when it is one we expect (a locked directory, a bad environment). */
export function exitWithStartupError(error: unknown): never {
  const expected = error instanceof DatabaseLockedError || (error instanceof Error && error.message.startsWith("Invalid environment"));
  console.error(expected ? (error as Error).message : error);
  process.exit(1);
}
