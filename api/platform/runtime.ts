import cluster, { type Worker } from "node:cluster";
import type { Server } from "node:http";
import net from "node:net";
import os from "node:os";
import { DatabaseConnectionError, type DatabaseHandle, openDatabase } from "../db/client";
import { openShopDatabase, type ShopDatabaseHandle } from "../db/connect";
import { EmbeddedPostgresError } from "../db/embedded";
import type { DatabaseStatus } from "../db/embedded-supervisor";
import type { ServerEnv } from "../config";
import { isCatalogueEmpty, seedIfEmpty, vacuumCatalogue } from "../seed/catalogue";

/** A start-up failure the operator can act on: its one-line message is printed alone, without a stack. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartupError";
  }
}

/**
 * Opens the configured database (migrations applied) and seeds the catalogue on first start. The
 * embedded server is the shop's to stop: closing the handle stops it.
 */
export async function openAndSeed(env: ServerEnv): Promise<ShopDatabaseHandle> {
  console.log(`Opening ${describeDatabase(env)} and applying migrations…`);
  const handle = await openShopDatabase(env, { shop: true, log: (line) => console.log(line) });
  try {
    // Hosts starting together: one seeds under the migrations' lock, the others wait and go on.
    const started = Date.now();
    const seeded = (await isCatalogueEmpty(handle.db)) ? await seedIfEmpty(handle.db, {}) : null;
    if (seeded) {
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

/**
 * A worker's database: the primary has started, migrated and seeded it already (`openAndSeed`),
 * and handed its connection string down in DATABASE_URL.
 */
export function openWorkerDatabase(env: ServerEnv): Promise<DatabaseHandle> {
  if (!env.DATABASE_URL) throw new Error("A worker needs DATABASE_URL from its primary.");
  return openDatabase({ databaseUrl: env.DATABASE_URL, skipMigrations: true, poolSize: env.DATABASE_POOL_SIZE });
}

/**
 * How many processes serve (docs/decisions/010-workers.md): WEB_CONCURRENCY, by default one per
 * core. Development runs Vite in the one process, and a storefront on a remote API keeps no
 * database to share: each of those serves from one process, and says so when WEB_CONCURRENCY
 * asked for more. `note` is that one line.
 */
export function planWorkers(
  env: Pick<ServerEnv, "WEB_CONCURRENCY">,
  options: { dev?: boolean; remoteApi?: boolean } = {},
): { workers: number; note?: string } {
  const asked = env.WEB_CONCURRENCY;
  const single = (why: string) => ({
    workers: 1,
    note: asked !== undefined && asked > 1 ? `WEB_CONCURRENCY=${asked} is ignored: ${why}.` : undefined,
  });
  if (options.dev) return single("development runs one process (Vite's)");
  if (options.remoteApi) return single("a storefront with USERAPP_API_URL runs one process");
  return { workers: asked ?? Math.max(1, os.availableParallelism()) };
}

export type SuperviseOptions = {
  /** How many workers to keep running. */
  count: number;
  /** Called once, when every worker of the first set listens. */
  onReady: () => void;
  /** Variables the workers get on top of this process's environment (the embedded database's URL). */
  env?: Record<string, string>;
  /** Awaited once every worker has stopped, before the primary exits (stops the embedded database). */
  onStopped?: () => Promise<void>;
  /** Unexpected worker exits allowed within `restartWindowMs` before the primary gives up (default 5 in 60 s). */
  maxRestarts?: number;
  restartWindowMs?: number;
  /** The embedded server the primary supervises: its state goes to every worker (`databaseStatus`). */
  database?: Pick<ShopDatabaseHandle, "status" | "onStatus">;
};

/** The IPC message in which a primary tells its workers the embedded server's state. */
const STATUS_MESSAGE = "storefront:database-status";

function isStatusMessage(message: unknown): message is { type: string; status: DatabaseStatus } {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === STATUS_MESSAGE;
}

/**
 * The embedded server's state as this process knows it, for /healthz, /readyz and the "back in a
 * moment" page: its own supervisor's, or, in a worker, the one its primary sends (superviseWorkers).
 */
export function databaseStatus(handle?: DatabaseHandle | ShopDatabaseHandle): () => DatabaseStatus {
  if (!cluster.isWorker) return handle && "status" in handle ? () => handle.status() : () => "up";
  let status: DatabaseStatus = "up";
  process.on("message", (message) => {
    if (isStatusMessage(message)) status = message.status;
  });
  return () => status;
}

/**
 * The primary of `WEB_CONCURRENCY` workers (node:cluster; the workers run this same script and
 * share its port). It forks `count` workers, forks another when one dies, and stops when they die
 * faster than `maxRestarts` in `restartWindowMs` (a crash loop: one line, the others stopped, exit 1).
 * On SIGTERM or SIGINT it sends SIGTERM to every worker, each of which drains as one process does
 * (`closeGracefully`), and exits once they all have: 0 when all of them exited cleanly.
 */
export function superviseWorkers(options: SuperviseOptions): void {
  const { count, onReady, env, onStopped, database, maxRestarts = 5, restartWindowMs = 60_000 } = options;
  const exits: number[] = [];
  let stopping = false;
  let exitCode = 0;
  let listening = 0;
  // A worker that exited may stay listed until its IPC channel closes too.
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w) && !w!.isDead());
  const finishIfDone = () => {
    if (alive().length === 0) {
      console.log(exitCode === 0 ? "All workers stopped. Bye." : "Workers stopped.");
      void (onStopped?.() ?? Promise.resolve()).finally(() => process.exit(exitCode));
    }
  };
  const stop = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = alive();
    console.log(`${reason}: stopping ${workers.length} worker${workers.length === 1 ? "" : "s"}.`);
    for (const worker of workers) worker.process.kill("SIGTERM");
    finishIfDone();
  };
  /** Replacement workers, by cluster id, with the pid of the worker each replaces. */
  const replacing = new Map<number, number | undefined>();
  const tell = (worker: Worker, status: DatabaseStatus) => {
    if (worker.isConnected()) worker.send({ type: STATUS_MESSAGE, status });
  };
  database?.onStatus((status) => {
    for (const worker of alive()) tell(worker, status);
  });
  // A worker forked while the server is down learns it at once.
  cluster.on("online", (worker) => {
    if (database && database.status() !== "up") tell(worker, database.status());
  });
  cluster.on("listening", (worker) => {
    if (replacing.has(worker.id)) {
      console.log(`Worker ${worker.process.pid} is serving in place of worker ${replacing.get(worker.id)}.`);
      replacing.delete(worker.id);
    }
    if (++listening === count) onReady();
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      // A worker still starting has no SIGTERM handler yet: ended by the signal, it lost nothing.
      if (code !== 0 && signal !== "SIGTERM") exitCode = 1;
      finishIfDone();
      return;
    }
    const now = Date.now();
    while (exits.length > 0 && now - exits[0] > restartWindowMs) exits.shift();
    exits.push(now);
    const how = signal ? `on ${signal}` : `with code ${code}`;
    if (exits.length > maxRestarts) {
      console.error(
        `Worker ${worker.process.pid} exited ${how}, the ${exits.length}th exit within ${restartWindowMs / 1000} s: the workers keep dying, so the shop stops (see the errors above).`,
      );
      stop("Crash loop", 1);
      return;
    }
    console.error(`Worker ${worker.process.pid} exited ${how}: starting another.`);
    replacing.set(cluster.fork(env).id, worker.process.pid);
  });
  process.on("SIGTERM", () => stop("SIGTERM received", 0));
  process.on("SIGINT", () => stop("SIGINT received", 0));
  for (let i = 0; i < count; i++) cluster.fork(env);
}

/** Where the database lives, for the start-up line (never the password of a DATABASE_URL). */
export function describeDatabase(env: ServerEnv): string {
  if (!env.DATABASE_URL) return `the embedded PostgreSQL in ${env.DATA_DIR}`;
  if (!URL.canParse(env.DATABASE_URL)) return "PostgreSQL (DATABASE_URL)";
  const url = new URL(env.DATABASE_URL);
  // A Unix socket's folder comes as the `host` parameter.
  const socket = url.searchParams.get("host");
  if (socket) return `PostgreSQL on the socket in ${socket}, database ${url.pathname.slice(1) || "postgres"}`;
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

/** The port `server` is bound to (PORT=0: the system's pick); an error before it listens. */
export function listeningPort(server: Server): number {
  const address = server.address();
  if (!address || typeof address === "string")
    throw new Error("The server is not listening yet: its port is not known.");
  return address.port;
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
    error instanceof EmbeddedPostgresError ||
    error instanceof DatabaseConnectionError ||
    (error instanceof Error && /^Invalid (storefront )?environment/.test(error.message));
  console.error(expected ? (error as Error).message : error);
  process.exit(1);
}
