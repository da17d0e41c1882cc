import { Link } from "react-router";
import { primaryButton } from "~/components/form-field";

export const secondaryButton =
  "inline-flex items-center justify-center rounded-md border border-gray-300 px-5 py-2.5 font-semibold text-gray-800 hover:border-brand hover:text-brand";

/** Cancel (a link back, so it works without JavaScript) and the submit button of an account form. */
export function FormActions({
  cancelTo,
  submit,
  pending,
}: {
  cancelTo: string;
  submit: string;
  pending: string | null;
}) {
  return (
    <div className="mt-2 flex flex-wrap justify-end gap-3">
      <Link to={cancelTo} preventScrollReset className={secondaryButton}>
        Cancel
      </Link>
      <button type="submit" className={primaryButton} disabled={pending !== null}>
        {pending ?? submit}
      </button>
    </div>
  );
}
