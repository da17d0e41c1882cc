import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { ID_PATTERN } from "../../api/contract";
import { secondaryButton } from "~/components/account/form-actions";
import { FormError, primaryButton } from "~/components/form-field";
import { Toaster } from "~/components/toaster";
import { useIsPending } from "~/components/use-is-pending";
import { refusedFormWithToast } from "~/lib/account/account-forms.server";
import { fieldsNamed, formErrorsOf } from "~/lib/userapp/refusals.server";
import { productPath } from "~/lib/catalogue/catalogue";
import { toastOf } from "~/lib/forms/form-toast";
import { PERSONAL_CACHE } from "~/lib/platform/http-cache";
import { ReviewPhotos } from "~/components/product/reviews";
import { IMAGE_SIZE_MESSAGE, imageFileProblem } from "~/lib/forms/image-upload";
import {
  HELD_FOR_TEXT,
  REVIEW_BODY_MAX,
  REVIEW_PHOTOS_MAX,
  REVIEW_REMOVED_TEXT,
  REVIEW_TITLE_MAX,
  shortName,
  STAR_WORDS,
  tooManyPhotos,
} from "~/lib/reviews/review-form";
import { REVIEW_RULES_PATH, reviewPath } from "~/lib/reviews/reviews";
import { REVIEW_PHOTO_ACCEPT, reviewFormSchema } from "~/lib/reviews/review-schemas";
import { SHOP_NAME } from "~/lib/page/seo";
import { orErrorPage, requireShopper } from "~/lib/session/require-shopper.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/myaccount.reviews.$productId";
import { Textarea } from "~/components/textarea";

const REVIEW_FIELDS = new Set(["stars", "title", "body"]);

export const meta: Route.MetaFunction = () => [
  { title: `Rate this product | ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];

export function headers() {
  return { "Cache-Control": PERSONAL_CACHE };
}

/** The product and the shopper's standing: may they review it, and their review if they wrote one. */
async function readPage(request: Request, params: Route.LoaderArgs["params"], context: Route.LoaderArgs["context"]) {
  const { api } = await requireShopper(request, context);
  const productId = params.productId ?? "";
  if (!ID_PATTERN.test(productId)) throw data(null, { status: 404 });
  const product = await api.product(productId);
  if (!product.ok && product.code === "NOT_FOUND") throw data(null, { status: 404 });
  const standing = orErrorPage(await api.reviewStanding(productId));
  return { api, product: orErrorPage(product), standing };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { product, standing } = await readPage(request, params, context);
  return {
    product: { _id: product._id, title: product.title.shortTitle, image: product.image, path: productPath(product) },
    standing,
  };
}

/**
 * Writes the review (`intent=save`: a new one, or the shopper's own edited) with its photos, or
 * deletes it (`intent=delete`). The form is multipart (server/body-limit.ts gives this path room
 * for 3 photos): the photos ticked `removePhoto` are removed, then the new ones in `photos` added,
 * one API call each, after the text is saved. The API decides who may and holds the last word on
 * every field and every file.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api, product, standing } = await readPage(request, params, context);
  const form = await request.formData();
  const back = `${productPath(product)}#reviews`;
  if (form.get("intent") === "delete") {
    if (!standing.review) return redirectWithSuccess(back, "Your review has been deleted.");
    const deleted = await api.deleteReview(standing.review._id);
    orErrorPage(deleted);
    return redirectWithSuccess(back, "Your review has been deleted.");
  }
  const submission = parseWithZod(form, { schema: reviewFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const removing = new Set(form.getAll("removePhoto").filter((value) => typeof value === "string"));
  const photos = (submission.value.photos ?? []).filter((file) => file.size > 0 || file.name !== "");
  const kept = (standing.review?.photos ?? []).filter((photo) => !removing.has(photo.id)).length;
  if (kept + photos.length > REVIEW_PHOTOS_MAX) {
    return data({ result: submission.reply({ fieldErrors: { photos: [tooManyPhotos(kept)] } }) }, { status: 400 });
  }
  const input = {
    stars: submission.value.stars,
    title: submission.value.title ?? "",
    body: submission.value.body ?? "",
  };
  const result = standing.review
    ? await api.editReview(standing.review._id, input)
    : await api.createReview(product._id, input);
  if (!result.ok) {
    const message = result.message || "Unknown error";
    const { fieldErrors } = formErrorsOf(result, fieldsNamed(REVIEW_FIELDS));
    const failure = `Your review was not saved: ${message}`;
    return refusedFormWithToast(submission.reply({ formErrors: [failure], fieldErrors }), result.answerStatus, failure);
  }
  const photoErrors = await savePhotos(api, result.data, removing, photos);
  if (photoErrors.length > 0) {
    const failure =
      photos.length > 1
        ? "Your review was saved, but not every photo was added."
        : "Your review was saved, but the photo was not added.";
    return refusedFormWithToast(
      submission.reply({ formErrors: [failure], fieldErrors: { photos: photoErrors } }),
      422,
      failure,
    );
  }
  const review = result.data;
  return redirectWithSuccess(
    review.status === "held" ? reviewPath(product._id) : back,
    review.status === "held"
      ? `Thanks! Your review holds ${HELD_FOR_TEXT[review.heldFor ?? "link"]}, so it will appear once we have checked it.`
      : standing.review
        ? "Your review has been updated."
        : "Thanks for your review!",
  );
}

/** Removes the photos ticked and adds the new ones to the saved review; answers a message for each photo refused. */
async function savePhotos(
  api: Awaited<ReturnType<typeof readPage>>["api"],
  review: { _id: string; photos: { id: string }[] },
  removing: Set<string>,
  photos: File[],
): Promise<string[]> {
  const errors: string[] = [];
  for (const photo of review.photos.filter((photo) => removing.has(photo.id))) {
    const removed = await api.removeReviewPhoto(review._id, photo.id);
    if (!removed.ok && removed.code !== "NOT_FOUND") errors.push(`A photo was not removed: ${removed.message}`);
  }
  for (const file of photos) {
    const name = shortName(file.name || "The photo");
    const problem = imageFileProblem(file);
    if (problem) {
      errors.push(`${name}: ${problem}`);
      continue;
    }
    const body = new FormData();
    body.set("photo", file, file.name);
    const added = await api.addReviewPhoto(review._id, body);
    if (added.ok) continue;
    if (added.code === "UPLOAD_LIMIT") {
      // The hour's photos are sent: the others would be refused alike, so they are not sent.
      errors.push(`${name}: ${added.message}`);
      break;
    }
    const fieldError = formErrorsOf(added, fieldsNamed(["photo"])).fieldErrors.photo?.[0];
    const tooLarge = added.code === "FILE_TOO_LARGE" || added.code === "TOO_LARGE";
    errors.push(`${name}: ${tooLarge ? IMAGE_SIZE_MESSAGE : (fieldError ?? added.message ?? "it was not added")}`);
  }
  return errors;
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, standing } = loaderData;
  const review = standing.review;
  const path = reviewPath(product._id);
  const [form, fields] = useForm({
    id: "review",
    lastResult: actionData?.result,
    defaultValue: review ? { stars: String(review.stars), title: review.title, body: review.body } : undefined,
    constraint: getZodConstraint(reviewFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewFormSchema }),
  });
  const saving = useIsPending({ formAction: path });
  const mayWrite = standing.canReview || (review !== null && review.status !== "removed");
  const starsError = fields.stars.errors?.[0];
  const photoErrors = fields.photos.errors ?? [];
  return (
    <section className="w-full max-w-2xl space-y-5" aria-labelledby="review-heading">
      <Toaster toast={toastOf(actionData)} />
      <div className="flex items-center gap-3">
        <img
          src={product.image}
          alt=""
          width={64}
          height={64}
          className="size-16 shrink-0 rounded-md border border-gray-100 object-contain"
        />
        <div className="min-w-0">
          <h1 id="review-heading" className="text-2xl font-bold text-gray-900">
            {review ? "Your review" : standing.removed ? "Your review was removed" : "Rate this product"}
          </h1>
          <Link to={product.path} className="text-sm font-semibold text-brand hover:underline">
            {product.title}
          </Link>
        </div>
      </div>

      {review?.status === "held" ? (
        <p
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-review-status
        >
          Your review is waiting for moderation because it contains {HELD_FOR_TEXT[review.heldFor ?? "link"]}. Remove it
          and save, or wait until we have checked it (see{" "}
          <Link to={REVIEW_RULES_PATH} className="font-semibold underline">
            our review rules
          </Link>
          ).
        </p>
      ) : null}
      {review?.status === "removed" ? (
        <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-review-status>
          We removed your review: {review.removalReason ?? "it breaks our review rules"}. See{" "}
          <Link to={REVIEW_RULES_PATH} className="font-semibold underline">
            our review rules
          </Link>
          . You can delete it, but you cannot post another review of this product.
        </p>
      ) : null}
      {standing.removed && !review ? (
        <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-review-status>
          {REVIEW_REMOVED_TEXT} See{" "}
          <Link to={REVIEW_RULES_PATH} className="font-semibold underline">
            our review rules
          </Link>
          .
        </p>
      ) : null}
      {review?.status === "published" ? (
        <p className="text-sm text-gray-700" data-review-status>
          Your review is published on the product's page. You can change or delete it.
        </p>
      ) : null}

      {!mayWrite && !review && !standing.removed ? (
        <p className="text-gray-700" data-review-status>
          Only a shopper whose order of this product was delivered can review it. You can review it once your order
          arrives.{" "}
          <Link to="/myaccount/orders" className="font-semibold text-brand hover:underline">
            My Orders
          </Link>
        </p>
      ) : null}

      {mayWrite ? (
        <Form
          method="post"
          action={path}
          encType="multipart/form-data"
          {...getFormProps(form)}
          className="flex flex-col gap-4"
        >
          <FormError id={form.errorId} errors={form.errors} />
          <fieldset aria-describedby={starsError ? fields.stars.errorId : undefined}>
            <legend className="text-sm font-medium text-gray-800">Your rating (required)</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {[5, 4, 3, 2, 1].map((stars) => (
                <label
                  key={stars}
                  className="inline-flex items-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm has-checked:border-brand has-checked:bg-brand/5"
                >
                  <input
                    {...getInputProps(fields.stars, { type: "radio", value: String(stars) })}
                    key={stars}
                    className="accent-brand"
                  />
                  {stars} {stars === 1 ? "star" : "stars"} · {STAR_WORDS[stars]}
                </label>
              ))}
            </div>
            <p
              id={fields.stars.errorId}
              className="min-h-4 text-xs text-red-700"
              role={starsError ? "alert" : undefined}
            >
              {starsError}
            </p>
          </fieldset>
          <div className="flex flex-col gap-1">
            <label htmlFor={fields.title.id} className="text-sm font-medium text-gray-800">
              Title (optional)
            </label>
            <input
              {...getInputProps(fields.title, { type: "text" })}
              maxLength={REVIEW_TITLE_MAX}
              aria-invalid={fields.title.errors ? true : undefined}
              aria-describedby={fields.title.errors ? fields.title.errorId : undefined}
              className="rounded-md border border-gray-300 px-3 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-invalid:border-red-600"
            />
            <p id={fields.title.errorId} className="min-h-4 text-xs text-red-700">
              {fields.title.errors?.[0]}
            </p>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={fields.body.id} className="text-sm font-medium text-gray-800">
              Your review (optional)
            </label>
            <Textarea
              {...getTextareaProps(fields.body)}
              maxLength={REVIEW_BODY_MAX}
              rows={6}
              aria-invalid={fields.body.errors ? true : undefined}
              aria-describedby={fields.body.errors ? fields.body.errorId : `${fields.body.id}-hint`}
              className="rounded-md border border-gray-300 px-3 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-invalid:border-red-600"
            />
            {fields.body.errors ? null : (
              <p id={`${fields.body.id}-hint`} className="text-xs text-gray-500">
                Up to {REVIEW_BODY_MAX.toLocaleString("en-IN")} characters. A review with a link, a phone number or an
                email address waits for moderation; every other review, good or bad, appears at once.{" "}
                <Link to={REVIEW_RULES_PATH} className="font-semibold text-brand underline">
                  Our review rules
                </Link>
              </p>
            )}
            <p id={fields.body.errorId} className="min-h-4 text-xs text-red-700">
              {fields.body.errors?.[0]}
            </p>
          </div>
          <fieldset className="flex flex-col gap-2" aria-describedby={`${fields.photos.id}-hint`}>
            <legend className="text-sm font-medium text-gray-800">Photos (optional)</legend>
            {review && review.photos.length > 0 ? (
              <ul className="flex flex-wrap gap-4" data-own-photos>
                {review.photos.map((photo, index) => (
                  <li key={photo.id} className="flex flex-col items-start gap-1 text-sm">
                    {review.status === "published" ? (
                      <ReviewPhotos
                        author=""
                        photos={[{ thumb: photo.thumb.path, href: photo.path }]}
                        alt={`Your photo ${index + 1}`}
                      />
                    ) : (
                      <span className="text-gray-600">Photo {index + 1} (shown once your review is published)</span>
                    )}
                    <label className="inline-flex items-center gap-2">
                      <input type="checkbox" name="removePhoto" value={photo.id} className="accent-brand" />
                      Remove photo {index + 1}
                    </label>
                  </li>
                ))}
              </ul>
            ) : null}
            <label htmlFor={fields.photos.id} className="text-sm text-gray-800">
              Add photos
            </label>
            <input
              {...getInputProps(fields.photos, { type: "file" })}
              multiple
              accept={REVIEW_PHOTO_ACCEPT}
              aria-invalid={photoErrors.length > 0 ? true : undefined}
              aria-describedby={photoErrors.length > 0 ? fields.photos.errorId : `${fields.photos.id}-hint`}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-2"
            />
            <p id={`${fields.photos.id}-hint`} className="text-xs text-gray-500">
              Up to {REVIEW_PHOTOS_MAX} photos of the product, each a JPEG, PNG or WebP picture of at most 5 MB.
            </p>
            <ul id={fields.photos.errorId} className="min-h-4 text-xs text-red-700" data-photo-errors>
              {photoErrors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </fieldset>
          <div className="flex flex-wrap justify-end gap-3">
            <Link to={product.path} className={secondaryButton}>
              Cancel
            </Link>
            <button type="submit" name="intent" value="save" className={primaryButton} disabled={saving}>
              {saving ? "Saving your review..." : review ? "Save changes" : "Submit review"}
            </button>
          </div>
        </Form>
      ) : null}

      {review ? (
        <Form method="post" action={path} className="border-t border-gray-200 pt-4">
          <button type="submit" name="intent" value="delete" className={secondaryButton}>
            Delete my review
          </button>
        </Form>
      ) : null}
    </section>
  );
}
