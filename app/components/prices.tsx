import { formatRupees } from "~/lib/money";

type PricesProps = {
  sellingPrice: number;
  mrp: number;
  discount: number;
  /** '{n}% off' after the struck-through MRP (the card leaves it to its '-n%' badge). */
  showDiscount?: boolean;
  /** The selling price's type size and weight; the rest of the line follows the shop's style. */
  sellingClass?: string;
  className?: string;
};

/**
 * The selling price, the MRP struck through (named for screen readers) and the discount: the
 * one way cards, quick view and the wishlist show a price (DESIGN.md "one price").
 */
export function Prices({ sellingPrice, mrp, discount, showDiscount = true, sellingClass = "font-semibold", className = "" }: PricesProps) {
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className={`text-gray-900 ${sellingClass}`} data-price="selling">
        {formatRupees(sellingPrice)}
      </span>
      {mrp > sellingPrice && (
        <s className="text-sm text-gray-500" data-price="mrp">
          <span className="sr-only">MRP </span>
          {formatRupees(mrp)}
        </s>
      )}
      {showDiscount && discount > 0 && <span className="text-sm font-semibold text-brand">{discount}% off</span>}
    </p>
  );
}
