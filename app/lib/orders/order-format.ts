import type { OrderJson, OrderSteps as OrderStatus } from "../../../api/contract/types";

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

/** The delivery steps, in the order they happen. */
const DELIVERY_STEPS = [
  { key: "shipped", label: "Shipped" },
  { key: "outForDelivery", label: "Out for Delivery" },
  { key: "delivered", label: "Delivered" },
] as const;

/**
 * How a step reads: `done` happened, `waiting` happened but waits on the shopper (an order placed
 * but not yet paid or confirmed), `stopped` ended the order (cancelled, returned, back to the
 * seller), `ahead` has not happened yet (grey, with no date).
 */
export type TimelineTone = "done" | "waiting" | "stopped" | "ahead";

export type TimelineStep = {
  key: string;
  label: string;
  tone: TimelineTone;
  at: string | null;
  detail: string | null;
  /** The courier's tracking page of a shipped parcel, where its address pattern is known. */
  trackingUrl?: string | null;
};

/** What a timeline is read from: the order as the API gives it. */
export type TimelineOrder = Pick<
  OrderJson,
  | "orderStatus"
  | "status"
  | "paymentMethod"
  | "paymentStatus"
  | "paidAt"
  | "codConfirmation"
  | "cancelReason"
  | "returnReason"
  | "notes"
  | "createdAt"
> &
  Partial<Pick<OrderJson, "shipment">>;

/** The shipped step's words: the courier and the parcel's tracking (AWB) number. */
export const shippedWith = (shipment: NonNullable<OrderJson["shipment"]>) =>
  `${shipment.courier}, tracking number ${shipment.trackingNumber}`;

/**
 * An order's timeline as it happened: each step reached with its own word and time, the steps
 * still ahead grey and undated, an order that waits for its payment or its Cash on Delivery
 * confirmation saying so (never "Order Confirmed" before it is), and a cancelled, returned or
 * undelivered order ending where it stopped, with why.
 */
export function timelineOf(order: TimelineOrder): TimelineStep[] {
  const steps = order.orderStatus;
  const happened = (key: StepKey) => steps[key]?.isConfirmed === true;
  const at = (key: StepKey) => (happened(key) ? (steps[key]?.date ?? null) : null);
  const step = (key: string, label: string, tone: TimelineTone, when: string | null, detail: string | null = null) =>
    ({ key, label, tone, at: when, detail }) satisfies TimelineStep;

  const backToSeller = order.notes.find((note) => note.kind === "returnedToOrigin");
  const stopped = happened("cancel") || happened("returned") || backToSeller !== undefined;
  const unpaid = order.paymentMethod === "Upi" && order.paidAt === null;
  const unconfirmed =
    order.paymentMethod === "cod" && order.codConfirmation !== null && order.codConfirmation !== "confirmed";
  const placedAt = at("orderConfirmed") ?? order.createdAt;

  const timeline: TimelineStep[] = [];
  if (unpaid || unconfirmed) {
    const waitingFor = unpaid ? "Awaiting payment" : "Awaiting Cash on Delivery confirmation";
    timeline.push(
      order.status === "confirmed"
        ? step("orderConfirmed", "Order placed", "waiting", placedAt, waitingFor)
        : step("orderConfirmed", "Order placed", "done", placedAt),
    );
  } else {
    timeline.push(step("orderConfirmed", "Order Confirmed", "done", placedAt));
  }
  for (const { key, label } of DELIVERY_STEPS) {
    if (key === "shipped" && happened(key) && order.shipment)
      timeline.push({
        ...step(key, label, "done", at(key), shippedWith(order.shipment)),
        trackingUrl: order.shipment.trackingUrl,
      });
    else if (happened(key)) timeline.push(step(key, label, "done", at(key)));
    else if (!stopped) timeline.push(step(key, label, "ahead", null));
  }
  if (backToSeller)
    timeline.push(
      step(
        "returnedToOrigin",
        "Returned to origin",
        "stopped",
        backToSeller.at,
        `The parcel came back to the seller undelivered${backToSeller.detail ? `: ${backToSeller.detail}` : "."}`,
      ),
    );
  if (happened("cancel")) timeline.push(step("cancel", "Cancelled", "stopped", at("cancel"), order.cancelReason));
  // A parcel back at the seller is recorded as returned too: its own step above says so.
  if (happened("returned") && !backToSeller)
    timeline.push(step("returned", "Returned", "stopped", at("returned"), order.returnReason));
  if (happened("refunded")) timeline.push(step("refunded", "Refunded", "done", at("refunded")));
  return timeline;
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
