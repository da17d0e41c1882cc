import { redirect } from "react-router";
import { ANSWER_FETCHER, type CartActionData, UPDATE_CART } from "~/lib/cart/cart";
import { readCartChange } from "~/lib/cart/cart-changes";
import { changeCart, UNKNOWN_CART_ACTION } from "~/lib/cart/cart-actions.server";
import { safeRedirect } from "~/lib/session/safe-redirect";
import { requireShopper } from "~/lib/session/require-shopper.server";
import { dataWithError, dataWithSuccess, redirectWithError, redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/cart";

/**
 * The one cart action (Hydrogen's pattern): every cart control in the shop is a form posting
 * here with an intent (add, update, decrease, remove, clear). A plain form post gets 303 back to
 * its page with a toast. A fetcher (CartForm marks it) gets the outcome as data with the same
 * toast: the page stays put and React Router reloads the root data. A `<Form>` navigation with
 * JavaScript gets the redirect, with "X-Remix-Replace" so it replaces the history entry instead
 * of adding one. There is no cart page here: /mycart is.
 */
export function loader() {
  return redirect("/mycart");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/mycart");
  // A guest, or a token the API no longer accepts, goes to sign in and back to the form's page.
  const { api } = await requireShopper(request, context, { returnTo: back, status: 303 });

  const change = readCartChange(form);
  const updateCart = form.get(UPDATE_CART.name) === UPDATE_CART.value;
  const outcome = change ? await changeCart(api, change, { updateCart }) : UNKNOWN_CART_ACTION;

  if (form.get(ANSWER_FETCHER.name) === ANSWER_FETCHER.value) {
    // 200 even for a refusal: React Router reloads the page's data (and so shows the toast) only after a 2xx.
    const answer: CartActionData = outcome;
    return outcome.ok ? dataWithSuccess(answer, outcome.message) : dataWithError(answer, outcome.message);
  }
  const init = { headers: { "X-Remix-Replace": "true" } };
  return outcome.ok ? redirectWithSuccess(back, outcome.message, init) : redirectWithError(back, outcome.message, init);
}
