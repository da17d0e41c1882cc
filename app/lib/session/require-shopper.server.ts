import { type AppLoadContext, data, redirect } from "react-router";
import { ID_PATTERN } from "../../../api/contract";
import type { UserJson } from "../../../api/contract/types";
import type { ApiResult, ShopperApi } from "../userapp/shopper.server";
import { currentPath, readToken, signOutHeaders } from "./session.server";
import { loginHref } from "../page/root-data";
import { redirectWithError } from "../forms/toast.server";
import { apiFailed } from "../userapp/refusals.server";

export type {
  AddressEntry,
  ApiResult,
  OrderContents,
  OrderDelivery,
  SentQty,
  ShopperApi,
} from "../userapp/shopper.server";

/** The message a shopper sees when the API no longer accepts their session. */
export const SESSION_ENDED = "Your session has expired. Please sign in again.";

/** A signed-in shopper: the session's token and the API as them (a rejected token never comes back from it). */
export type SignedInShopper = { token: string; api: ShopperApi };

export type GuardOptions = {
  /** Where signing in comes back to: this page by default. */
  returnTo?: string;
  /** 303 for the forms any page posts (cart, wishlist, compare), which answer 303 for everything else too. */
  status?: 302 | 303;
};

/**
 * The guard of every page and form that needs a signed-in shopper; its rules, one for each case:
 * - no session: to `/login?redirectTo=` this page (or `returnTo`);
 * - a token the API rejects (401 on any call through `api`): this browser is signed out (its session
 *   cookie cleared, decision 004) and sent to sign in with one toast, SESSION_ENDED;
 * - the API down: the route's error boundary, through `orErrorPage` on what the page cannot do without.
 * Guards throw, so a loader or action reads top to bottom.
 */
export async function requireShopper(
  request: Request,
  context: AppLoadContext,
  options: GuardOptions = {},
): Promise<SignedInShopper> {
  const returnTo = options.returnTo ?? currentPath(request);
  const status = options.status ?? 302;
  const token = await readToken(request);
  if (!token) throw redirect(loginHref(returnTo), status);
  const signOut = async (): Promise<never> => {
    throw await redirectWithError(loginHref(returnTo), SESSION_ENDED, {
      status,
      headers: await signOutHeaders(request),
    });
  };
  return { token, api: context.api.shopper(token, signOut, request.signal) };
}

/** requireShopper, and the shopper's profile (`user/me`) for the pages that show or change it. */
export async function requireShopperProfile(
  request: Request,
  context: AppLoadContext,
  options: GuardOptions = {},
): Promise<SignedInShopper & { user: UserJson }> {
  const shopper = await requireShopper(request, context, options);
  return { ...shopper, user: orErrorPage(await shopper.api.me()) };
}

/**
 * The data of a read the page cannot be shown without. A failure is the route's error page: 503
 * when the API is down or failed (an empty cart or list must never stand in for "the API failed"),
 * 500 for any other refusal, which would be our own mistake. A 404 the page expects is checked first.
 */
export function orErrorPage<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw data(null, { status: apiFailed(result) ? 503 : 500 });
}

/**
 * The shopper's own order, as `read` answers it (the order, its invoices…), or the 404 page: for
 * an id that cannot be one, and for an order that is not theirs (the API answers another
 * shopper's order as it answers none).
 */
export async function ownOrder<T>(id: string | undefined, read: (id: string) => Promise<ApiResult<T>>): Promise<T> {
  if (!id || !ID_PATTERN.test(id)) throw data(null, { status: 404 });
  const result = await read(id);
  if (!result.ok && result.code === "NOT_FOUND") throw data(null, { status: 404 });
  return orErrorPage(result);
}
