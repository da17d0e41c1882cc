import { type ComponentProps, useRef } from "react";
import { useBeforePaint } from "~/components/use-before-paint";

/**
 * Empties the password inputs after each answer from the server: a refused password is never
 * shown back (the server never echoes it either; with JavaScript the browser would keep it).
 *
 * Only an answer that arrives while the page is open: the answer the page was rendered with (a
 * post sent before the scripts ran) already came with empty inputs, so whatever is in them when
 * React hydrates was typed since, and is kept. And before paint: after a passive effect, the
 * browser could take a keystroke between the answer showing and the inputs emptying, and lose it.
 */
export function useClearedPasswords(result: unknown, ...inputIds: string[]) {
  // One string, so the same ids on every render do not count as a change.
  const ids = inputIds.join(" ");
  const cleared = useRef(result);
  useBeforePaint(() => {
    if (!result || result === cleared.current) return;
    cleared.current = result;
    for (const id of ids.split(" ")) {
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [result, ids]);
}

type FieldProps = {
  label: string;
  /** conform's field errors, shown under the input and announced by it. */
  errors?: string[];
  errorId: string;
  inputProps: ComponentProps<"input">;
  hint?: string;
};

/** A labelled input with its error text under it, tied together for screen readers. */
export function FormField({ label, errors, errorId, inputProps, hint }: FieldProps) {
  const error = errors?.[0];
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputProps.id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        {...inputProps}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="rounded-md border border-gray-300 px-3 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-invalid:border-red-600"
      />
      {hint && !error ? <p className="text-xs text-gray-500">{hint}</p> : null}
      <p id={errorId} className="min-h-4 text-xs text-red-700" role={error ? "alert" : undefined}>
        {error}
      </p>
    </div>
  );
}

/** The form-level message (a failed sign-in, a server error), above the fields. */
export function FormError({ errors, id }: { errors?: string[]; id: string }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {errors[0]}
    </p>
  );
}

export const primaryButton =
  "inline-flex items-center justify-center rounded-md bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60";
