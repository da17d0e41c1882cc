import type { ReactNode } from "react";
import { fieldClass } from "./catalogue-parts";

/** What a field's control gets: its id, its state and the hint and error that describe it. */
export type ControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string;
  className: string;
};

export type FieldProps = {
  id: string;
  label: string;
  hint: string;
  error: string | null | undefined;
  control: (props: ControlProps) => ReactNode;
};

/** A labelled control of a back-office form with its hint and, after a refused post, its error, both read with it. */
export function Field({ id, label, hint, error, control }: FieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      {control({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" "),
        className: `${fieldClass} aria-invalid:border-red-600`,
      })}
      <p id={`${id}-hint`} className="text-xs text-gray-600">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
