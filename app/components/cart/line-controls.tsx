import type { ReactNode } from "react";
import { type CartLine, cartLineKey } from "~/lib/cart/cart";
import { QTY_MAX, QTY_MIN } from "~/lib/catalogue/catalogue";
import { CartForm } from "./cart-form";

type LineProps = { line: CartLine; /** Where a plain form post comes back to. */ here: string };

const stepClass =
  "flex size-8 items-center justify-center text-lg font-semibold text-gray-700 hover:bg-gray-100 focus-visible:bg-gray-100 disabled:cursor-not-allowed disabled:text-gray-300 disabled:hover:bg-transparent";

/** The forms of one line share the line's fetcher: with JavaScript a newer click replaces an older one. */
function lineForm(line: CartLine, here: string) {
  return {
    fetcherKey: cartLineKey(line.productId, line.size),
    productId: line.productId,
    size: line.size,
    redirectTo: here,
  };
}

/**
 * − and + of a cart line (1..10): real forms posting decrease and update. Each names the quantity
 * it leads to, so quick clicks that replace each other still end where the shopper saw them.
 */
export function CartLineStepper({ line, here }: LineProps) {
  return (
    <div
      className="inline-flex items-center overflow-hidden rounded-lg border border-gray-300"
      role="group"
      aria-label={`Quantity of ${line.title}`}
    >
      <CartForm {...lineForm(line, here)} intent="decrease" qty={line.qty - 1}>
        <button
          type="submit"
          className={stepClass}
          disabled={line.qty <= QTY_MIN}
          aria-label={`Decrease quantity of ${line.title}`}
        >
          −
        </button>
      </CartForm>
      <output className="w-9 text-center text-sm font-semibold" aria-live="polite" data-line-qty>
        {line.qty}
      </output>
      <CartForm {...lineForm(line, here)} intent="update" qty={line.qty + 1}>
        <button
          type="submit"
          className={stepClass}
          disabled={line.qty >= QTY_MAX}
          aria-label={`Increase quantity of ${line.title}`}
        >
          +
        </button>
      </CartForm>
    </div>
  );
}

/** Removes a line: a form with intent remove. */
export function RemoveLineButton({
  line,
  here,
  className,
  children,
}: LineProps & { className: string; children: ReactNode }) {
  return (
    <CartForm {...lineForm(line, here)} intent="remove">
      <button type="submit" className={className} aria-label={`Remove ${line.title} from cart`}>
        {children}
      </button>
    </CartForm>
  );
}
