import type {
  CartChangeJson,
  CartJson,
  CartPromotionsJson,
  CartWithPromotionsJson,
  OrderInvoicesJson,
  OrderJson,
  OrderQuote,
  PlacedOrderJson,
  Paginator,
  ProductListEntryJson,
  ReviewJson,
  ReviewStanding,
  UserJson,
} from "../../../api/contract/types";
import type { Product } from "../catalogue/catalogue";
import type { AddressFields } from "../checkout/checkout-schemas";
import type { PaymentMethodId } from "../payment/methods";
import type { CartSummary } from "../cart/cart";
import { toCartSummary } from "../cart/cart-summary.server";
import type { AddressJson } from "../session/signed-in-user.server";
import type { RefusalCode, RouteKey, Send, Target, UserappResult } from "./transport.server";

/**
 * What every call answers: `ok` with the typed `data`, or one of the refusals its route declares
 * (by `code`, with the code's `data`; app/lib/userapp/transport.server.ts).
 */
export type ApiResult<T, C extends RefusalCode = RefusalCode> = UserappResult<T, C>;

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
export type OrderDelivery = { addressId: string; mobile?: string } | { address: AddressFields; saveAddress?: boolean };
/**
 * `promotionCode`: the code the checkout showed (null: none), and `expectedTotal` the total it showed
 * for the payment method chosen, so the order is never priced otherwise unseen (decision 050).
 */
export type NewOrder = OrderContents &
  OrderDelivery & { paymentMethod?: PaymentMethodId; promotionCode?: string | null; expectedTotal?: number };

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
export function mapResult<T, U, C extends RefusalCode>(result: ApiResult<T, C>, map: (value: T) => U): ApiResult<U, C> {
  if (!result.ok) return result;
  const data = map(result.data);
  return { ...result, data };
}

/**
 * The /userapp calls a shopper makes, with their token. The only place the storefront spells a
 * shopper endpoint's path and body. `onRejected` runs when the API answers 401 (the token is
 * revoked or expired): requireShopper makes it sign the browser out, so a route never sees a 401.
 * `signal` is the browser's request's: a change the browser has given up on is not made (`cart/update`).
 */
export function shopperApi(send: Send, token: string, onRejected?: () => Promise<never>, signal?: AbortSignal) {
  /** Every call's answer passes here: a refused token signs the browser out (onRejected) before a route sees it. */
  async function checked<R extends { ok: boolean }>(answer: Promise<R>): Promise<R> {
    const result = await answer;
    if ("code" in result && result.code === "UNAUTHENTICATED" && onRejected) await onRejected();
    return result;
  }
  /** Route `route` (`METHOD /path`), called with the shopper's token: `.call<T>(json, headers)`. */
  const at = <K extends RouteKey>(route: K, target?: Target) => ({
    call: <T>(json?: unknown, headers?: Record<string, string>) =>
      checked(send(route, target).as<T>({ token, json, headers, signal })),
  });
  const productBody = (productId: string) => ({ productId });

  return {
    me: () => at("GET /user/me").call<UserJson>(),
    /** The user, the cart as the shop shows it, and the wishlist and compare ids, in one call. */
    summary: async () =>
      mapResult(await at("GET /user/summary").call<Omit<ShopperSummary, "cart"> & { cart: CartJson }>(), (summary) => ({
        ...summary,
        cart: toCartSummary(summary.cart),
      })),
    updateProfile: (userId: string, change: ProfileChange) =>
      at("PUT /user/update/{id}", { params: { id: userId } }).call<UserJson>(change),
    /** Replaces the user's whole address list (the API takes the list, not one address); answers the updated user. */
    saveAddresses: (userId: string, list: AddressEntry[]) =>
      at("PUT /user/update/{id}", { params: { id: userId } }).call<UserJson>({ address: list }),
    activateAddress: (addressId: string) =>
      at("PUT /user/activate/{addressId}", { params: { addressId } }).call<UserJson>(),
    changePassword: (currentPassword: string, newPassword: string) =>
      at("PUT /user/password").call<null>({ currentPassword, newPassword }),
    logout: () => at("POST /auth/logout").call<null>(),
    logoutAll: () => at("POST /auth/logout-all").call<null>(),

    /** Any product, with or without stock (Buy Now's checkout page shows what it can order). */
    product: (productId: string) => at("GET /product/get/{id}", { params: { id: productId } }).call<Product>(),

    /** The cart's lines, without its promotions (the checkout asks order/quote for those). */
    cart: () => at("POST /cart/get").call<CartJson>({ ...WHOLE_CART, promotions: false }),
    /** The cart as the shop shows it, and its promotions by payment method (the cart page's). */
    cartWithPromotions: async () =>
      mapResult(await at("POST /cart/get").call<CartWithPromotionsJson>(WHOLE_CART), (cart) => ({
        cart: toCartSummary(cart),
        promotions: cart.promotions,
      })),
    /** Applies a promotion code to the cart; with a Buy Now line, checked against that product. */
    applyPromotionCode: (code: string, buyNow?: { productId: string; size: string; quantity: number }) =>
      at("POST /cart/promotion").call<CartPromotionsJson>({ code, ...buyNow }),
    removePromotionCode: () => at("DELETE /cart/promotion").call<CartPromotionsJson>(),
    // Each cart change is one call, answering the cart and the lines it touched (`changed`, with
    // the product's name). `qty` is whatever the form sent: the API owns the rules and refuses
    // a quantity it does not take with its own message.
    addToCart: (line: CartLineRef & { qty: SentQty }) =>
      at("POST /cart/create").call<CartChangeJson>({ products: [line] }),
    updateCartLine: (line: CartLineRef & { qty: SentQty }) => at("PUT /cart/update").call<CartChangeJson>(line),
    /** Lowers the line by one, or to `qty` (the quantity the form expects afterwards) when lower. */
    decreaseCartLine: (line: CartLineRef & { qty: number | null }) =>
      at("PUT /cart/update").call<CartChangeJson>({ ...line, decrease: true }),
    removeCartLine: (line: CartLineRef) => at("PUT /cart/remove").call<CartChangeJson>(line),
    clearCart: () => at("PUT /cart/remove-multiple").call<CartJson>({ all: true }),

    wishlist: (page: number, limit: number) =>
      at("POST /wishlist/list").call<WishlistPage>({ query: {}, options: { page, limit }, isCountOnly: false }),
    /** 201 for a new entry, 200 when it was there already. */
    addToWishlist: (productId: string) =>
      at("POST /wishlist/create").call<ProductListEntryJson>(productBody(productId)),
    removeFromWishlist: (productId: string) =>
      at("PUT /wishlist/remove").call<{ count: number }>(productBody(productId)),

    compareList: () => at("POST /compare/list").call<CompareList>({ query: {}, options: {} }),
    /** 201 for a new entry, 200 when it was there already. */
    addToCompare: (productId: string) => at("POST /compare/add").call<CompareAdded>(productBody(productId)),
    removeFromCompare: (productId: string) => at("PUT /compare/remove").call<{ count: number }>(productBody(productId)),
    clearCompare: () => at("PUT /compare/clear").call<{ count: number }>(),

    orders: (page: number, limit: number) =>
      at("GET /orders", { query: new URLSearchParams({ page: String(page), limit: String(limit) }) }).call<
        ListPage<OrderJson>
      >(),
    order: (orderId: string) => at("GET /orders/{id}", { params: { id: orderId } }).call<OrderJson>(),
    /** The order's tax invoices, one per merchant (api/routes/invoices.ts). */
    orderInvoices: (orderId: string) =>
      at("GET /orders/{id}/invoices", { params: { id: orderId } }).call<OrderInvoicesJson>(),
    /** Cancels the order, with the reason picked from the shopper's list (and its words). */
    cancelOrder: (orderId: string, reason: { reasonCode: string; reason: string }) =>
      at("PUT /orders/{id}/cancel", { params: { id: orderId } }).call<OrderJson>(reason),
    returnOrder: (orderId: string, reason: { reasonCode: string; reason: string }) =>
      at("PUT /orders/{id}/return", { params: { id: orderId } }).call<OrderJson>(reason),
    /** Whether the shopper may review the product (a delivered order of it), and their own review of it. */
    reviewStanding: (productId: string) =>
      at("GET /product/{id}/reviews/mine", { params: { id: productId } }).call<ReviewStanding>(),
    createReview: (productId: string, review: ReviewInput) =>
      at("POST /product/{id}/reviews", { params: { id: productId } }).call<ReviewJson>(review),
    editReview: (reviewId: string, review: ReviewInput) =>
      at("PUT /reviews/{id}", { params: { id: reviewId } }).call<ReviewJson>(review),
    voteHelpful: (reviewId: string) =>
      at("POST /reviews/{id}/helpful", { params: { id: reviewId } }).call<ReviewJson>(),
    reportReview: (reviewId: string) =>
      at("POST /reviews/{id}/report", { params: { id: reviewId } }).call<{ reported: boolean }>(),
    /** Adds a photo (the multipart field `photo`) to the shopper's own review. */
    addReviewPhoto: (reviewId: string, form: FormData) =>
      checked(send("POST /reviews/{id}/photos", { params: { id: reviewId } }).as<ReviewJson>({ token, body: form })),
    removeReviewPhoto: (reviewId: string, photoId: string) =>
      at("DELETE /reviews/{id}/photos/{photoId}", { params: { id: reviewId, photoId } }).call<ReviewJson>(),
    deleteReview: (reviewId: string) =>
      at("DELETE /reviews/{id}", { params: { id: reviewId } }).call<{ _id: string }>(),
    /** What an order of the cart (or of one product) would be now: its total, the payment methods it may use and why not. */
    quoteOrder: (what: { fromCart: true } | { productId: string; size: string; quantity: number }) =>
      at("POST /order/quote").call<OrderQuote>(what),
    /** Places the order; the same idempotency key always answers the same order (decision 005). */
    createOrder: (order: NewOrder, idempotencyKey: string) =>
      at("POST /order/create").call<PlacedOrderJson>(order, { "Idempotency-Key": idempotencyKey }),
  };
}

export type ShopperApi = ReturnType<typeof shopperApi>;
