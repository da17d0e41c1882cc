import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ComponentProps } from "react";
import { FormField } from "~/components/form-field";

type InputType = "text" | "email" | "tel" | "password";

/** A `FormField` for one conform field: its input props, errors and their id in one place. */
export function ConformField({
  field,
  label,
  type,
  hint,
  ...input
}: {
  field: FieldMetadata<string, Record<string, unknown>, string[]>;
  label: string;
  type: InputType;
  hint?: string;
} & Omit<ComponentProps<"input">, "type">) {
  return (
    <FormField
      label={label}
      hint={hint}
      errorId={field.errorId}
      errors={field.errors}
      inputProps={{ ...getInputProps(field, { type }), ...input }}
    />
  );
}
