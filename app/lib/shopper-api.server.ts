import { type AppLoadContext, data, redirect } from "react-router";
import type { OrderInvoicesJson } from "../../api/contract/types";
import type { OrderJson } from "../../api/contract/types";
import type { Paginator } from "../../api/contract/types";
import type { ProductListEntryJson } from "../../api/contract/types";
import type { Product } from "./catalogue";
import type { AddressFields } from "./checkout-schemas";
import type { PaymentMethodId } from "./payment/methods";
import { currentPath, readToken, signOutHeaders } from "./session.server";
import { type CartSummary, loginHref } from "./shopper";
import { type AddressJson, type CartChangeJson, type CartJson, toCartSummary, type UserJson } from "./shopper.server";
import { redirectWithError } from "./toast.server";
import { callUserapp, type UserappResult } from "./userapp.server";

/**
 * What every call answers: `ok` with the typed `envelope.data`, or a failure with the API's HTTP
 * status and its envelope (`message`; for a 422, `data` lists the field errors).
 */
export type ApiResult<T> = UserappResult<T>;

/** The message a shopper sees when the API no longer accepts their session. */
export const SESSION_ENDED = "Your session has expired. Please sign in again.";

/** A page of a shopper's list, as the API's list calls answer it (docs/api.md). */
export type ListPage<T> = { data: T[]; paginator: Paginator };
export type WishlistPage = { products: ProductListEntryJson[]; paginator: Paginator };
export type CompareList = { products: ProductListEntryJson[] };
/** `compare/add`: `replaced` is the oldest product, taken out to make room (null when there was room). */
export type CompareAdded = { replaced: Product | null; count: number };

/** The user's address list as `user/update` takes it back: each with its id, so the API keeps them. */
export type AddressEntry = Omit<AddressJson, "_id" | "isActive"> & { _id?: string; isActive?: boolean };

/** What an order holds: the cart as the API has it (`fromCart`), or one Buy Now product. */
export type OrderContents = { fromCart: true } | { productId: string; size?: string; quantity: number };
/**
 * Where it goes: a saved address by id, or a new one (`saveAddress`: added to the shopper's
 * addresses with the order, in one transaction).
 */
export type OrderDelivery = { addressId: string } | { address: AddressFields; saveAddress?: boolean };
export type NewOrder = OrderContents & OrderDelivery & { paymentMethod?: PaymentMethodId };

/** The profile fields Edit Profile sends; `currentPassword` only with a new email (docs/api.md, `user/update`). */
export type ProfileChange = { name: string; email: string; phone: string | null; currentPassword?: string };

export type CartLineRef = { productId: string; size: string };

/** A quantity as a form sent it: a number, or the text of one that is not a whole number (the API refuses it). */
export type SentQty = number | string;

/** `user/summary`: what every page shows of the shopper, in one call (the root loader's). */
export type ShopperSummary = { user: UserJson; cart: CartSummary; wishlistIds: string[]; compareIds: string[] };

// The cart as the API answers it, every line: its `{query, options}` mean nothing for a cart.
const WHOLE_CART = { query: {}, options: {}, isCountOnly: false };

/** The same result with its data mapped (failures pass through). */
export function mapResult<T, U>(result: ApiResult<T>, map: (value: T) => U): ApiResult<U> {
  return result.ok ? { ...result, envelope: { ...result.envelope, data: map(result.envelope.data) } } : result;
}

/**
 * The /userapp calls a shopper makes, with their token. The only place the storefront spells a
 * shopper endpoint's path and body. `onRejected` runs when the API answers 401 (the token is
 * revoked or expired): requireShopper makes it sign the browser out, so a route never sees a 401.
 */
export function shopperApi(context: AppLoadContext, token: string, onRejected?: () => Promise<never>) {
  async function call<T>(
    method: "GET" | "POST" | "PUT",
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiResult<T>> {
    const result = await callUserapp<T>(context, method, path, { token, body, headers });
    if (result.httpStatus === 401 && onRejected) await onRejected();
    return result;
  }
  const productBody = (productId: string) => ({ productId });

  return {
    me: () => call<UserJson>("GET", "user/me"),
    /** The user, the cart as the shop shows it, and the wishlist and compare ids, in one call. */
    summary: async (): Promise<ApiResult<ShopperSummary>> =>
      mapResult(await call<Omit<ShopperSummary, "cart"> & { cart: CartJson }>("GET", "user/summary"), (summary) => ({
        ...summary,
        cart: toCartSummary(summary.cart),
      })),
    updateProfile: (userId: string, change: ProfileChange) => call<UserJson>("PUT", `user/update/${userId}`, change),
    /** Replaces the user's whole address list (the API takes the list, not one address); answers the updated user. */
    saveAddresses: (userId: string, list: AddressEntry[]) =>
      call<UserJson>("PUT", `user/update/${userId}`, { address: list }),
    activateAddress: (addressId: string) => call<UserJson>("PUT", `user/activate/${encodeURIComponent(addressId)}`),
    changePassword: (currentPassword: string, newPassword: string) =>
      call<null>("PUT", "user/password", { currentPassword, newPassword }),
    logout: () => call<null>("POST", "auth/logout"),
    logoutAll: () => call<null>("POST", "auth/logout-all"),

    /** Any product, with or without stock (Buy Now's checkout page shows what it can order). */
    product: (productId: string) => call<Product>("GET", `product/get/${encodeURIComponent(productId)}`),

    cart: () => call<CartJson>("POST", "cart/get", WHOLE_CART),
    /** The cart as the shop shows it: each line with its title, picture, page and prices. */
    cartSummary: async (): Promise<ApiResult<CartSummary>> =>
      mapResult(await call<CartJson>("POST", "cart/get", WHOLE_CART), toCartSummary),
    // Each cart change is one call, answering the cart and the lines it touched (`changed`, with
    // the product's name). `qty` is whatever the form sent: the API owns the rules and refuses
    // a quantity it does not take with its own message.
    addToCart: (line: CartLineRef & { qty: SentQty }) =>
      call<CartChangeJson>("POST", "cart/create", { products: [line] }),
    updateCartLine: (line: CartLineRef & { qty: SentQty }) => call<CartChangeJson>("PUT", "cart/update", line),
    /** Lowers the line by one, or to `qty` (the quantity the form expects afterwards) when lower. */
    decreaseCartLine: (line: CartLineRef & { qty: number | null }) =>
      call<CartChangeJson>("PUT", "cart/update", { ...line, decrease: true }),
    removeCartLine: (line: CartLineRef) => call<CartChangeJson>("PUT", "cart/remove", line),
    clearCart: () => call<CartJson>("PUT", "cart/remove-multiple", { all: true }),

    wishlist: (page: number, limit: number) =>
      call<WishlistPage>("POST", "wishlist/list", { query: {}, options: { page, limit }, isCountOnly: false }),
    /** 201 for a new entry, 200 when it was there already. */
    addToWishlist: (productId: string) => call<ProductListEntryJson>("POST", "wishlist/create", productBody(productId)),
    removeFromWishlist: (productId: string) =>
      call<{ count: number }>("PUT", "wishlist/remove", productBody(productId)),

    compareList: () => call<CompareList>("POST", "compare/list", { query: {}, options: {} }),
    /** 201 for a new entry, 200 when it was there already. */
    addToCompare: (productId: string) => call<CompareAdded>("POST", "compare/add", productBody(productId)),
    removeFromCompare: (productId: string) => call<{ count: number }>("PUT", "compare/remove", productBody(productId)),
    clearCompare: () => call<{ count: number }>("PUT", "compare/clear"),

    orders: (page: number, limit: number) =>
      call<ListPage<OrderJson>>("GET", `orders?${new URLSearchParams({ page: String(page), limit: String(limit) })}`),
    order: (orderId: string) => call<OrderJson>("GET", `orders/${encodeURIComponent(orderId)}`),
    /** The order's tax invoices, one per merchant (api/routes/invoices.ts). */
    orderInvoices: (orderId: string) =>
      call<OrderInvoicesJson>("GET", `orders/${encodeURIComponent(orderId)}/invoices`),
    cancelOrder: (orderId: string, reason: string | null) =>
      call<OrderJson>("PUT", `orders/${encodeURIComponent(orderId)}/cancel`, { reason }),
    returnOrder: (orderId: string, reason: string) =>
      call<OrderJson>("PUT", `orders/${encodeURIComponent(orderId)}/return`, { reason }),
    /** Places the order; the same idempotency key always answers the same order (decision 005). */
    createOrder: (order: NewOrder, idempotencyKey: string) =>
      call<OrderJson>("POST", "order/create", order, { "Idempotency-Key": idempotencyKey }),
  };
}

export type ShopperApi = ReturnType<typeof shopperApi>;

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
  return { token, api: shopperApi(context, token, signOut) };
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
  if (result.ok) return result.envelope.data;
  throw data(null, { status: result.httpStatus >= 500 ? 503 : 500 });
}
