import type { Toast } from "../page/root-data";

/*
 * A toast for a form its action shows again (a refusal answered with 4xx and the form's errors,
 * not a redirect). The flash cookie cannot carry it: the page is rendered by the same response
 * that would set the cookie, so it would show one page late. The action puts the toast in its data
 * instead and the page renders it with <Toaster>, with and without JavaScript.
 */

export const errorToast = (message: string): Toast => ({ type: "error", message });

/** The toast in an action's data, if it carries one. */
export function toastOf(actionData: unknown): Toast | null {
  if (!actionData || typeof actionData !== "object" || !("toast" in actionData)) return null;
  return (actionData as { toast: Toast | null }).toast ?? null;
}
