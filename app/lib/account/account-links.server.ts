import type { AppLoadContext } from "react-router";

/** A page opened without a token, or whose API answer gave no reason. */
const UNKNOWN_LINK = "This link is not valid. Check that you copied all of it, or ask for a new one.";

/** The pages of emailed links carry a token in their address: no cache keeps them. */
export const linkPageHeaders = () => ({ "Cache-Control": "no-store" });

/**
 * The emailed link a page was opened with (`?token=`): whether it works, without using it, and
 * for an email change the address it confirms. `problem` says why it does not work. The page's
 * form posts to the same address, so that a refused post shows the form again, token and all.
 */
export async function openedLink(
  request: Request,
  context: AppLoadContext,
  purpose: "password-reset" | "email-change",
): Promise<{ token: string; newEmail: string | null; problem: string | null }> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!token) return { token, newEmail: null, problem: UNKNOWN_LINK };
  const result = await context.api.public.checkLink(token, purpose);
  if (!result.ok) return { token, newEmail: null, problem: result.message || UNKNOWN_LINK };
  return { token, newEmail: result.data.newEmail, problem: null };
}

/** Why a link refused at its post (the API's 400) does not work. */
export const linkProblemOf = (message: string) => message || UNKNOWN_LINK;
