import type { ReactNode } from "react";
import { Link } from "react-router";
import { QTY_MAX, QTY_MIN } from "~/lib/catalogue";

const stepClass = "flex h-10 w-10 items-center justify-center text-lg font-semibold transition";

/**
 * The quantity stepper (1..10): minus and plus are links to `?qty=N`, so they work without
 * JavaScript; a step outside the range is not offered (spec section 5).
 */
export function QuantityStepper({ qty, hrefFor }: { qty: number; hrefFor: (qty: number) => string }) {
  return (
    <div>
      <p id="qty-label" className="text-sm font-medium text-gray-700">
        Quantity
      </p>
      <div
        className="mt-2 inline-flex items-center overflow-hidden rounded-lg border-2 border-gray-200"
        role="group"
        aria-labelledby="qty-label"
      >
        <Step to={qty > QTY_MIN ? hrefFor(qty - 1) : null} label="Decrease quantity">
          −
        </Step>
        <output className="w-12 text-center text-base font-semibold" aria-live="polite" aria-label={`Quantity ${qty}`} data-qty>
          {qty}
        </output>
        <Step to={qty < QTY_MAX ? hrefFor(qty + 1) : null} label="Increase quantity">
          +
        </Step>
      </div>
      {qty >= QTY_MAX && (
        <p className="mt-2 text-sm font-medium text-amber-700" role="status">
          Maximum quantity limit reached
        </p>
      )}
    </div>
  );
}

function Step({ to, label, children }: { to: string | null; label: string; children: ReactNode }) {
  if (to === null) {
    return (
      <span className={`${stepClass} cursor-not-allowed text-gray-300`} aria-label={label} aria-disabled="true" role="link">
        {children}
      </span>
    );
  }
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      aria-label={label}
      className={`${stepClass} text-gray-700 hover:bg-gray-100 focus-visible:bg-gray-100`}
    >
      {children}
    </Link>
  );
}
