import { isReasonOn, MAX_REASON_LENGTH, OTHER_REASON, type ReasonList } from "../../../api/contract/order-reasons";
import type { FieldErrorJson } from "../../../api/contract/refusals";

/** What a reason form posted: the picked code (`reasonCode`) and the words (`reason`). */
export type ReasonInput = { reasonCode: string; reason: string };

/** A reason form's errors: on the pick list, on the words. */
export type ReasonErrors = { reasonCode: string | null; reason: string | null };

export const NO_REASON_ERRORS: ReasonErrors = { reasonCode: null, reason: null };

/** What the form says when nothing is picked. */
export const PICK_A_REASON = "Please choose a reason";

/**
 * Reads a reason form (a pick list and the words of "Other" or a note) and checks it as the API
 * will: a code of `list` is required, "Other" needs its words, the words are bounded.
 */
export function readReasonForm(form: FormData, list: ReasonList): { input: ReasonInput; errors: ReasonErrors | null } {
  const input = {
    reasonCode: String(form.get("reasonCode") ?? "").trim(),
    reason: String(form.get("reason") ?? "").trim(),
  };
  const errors: ReasonErrors = {
    reasonCode: !input.reasonCode || !isReasonOn(list, input.reasonCode) ? PICK_A_REASON : null,
    reason:
      input.reason.length > MAX_REASON_LENGTH
        ? `Please keep it to ${MAX_REASON_LENGTH} characters`
        : input.reasonCode === OTHER_REASON && !input.reason
          ? "Please say why in a few words"
          : null,
  };
  return { input, errors: errors.reasonCode || errors.reason ? errors : null };
}

/** A refused reason's field errors (VALIDATION) as the form's. */
export function reasonErrorsOf(fieldErrors: FieldErrorJson[]): ReasonErrors | null {
  const errors: ReasonErrors = {
    reasonCode: fieldErrors.find((error) => error.path === "reasonCode")?.message ?? null,
    reason: fieldErrors.find((error) => error.path === "reason")?.message ?? null,
  };
  return errors.reasonCode || errors.reason ? errors : null;
}
