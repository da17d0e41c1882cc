import type { FieldMetadata } from "@conform-to/react";
import { ConformField } from "./conform-field";

type Field = FieldMetadata<string, Record<string, unknown>, string[]>;

/** The new password and its confirmation, as Settings and "Choose a new password" ask for them. */
export function NewPasswordFields({ newPassword, confirmPassword }: { newPassword: Field; confirmPassword: Field }) {
  return (
    <>
      <ConformField
        field={newPassword}
        label="New password"
        type="password"
        hint="At least 8 characters."
        autoComplete="new-password"
      />
      <ConformField field={confirmPassword} label="Confirm new password" type="password" autoComplete="new-password" />
    </>
  );
}
