import { data, isRouteErrorResponse, Link } from "react-router";
import { ID_PATTERN } from "../../api/contract";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ReviewItem } from "~/components/product/reviews";
import { productPath } from "~/lib/catalogue/catalogue";
import { CATALOGUE_CACHE } from "~/lib/platform/http-cache";
import { reviewPhotoAlt } from "~/lib/reviews/reviews";
import { shownReview } from "~/lib/reviews/reviews.server";
import { safeRedirect } from "~/lib/session/safe-redirect";
import { readToken } from "~/lib/session/session.server";
import { seo, SHOP_NAME } from "~/lib/page/seo";
import { requireShopper } from "~/lib/session/require-shopper.server";
import { redirectWithError, redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/reviews.$reviewId";

/**
 * /reviews/{id}: one published review, whole (the product page's list cuts a long text short and
 * links here), with its product. A held, removed or unknown review is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = params.reviewId ?? "";
  if (!ID_PATTERN.test(id)) throw data(null, { status: 404 });
  const result = await context.api.public.review(id);
  if (!result.ok) throw data(null, { status: result.code === "NOT_FOUND" ? 404 : 500 });
  const { product, ...review } = result.data;
  // Whether it is the signed-in shopper's own (no "Was this helpful?" on it), as on the product page.
  const token = await readToken(request);
  const standing = token ? await context.api.shopper(token).reviewStanding(product._id) : null;
  return {
    review: shownReview(review, Infinity),
    // Shown large here: each photo's files, and its shape from the thumbnail's.
    gallery: review.photos.map(({ path, srcset, thumb }) => ({
      path,
      srcset,
      width: thumb.width,
      height: thumb.height,
    })),
    own: standing?.ok === true && standing.data.review?._id === review._id,
    product: { _id: product._id, category: product.category, title: { shortTitle: product.shortTitle } },
  };
}

export function headers() {
  return { "Cache-Control": CATALOGUE_CACHE };
}

export const meta: Route.MetaFunction = (args) => {
  const found = args.loaderData;
  if (!found) return [{ title: `Review not found | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];
  const { review, product } = found;
  const text = review.title || review.body;
  return seo(args, {
    title: `${review.author}'s review of ${product.title.shortTitle}`,
    description: `${review.stars} of 5 stars. ${text.length > 140 ? `${text.slice(0, 139).trimEnd()}…` : text}`,
    path: `/reviews/${review._id}`,
  });
};

export default function ReviewPage({ loaderData }: Route.ComponentProps) {
  const { review, own, product, gallery } = loaderData;
  const productHref = productPath(product);
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 pt-4 sm:px-6 lg:px-8">
      <Breadcrumbs
        className="mb-4"
        items={[{ label: "Home", to: "/" }, { label: product.title.shortTitle, to: productHref }, { label: "Review" }]}
      />
      <h1 className="text-2xl font-bold text-gray-900">
        A review of{" "}
        <Link to={productHref} className="text-brand hover:underline">
          {product.title.shortTitle}
        </Link>
      </h1>
      <ol className="mt-2" aria-label="Review">
        <ReviewItem
          review={review}
          own={own}
          here={`/reviews/${review._id}`}
          Title="h2"
          gallery={<ReviewGallery author={review.author} photos={gallery} />}
        />
      </ol>
      <Link to={`${productHref}#reviews`} className="mt-4 inline-block font-semibold text-brand hover:underline">
        ← All reviews of this product
      </Link>
    </div>
  );
}

/** A review that is not (or no longer) shown: a real 404 inside the layout, with a way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">{notFound ? "Review not found" : "Something went wrong"}</h1>
      <p className="mt-3 text-gray-600">
        {notFound
          ? "This review does not exist or is no longer shown."
          : "We could not load this review. Please try again in a moment."}
      </p>
      <Link to="/shop" className="mt-6 inline-block font-semibold text-brand hover:underline">
        Continue shopping
      </Link>
    </div>
  );
}

/**
 * "Helpful" (`intent=helpful`) and "Report" (`intent=report`) under a review, on the product page
 * or the review's own: a guest signs in first and comes back to the page; the answer is a toast on
 * the page it came from.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/shop");
  const { api } = await requireShopper(request, context, { returnTo: back, status: 303 });
  const id = params.reviewId ?? "";
  const intent = form.get("intent");
  if (!ID_PATTERN.test(id) || (intent !== "helpful" && intent !== "report")) throw data(null, { status: 400 });
  const result = intent === "helpful" ? await api.voteHelpful(id) : await api.reportReview(id);
  if (result.ok) return redirectWithSuccess(back, result.message);
  if (result.code === "NOT_FOUND") return redirectWithError(back, "This review is no longer shown.");
  return redirectWithError(back, result.message || "Please try again in a moment.");
}

/** The review's photos, each at the column's width (at most 640 px files), a link to the file itself. */
function ReviewGallery({
  author,
  photos,
}: {
  author: string;
  photos: { path: string; srcset: string; width: number; height: number }[];
}) {
  if (photos.length === 0) return null;
  return (
    <ul id="photos" className="mt-3 grid gap-3 sm:grid-cols-2" aria-label="Photos" data-review-photos>
      {photos.map((photo, index) => (
        <li key={photo.path}>
          <a href={photo.path} className="block rounded-md border border-gray-200 hover:border-brand">
            <img
              src={photo.path}
              srcSet={photo.srcset || undefined}
              sizes="(min-width: 640px) 360px, 100vw"
              width={photo.width}
              height={photo.height}
              loading="lazy"
              decoding="async"
              alt={reviewPhotoAlt(author, index, photos.length)}
              className="h-auto w-full rounded-md"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
