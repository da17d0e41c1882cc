import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { type Logger, logger as defaultLogger } from "./logger";

export type HealthOptions = {
  /** Resolves when the database answers (see `pingDatabase`); no ping: ready whenever not draining. */
  ping?: () => Promise<unknown>;
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
};

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
 * - `/healthz`: 200 `{"status":"ok"}` whenever the process can answer at all;
 * - `/readyz`: 200 `{"status":"ok"}` when the database answers `select 1` in time, 503 while
 *   draining after SIGTERM or when the database fails (the failure is logged, not shown).
 * The storefront (server/site.ts) and the API-only server (api/main.ts) answer them alike.
 */
export function createHealth(options: HealthOptions = {}): Health {
  const timeoutMs = options.timeoutMs ?? 2000;
  const log = options.logger ?? defaultLogger;
  let draining = false;

  const ready = async (): Promise<Response> => {
    if (draining) return json(503, { status: "draining" });
    if (!options.ping) return json(200, { status: "ok" });
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        options.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`database ping took over ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return json(200, { status: "ok" });
    } catch (error) {
      log.warn({ err: error }, "readiness check failed");
      return json(503, { status: "unavailable" });
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    handle(request) {
      if (request.method !== "GET" && request.method !== "HEAD") return null;
      const path = new URL(request.url).pathname;
      if (path === "/healthz") return Promise.resolve(json(200, { status: "ok" }));
      if (path === "/readyz") return ready();
      return null;
    },
    setDraining() {
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
}
