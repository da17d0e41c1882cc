// The storefront's side of reviews (docs/decisions/029-reviews.md): the product page's list, its
// parameters and words, and the review pages' paths. The form's limits and words are in
// review-form.ts and its zod schema in review-schemas.ts, so that neither rides on the product page.

export const REVIEW_RULES_PATH = "/review-rules";

/**
 * Reviews on a page of the product page's list: 5, so that a page of the largest reviews keeps
 * the page within its JavaScript budget (its data rides in the HTML; decision 029).
 */
export const PRODUCT_PAGE_REVIEWS = 5;

/** The page where a shopper writes, edits or deletes their review of a product. */
export const reviewPath = (productId: string) => `/myaccount/reviews/${productId}`;

export const REVIEW_SORT_LABELS = {
  helpful: "Most helpful",
  newest: "Newest",
  highest: "Highest rated",
  lowest: "Lowest rated",
} as const;
export type ReviewSortId = keyof typeof REVIEW_SORT_LABELS;

import { REVIEW_PARAMS } from "./review-params";

export { REVIEW_PARAMS };

export function readReviewParams(search: URLSearchParams) {
  const stars = Number(search.get("rstars"));
  const sort = search.get("rsort");
  const page = Number(search.get("rpage"));
  return {
    stars: Number.isInteger(stars) && stars >= 1 && stars <= 5 ? stars : null,
    /** `rphotos=1`: with photos only. */
    photos: search.get("rphotos") === "1",
    sort: (sort && sort in REVIEW_SORT_LABELS ? sort : "helpful") as ReviewSortId,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}
export type ReviewParams = ReturnType<typeof readReviewParams>;

/** The API's query for those parameters. */
export function reviewQuery(params: ReviewParams, limit: number): URLSearchParams {
  const query = new URLSearchParams({ sort: params.sort, page: String(params.page), limit: String(limit) });
  if (params.stars) query.set("stars", String(params.stars));
  if (params.photos) query.set("photos", "true");
  return query;
}

/** The product page's URL with other review parameters, keeping the rest of its query (size, quantity…). */
export function reviewHref(search: URLSearchParams, pathname: string, change: Partial<ReviewParams>) {
  const next = { ...readReviewParams(search), page: 1, ...change };
  const query = new URLSearchParams(search);
  for (const key of REVIEW_PARAMS) query.delete(key);
  if (next.stars) query.set("rstars", String(next.stars));
  if (next.photos) query.set("rphotos", "1");
  if (next.sort !== "helpful") query.set("rsort", next.sort);
  if (next.page > 1) query.set("rpage", String(next.page));
  const text = query.toString();
  return `${pathname}${text ? `?${text}` : ""}#reviews`;
}

/** A review's own page, where its whole text is read. */
export const reviewPagePath = (reviewId: string) => `/reviews/${reviewId}`;

/** A review photo's text for screen readers, the same on the list's thumbnails and the review's own page. */
export const reviewPhotoAlt = (author: string, index: number, count: number) =>
  `Photo ${index + 1} of ${count} from ${author}'s review`;
