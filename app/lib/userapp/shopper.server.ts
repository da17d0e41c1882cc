import type {
  CartChangeJson,
  CartJson,
  OrderInvoicesJson,
  OrderJson,
  OrderQuote,
  Paginator,
  ProductListEntryJson,
  ReviewJson,
  ReviewStanding,
  UserJson,
} from "../../../api/contract/types";
import type { Product } from "../catalogue";
import type { AddressFields } from "../checkout-schemas";
import type { PaymentMethodId } from "../payment/methods";
import { type AddressJson, toCartSummary } from "../shopper.server";
import type { CartSummary } from "../shopper";
import type { Send, UserappResult } from "./transport.server";

/**
 * What every call answers: `ok` with the typed `envelope.data`, or a failure with the API's HTTP
 * status and its envelope (`message`; for a 422, `data` lists the field errors).
 */
export type ApiResult<T> = UserappResult<T>;

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

/** A review as its form sent it: stars as typed (the API refuses what is not 1 to 5), title and text. */
export type ReviewInput = { stars: number | string; title: string; body: string };

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
 * `signal` is the browser's request's: a change the browser has given up on is not made (`cart/update`).
 */
export function shopperApi(send: Send, token: string, onRejected?: () => Promise<never>, signal?: AbortSignal) {
  /** Every call's answer passes here: a 401 signs the browser out (onRejected) before a route sees it. */
  async function checked<T>(answer: Promise<ApiResult<T>>): Promise<ApiResult<T>> {
    const result = await answer;
    if (result.httpStatus === 401 && onRejected) await onRejected();
    return result;
  }
  function call<T>(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    json?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiResult<T>> {
    return checked(send<T>(method, path, { token, json, headers, signal }));
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
    /** Whether the shopper may review the product (a delivered order of it), and their own review of it. */
    reviewStanding: (productId: string) =>
      call<ReviewStanding>("GET", `product/${encodeURIComponent(productId)}/reviews/mine`),
    createReview: (productId: string, review: ReviewInput) =>
      call<ReviewJson>("POST", `product/${encodeURIComponent(productId)}/reviews`, review),
    editReview: (reviewId: string, review: ReviewInput) =>
      call<ReviewJson>("PUT", `reviews/${encodeURIComponent(reviewId)}`, review),
    voteHelpful: (reviewId: string) => call<ReviewJson>("POST", `reviews/${encodeURIComponent(reviewId)}/helpful`),
    reportReview: (reviewId: string) =>
      call<{ reported: boolean }>("POST", `reviews/${encodeURIComponent(reviewId)}/report`),
    /** Adds a photo (the multipart field `photo`) to the shopper's own review. */
    addReviewPhoto: (reviewId: string, form: FormData) =>
      checked(send<ReviewJson>("POST", `reviews/${encodeURIComponent(reviewId)}/photos`, { token, body: form })),
    removeReviewPhoto: (reviewId: string, photoId: string) =>
      call<ReviewJson>("DELETE", `reviews/${encodeURIComponent(reviewId)}/photos/${encodeURIComponent(photoId)}`),
    deleteReview: (reviewId: string) => call<{ _id: string }>("DELETE", `reviews/${encodeURIComponent(reviewId)}`),
    /** What an order of the cart (or of one product) would be now: its total, the payment methods it may use and why not. */
    quoteOrder: (what: { fromCart: true } | { productId: string; size: string; quantity: number }) =>
      call<OrderQuote>("POST", "order/quote", what),
    /** Places the order; the same idempotency key always answers the same order (decision 005). */
    createOrder: (order: NewOrder, idempotencyKey: string) =>
      call<OrderJson>("POST", "order/create", order, { "Idempotency-Key": idempotencyKey }),
  };
}

export type ShopperApi = ReturnType<typeof shopperApi>;
