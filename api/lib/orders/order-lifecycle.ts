import type { OrderNote, OrderStatus } from "../../db/schema";
import {
  awaitsCodConfirmation,
  isCodOverdue,
  isOverdue,
  type LifecycleOrder,
  NOT_CONFIRMED,
  type OrderChange,
  type OrderEvent,
  type OrderState,
  paidLate,
  PAYMENT_NOT_RECEIVED,
  type PaymentStatus,
  RETURN_WINDOW_DAYS,
  returnableUntil,
} from "./order-states";
import { type CancelReasonCode, NO_REASON } from "./order-reasons";

/**
 * The order lifecycle: one state machine (`decide`) for every change an order goes through,
 * whoever asks for it (the shopper, an admin, the payment sweep, another order needing stock),
 * and the transactions that apply its answers (docs/decisions/007-order-lifecycle-and-payment-window.md).
 *
 *   event           from                          payment                    to               stamps           stock
 *   ship            confirmed                     paid or payOnDelivery      shipped          shipped
 *                   (COD: once confirmed)
 *   outForDelivery  shipped                                                  outForDelivery   outForDelivery
 *   deliver         outForDelivery                payOnDelivery → paid       delivered        delivered
 *   cancel          confirmed                     paid → refundPending,      cancelled        cancel           back
 *                                                 otherwise → cancelled
 *   expire          confirmed, window passed      awaitingPayment → expired  cancelled        cancel           back
 *   expire (COD)    confirmed, awaiting its       payOnDelivery → cancelled  cancelled        cancel           back
 *                   confirmation, deadline passed (confirmation → expired)
 *   confirmCod      confirmed, awaiting its       (confirmation → confirmed)
 *                   confirmation, deadline open
 *   return          delivered, within 7 days      paid → refundPending       returned         returned         back
 *   returnToOrigin  shipped or outForDelivery     paid → refundPending,      returned         returned, note   back
 *                                                 payOnDelivery → cancelled
 *   pay (UTR)       confirmed, window open        awaitingPayment → paid
 *   pay (late)      cancelled UPI order           expired/cancelled →                         note
 *                                                 refundPending
 *   reinstate       cancelled, paid late          refundPending → paid       confirmed        note             taken
 *   refund          any                           refundPending → refunded                    refunded
 *
 * Anything else is refused with a message saying why (409). Every change locks the order's row
 * first (SELECT … FOR UPDATE; the sweeps skip locked rows instead of waiting), so of two racing
 * changes the second decides on what the first left: stock goes back exactly once.
 */

/**
 * What an event does: the columns it changes, and whether the order's units go back to stock
 * (`restock`) or are taken from it again (`take`, refused whole when any line is short).
 */
export type Decision =
  { ok: true; change: OrderChange; restock: boolean; take?: boolean } | { ok: false; message: string };

const refuse = (message: string): Decision => ({ ok: false, message });

const stamp = (status: OrderStatus, step: keyof OrderStatus, now: Date): OrderStatus => ({
  ...status,
  [step]: { isConfirmed: true, date: now.toISOString() },
});

// India's time zone, as the storefront shows dates.
const indianDate = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/** The order's notes with one more, of `kind`, now. */
const note = (order: LifecycleOrder, kind: OrderNote["kind"], now: Date, detail: string | null): OrderNote[] => [
  ...(order.notes ?? []),
  { kind, at: now.toISOString(), detail },
];

/** Why an order in `status` cannot be cancelled. */
function whyNotCancel(status: OrderState): string {
  switch (status) {
    case "shipped":
    case "outForDelivery":
      return "This order has already shipped and can no longer be cancelled.";
    case "delivered":
      return "This order has been delivered and can no longer be cancelled.";
    case "returned":
      return "This order has been returned and can no longer be cancelled.";
    default:
      return "This order is already cancelled.";
  }
}

/**
 * The state machine: what `event` does to `order` at `now`, or why it cannot happen. Pure: the
 * callers apply the change (and give the stock back when `restock`).
 */
export function decide(order: LifecycleOrder, event: OrderEvent, now: Date): Decision {
  const status = order.status as OrderState;
  const payment = order.paymentStatus as PaymentStatus;
  switch (event.type) {
    case "ship":
      if (status === "confirmed") {
        if (payment === "awaitingPayment")
          return refuse("This order is awaiting payment and cannot ship until it is paid.");
        if (order.codConfirmation === "awaiting")
          return refuse(
            "This Cash on Delivery order is awaiting its shopper's confirmation and cannot ship until it is confirmed.",
          );
        return {
          ok: true,
          change: {
            status: "shipped",
            orderStatus: stamp(order.orderStatus, "shipped", now),
            // The courier and tracking number it left with (api/lib/orders/couriers.ts).
            shipment: event.shipment ?? null,
          },
          restock: false,
        };
      }
      if (status === "cancelled") return refuse("This order is cancelled and cannot ship.");
      return refuse("This order has already shipped.");

    case "outForDelivery":
      if (status === "shipped") {
        return {
          ok: true,
          change: { status: "outForDelivery", orderStatus: stamp(order.orderStatus, "outForDelivery", now) },
          restock: false,
        };
      }
      if (status === "confirmed") return refuse("This order has not shipped yet.");
      if (status === "outForDelivery") return refuse("This order is already out for delivery.");
      if (status === "cancelled") return refuse("This order is cancelled.");
      return refuse("This order has already been delivered.");

    case "deliver":
      if (status === "outForDelivery") {
        // Cash on delivery is paid at the door.
        const paidNow = payment === "payOnDelivery";
        return {
          ok: true,
          change: {
            status: "delivered",
            orderStatus: stamp(order.orderStatus, "delivered", now),
            ...(paidNow ? { paymentStatus: "paid", paidAt: now } : {}),
          },
          restock: false,
        };
      }
      if (status === "confirmed" || status === "shipped") return refuse("This order is not out for delivery yet.");
      if (status === "cancelled") return refuse("This order is cancelled.");
      return refuse("This order has already been delivered.");

    case "cancel":
      if (status !== "confirmed") return refuse(whyNotCancel(status));
      return {
        ok: true,
        change: {
          status: "cancelled",
          paymentStatus: payment === "paid" ? "refundPending" : "cancelled",
          cancelReason: event.reason.text,
          cancelReasonCode: event.reason.code,
          orderStatus: stamp(order.orderStatus, "cancel", now),
        },
        restock: true,
      };

    case "expire":
      if (awaitsCodConfirmation(order)) {
        if (!isCodOverdue(order, now)) return refuse("This order's confirmation time is still open.");
        return {
          ok: true,
          change: {
            status: "cancelled",
            paymentStatus: "cancelled",
            codConfirmation: "expired",
            cancelReason: NOT_CONFIRMED,
            cancelReasonCode: "notConfirmedInTime" satisfies CancelReasonCode,
            orderStatus: stamp(order.orderStatus, "cancel", now),
          },
          restock: true,
        };
      }
      if (status !== "confirmed" || payment !== "awaitingPayment") return refuse("This order is not awaiting payment.");
      if (!isOverdue(order, now)) return refuse("This order's payment window is still open.");
      return {
        ok: true,
        change: {
          status: "cancelled",
          paymentStatus: "expired",
          cancelReason: PAYMENT_NOT_RECEIVED,
          cancelReasonCode: "paymentNotReceived" satisfies CancelReasonCode,
          orderStatus: stamp(order.orderStatus, "cancel", now),
        },
        restock: true,
      };

    case "confirmCod":
      if (awaitsCodConfirmation(order)) {
        if (isCodOverdue(order, now)) return refuse("The time to confirm this order has passed.");
        return { ok: true, change: { codConfirmation: "confirmed" }, restock: false };
      }
      if (order.codConfirmation === "expired")
        return refuse("This order was cancelled because it was not confirmed in time.");
      if (status === "cancelled") return refuse("This order is cancelled.");
      if (order.codConfirmation === "confirmed") return refuse("This order is already confirmed.");
      return refuse("This order needs no confirmation.");

    case "return": {
      if (status === "delivered") {
        const until = returnableUntil(order);
        if (!until || now.getTime() > until.getTime()) {
          return refuse(
            `The ${RETURN_WINDOW_DAYS}-day return window of this order closed${until ? ` on ${indianDate.format(until)}` : ""}.`,
          );
        }
        return {
          ok: true,
          change: {
            status: "returned",
            // Delivered means paid (cash is paid at the door); it is owed back now.
            paymentStatus: payment === "paid" ? "refundPending" : payment,
            returnReason: event.reason.text,
            returnReasonCode: event.reason.code,
            orderStatus: stamp(order.orderStatus, "returned", now),
          },
          restock: true,
        };
      }
      if (status === "confirmed") return refuse("This order has not been delivered yet. You can cancel it instead.");
      if (status === "shipped" || status === "outForDelivery")
        return refuse("This order has not been delivered yet, so it cannot be returned.");
      if (status === "returned") return refuse("This order has already been returned.");
      return refuse("This order was cancelled, so it cannot be returned.");
    }

    case "returnToOrigin":
      if (status === "shipped" || status === "outForDelivery") {
        return {
          ok: true,
          change: {
            status: "returned",
            // Paid online: owed back. Cash on Delivery: nothing was paid, nothing is due.
            paymentStatus: payment === "paid" ? "refundPending" : payment === "payOnDelivery" ? "cancelled" : payment,
            returnReason: event.reason.text,
            returnReasonCode: event.reason.code,
            orderStatus: stamp(order.orderStatus, "returned", now),
            notes: note(order, "returnedToOrigin", now, event.reason.text),
          },
          restock: true,
        };
      }
      if (status === "confirmed") return refuse("This order has not shipped yet. You can cancel it instead.");
      if (status === "delivered")
        return refuse("This order has been delivered: it can only be returned by the shopper.");
      if (status === "returned") return refuse("This order has already been returned.");
      return refuse("This order is cancelled.");

    case "reinstate":
      if (status === "cancelled" && payment === "refundPending" && paidLate(order)) {
        return {
          ok: true,
          change: {
            status: "confirmed",
            paymentStatus: "paid",
            cancelReason: null,
            cancelReasonCode: null,
            orderStatus: { ...order.orderStatus, cancel: { isConfirmed: false, date: null } },
            notes: note(order, "reinstated", now, null),
          },
          restock: false,
          take: true,
        };
      }
      return refuse("Only a cancelled order paid after its cancellation, and not yet refunded, can be reinstated.");

    case "pay":
      // A UPI payment that came after the order was cancelled (the window closed, or the shopper
      // cancelled) is still money taken: recorded, and owed back unless the order is reinstated.
      if (
        status === "cancelled" &&
        order.paymentMethod === "Upi" &&
        (payment === "expired" || payment === "cancelled")
      ) {
        return {
          ok: true,
          change: {
            paymentStatus: "refundPending",
            paymentReference: event.utr,
            paidAt: now,
            notes: note(order, "paidAfterCancellation", now, event.utr),
          },
          restock: false,
        };
      }
      if (payment === "awaitingPayment" && status === "confirmed") {
        if (isOverdue(order, now)) return refuse("The payment window of this order has closed.");
        return {
          ok: true,
          change: { paymentStatus: "paid", paymentReference: event.utr, paidAt: now },
          restock: false,
        };
      }
      if (payment === "expired")
        return refuse("This order was cancelled because its payment was not received in time.");
      if (payment === "payOnDelivery")
        return refuse("This is a Cash on Delivery order: it is paid when it is delivered.");
      if (payment === "cancelled") return refuse("This order is cancelled.");
      return refuse("This order is already paid.");

    case "refund":
      if (payment === "refundPending") {
        return {
          ok: true,
          change: {
            paymentStatus: "refunded",
            refundReference: event.reference,
            orderStatus: stamp(order.orderStatus, "refunded", now),
          },
          restock: false,
        };
      }
      if (payment === "refunded") return refuse("This order has already been refunded.");
      return refuse("This order has no refund due.");
  }
}

/** The changes an admin makes to an order (`PUT /userapp/admin/orders/{id}/status`, `…/payment`, `…/refund`). */
export const ADMIN_EVENTS = [
  "ship",
  "outForDelivery",
  "deliver",
  "cancel",
  "returnToOrigin",
  "pay",
  "reinstate",
  "refund",
] as const;
export type AdminEvent = (typeof ADMIN_EVENTS)[number];

// What the UTR, reason and reference hold does not change whether an event is allowed.
const sampleEvents: Record<AdminEvent, OrderEvent> = {
  ship: { type: "ship" },
  outForDelivery: { type: "outForDelivery" },
  deliver: { type: "deliver" },
  cancel: { type: "cancel", reason: NO_REASON },
  returnToOrigin: { type: "returnToOrigin", reason: NO_REASON },
  pay: { type: "pay", utr: "000000000000" },
  reinstate: { type: "reinstate" },
  refund: { type: "refund", reference: "-" },
};

/**
 * The admin events `decide` accepts for `order` at `now`, decided as `changeOrder` would: an
 * order past its payment window is expired first. The back office offers exactly these.
 */
export function allowedAdminEvents(order: LifecycleOrder, now: Date): AdminEvent[] {
  let current = order;
  if (isOverdue(order, now)) {
    const expired = decide(order, { type: "expire" }, now);
    if (expired.ok) current = { ...order, ...expired.change };
  }
  return ADMIN_EVENTS.filter((event) => decide(current, sampleEvents[event], now).ok);
}
