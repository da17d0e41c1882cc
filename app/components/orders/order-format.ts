import type { OrderStatus } from "../../../api/db/schema";

// India's time zone on server and browser alike, so a date reads the same in both renders.
const orderDate = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

export function formatOrderDate(iso: string): string {
  return orderDate.format(new Date(iso));
}

type StepKey = keyof OrderStatus;

/** The order's steps in the order they happen (spec section 3); the last two only when they happen. */
export const ORDER_STEPS: { key: StepKey; label: string; onlyWhenConfirmed?: boolean }[] = [
  { key: "orderConfirmed", label: "Order Confirmed" },
  { key: "shipped", label: "Shipped" },
  { key: "outForDelivery", label: "Out for Delivery" },
  { key: "delivered", label: "Delivered" },
  { key: "cancel", label: "Cancelled", onlyWhenConfirmed: true },
  { key: "refunded", label: "Refunded", onlyWhenConfirmed: true },
];

export type TimelineStep = { key: StepKey; label: string; done: boolean; date: string | null };

/** The steps a timeline shows: the four usual ones, plus cancelled and refunded when they happened. */
export function timelineOf(status: OrderStatus): TimelineStep[] {
  return ORDER_STEPS.filter((step) => !step.onlyWhenConfirmed || status[step.key]?.isConfirmed).map((step) => ({
    key: step.key,
    label: step.label,
    done: status[step.key]?.isConfirmed === true,
    date: status[step.key]?.date ?? null,
  }));
}

/** What the shopper reads for the API's payment status. */
export function paymentStatusLabel(status: string, method: string): string {
  if (status === "paid") return "Paid";
  if (status === "awaitingPayment") return "Awaiting payment";
  return method === "cod" ? "Pay on delivery" : status;
}
