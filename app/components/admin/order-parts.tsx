import type { CodConfirmation, OrderState, PaymentStatus } from "../../../api/contract/types";
import { type CodConfirmationOrder, codConfirmationWords } from "../orders/order-format";

// What the back office's order pages show for the API's states (api/lib/orders/order-states.ts); a
// Record over the API's own types, so a new state fails the type check until it has a label here.

export const ORDER_STATUS_LABELS: Record<OrderState, string> = {
  confirmed: "Confirmed",
  shipped: "Shipped",
  outForDelivery: "Out for delivery",
  delivered: "Delivered",
  cancelled: "Cancelled",
  returned: "Returned",
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  awaitingPayment: "Awaiting payment",
  payOnDelivery: "Pay on delivery",
  paid: "Paid",
  refundPending: "Refund due",
  refunded: "Refunded",
  expired: "Expired (not paid in time)",
  cancelled: "Cancelled (nothing paid)",
};

/** The list's filter by a Cash on Delivery order's confirmation. */
export const COD_CONFIRMATION_LABELS: Record<CodConfirmation, string> = {
  awaiting: "Awaiting COD confirmation",
  confirmed: "Confirmed by the shopper",
  expired: "Not confirmed in time",
};

export const orderStatusLabel = (status: string) => ORDER_STATUS_LABELS[status as OrderState] ?? status;
export const paymentStatusText = (status: string) => PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? status;

// India's time zone on server and browser alike, so a date reads the same in both renders.
const dateTime = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/** A moment as the back office shows it, in India's time ("23 Nov 2026, 4:30 pm"). */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/**
 * A Cash on Delivery order's confirmation by its shopper, as the back office reads it; null for an
 * order with none to show (Online Payment, or cancelled before it was asked for).
 */
export function codConfirmationText(order: CodConfirmationOrder): string | null {
  return codConfirmationWords(order, {
    awaiting: (dueAt) =>
      dueAt ? `${COD_CONFIRMATION_LABELS.awaiting} (until ${formatDateTime(dueAt)})` : COD_CONFIRMATION_LABELS.awaiting,
    confirmed: COD_CONFIRMATION_LABELS.confirmed,
    expired: COD_CONFIRMATION_LABELS.expired,
  });
}

/** A state in words, in a quiet badge (never colour alone). */
export function StateBadge({ children }: { children: string }) {
  return (
    <span className="inline-block rounded bg-gray-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-gray-800">
      {children}
    </span>
  );
}
