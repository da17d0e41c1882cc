import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { type ServerBuild, createRequestHandler } from "react-router";
import type { UserappFetch } from "../app/lib/load-context";
import { isCrossSiteMutation } from "./origin-check";
import { createPageCache } from "./page-cache";
import { applyPageHeaders, createNonce } from "./security-headers";
import { loadStaticFiles, staticResponse } from "./static";

export type SiteOptions = {
  /** The /userapp API (also serves /media). */
  userapp: UserappFetch;
  /** Where the storefront's loaders send their /userapp calls (defaults to `userapp`). */
  storefrontUserapp?: UserappFetch;
  /** The React Router server build, or a loader of it (development reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /** The built client files (production only). */
  clientDir?: string;
  /** How long guests' public pages are kept in the micro-cache (server/page-cache.ts); 0 or unset: off. */
  pageCacheMs?: number;
  /** The shop's public origin (PUBLIC_ORIGIN), accepted as a form's Origin behind a proxy. */
  publicOrigin?: string | null;
};

/** The whole site: the /userapp API and /media, the built assets, then the storefront. */
export function createSite(options: SiteOptions) {
  const files = options.clientDir ? loadStaticFiles(options.clientDir) : new Map();
  const handleRequest = createRequestHandler(options.build, options.mode);
  const storefrontUserapp = options.storefrontUserapp ?? options.userapp;
  const pages = createPageCache({ ttlMs: options.pageCacheMs ?? 0 });

  const site = new Hono();
  // Assets come precompressed; this compresses HTML, data and API answers.
  site.use(compress());
  site.all("/userapp/*", (c) => options.userapp(c.req.raw));
  site.all("/media/*", (c) => options.userapp(c.req.raw));
  site.all("*", async (c) => {
    const file = staticResponse(files, c.req.raw);
    if (file) return file;
    // One nonce per request: entry.server.tsx puts it on every script, the CSP header names it.
    // None in development (see PageHeaderOptions): Playwright checks the policy on the real build.
    const request = c.req.raw;
    if (isCrossSiteMutation(request, options.publicOrigin ?? null)) {
      return applyPageHeaders(request, new Response("Bad Request: cross-site form post", { status: 400 }), { nonce: "" });
    }
    const clientAddress = peerAddress(c);
    const render = async (cspNonce: string) =>
      applyPageHeaders(request, await handleRequest(request, { userapp: storefrontUserapp, cspNonce, clientAddress }), {
        nonce: cspNonce,
      });
    return pages.serve(request, render, options.mode === "production" ? createNonce() : "");
  });
  return site;
}

/** The socket's peer address; null when there is no Node socket (tests that call `fetch` directly). */
function peerAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/** With USERAPP_API_URL the storefront calls a separate API host over HTTP. */
export function remoteUserapp(baseUrl: string): UserappFetch {
  const base = new URL(baseUrl);
  return (request) => {
    const url = new URL(request.url);
    url.protocol = base.protocol;
    url.host = base.host;
    return fetch(new Request(url, request));
  };
}
