import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { apiFieldErrors, refusedForm, refusedStatus } from "./account.server";
import { webhookFormSchema } from "./admin-webhooks";
import type { UserappResult } from "./userapp/transport.server";

const FORM_FIELDS = new Set(["url", "description", "events", "enabled", "secret"]);

/**
 * The Add/Edit Endpoint form's action: validates the form, then `send`s it (registers an endpoint,
 * or saves one). Answers what the API saved, the form's refusal (the schema's errors, or the
 * API's 422 paths put back on the form's fields) to return as it is, or a failure that is not
 * the form's to show. The secret typed is never sent back to the browser.
 */
export async function submitWebhookForm<T>(
  formData: FormData,
  send: (body: object) => Promise<UserappResult<T>>,
): Promise<{ saved: T } | { refused: ReturnType<typeof refusedForm> } | { failed: UserappResult<unknown> }> {
  const submission = parseWithZod(formData, { schema: webhookFormSchema });
  if (submission.status !== "success")
    return { refused: data({ result: submission.reply({ hideFields: ["secret"] }) }, { status: 400 }) };
  const result = await send(submission.value);
  if (result.ok) return { saved: result.envelope.data };
  if (result.httpStatus === 401 || result.httpStatus === 403 || result.httpStatus >= 500) return { failed: result };
  const fieldErrors = apiFieldErrors(result, (path) => {
    const field = path.split(".")[0]!;
    return FORM_FIELDS.has(field) ? field : null;
  });
  const formErrors =
    Object.keys(fieldErrors).length > 0 ? ["Check the highlighted fields."] : [result.envelope.message];
  return {
    refused: refusedForm(submission.reply({ formErrors, fieldErrors, hideFields: ["secret"] }), refusedStatus(result)),
  };
}
