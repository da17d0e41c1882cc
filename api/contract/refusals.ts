/**
 * The /userapp API's refusals by machine code (docs/api.md, "Refusal codes"; decision 035). Every
 * refusal answers a stable `code` beside the spec's `status`, `message` and `data`; a client chooses
 * what to say by the code, not by the HTTP status or the English message. Free of imports, like
 * ./index.ts: the storefront may import it anywhere (its types cost nothing in a bundle).
 */

/**
 * What the API answers to an order of an empty cart (CART_EMPTY), and the checkout page says of
 * one. Here, not in ./index.ts, which every page's JavaScript carries: only the checkout's needs it.
 */
export const EMPTY_CART_MESSAGE = "Your cart is empty";

/** Each code with the HTTP status(es) it is answered with. */
export const REFUSAL_STATUSES = {
  // Any route (the shared refusals: one handler in a client takes them all).
  UNAUTHENTICATED: [401],
  FORBIDDEN: [403],
  TOO_LARGE: [413],
  RATE_LIMITED: [429],
  SERVER_ERROR: [500],
  BUSY: [503],
  DATABASE_UNAVAILABLE: [503],
  MALFORMED_REQUEST: [400],
  VALIDATION: [422],
  // A route's own.
  NOT_FOUND: [404],
  INVALID_CREDENTIALS: [400],
  WRONG_PASSWORD: [400],
  TOO_MANY_ATTEMPTS: [429],
  EMAIL_TAKEN: [409],
  LINK_UNKNOWN: [400],
  LINK_USED: [400],
  LINK_EXPIRED: [400],
  NOT_ENOUGH_STOCK: [400, 409],
  SIZE_UNAVAILABLE: [400],
  CART_FULL: [400],
  CHANGE_ABANDONED: [409],
  CART_EMPTY: [400],
  COD_LIMIT: [409],
  COD_UNITS: [409],
  COD_ORDERS: [409],
  UNPAID_ORDERS: [409],
  ORDER_STATE: [409],
  UTR_TAKEN: [409],
  GSTIN_TAKEN: [409],
  RETRY_STATE: [409],
  ENDPOINT_DISABLED: [409],
  ENDPOINT_LIMIT: [409],
  FILE_TOO_LARGE: [413],
  IMAGE_DUPLICATE: [409],
  IMAGE_LIMIT: [409],
  NOT_ELIGIBLE: [403],
  ALREADY_REVIEWED: [409],
  REVIEW_REMOVED: [409],
  OWN_REVIEW: [409],
  PHOTO_DUPLICATE: [409],
  REVIEW_PHOTO_LIMIT: [409],
  UPLOAD_LIMIT: [429],
  IMPORT_ROWS: [422],
  COURIER_UNKNOWN: [400],
  REASON_UNKNOWN: [400],
  COURIER_TAKEN: [409],
  COURIER_LIMIT: [409],
  MOBILE_REQUIRED: [422],
  PIN_STATE_MISMATCH: [422],
  PROMO_CODE_TAKEN: [409],
  PROMO_STATE: [409],
  PROMO_NOT_BULK: [409],
  // A promotion code that does not apply (api/lib/promotions/rules.ts): 400 when applied to the
  // cart, 409 when the order is placed (it stopped applying, or another order took its last use).
  PROMO_UNKNOWN: [400, 409],
  PROMO_PAUSED: [400, 409],
  PROMO_NOT_STARTED: [400, 409],
  PROMO_EXPIRED: [400, 409],
  PROMO_EXHAUSTED: [400, 409],
  PROMO_USED: [400, 409],
  PROMO_FIRST_ORDER: [400, 409],
  PROMO_PAYMENT_METHOD: [400, 409],
  PROMO_MIN_CART: [400, 409],
  PROMO_NOT_ELIGIBLE: [400, 409],
  // The order would cost another amount than the checkout showed for its payment method
  // (`expectedTotal`): an offer ended or began, a price changed.
  PRICE_CHANGED: [409],
} as const;

export type RefusalCode = keyof typeof REFUSAL_STATUSES;

/** The refusals any route may answer, whoever wrote it: a client's one shared handler takes them. */
export const SHARED_REFUSALS = [
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "TOO_LARGE",
  "RATE_LIMITED",
  "SERVER_ERROR",
  "BUSY",
  "DATABASE_UNAVAILABLE",
  "MALFORMED_REQUEST",
] as const satisfies readonly RefusalCode[];
export type SharedRefusalCode = (typeof SHARED_REFUSALS)[number];

/** A field the API refused, with its message (a VALIDATION refusal's `data`). */
export type FieldErrorJson = { path: string; message: string };
/** A line the stock cannot supply: how many were asked for, how many there are. */
export type StockShortfall = { productId: string; size: string; requested: number; available: number };
type LinkProblem<P extends string> = { problem: P };

/** What each code's `data` holds (the spec's shapes: a 422's is the list of field errors). */
export type RefusalData = {
  UNAUTHENTICATED: null;
  FORBIDDEN: null;
  TOO_LARGE: { limit: number };
  RATE_LIMITED: { retryAfter: number };
  SERVER_ERROR: null;
  BUSY: null;
  DATABASE_UNAVAILABLE: null;
  MALFORMED_REQUEST: null;
  VALIDATION: FieldErrorJson[];
  NOT_FOUND: null;
  INVALID_CREDENTIALS: null;
  WRONG_PASSWORD: null;
  TOO_MANY_ATTEMPTS: { retryAfter: number };
  EMAIL_TAKEN: null;
  LINK_UNKNOWN: LinkProblem<"unknown">;
  LINK_USED: LinkProblem<"used">;
  LINK_EXPIRED: LinkProblem<"expired">;
  NOT_ENOUGH_STOCK: StockShortfall;
  /** The cart's: the line, nothing available; an order's of one product: null. */
  SIZE_UNAVAILABLE: StockShortfall | null;
  CART_FULL: null;
  CHANGE_ABANDONED: null;
  CART_EMPTY: { emptyCart: true };
  COD_LIMIT: { totalAmount: number; codLimit: number };
  COD_UNITS: { productId: string; units: number; maxCodUnits: number };
  COD_ORDERS: { openCodOrders: number; limit: number };
  UNPAID_ORDERS: { unpaidOrders: number; limit: number };
  ORDER_STATE: { status: string; paymentStatus: string };
  UTR_TAKEN: null;
  GSTIN_TAKEN: null;
  RETRY_STATE: { state: string };
  ENDPOINT_DISABLED: { state: string };
  ENDPOINT_LIMIT: null;
  FILE_TOO_LARGE: { limit: number };
  IMAGE_DUPLICATE: null;
  IMAGE_LIMIT: null;
  NOT_ELIGIBLE: null;
  ALREADY_REVIEWED: null;
  REVIEW_REMOVED: null;
  OWN_REVIEW: null;
  PHOTO_DUPLICATE: null;
  REVIEW_PHOTO_LIMIT: null;
  UPLOAD_LIMIT: { retryAfter: number };
  /** The first rows' errors (the envelope's top-level `errorCount` counts them all), or the request's fields. */
  IMPORT_ROWS: ({ line: number; field: string; message: string } | FieldErrorJson)[];
  COURIER_UNKNOWN: null;
  REASON_UNKNOWN: null;
  COURIER_TAKEN: null;
  COURIER_LIMIT: null;
  /** The field that needs a mobile number (an order's delivery address, `address.mobile`), like VALIDATION's. */
  MOBILE_REQUIRED: FieldErrorJson[];
  /** The addresses' state fields their PIN is not in ("PIN 560001 is in Karnataka"), like VALIDATION's. */
  PIN_STATE_MISMATCH: FieldErrorJson[];
  /** Another promotion, or a bulk code, has the code (compared upper-case and trimmed). */
  PROMO_CODE_TAKEN: null;
  /** The promotion's status does not allow the change (it is ended, or paused or running already). */
  PROMO_STATE: { status: string };
  /** Codes are generated only for a bulk campaign. */
  PROMO_NOT_BULK: null;
  PROMO_UNKNOWN: PromoRefusalData;
  PROMO_PAUSED: PromoRefusalData;
  PROMO_NOT_STARTED: PromoRefusalData;
  PROMO_EXPIRED: PromoRefusalData;
  PROMO_EXHAUSTED: PromoRefusalData;
  PROMO_USED: PromoRefusalData;
  PROMO_FIRST_ORDER: PromoRefusalData;
  PROMO_PAYMENT_METHOD: PromoRefusalData;
  PROMO_MIN_CART: PromoRefusalData;
  PROMO_NOT_ELIGIBLE: PromoRefusalData;
  /** What the checkout showed (`expectedTotal`) and what the order would cost now, in rupees. */
  PRICE_CHANGED: { expectedTotal: number; totalAmount: number };
};

/** A promotion refusal's data: the code refused, upper-case (null: an automatic offer's). */
export type PromoRefusalData = { code: string | null };

/** The 422 refusals whose `data` is a list of field errors: a form shows each at its field. */
export const FIELD_REFUSALS = [
  "VALIDATION",
  "MOBILE_REQUIRED",
  "PIN_STATE_MISMATCH",
] as const satisfies readonly RefusalCode[];
export type FieldRefusalCode = (typeof FIELD_REFUSALS)[number];

/** A refusal as a client reads it: its code, the API's message and the code's data. */
export type Refusal<C extends RefusalCode = RefusalCode> = {
  [K in C]: { ok: false; code: K; message: string; data: RefusalData[K] } & (K extends "IMPORT_ROWS"
    ? { errorCount?: number }
    : unknown);
}[C];

/** Every reason a promotion code (or an offer) does not apply (api/lib/promotions/rules.ts). */
export const PROMO_REFUSALS = [
  "PROMO_UNKNOWN",
  "PROMO_PAUSED",
  "PROMO_NOT_STARTED",
  "PROMO_EXPIRED",
  "PROMO_EXHAUSTED",
  "PROMO_USED",
  "PROMO_FIRST_ORDER",
  "PROMO_PAYMENT_METHOD",
  "PROMO_MIN_CART",
  "PROMO_NOT_ELIGIBLE",
] as const;

/**
 * Each route's own refusals, by `METHOD /path` under /userapp (the OpenAPI document's path). Every
 * route may also answer VALIDATION (a URL or body's fields) and the shared refusals; the document
 * declares exactly these, and the API's tests fail on an answer with a code its route does not list.
 */
export const ROUTE_REFUSALS = {
  "POST /auth/register": ["TOO_MANY_ATTEMPTS"],
  "POST /auth/forgot-password": [],
  "POST /auth/check-link": ["LINK_UNKNOWN", "LINK_USED", "LINK_EXPIRED"],
  "POST /auth/reset-password": ["LINK_UNKNOWN", "LINK_USED", "LINK_EXPIRED"],
  "POST /auth/confirm-email": ["LINK_UNKNOWN", "LINK_USED", "LINK_EXPIRED", "EMAIL_TAKEN"],
  "POST /auth/login": ["INVALID_CREDENTIALS", "TOO_MANY_ATTEMPTS"],
  "POST /auth/logout": [],
  "POST /auth/logout-all": [],
  "GET /user/summary": [],
  "GET /user/me": ["NOT_FOUND"],
  "PUT /user/update/{id}": ["NOT_FOUND", "WRONG_PASSWORD", "TOO_MANY_ATTEMPTS", "PIN_STATE_MISMATCH"],
  "PUT /user/password": ["WRONG_PASSWORD", "TOO_MANY_ATTEMPTS"],
  "PUT /user/activate/{addressId}": ["NOT_FOUND"],
  "POST /product/list": [],
  "GET /product/get/{id}": ["NOT_FOUND"],
  "POST /product/count": [],
  "GET /product/filters": [],
  "GET /product/suggest": [],
  "POST /cart/create": ["NOT_FOUND", "NOT_ENOUGH_STOCK", "SIZE_UNAVAILABLE", "CART_FULL"],
  "POST /cart/get": [],
  "PUT /cart/update": ["NOT_FOUND", "NOT_ENOUGH_STOCK", "SIZE_UNAVAILABLE", "CHANGE_ABANDONED"],
  "PUT /cart/remove": ["NOT_FOUND"],
  "PUT /cart/remove-multiple": [],
  "GET /cart/count": [],
  "POST /cart/promotion": [
    "TOO_MANY_ATTEMPTS",
    // Applied to the cart, a code for one payment method applies; the other method's price says why not.
    ...PROMO_REFUSALS.filter(
      (code): code is Exclude<(typeof PROMO_REFUSALS)[number], "PROMO_PAYMENT_METHOD"> =>
        code !== "PROMO_PAYMENT_METHOD",
    ),
  ],
  "DELETE /cart/promotion": [],
  "POST /wishlist/create": ["NOT_FOUND"],
  "POST /wishlist/list": [],
  "POST /wishlist/ids": [],
  "PUT /wishlist/remove": ["NOT_FOUND"],
  "GET /wishlist/count": [],
  "POST /compare/add": ["NOT_FOUND"],
  "POST /compare/list": [],
  "POST /compare/ids": [],
  "PUT /compare/remove": ["NOT_FOUND"],
  "PUT /compare/clear": [],
  "GET /pincode/{pin}": ["NOT_FOUND"],
  "GET /pincode/{pin}/delivery": ["NOT_FOUND"],
  "POST /order/create": [
    "NOT_FOUND",
    "CART_EMPTY",
    "SIZE_UNAVAILABLE",
    "NOT_ENOUGH_STOCK",
    "COD_LIMIT",
    "COD_UNITS",
    "COD_ORDERS",
    "UNPAID_ORDERS",
    "MOBILE_REQUIRED",
    "PIN_STATE_MISMATCH",
    "TOO_MANY_ATTEMPTS",
    "PRICE_CHANGED",
    ...PROMO_REFUSALS,
  ],
  "POST /order/quote": ["NOT_FOUND", "CART_EMPTY", "SIZE_UNAVAILABLE"],
  "GET /orders": [],
  "GET /orders/{id}": ["NOT_FOUND"],
  "PUT /orders/{id}/cancel": ["NOT_FOUND", "ORDER_STATE", "REASON_UNKNOWN"],
  "PUT /orders/{id}/return": ["NOT_FOUND", "ORDER_STATE", "REASON_UNKNOWN"],
  "POST /cod/check": ["LINK_UNKNOWN"],
  "POST /cod/confirm": ["LINK_UNKNOWN", "ORDER_STATE"],
  "POST /cod/cancel": ["LINK_UNKNOWN", "ORDER_STATE"],
  "GET /orders/{id}/invoices": ["NOT_FOUND"],
  "GET /admin/orders/{id}/invoices": ["NOT_FOUND"],
  "GET /product/{id}/reviews": ["NOT_FOUND"],
  "GET /reviews/{id}": ["NOT_FOUND"],
  "GET /product/{id}/reviews/mine": ["NOT_FOUND"],
  "POST /product/{id}/reviews": ["NOT_FOUND", "NOT_ELIGIBLE", "ALREADY_REVIEWED", "REVIEW_REMOVED"],
  "PUT /reviews/{id}": ["NOT_FOUND", "REVIEW_REMOVED"],
  "DELETE /reviews/{id}": ["NOT_FOUND"],
  "POST /reviews/{id}/photos": [
    "NOT_FOUND",
    "REVIEW_REMOVED",
    "PHOTO_DUPLICATE",
    "REVIEW_PHOTO_LIMIT",
    "UPLOAD_LIMIT",
    "FILE_TOO_LARGE",
  ],
  "DELETE /reviews/{id}/photos/{photoId}": ["NOT_FOUND", "REVIEW_REMOVED"],
  "POST /reviews/{id}/helpful": ["NOT_FOUND", "OWN_REVIEW"],
  "POST /reviews/{id}/report": ["NOT_FOUND", "OWN_REVIEW"],
  "GET /admin/orders": [],
  "GET /admin/dashboard": [],
  "GET /admin/dashboard/export": [],
  "GET /admin/orders/{id}": ["NOT_FOUND"],
  "PUT /admin/orders/{id}/status": ["NOT_FOUND", "ORDER_STATE", "COURIER_UNKNOWN", "REASON_UNKNOWN"],
  "PUT /admin/orders/{id}/payment": ["NOT_FOUND", "ORDER_STATE", "UTR_TAKEN"],
  "PUT /admin/orders/{id}/reinstate": ["NOT_FOUND", "ORDER_STATE", "NOT_ENOUGH_STOCK"],
  "PUT /admin/orders/{id}/refund": ["NOT_FOUND", "ORDER_STATE", "UTR_TAKEN"],
  "GET /admin/products": [],
  "GET /admin/products/{id}": ["NOT_FOUND"],
  "POST /admin/products": [],
  "PUT /admin/products/{id}": ["NOT_FOUND"],
  "PUT /admin/products/{id}/hide": ["NOT_FOUND"],
  "PUT /admin/products/{id}/unhide": ["NOT_FOUND"],
  "POST /admin/products/{id}/images": ["NOT_FOUND", "IMAGE_DUPLICATE", "IMAGE_LIMIT", "FILE_TOO_LARGE"],
  "DELETE /admin/products/{id}/images/{index}": ["NOT_FOUND"],
  "GET /admin/merchants": [],
  "GET /admin/catalogue/options": [],
  "GET /admin/catalogue/export": [],
  "POST /admin/catalogue/import": ["FILE_TOO_LARGE", "IMPORT_ROWS"],
  "GET /admin/stock/low": [],
  "GET /admin/audit": [],
  "GET /admin/messages": [],
  "GET /admin/messages/{id}": ["NOT_FOUND"],
  "POST /admin/messages/{id}/retry": ["NOT_FOUND", "RETRY_STATE"],
  "GET /admin/merchants/{id}": ["NOT_FOUND"],
  "PUT /admin/merchants/{id}": ["NOT_FOUND", "GSTIN_TAKEN"],
  "GET /admin/webhook-endpoints": [],
  "POST /admin/webhook-endpoints": ["ENDPOINT_LIMIT"],
  "GET /admin/webhook-endpoints/{id}": ["NOT_FOUND"],
  "PUT /admin/webhook-endpoints/{id}": ["NOT_FOUND"],
  "DELETE /admin/webhook-endpoints/{id}": ["NOT_FOUND"],
  "GET /admin/webhook-deliveries": [],
  "GET /admin/webhook-deliveries/{id}": ["NOT_FOUND"],
  "POST /admin/webhook-deliveries/{id}/retry": ["NOT_FOUND", "RETRY_STATE", "ENDPOINT_DISABLED"],
  "GET /admin/couriers": [],
  "POST /admin/couriers": ["COURIER_TAKEN", "COURIER_LIMIT"],
  "GET /admin/promotions": [],
  "POST /admin/promotions": ["PROMO_CODE_TAKEN"],
  "GET /admin/promotions/{id}": ["NOT_FOUND"],
  "PUT /admin/promotions/{id}": ["NOT_FOUND", "PROMO_CODE_TAKEN", "PROMO_STATE"],
  "PUT /admin/promotions/{id}/pause": ["NOT_FOUND", "PROMO_STATE"],
  "PUT /admin/promotions/{id}/resume": ["NOT_FOUND", "PROMO_STATE"],
  "PUT /admin/promotions/{id}/end": ["NOT_FOUND", "PROMO_STATE"],
  "POST /admin/promotions/{id}/codes": ["NOT_FOUND", "PROMO_NOT_BULK", "PROMO_STATE"],
  "GET /admin/promotions/{id}/codes/export": ["NOT_FOUND"],
  "GET /admin/promotions/{id}/report": ["NOT_FOUND"],
  "GET /admin/promotions/{id}/report/export": ["NOT_FOUND"],
  "GET /admin/reviews": [],
  "GET /admin/reviews/{id}/photos/{file}": ["NOT_FOUND"],
  "PUT /admin/reviews/{id}/publish": ["NOT_FOUND"],
  "PUT /admin/reviews/{id}/remove": ["NOT_FOUND"],
  "GET /openapi.json": [],
  "GET /docs": [],
  "GET /docs/scalar.js": ["NOT_FOUND"],
} as const satisfies Record<string, readonly Exclude<RefusalCode, SharedRefusalCode | "VALIDATION">[]>;

export type RouteKey = keyof typeof ROUTE_REFUSALS;

/** The codes a route may answer: its own, VALIDATION, and the shared ones. */
export type RouteRefusalCode<K extends RouteKey> =
  (typeof ROUTE_REFUSALS)[K][number] | "VALIDATION" | SharedRefusalCode;
