import { data, redirect, type AppLoadContext } from "react-router";
import { safeRedirect } from "./safe-redirect";
import { currentPath, readToken, signOutHeaders } from "./session.server";
import { loginHref } from "./shopper";
import { redirectWithError, redirectWithInfo, redirectWithSuccess } from "./toast.server";
import { callUserapp, type UserappResult } from "./userapp.server";

/** What a wishlist or compare form posts: intent, productId and where to go back to. */
export type ListPost = {
  intent: string;
  productId: string;
  /** Where the shopper goes back to (a same-site path, else the list's own page). */
  back: string;
  token: string;
};

/**
 * Reads a wishlist or compare form post. A guest is sent to sign in (303), coming back to the
 * page the form was on; the forms are always the shopper's own, so only the token says whose list.
 */
export async function readListPost(request: Request, listPage: string): Promise<ListPost> {
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), listPage);
  const token = await readToken(request);
  if (!token) throw redirect(loginHref(back), 303);
  return {
    intent: String(form.get("intent") ?? ""),
    productId: String(form.get("productId") ?? "").trim(),
    back,
    token,
  };
}

/**
 * Calls the list API for the shopper. A token the API no longer accepts signs this browser out
 * and sends it to sign in, coming back to `back`.
 */
export async function callListApi<T>(
  request: Request,
  context: AppLoadContext,
  back: string,
  method: "POST" | "PUT",
  path: string,
  token: string,
  body?: unknown,
): Promise<UserappResult<T>> {
  const result = await callUserapp<T>(context, method, path, { token, body });
  if (result.httpStatus === 401) throw redirect(loginHref(back), { status: 303, headers: await signOutHeaders(request) });
  return result;
}

// Back to the page the form was on: replacing it in the history (with JavaScript), so Back
// does not show the same page twice after a heart is toggled.
const replaceInit = { headers: { "X-Remix-Replace": "true" } };
export const backWithSuccess = (back: string, message: string) => redirectWithSuccess(back, message, replaceInit);
export const backWithInfo = (back: string, message: string) => redirectWithInfo(back, message, replaceInit);
export const backWithError = (back: string, message: string) => redirectWithError(back, message, replaceInit);

/** 'Failed to add to wishlist: Product not found': what failed, then the API's reason. */
export function failure(what: string, result: UserappResult<unknown>): string {
  return `${what}: ${result.envelope.message || "Internal server error"}`;
}

/** A signed-in page's list call: a revoked token signs the browser out and asks to sign in again. */
export async function loadList<T>(request: Request, context: AppLoadContext, path: string, token: string, body: unknown): Promise<T> {
  const result = await callListApi<T>(request, context, currentPath(request), "POST", path, token, body);
  if (!result.ok) throw data(null, { status: 500 });
  return result.envelope.data;
}
