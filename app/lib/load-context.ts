/** Hands a standard Request to the /userapp API: in-process by default, over HTTP with USERAPP_API_URL. */
export type UserappFetch = (request: Request) => Response | Promise<Response>;

declare module "react-router" {
  interface AppLoadContext {
    /**
     * The /userapp API, called without a socket in the single-process setup. server/site.ts binds
     * it to this request: the API learns the shopper's address from it, not from a header.
     */
    userapp: UserappFetch;
    /** This request's Content-Security-Policy nonce (server/site.ts makes one per request; "" in development). */
    cspNonce: string;
    /** This request's id (X-Request-Id), for log lines (entry.server.tsx's handleError). */
    requestId?: string;
  }
}

export {};
