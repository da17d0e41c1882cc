import { useId } from "react";
import { Link } from "react-router";
import type { Variant } from "~/lib/catalogue/catalogue";

type SizeSelectorProps = {
  variants: Variant[];
  selected: string;
} & (
  | {
      /** Sizes as links (`?size=L`): the server renders that size's SKU, price and stock, so it works without JavaScript. */
      hrefFor: (size: string) => string;
      onSelect?: never;
    }
  | {
      /** Sizes as toggle buttons, for the quick view (a dialog, so JavaScript runs). */
      onSelect: (size: string) => void;
      hrefFor?: never;
    }
);

const sizeClass =
  "inline-flex min-w-12 items-center justify-center rounded-lg border-2 px-3 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/**
 * The size picker of the product page (links; with JavaScript React Router swaps the page's data
 * in place) and of the quick view (buttons). A sold-out size stays choosable, struck through.
 */
export function SizeSelector({ variants, selected, hrefFor, onSelect }: SizeSelectorProps) {
  // A quick view may open over a product page: each picker names its own label.
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId}>
      <p id={labelId} className="text-sm font-medium text-gray-700">
        Size: <span className="font-semibold text-gray-900">{selected}</span>
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {variants.map((variant) => {
          const chosen = variant.size === selected;
          const soldOut = variant.quantity <= 0;
          const className = `${sizeClass} ${
            chosen ? "border-brand bg-brand/10 text-brand-dark" : "border-gray-200 text-gray-800 hover:border-gray-400"
          } ${soldOut ? "text-gray-400 line-through decoration-gray-400" : ""}`;
          const title = soldOut ? `${variant.size}: Out of stock` : variant.size;
          return (
            <li key={variant.size}>
              {hrefFor ? (
                <Link
                  to={hrefFor(variant.size)}
                  replace
                  preventScrollReset
                  aria-current={chosen ? "true" : undefined}
                  title={title}
                  data-size={variant.size}
                  className={className}
                >
                  {variant.size}
                </Link>
              ) : (
                <button
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => onSelect?.(variant.size)}
                  title={title}
                  data-size={variant.size}
                  className={className}
                >
                  {variant.size}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
