import type { ReviewJson, ReviewPage, ReviewStanding } from "../../../api/contract/types";
import { formatOrderDate } from "~/lib/orders/order-format";
import { REVIEW_REMOVED_TEXT } from "./review-form";

// What the review pages' loaders hand to the browser: only what the lists show. The page's data
// rides along in its HTML for the first render, counted in its JavaScript (docs/benchmarks.md).

/**
 * How much of a review's text the product page's list shows (about five lines on a phone); its
 * own page (`/reviews/{id}`) has the whole text.
 */
export const REVIEW_EXCERPT_CHARS = 200;

/**
 * The label a review carries: a sample's (the seed's, which nobody wrote: decision 047) or a
 * verified purchase's; none for the rest. Words from here, so the page's code holds none of them.
 */
export function reviewLabel(review: Pick<ReviewJson, "sample" | "verified">): string | undefined {
  if (review.sample) return "Sample review";
  return review.verified ? "Verified purchase" : undefined;
}

/**
 * The footnote's first sentence once the seed's samples are among a product's reviews, in place of
 * the page's own "Reviews are written by shoppers;" (sent only then: the page's data and code
 * stay as they were for a shop without samples, at the JavaScript budget's edge).
 */
export const SAMPLES_NOTE =
  "Sample reviews came with the shop's sample catalogue: nobody wrote them, and they count in no rating.";

/**
 * A review as a list shows it: only the fields it shows (the page's data rides along in its
 * HTML for the browser's first render), with the text cut at a word within REVIEW_EXCERPT_CHARS,
 * `cut` saying so.
 */
export function shownReview(review: ReviewJson, chars = REVIEW_EXCERPT_CHARS) {
  const letters = [...review.body];
  const cut = letters.length > chars;
  const label = reviewLabel(review);
  const head = letters.slice(0, chars).join("");
  const atWord = head.replace(/\s+\S*$/, "");
  return {
    _id: review._id,
    author: review.author,
    /** "Sample review" or "Verified purchase" (reviewLabel); left out for any other. */
    ...(label ? { label } : {}),
    stars: review.stars,
    title: review.title,
    body: cut ? `${(atWord || head).trimEnd()}…` : review.body,
    cut,
    helpfulCount: review.helpfulCount,
    /** Each photo's thumbnail only: it leads to the review's own page, which shows the photos large. */
    photos: review.photos.map(({ thumb }) => thumb.path),
    /** The day, as the list shows it (formatted here, so the page loads no date formats). */
    date: formatOrderDate(review.createdAt),
  };
}
export type ShownReview = ReturnType<typeof shownReview>;

/**
 * The product page's review list, as it shows it: the summary, the reviews cut short, the pager's
 * links, and with samples among the reviews the footnote's words for them (SAMPLES_NOTE).
 */
export function shownReviewPage(page: ReviewPage) {
  const { pageCount, currentPage, prev, next } = page.paginator;
  const { samples, ...summary } = page.summary;
  return {
    summary,
    ...(samples > 0 ? { note: SAMPLES_NOTE } : {}),
    data: page.data.map((review) => shownReview(review)),
    paginator: { pageCount, currentPage, prev, next },
  };
}
export type ShownReviewPage = ReturnType<typeof shownReviewPage>;

/**
 * What the product page needs of a signed-in shopper's standing: whether to offer the form, their
 * review's id, and for a shopper whose review the shop removed, why not (`removed`, its words: here
 * rather than in the page's code, so the page's JavaScript and every other shopper's data stay as they were).
 */
export function shownStanding(standing: ReviewStanding) {
  const shown: { canReview: boolean; reviewId: string | null; removed?: string } = {
    canReview: standing.canReview,
    reviewId: standing.review?._id ?? null,
  };
  if (standing.removed) shown.removed = REVIEW_REMOVED_TEXT;
  return shown;
}
export type ShownStanding = ReturnType<typeof shownStanding>;
