import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { refusedForm } from "../account/account-forms.server";
import { fieldsNamed, formErrorsOf } from "../userapp/refusals.server";
import { webhookFormSchema } from "./webhooks";
import type { Refused, UserappResult } from "../userapp/transport.server";

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
): Promise<{ saved: T } | { refused: ReturnType<typeof refusedForm> } | { failed: Refused }> {
  const submission = parseWithZod(formData, { schema: webhookFormSchema });
  if (submission.status !== "success")
    return { refused: data({ result: submission.reply({ hideFields: ["secret"] }) }, { status: 400 }) };
  const result = await send(submission.value);
  if (result.ok) return { saved: result.data };
  switch (result.code) {
    case "VALIDATION":
    case "NOT_FOUND":
    case "ENDPOINT_LIMIT":
    case "TOO_LARGE":
    case "MALFORMED_REQUEST":
      break;
    default:
      return { failed: result };
  }
  const { fieldErrors } = formErrorsOf(result, (path) => fieldsNamed(FORM_FIELDS)(path.split(".")[0]!));
  const formErrors = Object.keys(fieldErrors).length > 0 ? ["Check the highlighted fields."] : [result.message];
  return {
    refused: refusedForm(submission.reply({ formErrors, fieldErrors, hideFields: ["secret"] }), result.answerStatus),
  };
}
