import { formatRupees } from "~/lib/page/money";

type PricesProps = {
  sellingPrice: number;
  mrp: number;
  discount: number;
  /** '{n}% off' after the struck-through MRP (the card leaves it to its '-n%' badge). */
  showDiscount?: boolean;
  /** 'M.R.P.:' written before the struck-through price (the product page); elsewhere only screen readers hear 'MRP'. */
  mrpLabel?: boolean;
  /** The selling price's type size and weight; the rest of the line follows the shop's style. */
  sellingClass?: string;
  /** The type size of the MRP and the discount. */
  detailClass?: string;
  className?: string;
};

/**
 * The selling price, the MRP struck through (named for screen readers) and the discount: the one
 * way the product page, cards, quick view and the wishlist show a price, so they never disagree.
 * The selling price is the variant's `cost`; the MRP and discount show only when there is an offer.
 */
export function Prices({
  sellingPrice,
  mrp,
  discount,
  showDiscount = true,
  mrpLabel = false,
  sellingClass = "font-semibold",
  detailClass = "text-sm",
  className = "",
}: PricesProps) {
  const onOffer = mrp > sellingPrice;
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className={`text-gray-900 ${sellingClass}`} data-price="selling">
        {formatRupees(sellingPrice)}
      </span>
      {onOffer &&
        (mrpLabel ? (
          <span className={`${detailClass} text-gray-500`}>
            M.R.P.: <s data-price="mrp">{formatRupees(mrp)}</s>
          </span>
        ) : (
          <s className={`${detailClass} text-gray-500`} data-price="mrp">
            <span className="sr-only">MRP </span>
            {formatRupees(mrp)}
          </s>
        ))}
      {onOffer && showDiscount && discount > 0 && (
        <span className={`${detailClass} font-semibold text-brand`} data-price="discount">
          {discount}% off
        </span>
      )}
    </p>
  );
}
