import { type ApiClient, createApiClient } from "./userapp/client.server";
import type { UserappFetch } from "./userapp/transport.server";

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
    /** This request's Content-Security-Policy nonce (server/site.ts makes one per request; "" in development). */
    cspNonce: string;
    /** This request's id (X-Request-Id), for log lines (entry.server.tsx's handleError). */
    requestId?: string;
  }
}

/** A request's load context: the API's fetch and the client over it, and what else the request carries. */
export function storefrontContext(userapp: UserappFetch, rest: { cspNonce: string; requestId?: string }) {
  return { userapp, api: createApiClient(userapp), ...rest };
}
