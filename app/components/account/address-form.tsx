import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { AddressFields } from "~/components/address-fields";
import { FormError } from "~/components/form-field";
import { Toaster } from "~/components/toaster";
import { useIsPending } from "~/components/use-is-pending";
import { type AddressInput, addressSchema, DEFAULT_COUNTRY } from "~/lib/account/address-schema";
import type { Toast } from "~/lib/page/root-data";
import { ADDRESSES_PATH } from "../../lib/account/account-user";
import { FormActions } from "./form-actions";
import { RouteDialog } from "./route-dialog";

/** The 'Add/Edit Address' form, over the address list; `action` is the route it posts to. */
export function AddressForm({
  action,
  address,
  lastResult,
  toast = null,
  pending,
}: {
  action: string;
  /** The address edited, or a new address's defaults (the account's name and mobile number). */
  address?: Partial<Record<keyof AddressInput, string | null>>;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The refusal's toast ("Failed to add address: …"), from the action's data. */
  toast?: Toast | null;
  pending: string;
}) {
  const [form, fields] = useForm({
    id: "address",
    lastResult,
    defaultValue: {
      country: DEFAULT_COUNTRY,
      ...Object.fromEntries(Object.entries(address ?? {}).filter(([, value]) => value != null)),
    },
    constraint: getZodConstraint(addressSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addressSchema }),
  });
  const busy = useIsPending({ formAction: action });
  return (
    <RouteDialog title="Add/Edit Address" closeTo={ADDRESSES_PATH}>
      <Toaster toast={toast} />
      <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-3">
        <FormError id={form.errorId} errors={form.errors} />
        <AddressFields fields={fields} />
        <FormActions cancelTo={ADDRESSES_PATH} submit="Save Address" pending={busy ? pending : null} />
      </Form>
    </RouteDialog>
  );
}
