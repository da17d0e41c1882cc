/** Hands a standard Request to the /userapp API: in-process by default, over HTTP with USERAPP_API_URL. */
export type UserappFetch = (request: Request) => Response | Promise<Response>;

declare module "react-router" {
  interface AppLoadContext {
    /** The /userapp API, called without a socket in the single-process setup. */
    userapp: UserappFetch;
    /** This request's Content-Security-Policy nonce (server/site.ts makes one per request; "" in development). */
    cspNonce: string;
    /** The shopper's network address as the server saw it, when known (login throttling counts per address). */
    clientAddress?: string | null;
  }
}

export {};
