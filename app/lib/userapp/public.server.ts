import type {
  CodLinkOrderJson,
  DeliveryEstimate,
  PinPlace,
  ProductJson,
  ProductPage,
  PublishedReviewJson,
  ReviewPage,
  SignedInUserJson,
  UserJson,
} from "../../../api/contract/types";
import type { Send } from "./transport.server";

/** What `product/list` takes: a query (search, filters), paging and sort options (docs/api.md). */
export type ProductListBody = {
  query: Record<string, unknown>;
  /** `exact`: the search as typed, no correction of a misspelling. */
  options: { page: number; limit: number; sort?: Record<string, 1 | -1>; exact?: boolean };
  isCountOnly: false;
};

/** The calls anyone may make, signed in or not: the catalogue, the PIN directory, signing in. */
export function publicApi(send: Send) {
  return {
    productList: (body: ProductListBody) => send<ProductPage>("POST", "product/list", { json: body }),
    /** Any product shown in the shop; 404 for an unknown or hidden one. */
    product: (id: string) => send<ProductJson>("GET", `product/get/${encodeURIComponent(id)}`),
    /** A page of the product's published reviews: `query` holds stars, sort and page as the product page's URL has them. */
    reviews: (id: string, query: URLSearchParams) =>
      send<ReviewPage>("GET", `product/${encodeURIComponent(id)}/reviews?${query}`),
    /** One published review, whole, with its product; 404 for any other. */
    review: (id: string) => send<PublishedReviewJson>("GET", `reviews/${encodeURIComponent(id)}`),
    /** The place of a PIN code already checked against PIN_PATTERN. */
    pinPlace: (pin: string) => send<PinPlace>("GET", `pincode/${pin}`),
    /** When `productId` reaches the PIN code. */
    delivery: (pin: string, productId: string) =>
      send<{ place: PinPlace; estimate: DeliveryEstimate }>(
        "GET",
        `pincode/${pin}/delivery?${new URLSearchParams({ productId })}`,
      ),
    register: (account: { firstName: string; lastName: string; email: string; password: string }) =>
      send<UserJson>("POST", "auth/register", { json: account }),
    login: (credentials: { username: string; password: string }) =>
      send<SignedInUserJson>("POST", "auth/login", { json: credentials }),
    /** Answers the same whether or not the account exists (docs/api.md). */
    forgotPassword: (email: string) => send<null>("POST", "auth/forgot-password", { json: { email } }),
    /** Whether an emailed link still works, without using it; `newEmail` for an email change. */
    checkLink: (token: string, purpose: "password-reset" | "email-change") =>
      send<{ newEmail: string | null }>("POST", "auth/check-link", { json: { token, purpose } }),
    resetPassword: (token: string, password: string) =>
      send<null>("POST", "auth/reset-password", { json: { token, password } }),
    confirmEmail: (token: string) => send<{ email: string }>("POST", "auth/confirm-email", { json: { token } }),
    /** The Cash on Delivery order an emailed confirm/cancel link names, unchanged; then its one button's call. */
    codLink: (token: string) => send<CodLinkOrderJson>("POST", "cod/check", { json: { token } }),
    codLinkAction: (action: "confirm" | "cancel", token: string) =>
      send<CodLinkOrderJson>("POST", `cod/${action}`, { json: { token } }),
  };
}

export type PublicApi = ReturnType<typeof publicApi>;
