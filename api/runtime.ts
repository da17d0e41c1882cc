import type { Server } from "node:http";
import net from "node:net";
import { DatabaseConnectionError, type DatabaseHandle, DatabaseLockedError, openDatabase } from "./db/client";
import type { ServerEnv } from "./config";
import { isCatalogueEmpty, seedCatalogue, vacuumCatalogue } from "./seed/catalogue";

/** A start-up failure the operator can act on: its one-line message is printed alone, without a stack. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartupError";
  }
}

/** Opens the configured database (migrations applied) and seeds the catalogue on first start. */
export async function openAndSeed(env: ServerEnv): Promise<DatabaseHandle> {
  console.log(`Opening ${describeDatabase(env)} and applying migrations…`);
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    if (await isCatalogueEmpty(handle.db)) {
      const started = Date.now();
      const seeded = await seedCatalogue(handle.db, {});
      await vacuumCatalogue(handle.db);
      console.log(
        `Seeded ${seeded.products} products from ${seeded.merchants} merchants in ${Date.now() - started} ms.`,
      );
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
  if (!URL.canParse(env.DATABASE_URL)) return "PostgreSQL (DATABASE_URL)";
  const url = new URL(env.DATABASE_URL);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

/** The one line for a failed listen (the port taken, a privileged port, a HOST that is not ours); other errors as they are. */
export function describeListenError(error: unknown, port: number, host: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE")
    return new StartupError(`Port ${port} on ${host} is already in use: stop the other server or set PORT.`);
  if (code === "EACCES")
    return new StartupError(`Port ${port} on ${host} needs privileges this user lacks: set PORT to 1024 or above.`);
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return new StartupError(
      `HOST ${host} is not an address of this machine: set HOST (0.0.0.0 listens on all of them).`,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Fails fast when the port cannot be had, before anything slow (building, migrating, seeding)
 * runs. The real listen can still lose a race for it; `listenOrExit` says the same line then.
 */
export function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error) => reject(describeListenError(error, port, host)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Listens; on failure prints the one line, runs `cleanup` (closing the database) and exits 1. */
export function listenOrExit(server: Server, port: number, host: string, cleanup: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const onError = (error: unknown) => {
      const described = describeListenError(error, port, host);
      console.error(described instanceof StartupError ? described.message : described);
      void cleanup().finally(() => process.exit(1));
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve();
    });
  });
}

export type GracefulOptions = {
  /** The database to checkpoint and close last (none for a storefront that calls a remote API). */
  database?: DatabaseHandle;
  /** Closed after the requests in flight finished, before the database (Vite in development). */
  closeFirst?: () => Promise<void>;
  /** Called as soon as the signal arrives, so that /readyz answers 503 while requests drain. */
  onDrain?: () => void;
  /** How long requests in flight may take before their connections are cut (default 10 s). */
  graceMs?: number;
};

/**
 * On SIGTERM or SIGINT: mark the process as draining, stop accepting connections, let requests
 * in flight finish (up to `graceMs`), then close what is open, the database last, and exit.
 */
export function closeGracefully(server: Server, options: GracefulOptions) {
  const { database, closeFirst, onDrain, graceMs = 10_000 } = options;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    onDrain?.();
    console.log(
      `${signal} received: finishing requests in flight, then ${database ? "closing the database" : "stopping"}.`,
    );
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    await drained;
    clearTimeout(timer);
    try {
      await closeFirst?.();
      if (database) {
        await database.close();
        console.log("Database closed. Bye.");
      } else {
        console.log("Stopped. Bye.");
      }
      process.exit(0);
    } catch (error) {
      console.error("Closing down failed:", error);
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

/** A start-up failure ends the process with its message alone when it is one we expect (a locked directory, a bad environment, an unreachable database, a taken port). */
export function exitWithStartupError(error: unknown): never {
  const expected =
    error instanceof StartupError ||
    error instanceof DatabaseLockedError ||
    error instanceof DatabaseConnectionError ||
    (error instanceof Error && /^Invalid (storefront )?environment/.test(error.message));
  console.error(expected ? (error as Error).message : error);
  process.exit(1);
}
