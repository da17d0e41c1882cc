import { data, Form, Link } from "react-router";
import { ID_PATTERN } from "../../api/contract";
import { adminMeta, linkClass, Notice, PageHeading } from "~/components/admin/catalogue-parts";
import { formatDateTime } from "~/components/admin/order-parts";
import { FormError, primaryButton } from "~/components/form-field";
import { secondaryButton } from "~/components/account/form-actions";
import { ReviewPhotos } from "~/components/product/reviews";
import { adminListHref } from "~/lib/admin/sections";
import { failedLoad } from "~/lib/admin/catalogue.server";
import { failedAdminCall } from "~/lib/admin/orders.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { HELD_FOR_TEXT } from "~/lib/reviews/review-form";
import { REVIEW_RULES_PATH } from "~/lib/reviews/reviews";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { QueuedReviewJson } from "../../api/contract/types";
import type { Route } from "./+types/admin.reviews";

const PATH = "/admin/reviews";
const PER_PAGE = 20;

export const meta: Route.MetaFunction = () => adminMeta("Reviews");

/**
 * A queued review with its photos at the back office's own paths
 * (admin.reviews.$reviewId.photos.$file.ts): /media/reviews/… serves published reviews' photos
 * only, and a held review's are what the admin must see. Each opens at its largest width.
 */
function withQueuePhotos(review: QueuedReviewJson): QueuedReviewJson {
  const here = (path: string) => path.replaceAll(`/media/reviews/${review._id}/`, `${PATH}/${review._id}/photos/`);
  return {
    ...review,
    photos: review.photos.map((photo) => {
      const srcset = here(photo.srcset);
      const largest = srcset.split(", ").at(-1)?.split(" ")[0];
      return {
        ...photo,
        path: largest || here(photo.path),
        srcset,
        thumb: { ...photo.thumb, path: here(photo.thumb.path) },
      };
    }),
  };
}

/** The moderation queue: held reviews (a link, a phone number, an email address) and reported ones. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const result = await api.reviewQueue(new URLSearchParams({ page: String(page), limit: String(PER_PAGE) }));
  if (!result.ok) return failedLoad(request, result);
  const queue = result.data;
  return { ...queue, data: queue.data.map(withQueuePhotos) };
}

/** Publishes a review (`intent=publish`) or removes it with the reason its author sees (`intent=remove`); audited by the API. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireAdmin(request, context);
  const form = await request.formData();
  const id = String(form.get("reviewId") ?? "");
  const intent = form.get("intent");
  if (!ID_PATTERN.test(id) || (intent !== "publish" && intent !== "remove")) throw data(null, { status: 400 });
  const reason = String(form.get("reason") ?? "").trim();
  const result = intent === "publish" ? await api.publishReview(id) : await api.removeReview(id, reason);
  if (result.ok)
    return redirectWithSuccess(PATH, intent === "publish" ? "The review is published." : "The review is removed.");
  if (result.code === "VALIDATION") {
    const [first] = result.data;
    return data({ reviewId: id, error: first?.message ?? result.message }, { status: 422 });
  }
  if (result.code === "NOT_FOUND")
    return data({ reviewId: id, error: "This review no longer exists." }, { status: 404 });
  return failedAdminCall(request, result);
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { data: reviews, paginator } = loaderData;
  return (
    <section aria-labelledby="reviews-title">
      <PageHeading id="reviews-title" title="Reviews to moderate" />
      <p className="mb-4 max-w-prose text-sm text-gray-700">
        Reviews holding a link, a phone number or an email address wait here, and so do reviews shoppers reported.
        Publish them, or remove them with the reason their author will see. Never remove a review for being negative (
        <Link to={REVIEW_RULES_PATH} className={linkClass}>
          the review rules
        </Link>
        ). Every decision is in the audit log.
      </p>
      {reviews.length === 0 ? <Notice>No reviews are waiting.</Notice> : null}
      <ol className="space-y-4">
        {reviews.map((review) => (
          <li key={review._id} className="rounded-lg border border-gray-200 p-4" data-queued-review={review._id}>
            <p className="text-sm text-gray-600">
              {review.productTitle} · {review.stars} {review.stars === 1 ? "star" : "stars"} · {review.author} ·{" "}
              {formatDateTime(review.updatedAt)}
              {review.sample ? " · Sample review" : null}
            </p>
            <p className="mt-1 text-sm font-semibold text-amber-800">
              {review.status === "held" ? `Held: it contains ${HELD_FOR_TEXT[review.heldFor ?? "link"]}` : null}
              {review.reportCount > 0
                ? `Reported by ${review.reportCount} ${review.reportCount === 1 ? "shopper" : "shoppers"}`
                : null}
            </p>
            {review.title ? <h2 className="mt-2 font-semibold text-gray-900">{review.title}</h2> : null}
            {review.body ? <p className="mt-1 whitespace-pre-line break-words text-gray-800">{review.body}</p> : null}
            <ReviewPhotos
              author={review.author}
              photos={review.photos.map((photo) => ({ thumb: photo.thumb.path, href: photo.path }))}
            />
            <FormError
              id={`review-error-${review._id}`}
              errors={actionData?.reviewId === review._id ? [actionData.error] : undefined}
            />
            <div className="mt-3 flex flex-wrap items-end gap-3">
              <Form method="post" action={PATH}>
                <input type="hidden" name="reviewId" value={review._id} />
                <button type="submit" name="intent" value="publish" className={primaryButton}>
                  {review.status === "held" ? "Publish" : "Keep it up"}
                </button>
              </Form>
              <Form method="post" action={PATH} className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="reviewId" value={review._id} />
                <label className="flex flex-col gap-1 text-sm">
                  <span className="font-medium text-gray-800">Reason for removing (shown to its author)</span>
                  <input
                    name="reason"
                    required
                    maxLength={500}
                    className="w-80 max-w-full rounded-md border border-gray-300 px-3 py-2"
                  />
                </label>
                <button type="submit" name="intent" value="remove" className={secondaryButton}>
                  Remove
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ol>
      {paginator.pageCount > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex gap-4 text-sm">
          {paginator.prev ? (
            <Link to={adminListHref(PATH, {}, paginator.prev)} className={linkClass}>
              ← Previous
            </Link>
          ) : null}
          <span>
            Page {paginator.currentPage} of {paginator.pageCount}
          </span>
          {paginator.next ? (
            <Link to={adminListHref(PATH, {}, paginator.next)} className={linkClass}>
              Next →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
