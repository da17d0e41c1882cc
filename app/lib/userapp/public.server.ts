import type {
  CodLinkOrderJson,
  DeliveryEstimate,
  FilterOptions,
  PinPlace,
  ProductJson,
  ProductPage,
  PublishedReviewJson,
  ReviewPage,
  SignedInUserJson,
  UserJson,
} from "../../../api/contract/types";
import type { Send } from "./transport.server";
import type { Suggestions } from "~/lib/catalogue/suggestions";

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
    productList: (body: ProductListBody) => send("POST /product/list").as<ProductPage>({ json: body }),
    /** Categories, brands and products close to a search (the header's suggestions; an empty search's way on). */
    suggest: (q: string, limit: number) =>
      send("GET /product/suggest", { query: new URLSearchParams({ q, limit: String(limit) }) }).as<Suggestions>(),
    /** The values the shop's filters offer, from the catalogue (docs/api.md). */
    filterOptions: () => send("GET /product/filters").as<FilterOptions>(),
    /** Any product shown in the shop; 404 for an unknown or hidden one. */
    product: (id: string) => send("GET /product/get/{id}", { params: { id } }).as<ProductJson>(),
    /** A page of the product's published reviews: `query` holds stars, sort and page as the product page's URL has them. */
    reviews: (id: string, query: URLSearchParams) =>
      send("GET /product/{id}/reviews", { params: { id }, query }).as<ReviewPage>(),
    /** One published review, whole, with its product; 404 for any other. */
    review: (id: string) => send("GET /reviews/{id}", { params: { id } }).as<PublishedReviewJson>(),
    /** The place of a PIN code already checked against PIN_PATTERN. */
    pinPlace: (pin: string) => send("GET /pincode/{pin}", { params: { pin } }).as<PinPlace>(),
    /** When `productId` reaches the PIN code. */
    delivery: (pin: string, productId: string) =>
      send("GET /pincode/{pin}/delivery", { params: { pin }, query: new URLSearchParams({ productId }) }).as<{
        place: PinPlace;
        estimate: DeliveryEstimate;
      }>(),
    register: (account: { firstName: string; lastName: string; email: string; password: string }) =>
      send("POST /auth/register").as<UserJson>({ json: account }),
    login: (credentials: { username: string; password: string }) =>
      send("POST /auth/login").as<SignedInUserJson>({ json: credentials }),
    /** Answers the same whether or not the account exists (docs/api.md). */
    forgotPassword: (email: string) => send("POST /auth/forgot-password").as<null>({ json: { email } }),
    /** Whether an emailed link still works, without using it; `newEmail` for an email change. */
    checkLink: (token: string, purpose: "password-reset" | "email-change") =>
      send("POST /auth/check-link").as<{ newEmail: string | null }>({ json: { token, purpose } }),
    resetPassword: (token: string, password: string) =>
      send("POST /auth/reset-password").as<null>({ json: { token, password } }),
    confirmEmail: (token: string) => send("POST /auth/confirm-email").as<{ email: string }>({ json: { token } }),
    /** The Cash on Delivery order an emailed confirm/cancel link names, unchanged; then its one button's call. */
    codLink: (token: string) => send("POST /cod/check").as<CodLinkOrderJson>({ json: { token } }),
    codLinkAction: (action: "confirm" | "cancel", token: string) =>
      send(action === "confirm" ? "POST /cod/confirm" : "POST /cod/cancel").as<CodLinkOrderJson>({ json: { token } }),
  };
}

export type PublicApi = ReturnType<typeof publicApi>;
