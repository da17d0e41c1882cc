import { getCollectionProps, getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { ConformField } from "~/components/account/conform-field";
import { FormActions } from "~/components/account/form-actions";
import { FormError } from "~/components/form-field";
import { useIsPending } from "~/components/use-is-pending";
import {
  ADMIN_WEBHOOKS_PATH,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookForm as WebhookFormValues,
  webhookFormSchema,
} from "~/lib/admin/webhooks";

/**
 * The Add/Edit Endpoint form: its URL, what it is for, the events it is sent, whether it is
 * enabled, and a secret (new endpoint: typed, or left blank for a random one shown once; edited:
 * a new one, or blank to keep the old). A plain form: it works without JavaScript.
 */
export function WebhookForm({
  action,
  defaults,
  lastResult,
  editing,
}: {
  action: string;
  defaults: WebhookFormValues;
  lastResult: SubmissionResult<string[]> | undefined;
  editing: boolean;
}) {
  const [form, fields] = useForm({
    id: "webhook",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(webhookFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: webhookFormSchema }),
  });
  const busy = useIsPending({ formAction: action, fields: { intent: "save" } });
  const enabled = getInputProps(fields.enabled, { type: "checkbox" });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="flex max-w-2xl flex-col gap-3">
      <input type="hidden" name="intent" value="save" />
      <FormError id={form.errorId} errors={form.errors} />
      <ConformField
        field={fields.url}
        label="URL"
        type="text"
        inputMode="url"
        autoComplete="off"
        hint="https:// (or http://); not a loopback or private address. Redirects are not followed."
      />
      <ConformField
        field={fields.description}
        label="Description (optional)"
        type="text"
        hint="What it is for, e.g. SMS notices through a provider."
      />
      <fieldset aria-describedby={fields.events.errorId} className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-gray-800">Events</legend>
        {getCollectionProps(fields.events, { type: "checkbox", options: WEBHOOK_EVENT_TYPES }).map(
          ({ key, ...input }) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input {...input} className="size-4" />
              {WEBHOOK_EVENT_LABELS[input.value as keyof typeof WEBHOOK_EVENT_LABELS]}{" "}
              <code className="text-xs text-gray-500">{input.value}</code>
            </label>
          ),
        )}
        <p
          id={fields.events.errorId}
          className="min-h-4 text-xs text-red-700"
          role={fields.events.errors ? "alert" : undefined}
        >
          {fields.events.errors?.[0]}
        </p>
      </fieldset>
      <label className="flex items-center gap-2 text-sm font-medium text-gray-800">
        <input {...enabled} key={enabled.key} className="size-4" />
        Enabled: send it events
      </label>
      <ConformField
        field={fields.secret}
        label={editing ? "New secret (optional)" : "Secret (optional)"}
        type="password"
        autoComplete="new-password"
        hint={
          editing
            ? "Leave blank to keep the current secret."
            : "Leave blank for a random one, shown once after you save."
        }
      />
      <FormActions
        cancelTo={ADMIN_WEBHOOKS_PATH}
        submit={editing ? "Save endpoint" : "Add endpoint"}
        pending={busy ? "Saving…" : null}
      />
    </Form>
  );
}
