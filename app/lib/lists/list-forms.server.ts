import type { AppLoadContext } from "react-router";
import { safeRedirect } from "../session/safe-redirect";
import { type ApiResult, requireShopper, type ShopperApi } from "../session/require-shopper.server";
import { redirectWithError, redirectWithInfo, redirectWithSuccess } from "../forms/toast.server";

/** What a wishlist or compare form posts: intent, productId and where to go back to. */
export type ListPost = {
  intent: string;
  productId: string;
  /** Where the shopper goes back to (a same-site path, else the list's own page). */
  back: string;
  /** The API as the shopper: a token it no longer accepts signs the browser out and comes back to `back`. */
  api: ShopperApi;
};

/**
 * Reads a wishlist or compare form post. A guest is sent to sign in (303), coming back to the
 * page the form was on; the forms are always the shopper's own, so only the token says whose list.
 */
export async function readListPost(request: Request, context: AppLoadContext, listPage: string): Promise<ListPost> {
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), listPage);
  const { api } = await requireShopper(request, context, { returnTo: back, status: 303 });
  return {
    intent: String(form.get("intent") ?? ""),
    productId: String(form.get("productId") ?? "").trim(),
    back,
    api,
  };
}

// Back to the page the form was on: replacing it in the history (with JavaScript), so Back
// does not show the same page twice after a heart is toggled.
const replaceInit = { headers: { "X-Remix-Replace": "true" } };
export const backWithSuccess = (back: string, message: string) => redirectWithSuccess(back, message, replaceInit);
export const backWithInfo = (back: string, message: string) => redirectWithInfo(back, message, replaceInit);
export const backWithError = (back: string, message: string) => redirectWithError(back, message, replaceInit);

/** 'Failed to add to wishlist: Product not found': what failed, then the API's reason. */
export function failure(what: string, result: ApiResult<unknown>): string {
  return `${what}: ${result.message || "Internal server error"}`;
}
