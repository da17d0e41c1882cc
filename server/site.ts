import { localCatalogueVersion } from "../api/platform/catalogue-version";
import { type Context, Hono } from "hono";
import { type ServerBuild, createRequestHandler } from "react-router";
import {
  type ClientBindings,
  TRUST_NO_PROXY,
  type TrustProxy,
  resolveClientAddress,
  socketPeer,
} from "../api/platform/client-address";
import { HEALTH_PATHS, type Health, createHealth } from "../api/platform/health";
import { type Logger, logger as defaultLogger } from "../api/platform/logger";
import { REQUEST_ID_HEADER, requestLog } from "../api/platform/request-log";
import { storefrontContext, type UserappFetch } from "../app/lib/platform/load-context";
import { type BodyLimitRule, bodyLimit } from "./body-limit";
import { compress } from "./compress";
import {
  BACK_IN_A_MOMENT,
  MALFORMED_URL,
  RETRY_AFTER_SECONDS,
  SERVER_ERROR,
  isHostilePath,
  refusal,
  tooLargeText,
} from "./error-page";
import { isCrossSiteMutation } from "./origin-check";
import { createPageCache } from "./page-cache";
import { STRICT_TRANSPORT_SECURITY, applyPageHeaders, createNonce } from "./security-headers";
import { loadStaticFiles, staticResponse } from "./static";

/**
 * The /userapp API as the site calls it: a Hono app's `fetch(request, bindings)`. The bindings
 * carry what the site knows of the shopper (their address, the request id); only code in this
 * process can pass them, so the API believes them where it would not believe a header.
 */
export type UserappService = (request: Request, bindings: ClientBindings) => Response | Promise<Response>;

export type SiteOptions = {
  /** The /userapp API (also serves /media). */
  userapp: UserappService;
  /** Where the storefront's loaders send their /userapp calls (defaults to `userapp`). */
  storefrontUserapp?: UserappService;
  /** The React Router server build, or a loader of it (development reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /** The built client files (production only). */
  clientDir?: string;
  /** How long guests' public pages are kept in the micro-cache (server/page-cache.ts); 0 or unset: off. */
  pageCacheMs?: number;
  /** The shop's public origin (PUBLIC_ORIGIN), accepted as a form's Origin behind a proxy; https turns HSTS on in production. */
  publicOrigin?: string | null;
  /** Whose X-Forwarded-For names the shopper (TRUST_PROXY); unset: no one's, the socket's peer is the shopper. */
  trustProxy?: TrustProxy;
  /** The largest storefront form post (FORM_BODY_LIMIT_BYTES), default 64 KB; /userapp has its own. */
  formBodyLimitBytes?: number;
  /** Per-path exceptions to that limit, checked first (back-office uploads). */
  bodyLimitRules?: readonly BodyLimitRule[];
  /** /healthz and /readyz (server/main.ts passes one that pings the database and drains on SIGTERM). */
  health?: Health;
  /** Access lines and failures (tests pass their own to read them back). */
  logger?: Logger;
  /**
   * Whether signed-in shoppers' pages that can be are filled into one page rendered for them all
   * (app/lib/platform/shared-page.server.tsx); by default in production, not in development,
   * where the code changes under a running server.
   */
  sharedPages?: boolean;
};

export const DEFAULT_FORM_BODY_LIMIT_BYTES = 64 * 1024;

type SiteEnv = { Variables: { requestId: string; clientAddress: string | null } };

/** The whole site: health checks, the /userapp API and /media, the built assets, then the storefront. */
export function createSite(options: SiteOptions) {
  const files = options.clientDir ? loadStaticFiles(options.clientDir) : new Map();
  const handleRequest = createRequestHandler(options.build, options.mode);
  const storefrontUserapp = options.storefrontUserapp ?? options.userapp;
  const pages = createPageCache({ ttlMs: options.pageCacheMs ?? 0 });
  const log = options.logger ?? defaultLogger;
  const health = options.health ?? createHealth({ logger: log });
  const trust = options.trustProxy ?? TRUST_NO_PROXY;
  // One nonce per request: entry.server.tsx puts it on every script, the CSP header names it.
  // None in development (see PageHeaderOptions): Playwright checks the policy on the real build.
  const nonce = () => (options.mode === "production" ? createNonce() : "");
  // Only where the shop is served over https: a browser that saw HSTS refuses plain http afterwards.
  const hsts = options.mode === "production" && (options.publicOrigin ?? "").startsWith("https:");
  const sharedPages = options.sharedPages ?? options.mode === "production";
  const bindings = (c: Context<SiteEnv>): ClientBindings => ({
    clientAddress: c.var.clientAddress,
    requestId: c.var.requestId,
  });

  const site = new Hono<SiteEnv>();
  // First, so that every answer, refusals and failures too, carries X-Request-Id and is logged.
  site.use(requestLog({ logger: log, quiet: (path) => HEALTH_PATHS.has(path) }));
  if (hsts) {
    site.use(async (c, next) => {
      await next();
      c.header("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    });
  }
  site.use(async (c, next) => {
    // A broken %-escape or a line break in the path is the client's error, not ours (error-page.ts).
    if (isHostilePath(c.req.url)) return refusal(c.req.raw, 400, MALFORMED_URL, { nonce: nonce() });
    // Resolved once here: the API and the storefront's calls to it get this address (docs/configuration.md, TRUST_PROXY).
    const peer = socketPeer(c);
    c.set(
      "clientAddress",
      resolveClientAddress({ peer, forwardedFor: c.req.raw.headers.get("x-forwarded-for"), trust }),
    );
    await next();
  });
  site.on(["GET", "HEAD"], [...HEALTH_PATHS], async (c) => (await health.handle(c.req.raw)) ?? c.notFound());
  // Assets come precompressed; this compresses HTML, data and API answers (brotli or gzip).
  site.use(compress());
  site.use(
    bodyLimit({
      defaultLimitBytes: options.formBodyLimitBytes ?? DEFAULT_FORM_BODY_LIMIT_BYTES,
      rules: options.bodyLimitRules,
      // Connection: close, so that the client stops sending the rest of a body we will not read.
      tooLarge: (c, limit) =>
        refusal(c.req.raw, 413, tooLargeText(limit), { nonce: nonce(), headers: { Connection: "close" } }),
    }),
  );
  // While the database is down, what needs it answers 503 "back in a moment" (error-page.ts): at
  // once while the embedded server is being restarted, and in place of a failure it caused.
  const backSoon = (request: Request) =>
    refusal(request, 503, BACK_IN_A_MOMENT, {
      nonce: nonce(),
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  const needingDatabase = async (request: Request, answer: () => Response | Promise<Response>) => {
    if (health.databaseStatus() !== "up") return backSoon(request);
    const response = await answer();
    return response.status === 500 && (await health.databaseDown()) ? backSoon(request) : response;
  };
  site.all("/userapp/*", (c) => needingDatabase(c.req.raw, () => options.userapp(c.req.raw, bindings(c))));
  site.all("/media/*", (c) => needingDatabase(c.req.raw, () => options.userapp(c.req.raw, bindings(c))));
  site.all("*", async (c) => {
    const file = staticResponse(files, c.req.raw);
    if (file) return file;
    const request = c.req.raw;
    if (isFaviconIco(request)) return faviconRedirect();
    if (isCrossSiteMutation(request, options.publicOrigin ?? null)) {
      return applyPageHeaders(request, new Response("Bad Request: cross-site form post", { status: 400 }), {
        nonce: "",
      });
    }
    const { clientAddress, requestId } = bindings(c);
    const userapp: UserappFetch = (call) => storefrontUserapp(call, { clientAddress, requestId });
    const render = async (cspNonce: string) =>
      applyPageHeaders(
        request,
        await handleRequest(
          request,
          storefrontContext(userapp, {
            cspNonce,
            requestId,
            apiIdentity: storefrontUserapp,
            catalogueVersion: localCatalogueVersion,
            sharedPages,
          }),
        ),
        {
          nonce: cspNonce,
        },
      );
    return needingDatabase(request, () => pages.serve(request, render, nonce()));
  });
  site.onError(async (error, c) => {
    if (await health.databaseDown()) return backSoon(c.req.raw);
    // The error's type, code and message (describeError), never the request's headers or body.
    // A client that hung up (mid-upload, say) is not a failure of ours.
    if (!c.req.raw.signal.aborted)
      log.error(
        { err: error, requestId: c.var.requestId, method: c.req.method, path: new URL(c.req.url).pathname },
        "site request failed",
      );
    return refusal(c.req.raw, 500, SERVER_ERROR, { nonce: nonce() });
  });
  return site;
}

/** Browsers and tools still ask for /favicon.ico: our icon is public/favicon.svg (see root.tsx's links). */
function isFaviconIco(request: Request): boolean {
  return (request.method === "GET" || request.method === "HEAD") && new URL(request.url).pathname === "/favicon.ico";
}

function faviconRedirect(): Response {
  return new Response(null, {
    status: 301,
    headers: {
      Location: "/favicon.svg",
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * With USERAPP_API_URL the storefront calls a separate API host over HTTP. The shopper's address
 * goes as X-Forwarded-For (replacing whatever the request held), which that API believes only
 * with its TRUST_PROXY set to this storefront's address (docs/configuration.md).
 */
export function remoteUserapp(baseUrl: string): UserappService {
  const base = new URL(baseUrl);
  return (request, bindings) => {
    const url = new URL(request.url);
    url.protocol = base.protocol;
    url.host = base.host;
    const headers = new Headers(request.headers);
    headers.delete("x-forwarded-for");
    if (bindings.clientAddress) headers.set("x-forwarded-for", bindings.clientAddress);
    if (bindings.requestId) headers.set(REQUEST_ID_HEADER, bindings.requestId);
    return fetch(new Request(url, request), { headers });
  };
}
