import type { OrderSteps as OrderStatus } from "../../../api/contract/types";

// India's time zone on server and browser alike, so a date reads the same in both renders.
const orderDate = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

export function formatOrderDate(iso: string): string {
  return orderDate.format(new Date(iso));
}

type StepKey = keyof OrderStatus;

/** The order's steps in the order they happen; the last three only when they happen. */
export const ORDER_STEPS: { key: StepKey; label: string; onlyWhenConfirmed?: boolean }[] = [
  { key: "orderConfirmed", label: "Order Confirmed" },
  { key: "shipped", label: "Shipped" },
  { key: "outForDelivery", label: "Out for Delivery" },
  { key: "delivered", label: "Delivered" },
  { key: "cancel", label: "Cancelled", onlyWhenConfirmed: true },
  { key: "returned", label: "Returned", onlyWhenConfirmed: true },
  { key: "refunded", label: "Refunded", onlyWhenConfirmed: true },
];

export type TimelineStep = { key: StepKey; label: string; done: boolean; date: string | null };

/**
 * The steps a timeline shows: the four usual ones, plus cancelled, returned and refunded when they
 * happened. A cancelled order never shipped: its remaining delivery steps are left out.
 */
export function timelineOf(status: OrderStatus): TimelineStep[] {
  const happened = (key: StepKey) => status[key]?.isConfirmed === true;
  const cancelled = happened("cancel");
  return ORDER_STEPS.filter((step) => happened(step.key) || (!step.onlyWhenConfirmed && !cancelled)).map((step) => ({
    key: step.key,
    label: step.label,
    done: status[step.key]?.isConfirmed === true,
    date: status[step.key]?.date ?? null,
  }));
}

/** What the shopper reads for the API's payment status (api/lib/orders/order-states.ts). */
export function paymentStatusLabel(status: string): string {
  switch (status) {
    case "awaitingPayment":
      return "Awaiting payment";
    case "payOnDelivery":
      return "Pay on delivery";
    case "paid":
      return "Paid";
    case "refundPending":
      return "Refund due";
    case "refunded":
      return "Refunded";
    case "expired":
      return "Not received in time";
    case "cancelled":
      return "Nothing to pay";
    default:
      return status;
  }
}

/**
 * A Cash on Delivery order's confirmation as its shopper reads it; null when there is none to show
 * (Online Payment, or an order cancelled before it was confirmed).
 */
/** What a Cash on Delivery confirmation is read from: the order as the API gives it. */
export type CodConfirmationOrder = { status: string; codConfirmation: string | null; codConfirmDueAt: string | null };

/**
 * The one reading of a Cash on Delivery confirmation, in the words of the page that shows it (the
 * shopper's order page, the back office's): null for an order that has none to show.
 */
export function codConfirmationWords(
  order: CodConfirmationOrder,
  words: { awaiting: (dueAt: string | null) => string; confirmed: string; expired: string },
): string | null {
  if (order.codConfirmation === "awaiting" && order.status === "confirmed")
    return words.awaiting(order.codConfirmDueAt);
  if (order.codConfirmation === "confirmed") return words.confirmed;
  if (order.codConfirmation === "expired") return words.expired;
  return null;
}

/** The confirmation on the shopper's own order page. */
export function codConfirmationLabel(order: CodConfirmationOrder): string | null {
  return codConfirmationWords(order, {
    awaiting: (dueAt) =>
      dueAt ? `Awaiting your confirmation, until ${formatOrderTime(dueAt)}` : "Awaiting your confirmation",
    confirmed: "Confirmed",
    expired: "Not confirmed in time: the order is cancelled",
  });
}

const dateTime = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/** A moment as the shopper reads it, in India's time ("23 Nov, 4:30 pm"). */
export function formatOrderTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
