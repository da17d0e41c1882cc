import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { DatabaseStatus } from "../db/embedded-supervisor";
import { type Logger, logger as defaultLogger } from "./logger";

export type HealthOptions = {
  /** Resolves when the database answers (see `pingDatabase`); no ping: ready whenever not draining. */
  ping?: () => Promise<unknown>;
  /** The embedded server's state, for the shop that supervises it (api/db/embedded-supervisor.ts). */
  status?: () => DatabaseStatus;
  /** A ping slower than this counts as failed, so a hung database reads as not ready (default 2 s). */
  timeoutMs?: number;
  logger?: Logger;
};

export type Health = {
  /** Answers GET or HEAD /healthz and /readyz; null for any other request. */
  handle(request: Request): Promise<Response> | null;
  /** From now on /readyz answers 503, so a load balancer stops sending requests while they drain (SIGTERM). */
  setDraining(): void;
  readonly draining: boolean;
  /** The embedded server's state as the shop knows it without asking ("up" when nothing supervises it). */
  databaseStatus(): DatabaseStatus;
  /** Whether the database is down now: being restarted, given up on, or not answering a ping in time. */
  databaseDown(): Promise<boolean>;
};

/** What a request that needs the database answers while it is down: 503, with Retry-After (docs/operations.md). */
export const BACK_IN_A_MOMENT = {
  title: "Back in a moment",
  message: "The shop is restarting its database and will be back in a few seconds. Please try again shortly.",
  code: "DATABASE_UNAVAILABLE",
};

/** Seconds a client is asked to wait (Retry-After) while the database is down. */
export const RETRY_AFTER_SECONDS = 5;

/** The API's answer while the database is down: the envelope, 503, `code: "DATABASE_UNAVAILABLE"`. */
export function databaseUnavailable(): Response {
  const { message, code } = BACK_IN_A_MOMENT;
  return new Response(JSON.stringify({ status: "SERVICE_UNAVAILABLE", message, data: null, code }), {
    status: 503,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "private, no-store",
      "Retry-After": String(RETRY_AFTER_SECONDS),
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const HEALTH_PATHS: ReadonlySet<string> = new Set(["/healthz", "/readyz"]);

/** `select 1` on the database: what /readyz asks before answering 200. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });

/**
 * Liveness and readiness for orchestrators and load balancers (docs/operations.md):
 * - `/healthz`: 200 `{"status":"ok"}` whenever the process can answer at all, but 503
 *   `{"status":"failed"}` once the embedded server's restarts are spent (a supervisor acts then);
 * - `/readyz`: 200 `{"status":"ok"}` when the database answers `select 1` in time, 503 while
 *   draining after SIGTERM, while the embedded server is restarted, or when the database fails
 *   (the failure is logged, not shown).
 * The storefront (server/site.ts) and the API-only server (api/main.ts) answer them alike.
 */
export function createHealth(options: HealthOptions = {}): Health {
  const timeoutMs = options.timeoutMs ?? 2000;
  const log = options.logger ?? defaultLogger;
  let draining = false;
  const status = options.status ?? (() => "up");

  /** The ping's failure, if it fails or takes too long; undefined when the database answered. */
  const pingFails = async (): Promise<unknown> => {
    if (!options.ping) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        options.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`database ping took over ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return undefined;
    } catch (error) {
      return error ?? new Error("database ping failed");
    } finally {
      clearTimeout(timer);
    }
  };

  const ready = async (): Promise<Response> => {
    if (draining) return json(503, { status: "draining" });
    // Being restarted: no ping to wait for (the restart is logged already).
    if (status() !== "up") return json(503, { status: "unavailable" });
    const failure = await pingFails();
    if (failure === undefined) return json(200, { status: "ok" });
    log.warn({ err: failure }, "readiness check failed");
    return json(503, { status: "unavailable" });
  };

  return {
    handle(request) {
      if (request.method !== "GET" && request.method !== "HEAD") return null;
      const path = new URL(request.url).pathname;
      if (path === "/healthz")
        return Promise.resolve(status() === "failed" ? json(503, { status: "failed" }) : json(200, { status: "ok" }));
      if (path === "/readyz") return ready();
      return null;
    },
    setDraining() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    databaseStatus: status,
    async databaseDown() {
      return status() !== "up" || (await pingFails()) !== undefined;
    },
  };
}
