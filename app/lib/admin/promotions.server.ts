import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { refusedForm } from "../account/account-forms.server";
import { formErrorsOf } from "../userapp/refusals.server";
import type { Refused, UserappResult } from "../userapp/transport.server";
import { bulkCodesFormSchema, promotionBody, promotionFormSchema, SCOPE_FIELDS, type ScopeField } from "./promotions";

// The promotion forms' actions (app/routes/admin.promotions.new.tsx, admin.promotions.$id.tsx).

const FORM_FIELDS = new Set([
  "bulk",
  "name",
  "code",
  "discountType",
  "discountValue",
  "maxDiscount",
  "minCartValue",
  "startsAt",
  "endsAt",
  "totalUses",
  "perShopperUses",
  "firstOrderOnly",
  "paymentMethod",
  "combinesWithOffers",
]);

/** The form's field for an API path: `scope.include.categories.0` is includeCategories. */
function promotionField(path: string): string | null {
  const [first, side, list] = path.split(".");
  if (first === "scope") {
    const found = Object.entries(SCOPE_FIELDS).find(([, [s, l]]) => s === side && l === list);
    return found ? (found[0] as ScopeField) : null;
  }
  return first && FORM_FIELDS.has(first) ? first : null;
}

type ReplyOptions = { formErrors: string[]; fieldErrors: Record<string, string[]> };
type Outcome<T> = { saved: T } | { refused: ReturnType<typeof refusedForm> } | { failed: Refused };

/** Refusals a form shows on itself; any other is not the form's to show. */
function formRefusal<T>(
  submission: { reply: (options: ReplyOptions) => SubmissionResult<string[]> },
  result: Refused,
): Outcome<T> {
  switch (result.code) {
    case "VALIDATION":
    case "PROMO_CODE_TAKEN":
    case "PROMO_STATE":
    case "PROMO_NOT_BULK":
    case "TOO_LARGE":
      break;
    default:
      return { failed: result };
  }
  const { fieldErrors, unshown } = formErrorsOf(result, promotionField);
  if (result.code === "PROMO_CODE_TAKEN") fieldErrors.code = [result.message];
  const formErrors =
    Object.keys(fieldErrors).length > 0 ? ["Check the highlighted fields.", ...unshown] : [result.message, ...unshown];
  return { refused: refusedForm(submission.reply({ formErrors, fieldErrors }), result.answerStatus) };
}

/**
 * The Create/Edit form's action: validates the form, then `send`s it as the API takes it (India
 * time made instants). Answers what the API saved, the refused form (the API's field errors put
 * back on the form's fields), or a failure that is not the form's to show.
 */
export async function submitPromotionForm<T>(
  formData: FormData,
  send: (body: ReturnType<typeof promotionBody>) => Promise<UserappResult<T>>,
): Promise<Outcome<T>> {
  const submission = parseWithZod(formData, { schema: promotionFormSchema });
  if (submission.status !== "success") return { refused: data({ result: submission.reply() }, { status: 400 }) };
  const result = await send(promotionBody(submission.value));
  return result.ok ? { saved: result.data } : formRefusal(submission, result);
}

/** The bulk codes form's action: how many and the prefix, sent to the API. */
export async function submitBulkCodesForm<T>(
  formData: FormData,
  send: (body: { count: number; prefix: string | null }) => Promise<UserappResult<T>>,
): Promise<
  { saved: T } | { refused: ReturnType<typeof data<{ codesResult: SubmissionResult<string[]> }>> } | { failed: Refused }
> {
  const submission = parseWithZod(formData, { schema: bulkCodesFormSchema });
  const refused = (codesResult: SubmissionResult<string[]>, status: number) => ({
    refused: data({ codesResult }, { status }),
  });
  if (submission.status !== "success") return refused(submission.reply(), 400);
  const result = await send({ count: submission.value.count, prefix: submission.value.prefix || null });
  if (result.ok) return { saved: result.data };
  if (result.code !== "VALIDATION" && result.code !== "PROMO_NOT_BULK" && result.code !== "PROMO_STATE")
    return { failed: result };
  const { fieldErrors, unshown } = formErrorsOf(result, (path) =>
    path === "count" || path === "prefix" ? path : null,
  );
  const formErrors = Object.keys(fieldErrors).length > 0 ? unshown : [result.message, ...unshown];
  return refused(submission.reply({ formErrors, fieldErrors }), result.answerStatus);
}
