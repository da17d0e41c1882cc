import { IMAGE_TYPES } from "./image-upload";

// The storefront's side of reviews (docs/decisions/029-reviews.md): the form's limits, the
// product page's list parameters, and the words. The form's zod schema is in review-schemas.ts,
// so that zod stays out of the product page's JavaScript.

export const REVIEW_TITLE_MAX = 100;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_RULES_PATH = "/review-rules";
/** Photos one review may have (api/lib/reviews/review-photos.ts). */
export const REVIEW_PHOTOS_MAX = 3;
/** The photo input's `accept`. */
export const REVIEW_PHOTO_ACCEPT = IMAGE_TYPES.join(",");

/** Too many photos for a review that keeps `kept` of its own. */
export const tooManyPhotos = (kept: number) =>
  kept === 0
    ? `Choose at most ${REVIEW_PHOTOS_MAX} photos.`
    : `A review has at most ${REVIEW_PHOTOS_MAX} photos and yours has ${kept}: choose at most ${Math.max(0, REVIEW_PHOTOS_MAX - kept)} more, or remove one.`;

/** The page where a shopper writes, edits or deletes their review of a product. */
export const reviewPath = (productId: string) => `/myaccount/reviews/${productId}`;

/** A file's name as a message quotes it: at most 60 characters. */
export const shortName = (name: string) => ([...name].length > 60 ? `${[...name].slice(0, 59).join("")}…` : name);

/** The words of each number of stars, on the form's choices. */
export const STAR_WORDS = ["", "Very poor", "Poor", "Average", "Good", "Excellent"] as const;

/** Why a review waits for moderation, in the shopper's words. */
export const HELD_FOR_TEXT = {
  email: "an email address",
  phone: "a phone number",
  link: "a link",
} as const;

export const REVIEW_SORT_LABELS = {
  helpful: "Most helpful",
  newest: "Newest",
  highest: "Highest rated",
  lowest: "Lowest rated",
} as const;
export type ReviewSortId = keyof typeof REVIEW_SORT_LABELS;

/**
 * The product page's review list parameters, read from its URL (`rstars`, `rphotos`, `rsort`, `rpage`: "r"
 * keeps them apart from the page's own size, quantity and PIN). Anything else reads as the default.
 */
export const REVIEW_PARAMS = ["rstars", "rphotos", "rsort", "rpage"] as const;

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
