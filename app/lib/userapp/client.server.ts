import { adminApi } from "./admin.server";
import { publicApi } from "./public.server";
import { shopperApi } from "./shopper.server";
import { transport, type UserappFetch } from "./transport.server";

/**
 * The storefront's one client of the /userapp API, on every request's load context
 * (`context.api`), split by audience: `public` for anyone, `shopper(token)` for the signed-in
 * shopper (through `requireShopper`, which signs the browser out when the API rejects the token),
 * `admin(token)` for the back office (through `requireAdmin`). The only place the storefront
 * spells an endpoint's path and body; the answers' types come from api/contract.
 */
export function createApiClient(userapp: UserappFetch) {
  const wire = transport(userapp);
  return {
    public: publicApi(wire.send),
    shopper: (token: string, onRejected?: () => Promise<never>, signal?: AbortSignal) =>
      shopperApi(wire.send, token, onRejected, signal),
    admin: (token: string) => adminApi(wire, token),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
