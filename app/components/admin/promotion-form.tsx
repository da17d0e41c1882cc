import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { ConformField } from "~/components/account/conform-field";
import { FormActions } from "~/components/account/form-actions";
import { FormError, FormField } from "~/components/form-field";
import { useIsPending } from "~/components/use-is-pending";
import { fieldClass } from "./catalogue-parts";
import {
  ADMIN_PROMOTIONS_PATH,
  PROMOTION_PAYMENT_LABELS,
  type PromotionForm as PromotionFormValues,
  promotionFormSchema,
} from "~/lib/admin/promotions";

type Field = FieldMetadata<string, Record<string, unknown>, string[]>;

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-x-4 *:min-w-0 gap-y-1 rounded-md border border-gray-200 p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-gray-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

function Check({ field, label, hint }: { field: Field; label: string; hint?: string }) {
  const input = getInputProps(field, { type: "checkbox" });
  return (
    <div className="flex flex-col gap-1 sm:col-span-2">
      <label className="flex items-center gap-2 text-sm font-medium text-gray-800">
        <input {...input} key={input.key} className="size-4" />
        {label}
      </label>
      {hint ? <p className="text-xs text-gray-500">{hint}</p> : null}
    </div>
  );
}

function Choice({ field, label, options }: { field: Field; label: string; options: [string, string][] }) {
  const select = getSelectProps(field);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={select.id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <select {...select} key={select.key} className={`${fieldClass} w-full min-w-0`}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <p id={field.errorId} className="min-h-4 text-xs text-red-700" role={field.errors ? "alert" : undefined}>
        {field.errors?.[0]}
      </p>
    </div>
  );
}

const Whole = ({ field, label, hint }: { field: Field; label: string; hint?: string }) => (
  <ConformField field={field} label={label} type="text" inputMode="numeric" autoComplete="off" hint={hint} />
);

function When({ field, label, hint }: { field: Field; label: string; hint: string }) {
  return (
    <FormField
      label={label}
      hint={hint}
      errorId={field.errorId}
      errors={field.errors}
      inputProps={getInputProps(field, { type: "datetime-local" })}
    />
  );
}

/**
 * The Create/Edit form of a code, a bulk campaign or an automatic offer, with every condition. A
 * plain form: it works without JavaScript. Dates are India time; the API checks what depends on
 * more than one field and its refusals land on the fields.
 */
export function PromotionForm({
  action,
  kind,
  editing,
  defaults,
  lastResult,
}: {
  action: string;
  kind: "code" | "offer";
  /** Editing: the kind and whether it is a bulk campaign stay as created. */
  editing: { bulk: boolean } | null;
  defaults: Record<string, string | boolean>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, formFields] = useForm({
    id: "promotion",
    lastResult,
    // Checkboxes take true, every other field its text.
    defaultValue: defaults as Record<string, string>,
    constraint: getZodConstraint(promotionFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: promotionFormSchema }),
  });
  // Every field is posted as text (numbers and dates too): the schema parses them on the server.
  const fields = formFields as unknown as Record<keyof PromotionFormValues, Field>;
  const busy = useIsPending({ formAction: action, fields: { intent: "save" } });
  const isCode = kind === "code";
  const bulk = editing?.bulk ?? false;
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="flex max-w-3xl flex-col gap-4">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="kind" value={kind} />
      {editing?.bulk ? <input type="hidden" name="bulk" value="on" /> : null}
      <FormError id={form.errorId} errors={form.errors} />
      <Section legend={isCode ? "The code" : "The offer"}>
        <div className="sm:col-span-2">
          <ConformField
            field={fields.name}
            label="Name"
            type="text"
            hint={
              isCode
                ? "What you and shoppers read, e.g. Welcome: 10% off your first order."
                : "What shoppers read at checkout, e.g. 10% off up to ₹100 when you pay online."
            }
          />
        </div>
        {isCode && !bulk ? (
          <ConformField
            field={fields.code}
            label="Code"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint="What shoppers type: letters, digits and dashes; case does not matter."
          />
        ) : null}
        {isCode && !editing ? (
          <Check
            field={fields.bulk}
            label="Single-use codes instead (a campaign)"
            hint="Leave the code empty: you generate the codes after saving, each usable once."
          />
        ) : null}
      </Section>
      <Section legend="Discount">
        <Choice
          field={fields.discountType}
          label="Kind of discount"
          options={[
            ["percent", "Percent off"],
            ["flat", "Rupees off"],
          ]}
        />
        <Whole field={fields.discountValue} label="Discount" hint="Percent (1 to 100), or rupees." />
        <Whole
          field={fields.maxDiscount}
          label="Cap in rupees (optional)"
          hint="For a percent off only: the most it gives."
        />
        <Whole field={fields.minCartValue} label="Minimum cart value in rupees (optional)" />
      </Section>
      <Section legend="When (India time)">
        <When field={fields.startsAt} label="Starts" hint="Leave empty to start now." />
        <When field={fields.endsAt} label="Ends (optional)" hint="It stops at this moment." />
      </Section>
      <Section legend="Who and how often">
        <Choice
          field={fields.paymentMethod}
          label="Payment method"
          options={[
            ["", "Either"],
            ["Upi", `${PROMOTION_PAYMENT_LABELS.Upi} only`],
            ["cod", `${PROMOTION_PAYMENT_LABELS.cod} only`],
          ]}
        />
        <Whole field={fields.totalUses} label="Total uses (optional)" hint="Orders that may use it in all." />
        <Whole
          field={fields.perShopperUses}
          label="Uses per shopper (optional)"
          hint="Counted by account and by mobile number."
        />
        <Check
          field={fields.firstOrderOnly}
          label="First order only"
          hint="An order cancelled before dispatch does not count as one; one returned to origin does."
        />
        {isCode ? (
          <Check
            field={fields.combinesWithOffers}
            label="Combines with an automatic offer"
            hint="Unticked: an order with this code gets no automatic offer."
          />
        ) : null}
      </Section>
      <Section legend="What it applies to (optional)">
        <p className="text-xs text-gray-600 sm:col-span-2">
          Names as the catalogue spells them, separated by commas. Empty: every product.
        </p>
        <ConformField field={fields.includeCategories} label="Only these categories" type="text" />
        <ConformField field={fields.excludeCategories} label="Not these categories" type="text" />
        <ConformField field={fields.includeBrands} label="Only these brands" type="text" />
        <ConformField field={fields.excludeBrands} label="Not these brands" type="text" />
        <ConformField field={fields.includeProducts} label="Only these products (ids)" type="text" />
        <ConformField field={fields.excludeProducts} label="Not these products (ids)" type="text" />
      </Section>
      <FormActions
        cancelTo={ADMIN_PROMOTIONS_PATH}
        submit={editing ? "Save" : isCode ? "Create code" : "Create offer"}
        pending={busy ? "Saving…" : null}
      />
    </Form>
  );
}
