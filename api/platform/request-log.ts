import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { ClientBindings } from "./client-address";
import type { Logger } from "./logger";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** An id a client or proxy sent that is safe to keep, echo and log: short, and no characters that could forge a log line. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function saneRequestId(value: string | null | undefined): string | null {
  return typeof value === "string" && SANE_REQUEST_ID.test(value) ? value : null;
}

/** The request's X-Request-Id when it is sane (a proxy's id, so both logs join up), else a new one. */
export function requestIdFor(request: Request): string {
  return saneRequestId(request.headers.get(REQUEST_ID_HEADER)) ?? randomUUID();
}

/** The request id of an API request: the storefront's binding (server/site.ts), else a sane X-Request-Id header, else none. */
export function requestIdOf(c: Context): string | undefined {
  const bindings = c.env as ClientBindings | undefined;
  const bound = bindings && typeof bindings === "object" ? saneRequestId(bindings.requestId) : null;
  return bound ?? saneRequestId(c.req.header(REQUEST_ID_HEADER)) ?? undefined;
}

/** Paths longer than this are cut in the log line (a hostile URL should not make a huge line). */
const MAX_LOGGED_PATH = 512;

export type RequestLogOptions = {
  logger: Logger;
  /** Paths logged at debug level when they succeed (health probes every few seconds would drown the log). */
  quiet?: (path: string) => boolean;
};

export type RequestLogEnv = { Variables: { requestId: string } };

/**
 * Gives each request an id (`c.var.requestId`, returned as X-Request-Id on every answer) and writes
 * one access line when the answer's headers are ready: method, path (never the query string, which
 * can hold a shopper's search or email), status, milliseconds and the id. Never headers or bodies,
 * so no cookie, token or password can reach the log. A 5xx is logged at warn, the rest at info
 * (the test logger prints errors only, so tests stay quiet); a request whose client hung up first
 * at info with `clientClosed: true`, whatever its status.
 */
export function requestLog(options: RequestLogOptions): MiddlewareHandler<RequestLogEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFor(c.req.raw);
    c.set("requestId", requestId);
    await next();
    c.header(REQUEST_ID_HEADER, requestId);
    const path = new URL(c.req.url).pathname.slice(0, MAX_LOGGED_PATH);
    const status = c.res.status;
    const line = {
      requestId,
      method: c.req.method,
      path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    // A client that hung up first (a newer click replaced the request, a page left mid-load): React
    // Router answers its aborted request with a 500 nobody receives. Said so, and not a warning.
    if (c.req.raw.signal.aborted) options.logger.info({ ...line, clientClosed: true }, "request");
    else if (status >= 500) options.logger.warn(line, "request");
    else if (options.quiet?.(path)) options.logger.debug(line, "request");
    else options.logger.info(line, "request");
  };
}
