// The review form's limits and words (docs/decisions/029-reviews.md), shared by the form's schema
// (review-schemas.ts), its page and the back office's queue; the product page loads none of them.

export const REVIEW_TITLE_MAX = 100;
export const REVIEW_BODY_MAX = 2000;
/** Photos one review may have (api/lib/reviews/review-photos.ts). */
export const REVIEW_PHOTOS_MAX = 3;

/** Too many photos for a review that keeps `kept` of its own. */
export const tooManyPhotos = (kept: number) =>
  kept === 0
    ? `Choose at most ${REVIEW_PHOTOS_MAX} photos.`
    : `A review has at most ${REVIEW_PHOTOS_MAX} photos and yours has ${kept}: choose at most ${Math.max(0, REVIEW_PHOTOS_MAX - kept)} more, or remove one.`;

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

/** Why a shopper whose review the shop removed is offered no form (the API's words when it refuses one: REVIEW_REMOVED). */
export const REVIEW_REMOVED_TEXT =
  "Your review of this product was removed by the shop for breaking the review rules, so you cannot post another.";
