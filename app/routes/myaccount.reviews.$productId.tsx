import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { ID_PATTERN } from "../../api/contract";
import { secondaryButton } from "~/components/account/form-actions";
import { FormError, primaryButton } from "~/components/form-field";
import { Toaster } from "~/components/toaster";
import { useIsPending } from "~/components/use-is-pending";
import { apiFieldErrors, refusedFormWithToast, refusedStatus } from "~/lib/account.server";
import { productPath } from "~/lib/catalogue";
import { toastOf } from "~/lib/form-toast";
import { PERSONAL_CACHE } from "~/lib/http-cache";
import {
  HELD_FOR_TEXT,
  REVIEW_BODY_MAX,
  REVIEW_RULES_PATH,
  REVIEW_TITLE_MAX,
  reviewPath,
  STAR_WORDS,
} from "~/lib/reviews";
import { reviewFormSchema } from "~/lib/review-schemas";
import { SHOP_NAME } from "~/lib/seo";
import { orErrorPage, requireShopper } from "~/lib/shopper-api.server";
import { redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/myaccount.reviews.$productId";

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
  if (!product.ok && product.httpStatus === 404) throw data(null, { status: 404 });
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
 * Writes the review (`intent=save`: a new one, or the shopper's own edited) or deletes it
 * (`intent=delete`). The API decides who may and holds the last word on every field.
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
  const input = {
    stars: submission.value.stars,
    title: submission.value.title ?? "",
    body: submission.value.body ?? "",
  };
  const result = standing.review
    ? await api.editReview(standing.review._id, input)
    : await api.createReview(product._id, input);
  if (!result.ok) {
    const message = result.envelope.message || "Unknown error";
    const fieldErrors = apiFieldErrors(result, (path) => (REVIEW_FIELDS.has(path) ? path : null));
    const failure = `Your review was not saved: ${message}`;
    return refusedFormWithToast(
      submission.reply({ formErrors: [failure], fieldErrors }),
      refusedStatus(result),
      failure,
    );
  }
  const review = result.envelope.data;
  return redirectWithSuccess(
    review.status === "held" ? reviewPath(product._id) : back,
    review.status === "held"
      ? `Thanks! Your review holds ${HELD_FOR_TEXT[review.heldFor ?? "link"]}, so it will appear once we have checked it.`
      : standing.review
        ? "Your review has been updated."
        : "Thanks for your review!",
  );
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
  return (
    <section className="w-full max-w-2xl space-y-5" aria-labelledby="review-title">
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
          <h1 id="review-title" className="text-2xl font-bold text-gray-900">
            {review ? "Your review" : "Rate this product"}
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
          . You can delete it.
        </p>
      ) : null}
      {review?.status === "published" ? (
        <p className="text-sm text-gray-700" data-review-status>
          Your review is published on the product's page. You can change or delete it.
        </p>
      ) : null}

      {!mayWrite && !review ? (
        <p className="text-gray-700" data-review-status>
          Only a shopper whose order of this product was delivered can review it. You can review it once your order
          arrives.{" "}
          <Link to="/myaccount/orders" className="font-semibold text-brand hover:underline">
            My Orders
          </Link>
        </p>
      ) : null}

      {mayWrite ? (
        <Form method="post" action={path} {...getFormProps(form)} className="flex flex-col gap-4">
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
            <textarea
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
