import { data } from "react-router";
import { ID_PATTERN } from "../../api/contract";
import { safeRedirect } from "~/lib/safe-redirect";
import { requireShopper } from "~/lib/shopper-api.server";
import { redirectWithError, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/review-votes";

/**
 * "Helpful" (`intent=helpful`) and "Report" (`intent=report`) under a review on the product page:
 * a guest signs in first and comes back to the page; the answer is a toast on the page it came from.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/shop");
  const { api } = await requireShopper(request, context, { returnTo: back, status: 303 });
  const id = params.reviewId ?? "";
  const intent = form.get("intent");
  if (!ID_PATTERN.test(id) || (intent !== "helpful" && intent !== "report")) throw data(null, { status: 400 });
  const result = intent === "helpful" ? await api.voteHelpful(id) : await api.reportReview(id);
  if (result.ok) return redirectWithSuccess(back, result.envelope.message);
  if (result.httpStatus === 404) return redirectWithError(back, "This review is no longer shown.");
  return redirectWithError(back, result.envelope.message || "Please try again in a moment.");
}

/** Nothing to show: a GET goes back to the shop. */
export function loader() {
  throw data(null, { status: 404 });
}
