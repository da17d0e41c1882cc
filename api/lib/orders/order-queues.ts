import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { orders } from "../../db/schema";

/**
 * The orders that wait for the owner, each one predicate that both the orders list
 * (`GET /userapp/admin/orders?queue=…`) and the dashboard's count use, so the two always agree.
 */
export const ORDER_QUEUES = ["awaitingCod", "upiToVerify", "readyToShip", "refundDue"] as const;
export type OrderQueue = (typeof ORDER_QUEUES)[number];

const queues: Record<OrderQueue, () => SQL> = {
  /** Cash on Delivery orders waiting for their shopper's confirmation (they cannot ship yet). */
  awaitingCod: () => and(eq(orders.status, "confirmed"), eq(orders.codConfirmation, "awaiting"))!,
  /** UPI orders still awaiting their payment: the owner looks for the UTR and marks them paid. */
  upiToVerify: () =>
    and(eq(orders.status, "confirmed"), eq(orders.paymentMethod, "Upi"), eq(orders.paymentStatus, "awaitingPayment"))!,
  /** Orders that may ship now: paid (or Cash on Delivery), and a COD order confirmed by its shopper. */
  readyToShip: () =>
    and(
      eq(orders.status, "confirmed"),
      inArray(orders.paymentStatus, ["paid", "payOnDelivery"]),
      or(sql`${orders.codConfirmation} IS NULL`, sql`${orders.codConfirmation} <> 'awaiting'`),
    )!,
  /** Money owed back: cancelled or returned after payment, or paid after cancellation, and not refunded yet. */
  refundDue: () => eq(orders.paymentStatus, "refundPending"),
};

/**
 * The orders in `queue`. Every queue holds only orders that are confirmed or owed a refund (the
 * dashboard counts them in one pass over those).
 */
export const inOrderQueue = (queue: OrderQueue): SQL => queues[queue]();
