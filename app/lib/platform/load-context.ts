import { localCatalogueVersion } from "../../../api/platform/catalogue-version";
import type { AppLoadContext } from "react-router";
import { type ApiClient, createApiClient } from "../userapp/client.server";
import type { UserappFetch } from "../userapp/transport.server";

export type { UserappFetch };

declare module "react-router" {
  interface AppLoadContext {
    /**
     * The /userapp API, called without a socket in the single-process setup. server/site.ts binds
     * it to this request: the API learns the shopper's address from it, not from a header.
     */
    userapp: UserappFetch;
    /** The typed client over `userapp` that loaders and actions call (app/lib/userapp/client.server.ts). */
    api: ApiClient;
    /**
     * The API behind `userapp`, the same object for every request of one site (`userapp` itself is
     * bound to each request): what a cache of the API's answers is kept by.
     */
    apiIdentity: object;
    /**
     * The count of catalogue changes this process has heard of (api/platform/catalogue-version.ts),
     * read from the server's own copy of that module: the storefront's build bundles another copy,
     * which nothing raises. A cache of catalogue answers drops what it stored under an older count.
     */
    catalogueVersion: () => number;
    /** This request's Content-Security-Policy nonce (server/site.ts makes one per request; "" in development). */
    cspNonce: string;
    /** This request's id (X-Request-Id), for log lines (entry.server.tsx's handleError). */
    requestId?: string;
    /**
     * The page's schema.org data (JSON-LD), set by its loader: entry.server.tsx writes it into the
     * document, so that it costs the browser's JavaScript nothing (app/lib/catalogue/structured-data.server.ts).
     */
    structuredData?: object;
    /** Kept parts' props that the document's loader data leaves out, by hash (app/lib/platform/kept.server.ts). */
    withheld?: Map<string, unknown>;
    /**
     * Whether a signed-in shopper's page may be filled into a page rendered once for every signed-in
     * shopper (app/lib/platform/shared-page.server.tsx); server/site.ts: in production.
     */
    sharedPages?: boolean;
  }
}

/** A request's load context: the API's fetch and the client over it, and what else the request carries. */
export function storefrontContext(
  userapp: UserappFetch,
  rest: {
    cspNonce: string;
    requestId?: string;
    apiIdentity?: object;
    catalogueVersion?: () => number;
    sharedPages?: boolean;
  },
): AppLoadContext {
  return {
    userapp,
    api: createApiClient(userapp),
    apiIdentity: userapp,
    catalogueVersion: localCatalogueVersion,
    ...rest,
  };
}
