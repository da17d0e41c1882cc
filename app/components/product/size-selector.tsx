import { Link } from "react-router";
import type { Variant } from "~/lib/catalogue";

/**
 * Sizes as links (`?size=L`): the server renders the chosen size's SKU, price and stock, so the
 * selector works without JavaScript; with it, React Router swaps them in place.
 */
export function SizeSelector({
  variants,
  selected,
  hrefFor,
}: {
  variants: Variant[];
  selected: string;
  hrefFor: (size: string) => string;
}) {
  return (
    <div role="group" aria-labelledby="size-label">
      <p id="size-label" className="text-sm font-medium text-gray-700">
        Size: <span className="font-semibold text-gray-900">{selected}</span>
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {variants.map((variant) => {
          const chosen = variant.size === selected;
          const soldOut = variant.quantity <= 0;
          return (
            <li key={variant.size}>
              <Link
                to={hrefFor(variant.size)}
                replace
                preventScrollReset
                aria-current={chosen ? "true" : undefined}
                title={soldOut ? `${variant.size}: Out of stock` : variant.size}
                data-size={variant.size}
                className={`inline-flex min-w-12 items-center justify-center rounded-lg border-2 px-3 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
                  chosen ? "border-brand bg-brand/10 text-brand-dark" : "border-gray-200 text-gray-800 hover:border-gray-400"
                } ${soldOut ? "text-gray-400 line-through decoration-gray-400" : ""}`}
              >
                {variant.size}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
