import { formatMobile, maskMobile } from "../../../api/contract/mobile";
import type { OrderJson } from "../../../api/contract/types";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatRupees } from "~/lib/page/money";

export type OrderLineView = {
  productId: string;
  title: string;
  image: string;
  size: string;
  qty: number;
  amount: number;
  /** The product page, when known. */
  href?: string;
};

/** The lines of an order or of a checkout: image, title, size, quantity and line price. */
export function OrderLines({
  lines,
  lineAction,
}: {
  lines: OrderLineView[];
  /** Something to do with each line (the order page's "Rate this product" once delivered). */
  lineAction?: (line: OrderLineView) => ReactNode;
}) {
  return (
    <ul className="divide-y divide-gray-100" aria-label="Products">
      {lines.map((line) => (
        <li key={`${line.productId}:${line.size}`} className="flex items-center gap-3 py-3">
          <img
            src={line.image}
            alt=""
            width={64}
            height={64}
            className="size-16 shrink-0 rounded-md border border-gray-100 object-contain"
          />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-gray-900">
              {line.href ? (
                <Link to={line.href} className="hover:text-brand hover:underline">
                  {line.title}
                </Link>
              ) : (
                line.title
              )}
            </p>
            <p className="text-sm text-gray-600">
              Size: {line.size} · Qty: {line.qty}
            </p>
            {lineAction?.(line)}
          </div>
          <p className="font-semibold text-gray-900">{formatRupees(line.amount)}</p>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, the platform fee (added to every order) and the total. */
export function OrderTotals({
  itemsAmount,
  platformFee,
  totalAmount,
  promotions = [],
}: {
  itemsAmount: number;
  platformFee: number;
  totalAmount: number;
  /** The code and the offer, each on its own row, with what it took off. */
  promotions?: { kind: "code" | "offer"; code: string | null; name: string; discount: number }[];
}) {
  return (
    <dl className="space-y-2 border-t border-gray-200 pt-3 text-sm">
      <div className="flex justify-between">
        <dt className="text-gray-600">Subtotal</dt>
        <dd>{formatRupees(itemsAmount)}</dd>
      </div>
      {promotions.map((promotion) => (
        <div
          key={`${promotion.kind}:${promotion.code ?? promotion.name}`}
          className="flex justify-between"
          data-promotion-row
        >
          <dt className="text-gray-600">
            {promotion.kind === "code" ? `Coupon (${promotion.code})` : `Offer: ${promotion.name}`}
          </dt>
          <dd className="shrink-0 whitespace-nowrap text-brand">{`−${formatRupees(promotion.discount)}`}</dd>
        </div>
      ))}
      <div className="flex justify-between">
        <dt className="text-gray-600">Platform Fee</dt>
        <dd>{formatRupees(platformFee)}</dd>
      </div>
      <div className="flex justify-between border-t border-dashed border-gray-200 pt-2 text-base font-bold">
        <dt>Total Amount</dt>
        <dd>{formatRupees(totalAmount)}</dd>
      </div>
    </dl>
  );
}

/**
 * An address on one line, with its landmark; and before it, when it has them, the recipient and
 * their mobile number, masked to its last four digits unless `wholeMobile` (the back office's, for
 * the courier).
 */
export function AddressText({
  address,
  wholeMobile = false,
}: {
  /** An order's address as the API answers it; a saved address (checkout's choice) has the same fields. */
  address: OrderJson["address"];
  wholeMobile?: boolean;
}) {
  const contact = [
    address.name,
    address.mobile ? (wholeMobile ? formatMobile(address.mobile) : maskMobile(address.mobile)) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <>
      {contact ? (
        <span className="block font-semibold" data-recipient>
          {contact}
          {address.label ? <span className="ml-2 text-xs font-normal text-gray-600">{address.label}</span> : null}
        </span>
      ) : null}
      {address.locality}
      {address.landmark ? `, ${landmarkText(address.landmark)}` : ""}, {address.city}, {address.state} {address.zipcode}
      , {address.country}
    </>
  );
}

/** A landmark as the address line reads it: "near Metro Station", or as typed when it says where already ("Opp. Bus Stand"). */
const landmarkText = (landmark: string) =>
  /^(near|opp|opposite|behind|beside|next to|in front of|above|below|off)\b/i.test(landmark)
    ? landmark
    : `near ${landmark}`;
