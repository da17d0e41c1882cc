import type { ShopperApi } from "../session/require-shopper.server";
import { sharedMessage } from "../userapp/refusals.server";
import { APPLY_CODE, REMOVE_CODE } from "./promotion-intents";

/** What a code form came to: done (with its toast), or refused with the words to show next to the field. */
export type CodeOutcome = { ok: true; message: string } | { ok: false; error: string; typed: string };

/** Whether a form post is one of the code forms'. */
export const isCodeIntent = (formData: FormData) => {
  const intent = formData.get("intent");
  return intent === APPLY_CODE || intent === REMOVE_CODE;
};

/**
 * Applies or removes the cart's promotion code, as /mycart's and /checkout's code forms ask (a
 * Buy Now checkout checks the code against its product). A refusal is the API's own words: the
 * rule's ("This code has expired"), the limit's, or the field's.
 */
export async function changeCode(
  api: ShopperApi,
  formData: FormData,
  buyNow?: { productId: string; size: string; quantity: number },
): Promise<CodeOutcome> {
  if (formData.get("intent") === REMOVE_CODE) {
    const removed = await api.removePromotionCode();
    if (removed.ok) return { ok: true, message: "Code removed" };
    return { ok: false, error: removed.code === "VALIDATION" ? removed.message : sharedMessage(removed), typed: "" };
  }
  const typed = String(formData.get("code") ?? "");
  const applied = await api.applyPromotionCode(typed, buyNow);
  if (applied.ok) return { ok: true, message: "Code applied" };
  switch (applied.code) {
    case "VALIDATION":
      return { ok: false, error: applied.data[0]?.message ?? applied.message, typed };
    case "TOO_MANY_ATTEMPTS":
    case "PROMO_UNKNOWN":
    case "PROMO_PAUSED":
    case "PROMO_NOT_STARTED":
    case "PROMO_EXPIRED":
    case "PROMO_EXHAUSTED":
    case "PROMO_USED":
    case "PROMO_FIRST_ORDER":
    case "PROMO_MIN_CART":
    case "PROMO_NOT_ELIGIBLE":
      return { ok: false, error: applied.message, typed };
    default:
      return { ok: false, error: sharedMessage(applied), typed };
  }
}
