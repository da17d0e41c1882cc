import type { ReactNode } from "react";
import { Form } from "react-router";
import { AppLink } from "~/components/app-link";
import { Stars } from "~/components/stars";
import { ratingOf } from "~/lib/catalogue/catalogue";
import {
  readReviewParams,
  REVIEW_RULES_PATH,
  REVIEW_SORT_LABELS,
  type ReviewParams,
  type ReviewSortId,
  reviewHref,
  reviewPagePath,
  reviewPath,
  reviewPhotoAlt,
} from "~/lib/reviews/reviews";
import type { ShownReview, ShownReviewPage, ShownStanding } from "~/lib/reviews/reviews.server";

const chip =
  "rounded-full border px-3 py-1 text-sm hover:border-brand hover:text-brand aria-[current=true]:border-brand aria-[current=true]:bg-brand/5 aria-[current=true]:font-semibold aria-[current=true]:text-brand";

/**
 * The product page's reviews: the average and count, how many give each star (each a filter),
 * "With photos", sorting and paging, every choice a link in the URL (`rstars`, `rphotos`, `rsort`,
 * `rpage`), so it all works without JavaScript. Each review shows its photos as small lazy thumbnails. A shopper who may review the product (or reviewed it) is offered the form.
 */
export function ProductReviews({
  productId,
  page,
  params,
  standing,
  pathname,
  search,
}: {
  productId: string;
  page: ShownReviewPage;
  params: ReviewParams;
  /** The signed-in shopper's standing; null for a guest. */
  standing: ShownStanding | null;
  pathname: string;
  search: URLSearchParams;
}) {
  const { summary, data: reviews, paginator } = page;
  const rating = ratingOf(summary);
  const total = summary.ratingCount ?? 0;
  const href = (change: Partial<ReviewParams>) => reviewHref(search, pathname, change);
  const ownId = standing?.reviewId ?? null;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-12 max-w-3xl scroll-mt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews-heading" className="text-xl font-bold text-gray-900">
          Ratings &amp; reviews
        </h2>
        {standing?.canReview ? (
          <AppLink to={reviewPath(productId)} className="font-semibold text-brand hover:underline" data-write-review>
            Write a review
          </AppLink>
        ) : ownId || standing?.removed ? (
          // A removed review's author is told why there is no form; the link shows the reason (and deletes it).
          <AppLink to={reviewPath(productId)} className="font-semibold text-brand hover:underline" data-write-review>
            {standing?.removed ?? "Edit your review"}
          </AppLink>
        ) : null}
      </div>

      {rating ? (
        <div className="mt-4 grid gap-6 sm:grid-cols-[auto_1fr]">
          <div className="flex flex-col items-start gap-1" data-review-summary>
            <p className="text-4xl font-bold text-gray-900">{rating.value.toFixed(1)}</p>
            <Stars value={rating.value} />
            <p className="text-sm text-gray-600">
              {rating.count.toLocaleString("en-IN")} {rating.count === 1 ? "rating" : "ratings"}
            </p>
          </div>
          <ul className="flex flex-col gap-1" aria-label="Ratings by stars" data-histogram>
            {summary.histogram.map(({ stars, count }) => {
              // The link's name starts with its visible words ("5 stars", then the count), as axe's
              // label-content-name-mismatch asks.
              const label = `${stars} ${stars === 1 ? "star" : "stars"}`;
              return (
                <li key={stars}>
                  <AppLink
                    to={href({ stars })}
                    preventScrollReset
                    className="grid grid-cols-[4rem_1fr_3rem] items-center gap-2 text-sm hover:text-brand"
                    aria-current={params.stars === stars ? "true" : undefined}
                    aria-label={`${label}: ${count} ${count === 1 ? "review" : "reviews"}`}
                  >
                    <span>{label}</span>
                    <span className="h-2 overflow-hidden rounded-full bg-gray-200" aria-hidden="true">
                      <span
                        className="block h-full rounded-full bg-yellow-400"
                        style={{ width: `${total > 0 ? Math.round((count / total) * 100) : 0}%` }}
                      />
                    </span>
                    <span className="text-right text-gray-600">{count}</span>
                  </AppLink>
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        <p className="mt-3 text-gray-700">No ratings yet.</p>
      )}

      {rating ? (
        <div className="mt-6 flex flex-col gap-3">
          <nav aria-label="Filter reviews" className="flex flex-wrap gap-2">
            <AppLink
              to={href({ stars: null, photos: params.photos })}
              preventScrollReset
              className={chip}
              aria-current={params.stars === null}
            >
              All stars
            </AppLink>
            {[5, 4, 3, 2, 1].map((stars) => (
              <AppLink
                key={stars}
                to={href({ stars, photos: params.photos })}
                preventScrollReset
                className={chip}
                aria-current={params.stars === stars}
              >
                {stars} ★
              </AppLink>
            ))}
            {/* With or without photos, keeping the stars chosen: a link that turns the filter on or off. */}
            <AppLink
              to={href({ stars: params.stars, photos: !params.photos })}
              preventScrollReset
              className={chip}
              aria-current={params.photos}
              data-with-photos
            >
              {params.photos ? "✓ " : ""}With photos ({summary.withPhotos})
            </AppLink>
          </nav>
          <nav aria-label="Sort reviews" className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-gray-600">Sort by:</span>
            {(Object.keys(REVIEW_SORT_LABELS) as ReviewSortId[]).map((sort) => (
              <AppLink
                key={sort}
                to={href({ stars: params.stars, photos: params.photos, sort })}
                preventScrollReset
                className={chip}
                aria-current={params.sort === sort}
              >
                {REVIEW_SORT_LABELS[sort]}
              </AppLink>
            ))}
          </nav>
        </div>
      ) : null}

      {rating && reviews.length === 0 ? (
        <p className="mt-4 text-gray-700">
          {params.stars || params.photos
            ? `No reviews${params.stars ? ` with ${params.stars} ${params.stars === 1 ? "star" : "stars"}` : ""}${params.photos ? `${params.stars ? " and" : ""} with photos` : ""} yet.`
            : "No reviews on this page."}
        </p>
      ) : null}
      <ol className="mt-4 divide-y divide-gray-100" aria-label="Reviews">
        {reviews.map((review) => (
          <ReviewItem
            key={review._id}
            review={review}
            own={review._id === ownId}
            here={`${pathname}${search.size > 0 ? `?${search}` : ""}#reviews`}
          />
        ))}
      </ol>

      {paginator.pageCount > 1 ? (
        <nav aria-label="Review pages" className="mt-4 flex items-center gap-4 text-sm">
          {paginator.prev ? (
            <AppLink
              to={href({ ...params, page: paginator.prev })}
              preventScrollReset
              className="font-semibold text-brand hover:underline"
              rel="prev"
            >
              ← Previous
            </AppLink>
          ) : null}
          <span className="text-gray-600">
            Page {paginator.currentPage} of {paginator.pageCount}
          </span>
          {paginator.next ? (
            <AppLink
              to={href({ ...params, page: paginator.next })}
              preventScrollReset
              className="font-semibold text-brand hover:underline"
              rel="next"
            >
              Next →
            </AppLink>
          ) : null}
        </nav>
      ) : null}

      <p className="mt-4 text-xs text-gray-500">
        {page.note ?? "Reviews are written by shoppers;"} "Verified purchase" means the shopper's order of it was
        delivered.{" "}
        <AppLink to={REVIEW_RULES_PATH} className="underline hover:text-brand">
          Our review rules
        </AppLink>
      </p>
    </section>
  );
}

/** What the product page's reviews depend on, as plain data: a kept part (app/lib/platform/kept.tsx). */
export type ReviewsPartProps = {
  productId: string;
  /** The review page and the shopper's standing: the product page's document leaves them out of its loader data. */
  reviews: { page: ShownReviewPage; standing: ShownStanding | null };
  pathname: string;
  /** The page's query string, the review choices (`rstars`…) among the rest. */
  search: string;
};

/** The product page's reviews from plain data (the product page keeps them as the server sent them). */
export function ReviewsPart({ search, reviews, ...props }: ReviewsPartProps) {
  const query = new URLSearchParams(search);
  return <ProductReviews {...props} {...reviews} params={readReviewParams(query)} search={query} />;
}

/** One review: its stars, title, author, date, text (cut short, "Read more" leading to the rest), photos and votes. */
export function ReviewItem({
  review,
  own,
  here,
  Title = "h3",
  gallery,
}: {
  review: ShownReview;
  own: boolean;
  here: string;
  /** The title's heading: h3 under the product page's "Ratings & reviews", h2 on the review's own page. */
  Title?: "h2" | "h3";
  /** On the review's own page: its photos shown large, instead of thumbnails leading there. */
  gallery?: ReactNode;
}) {
  return (
    <li className="py-4" data-review={review._id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={review.stars} size={14} />
        {review.title ? <Title className="font-semibold text-gray-900">{review.title}</Title> : null}
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-gray-600">
        <span>{review.author}</span>
        <span aria-hidden="true">·</span>
        <span>{review.date}</span>
        {/* "Sample review" or "Verified purchase", in words from the loader (reviewLabel). */}
        {review.label ? <span className="rounded bg-gray-100 px-1.5 font-semibold">{review.label}</span> : null}
        {own ? <span className="font-semibold text-brand">Your review</span> : null}
      </p>
      {review.body ? (
        <p className="mt-2 whitespace-pre-line text-gray-800">
          {review.body}
          {review.cut ? (
            <>
              {" "}
              <AppLink
                to={reviewPagePath(review._id)}
                className="whitespace-nowrap font-semibold text-brand hover:underline"
              >
                Read more<span className="sr-only"> of {review.author}'s review</span>
              </AppLink>
            </>
          ) : null}
        </p>
      ) : null}
      {gallery ?? (
        <ReviewPhotos
          author={review.author}
          photos={review.photos.map((thumb) => ({ thumb, href: `${reviewPagePath(review._id)}#photos` }))}
        />
      )}
      <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-gray-600">
        {review.helpfulCount > 0 ? (
          <span>
            {review.helpfulCount} {review.helpfulCount === 1 ? "person found" : "people found"} this helpful
          </span>
        ) : null}
        {/* Never on one's own review; a guest is asked to sign in and comes back here. */}
        {own ? null : (
          <Form method="post" action={`/reviews/${review._id}`} className="flex items-center gap-3" data-app-form>
            <input type="hidden" name="redirectTo" value={here} />
            <span>Was this helpful?</span>
            <button type="submit" name="intent" value="helpful" className="font-semibold text-brand hover:underline">
              Yes
            </button>
            <button type="submit" name="intent" value="report" className="hover:text-red-700 hover:underline">
              Report
            </button>
          </Form>
        )}
      </div>
    </li>
  );
}

/**
 * A review's photos as small thumbnails (the narrowest file, in a square of 80 px, lazy), each a
 * link (`href`: the larger photo, or the review's own page, where they are shown large); no script needed.
 */
export function ReviewPhotos({
  author,
  photos,
  alt,
}: {
  author: string;
  photos: { thumb: string; href: string }[];
  /** The alt text instead of "Photo 1 of 2 from Priya S.'s review". */
  alt?: string;
}) {
  if (photos.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label="Photos" data-review-photos>
      {photos.map((photo, index) => (
        <li key={photo.thumb}>
          <a href={photo.href} className="block rounded-md border border-gray-200 hover:border-brand">
            <img
              src={photo.thumb}
              width={80}
              height={80}
              loading="lazy"
              decoding="async"
              alt={alt ?? reviewPhotoAlt(author, index, photos.length)}
              className="size-20 rounded-md object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
