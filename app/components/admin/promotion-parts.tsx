import { type FieldMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { ConformField } from "~/components/account/conform-field";
import { secondaryButton } from "~/components/account/form-actions";
import { FormError, primaryButton } from "~/components/form-field";
import { usePending } from "~/components/use-is-pending";
import { bulkCodesFormSchema, promotionCodesCsvPath } from "~/lib/admin/promotions";
import type { PromotionJson } from "../../../api/contract/types";

/** Pause, resume and end: a plain form each, so they work without JavaScript. */
export function StatusButtons({ action, status }: { action: string; status: PromotionJson["status"] }) {
  const pending = usePending({ formAction: action });
  if (status === "ended") return null;
  const button = (intent: "pause" | "resume" | "end", label: string, className: string) => (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={className} disabled={pending !== null}>
        {label}
      </button>
    </Form>
  );
  return (
    <div className="flex flex-col gap-2 border-y border-gray-200 py-4">
      <div className="flex flex-wrap gap-3">
        {status === "active" ? button("pause", "Pause", secondaryButton) : button("resume", "Resume", primaryButton)}
        {button(
          "end",
          "End for good",
          "rounded-md border border-red-300 px-5 py-2.5 font-semibold text-red-800 hover:bg-red-50",
        )}
      </div>
      <p className="text-xs text-gray-600">
        Paused, no new order gets it until you resume it. Ended, it stops for good; its report stays. Orders placed
        already keep their discount either way.
      </p>
    </div>
  );
}

/** A bulk campaign's codes: how many there are, a form to generate more, and their CSV. */
export function BulkCodesForm({
  action,
  promotionId,
  bulkCodes,
  ended,
  lastResult,
}: {
  action: string;
  promotionId: string;
  bulkCodes: number;
  ended: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, formFields] = useForm({
    id: "codes",
    lastResult,
    constraint: getZodConstraint(bulkCodesFormSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bulkCodesFormSchema }),
  });
  const fields = formFields as unknown as Record<
    "count" | "prefix",
    FieldMetadata<string, Record<string, unknown>, string[]>
  >;
  const busy = usePending({ formAction: action, fields: { intent: "codes" } });
  return (
    <section aria-labelledby="codes-title" className="rounded-md border border-gray-200 p-4">
      <h2 id="codes-title" className="text-lg font-semibold">
        Single-use codes
      </h2>
      <p className="mb-3 text-sm text-gray-700">
        {bulkCodes === 0 ? "No codes yet." : `${bulkCodes} codes, each usable once.`}{" "}
        {bulkCodes > 0 ? (
          <a href={promotionCodesCsvPath(promotionId)} className="font-medium text-brand hover:underline" download>
            Download them (CSV)
          </a>
        ) : null}
      </p>
      {ended ? null : (
        <Form
          method="post"
          action={action}
          {...getFormProps(form)}
          className="grid gap-x-4 sm:grid-cols-[1fr_1fr_auto]"
        >
          <input type="hidden" name="intent" value="codes" />
          <div className="sm:col-span-3">
            <FormError id={form.errorId} errors={form.errors} />
          </div>
          <ConformField
            field={fields.count}
            label="How many"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            hint="Up to 10000 at a time."
          />
          <ConformField
            field={fields.prefix}
            label="Prefix (optional)"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            hint="e.g. DIWALI-, before 10 random characters."
          />
          <div className="pt-6">
            <button type="submit" className={primaryButton} disabled={busy !== null}>
              {busy ? "Generating…" : "Generate"}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
