import type { orders, Shipment } from "../../db/schema";
import type { OrderReason } from "./order-reasons";

/**
 * What an order's state is made of: its status, payment status and Cash on Delivery confirmation,
 * the rules that are settings, the events that change it, and the deadlines that apply to it.
 * What each event does to it is the state machine's (order-lifecycle.ts); what each event tells
 * the shopper and the webhook endpoints is order-events.ts's.
 */

export const ORDER_STATES = ["confirmed", "shipped", "outForDelivery", "delivered", "cancelled", "returned"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * - `awaitingPayment`: Online Payment (UPI) not received yet; the order holds its stock until `paymentDueAt`.
 * - `payOnDelivery`: Cash on Delivery, paid at the door (becomes `paid` on delivery).
 * - `paid`: received (a UPI payment marked with its UTR, or cash on delivery).
 * - `refundPending`: paid, then cancelled or returned: the shop owes the money back.
 * - `refunded`: given back (with the merchant's reference).
 * - `expired`: the UPI payment did not come within the window; the order was cancelled.
 * - `cancelled`: the order was cancelled before anything was paid; nothing is due.
 */
export const PAYMENT_STATUSES = [
  "awaitingPayment",
  "payOnDelivery",
  "paid",
  "refundPending",
  "refunded",
  "expired",
  "cancelled",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A Cash on Delivery order's confirmation by its shopper (the emailed link): `awaiting` until
 * `codConfirmDueAt`, then `confirmed` (it may ship) or `expired` (cancelled, stock back). Null for
 * Online Payment. Orders placed before confirmations existed count as confirmed (migration 0012).
 */
export const COD_CONFIRMATIONS = ["awaiting", "confirmed", "expired"] as const;
export type CodConfirmation = (typeof COD_CONFIRMATIONS)[number];

/** The cancel reason of a Cash on Delivery order its shopper did not confirm in time. */
export const NOT_CONFIRMED = "Not confirmed in time";

/** A delivered order can be returned for this many days after its delivery. */
export const RETURN_WINDOW_DAYS = 7;
const returnWindowMs = RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** The cancel reason of an order whose UPI payment did not come in time. */
export const PAYMENT_NOT_RECEIVED = "Payment not received";

/** A UPI transaction reference (UTR): exactly 12 digits. */
export const UTR_PATTERN = /^\d{12}$/;

/** The order rules that are settings (api/config.ts reads them from the environment). */
export type OrderSettings = {
  /** How long an order awaiting its UPI payment holds its stock (PAYMENT_WINDOW_MINUTES). */
  paymentWindowMs: number;
  /** Orders one shopper may have awaiting payment at once (MAX_UNPAID_ORDERS). */
  maxUnpaidOrders: number;
  /** The largest total, in rupees, that may be paid by Cash on Delivery (COD_LIMIT). */
  codLimit: number;
  /** Cash on Delivery orders one shopper may have open (placed, not yet delivered) at once (MAX_OPEN_COD_ORDERS). */
  maxOpenCodOrders: number;
  /** Units of one product one Cash on Delivery order may hold (MAX_COD_UNITS). */
  maxCodUnits: number;
  /** How long a Cash on Delivery order waits for its shopper's confirmation (COD_CONFIRM_HOURS). */
  codConfirmMs: number;
};

export const defaultOrderSettings: OrderSettings = {
  paymentWindowMs: 30 * 60 * 1000,
  maxUnpaidOrders: 3,
  codLimit: 50000,
  maxOpenCodOrders: 2,
  maxCodUnits: 5,
  codConfirmMs: 24 * 60 * 60 * 1000,
};

export type OrderEvent =
  | { type: "ship"; shipment?: Shipment | null }
  | { type: "outForDelivery" }
  | { type: "deliver" }
  | { type: "cancel"; reason: OrderReason }
  | { type: "expire" }
  | { type: "confirmCod" }
  | { type: "return"; reason: OrderReason }
  | { type: "returnToOrigin"; reason: OrderReason }
  | { type: "pay"; utr: string }
  | { type: "reinstate" }
  | { type: "refund"; reference: string };

export type OrderRow = typeof orders.$inferSelect;

/** What the state machine reads of an order. */
export type LifecycleOrder = Pick<
  OrderRow,
  | "status"
  | "paymentStatus"
  | "paymentDueAt"
  | "orderStatus"
  | "paymentMethod"
  | "notes"
  | "codConfirmation"
  | "codConfirmDueAt"
>;

/** The columns a change writes. */
export type OrderChange = Partial<
  Pick<
    OrderRow,
    | "status"
    | "paymentStatus"
    | "orderStatus"
    | "paymentReference"
    | "paidAt"
    | "cancelReason"
    | "cancelReasonCode"
    | "returnReason"
    | "returnReasonCode"
    | "refundReference"
    | "notes"
    | "codConfirmation"
    | "shipment"
  >
>;

/** Whether the order's payment was recorded after it was cancelled, and it has not been reinstated since. */
export function paidLate(order: Pick<LifecycleOrder, "notes">): boolean {
  const last = (order.notes ?? []).findLast((entry) => entry.kind !== "returnedToOrigin");
  return last?.kind === "paidAfterCancellation";
}

/** True while a Cash on Delivery order waits for its shopper's confirmation. */
export const awaitsCodConfirmation = (order: Pick<LifecycleOrder, "status" | "codConfirmation">): boolean =>
  order.status === "confirmed" && order.codConfirmation === "awaiting";

/** True while a Cash on Delivery order awaiting its confirmation is past its deadline (its job has not run yet). */
export function isCodOverdue(order: LifecycleOrder, now: Date): boolean {
  return (
    awaitsCodConfirmation(order) && order.codConfirmDueAt !== null && order.codConfirmDueAt.getTime() <= now.getTime()
  );
}

/**
 * True while an order is past its deadline and about to be cancelled: awaiting its UPI payment
 * past its window, or its Cash on Delivery confirmation past its deadline (the jobs have not got to it yet).
 */
export function isOverdue(order: LifecycleOrder, now: Date): boolean {
  return (
    (order.paymentStatus === "awaitingPayment" &&
      order.paymentDueAt !== null &&
      order.paymentDueAt.getTime() <= now.getTime()) ||
    isCodOverdue(order, now)
  );
}

/** The last moment a delivered order can be returned, or null when it is not delivered. */
export function returnableUntil(order: LifecycleOrder): Date | null {
  const delivered = order.orderStatus.delivered?.date;
  if (order.status !== "delivered" || !delivered) return null;
  return new Date(new Date(delivered).getTime() + returnWindowMs);
}
