import type { Ref } from "react";
import { MAX_REASON_LENGTH, type OrderReasonOption } from "../../../api/contract/order-reasons";
import type { ReasonErrors, ReasonInput } from "~/lib/orders/reason-form";

/**
 * Why an order is cancelled or returned: a short list to pick from (`reasonCode`, radio buttons)
 * and the words of "Other" or a note (`reason`). A plain form's fields, so it works without
 * JavaScript; after a refused post it shows what was sent and why it was refused.
 */
export function ReasonPicker({
  id,
  legend,
  options,
  textLabel,
  errors,
  sent,
  firstRef,
}: {
  /** Prefix of the fields' ids. */
  id: string;
  legend: string;
  options: readonly OrderReasonOption[];
  textLabel: string;
  errors: ReasonErrors | null;
  /** What the refused post sent, shown again. */
  sent: ReasonInput | null;
  /** The first radio button, to focus when the form opens in place. */
  firstRef?: Ref<HTMLInputElement>;
}) {
  const codeError = errors?.reasonCode ?? null;
  const textError = errors?.reason ?? null;
  return (
    <>
      <fieldset
        className="flex flex-col gap-1"
        aria-invalid={codeError ? true : undefined}
        aria-describedby={codeError ? `${id}-code-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-gray-800">{legend}</legend>
        {options.map((option, index) => (
          <label key={option.code} className="flex items-center gap-2 py-1 text-sm text-gray-800">
            <input
              ref={index === 0 ? firstRef : undefined}
              type="radio"
              name="reasonCode"
              value={option.code}
              required
              defaultChecked={sent?.reasonCode === option.code}
              className="size-4 accent-brand"
            />
            {option.label}
          </label>
        ))}
        {codeError ? (
          <p id={`${id}-code-error`} role="alert" className="text-xs text-red-700">
            {codeError}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-text`} className="text-sm font-medium text-gray-800">
          {textLabel}
        </label>
        <textarea
          id={`${id}-text`}
          name="reason"
          rows={2}
          maxLength={MAX_REASON_LENGTH}
          defaultValue={sent?.reason ?? ""}
          aria-invalid={textError ? true : undefined}
          aria-describedby={textError ? `${id}-text-error` : `${id}-text-hint`}
          className="rounded-md border border-gray-300 px-3 py-2 text-base focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none aria-invalid:border-red-600"
        />
        {textError ? (
          <p id={`${id}-text-error`} role="alert" className="text-xs text-red-700">
            {textError}
          </p>
        ) : (
          <p id={`${id}-text-hint`} className="text-xs text-gray-600">
            Needed for “Other”; a note for any other reason.
          </p>
        )}
      </div>
    </>
  );
}
