import { redirect } from "react-router";
import { getSession, destroySession } from "~/lib/session/session.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/logout";

// Signing out is a POST (a link could be fired by any page); a GET just goes home.
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await getSession(request);
  const token = session.get("token");
  // Revoked on the API so a copied cookie is worthless; the browser is signed out even if that call fails.
  if (token) await context.api.shopper(token).logout();
  return redirectWithSuccess("/", "You have been logged out successfully.", {
    headers: { "Set-Cookie": await destroySession(session) },
  });
}
