import { z } from "@hono/zod-openapi";
import {
  isReasonOn,
  MAX_REASON_LENGTH,
  OTHER_REASON,
  REASON_LISTS,
  type ReasonList,
  reasonLabel,
} from "../../contract/order-reasons";
import { badRequest } from "../http/http";

/**
 * The short lists of why an order was cancelled or returned (api/contract/order-reasons.ts, where
 * the storefront reads them too), and how a request's reason becomes the code and words an order
 * keeps (decision 053).
 */
export {
  ADMIN_CANCEL_REASONS,
  AUTOMATIC_CANCEL_REASONS,
  type CancelReasonCode,
  MAX_REASON_LENGTH,
  type OrderReasonCode,
  type OrderReasonOption,
  OTHER_REASON,
  REASON_LISTS,
  type ReasonList,
  reasonLabel,
  RETURN_TO_ORIGIN_REASONS,
  type ReturnReasonCode,
  SHOPPER_CANCEL_REASONS,
  SHOPPER_RETURN_REASONS,
} from "../../contract/order-reasons";

/** What an order keeps of a reason: its code, and its words (null only for a cancellation nobody explained). */
export type OrderReason = { code: string; text: string | null };

/** A cancellation nobody explained (an emailed cancel link, a request without a reason): "other", no words. */
export const NO_REASON: OrderReason = { code: OTHER_REASON, text: null };

/** The words of a reason a client sent: the text of "Other", or a note beside another reason. */
export const reasonTextSchema = z
  .string({ error: "Reason must be text" })
  .trim()
  .max(MAX_REASON_LENGTH, `Reason is at most ${MAX_REASON_LENGTH} characters`)
  .nullish()
  .transform((text) => text || null);

const codesOf = (list: ReasonList) => REASON_LISTS[list].map((reason) => reason.code).join(", ");

/** `reasonCode`: a code of `list`; one on no list is REASON_UNKNOWN (400). */
export const reasonCodeSchema = (list: ReasonList, also = "") =>
  z
    .string({ error: "Choose a reason from the list" })
    .trim()
    .max(100, "Choose a reason from the list")
    .nullish()
    .transform((code) => code || null)
    .openapi({
      type: "string",
      description: `Why, as a code of the list: ${codesOf(list)}${also}. "other" needs \`reason\`, its words; with another code \`reason\` is an optional note. A code on no list is REASON_UNKNOWN (400).`,
    });

/** The field error of "Other" without its words. */
export const OTHER_NEEDS_TEXT = "Please say why in a few words";

/**
 * Checks a body's `reasonCode` and `reason` together: "other" needs its words. Added to an object
 * schema with `superRefine`, so the field error sits on `reason` beside the others.
 */
export function otherNeedsText(body: { reasonCode: string | null; reason: string | null }, ctx: z.RefinementCtx) {
  if (body.reasonCode === OTHER_REASON && !body.reason) {
    ctx.addIssue({ code: "custom", path: ["reason"], message: OTHER_NEEDS_TEXT });
  }
}

/**
 * The reason an order keeps for a checked body. A code must be on `list` (REASON_UNKNOWN
 * otherwise); "other" keeps its words, another code its label (and ": " and the note, if any).
 * Without a code, words alone are "other" with those words (the request shape before the lists),
 * and neither is "other" with no words (a cancellation nobody explained).
 */
export function orderReasonOf(
  list: ReasonList,
  body: { reasonCode: string | null; reason: string | null },
): OrderReason {
  const { reasonCode: code, reason: text } = body;
  if (code === null) return { code: OTHER_REASON, text };
  if (!isReasonOn(list, code)) throw badRequest("Choose a reason from the list.", null, "REASON_UNKNOWN");
  if (code === OTHER_REASON) return { code, text };
  const label = reasonLabel(code) ?? code;
  return { code, text: text ? `${label}: ${text}` : label };
}
