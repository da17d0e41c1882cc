import { useId } from "react";
import { Link } from "react-router";
import { QTY_MAX, QTY_MIN } from "~/lib/catalogue/catalogue";

type StepTarget =
  | {
      /** Minus and plus as links to `?qty=N`, so they work without JavaScript. */
      hrefFor: (qty: number) => string;
      onChange?: never;
    }
  | {
      /** Minus and plus as buttons, for the quick view (a dialog, so JavaScript runs). */
      onChange: (qty: number) => void;
      hrefFor?: never;
    };

const stepClass = "flex h-10 w-10 items-center justify-center text-lg font-semibold transition";
const enabledClass = `${stepClass} text-gray-700 hover:bg-gray-100 focus-visible:bg-gray-100`;
const disabledClass = `${stepClass} cursor-not-allowed text-gray-300`;

/**
 * The quantity stepper (1..10) of the product page and the quick view; a step outside the range
 * is not offered (no link, or a disabled button).
 */
export function QuantityStepper({ qty, ...target }: { qty: number } & StepTarget) {
  // A quick view may open over a product page: each stepper names its own label.
  const labelId = useId();
  return (
    <div>
      <p id={labelId} className="text-sm font-medium text-gray-700">
        Quantity
      </p>
      <div
        className="mt-2 inline-flex items-center overflow-hidden rounded-lg border-2 border-gray-200"
        role="group"
        aria-labelledby={labelId}
      >
        <Step label="Decrease quantity" sign="−" next={qty > QTY_MIN ? qty - 1 : null} {...target} />
        <output
          className="w-12 text-center text-base font-semibold"
          aria-live="polite"
          aria-label={`Quantity ${qty}`}
          data-qty
        >
          {qty}
        </output>
        <Step label="Increase quantity" sign="+" next={qty < QTY_MAX ? qty + 1 : null} {...target} />
      </div>
      {qty >= QTY_MAX && (
        <p className="mt-2 text-sm font-medium text-amber-700" role="status">
          Maximum quantity limit reached
        </p>
      )}
    </div>
  );
}

/** One step; `next` is null when it would leave the range. */
function Step({
  label,
  sign,
  next,
  hrefFor,
  onChange,
}: { label: string; sign: string; next: number | null } & StepTarget) {
  if (!hrefFor) {
    return (
      <button
        type="button"
        onClick={() => next !== null && onChange?.(next)}
        disabled={next === null}
        aria-label={label}
        className={next === null ? disabledClass : enabledClass}
      >
        {sign}
      </button>
    );
  }
  if (next === null) {
    return (
      <span className={disabledClass} aria-label={label} aria-disabled="true" role="link">
        {sign}
      </span>
    );
  }
  return (
    <Link to={hrefFor(next)} replace preventScrollReset aria-label={label} className={enabledClass}>
      {sign}
    </Link>
  );
}
