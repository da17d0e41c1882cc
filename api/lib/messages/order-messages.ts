import { render } from "@react-email/render";
import { recipientText } from "../../contract/mobile";
import { createElement } from "react";
import { formatRupees } from "../../contract";
import type { ShopIdentity } from "../context";
import type { OrderJson } from "../orders/order-json";
import type { NewMessage } from "./outbox";
import { type MessageAction, OrderEmail } from "./templates/order-email";

export type { MessageAction };

const PAYMENT_NAMES: Record<OrderJson["paymentMethod"], string> = {
  cod: "Cash on Delivery",
  Upi: "Online Payment (UPI)",
};

/** What happened to an order, as its message names it (`messages.kind`); the event that sends each: api/lib/orders/order-events.ts. */
export type OrderMessageKind =
  | "order.placed"
  | "order.paid"
  | "order.shipped"
  | "order.outForDelivery"
  | "order.delivered"
  | "order.cancelled"
  | "order.expired"
  | "order.returned"
  | "order.returnedToOrigin"
  | "order.paidLate"
  | "order.reinstated"
  | "order.paymentReminder"
  | "order.refunded"
  | "order.codConfirmation"
  | "order.codConfirmed"
  | "order.codExpired";

const day = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});
const time = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" });

const refundDue = (order: OrderJson) =>
  order.paymentStatus === "refundPending"
    ? [`Your payment of ${formatRupees(order.totalAmount)} will be refunded.`]
    : [];

/** A Cash on Delivery order's confirmation deadline, as its messages say it. */
const confirmBy = (order: OrderJson) => {
  const due = new Date(order.codConfirmDueAt!);
  return `${time.format(due)} on ${day.format(due)}`;
};

/** Each kind's subject (after the shop's name), heading and opening sentences. */
const WORDING: Record<
  OrderMessageKind,
  { subject: (order: OrderJson) => string; heading: string; intro: (order: OrderJson) => string[] }
> = {
  "order.placed": {
    subject: (order) => `your order is placed (${formatRupees(order.totalAmount)})`,
    heading: "Thank you for your order",
    intro: () => [],
  },
  "order.paid": {
    subject: (order) => `payment received (${formatRupees(order.totalAmount)})`,
    heading: "Payment received",
    intro: (order) => [
      `We have received your payment of ${formatRupees(order.totalAmount)} (UTR ${order.paymentReference ?? "recorded"}). We will ship your order soon.`,
    ],
  },
  "order.shipped": {
    subject: () => "your order has shipped",
    heading: "Your order has shipped",
    intro: (order) => [shippedWith(order)],
  },
  "order.outForDelivery": {
    subject: () => "your order is out for delivery",
    heading: "Out for delivery",
    intro: (order) => [
      order.paymentStatus === "payOnDelivery"
        ? `Your order reaches you today. Please keep ${formatRupees(order.totalAmount)} ready to pay on delivery.`
        : "Your order reaches you today.",
    ],
  },
  "order.delivered": {
    subject: () => "your order is delivered",
    heading: "Delivered",
    intro: (order) => [
      order.returnableUntil
        ? `Your order was delivered. You can return it until ${day.format(new Date(order.returnableUntil))}.`
        : "Your order was delivered.",
    ],
  },
  "order.cancelled": {
    subject: () => "your order is cancelled",
    heading: "Your order is cancelled",
    intro: (order) => [...(order.cancelReason ? [`Reason: ${order.cancelReason}`] : []), ...refundDue(order)],
  },
  "order.expired": {
    subject: () => "your order is cancelled: payment not received",
    heading: "Payment not received",
    intro: () => [
      "We did not receive the payment for this order within its time, so the order is cancelled and its items are back in stock.",
      "If you did pay, please write to us with the UTR of your payment.",
    ],
  },
  "order.returned": {
    subject: () => "your return is recorded",
    heading: "Return recorded",
    intro: (order) => [...(order.returnReason ? [`Reason: ${order.returnReason}`] : []), ...refundDue(order)],
  },
  "order.returnedToOrigin": {
    subject: () => "your order came back to us undelivered",
    heading: "Your order came back to us",
    intro: (order) => [
      `The courier brought your order back to the seller without delivering it${order.returnReason ? ` (${order.returnReason})` : ""}. The order is closed.`,
      ...refundDue(order),
    ],
  },
  "order.paidLate": {
    subject: (order) => `payment received after cancellation (${formatRupees(order.totalAmount)})`,
    heading: "Payment received after your order was cancelled",
    intro: (order) => [
      `Your payment of ${formatRupees(order.totalAmount)} (UTR ${order.paymentReference ?? "recorded"}) reached us after the order was cancelled.`,
      "We will refund it, unless the order can still be sent: then we reinstate it and tell you.",
    ],
  },
  "order.reinstated": {
    subject: () => "your order is back on",
    heading: "Your order is back on",
    intro: () => ["We have reinstated your order on the payment that came late. We will ship it soon."],
  },
  "order.paymentReminder": {
    subject: (order) =>
      `please pay ${formatRupees(order.totalAmount)} by ${time.format(new Date(order.paymentDueAt!))}`,
    heading: "Your order is waiting for your payment",
    intro: (order) => [
      `We have not received the payment of ${formatRupees(order.totalAmount)} for this order yet. Please pay by ${time.format(new Date(order.paymentDueAt!))} (India time), from the order's page; after that the order is cancelled and its items go back on sale.`,
      "If you have paid already, there is nothing to do.",
    ],
  },
  "order.codConfirmation": {
    subject: (order) => `please confirm your Cash on Delivery order (${formatRupees(order.totalAmount)})`,
    heading: "Please confirm your order",
    intro: (order) => [
      `Thank you for your order. As it is paid on delivery, please confirm it by ${confirmBy(order)} (India time): we ship it once you do. If it is not confirmed by then, it is cancelled.`,
      "If you did not place this order, or have changed your mind, cancel it instead.",
    ],
  },
  "order.codConfirmed": {
    subject: () => "your order is confirmed",
    heading: "Order confirmed",
    intro: (order) => [
      `Thank you for confirming your order. We will ship it soon. Please keep ${formatRupees(order.totalAmount)} ready to pay on delivery.`,
    ],
  },
  "order.codExpired": {
    subject: () => "your order is cancelled: not confirmed",
    heading: "Order not confirmed",
    intro: () => [
      "We did not receive your confirmation of this Cash on Delivery order in time, so the order is cancelled and its items are back in stock.",
    ],
  },
  "order.refunded": {
    subject: (order) => `your refund is made (${formatRupees(order.totalAmount)})`,
    heading: "Refund made",
    intro: (order) => [
      `We have refunded ${formatRupees(order.totalAmount)} (reference ${order.refundReference ?? "recorded"}).`,
    ],
  },
};

/** The shipped message's sentence: the courier and tracking number, when it shipped with them. */
const shippedWith = (order: OrderJson) =>
  order.shipment
    ? `Your order is on its way with ${order.shipment.courier}, tracking number ${order.shipment.trackingNumber}.`
    : "Your order is on its way.";

/** The shipped message's link to the courier's tracking page, where its pattern is known. */
const trackingActions = (kind: OrderMessageKind, order: OrderJson): MessageAction[] =>
  kind === "order.shipped" && order.shipment?.trackingUrl
    ? [{ label: "Track your parcel", href: order.shipment.trackingUrl }]
    : [];

export type OrderMessageOptions = {
  /** From dispatch on, when the order's tax invoices exist: a link to them. */
  invoice?: boolean;
  /** Links the shopper is asked to follow, after the opening sentences. */
  actions?: MessageAction[];
};

/**
 * The shopper's message about their order: what happened, its lines, address, payment method and
 * total, a link to the order's page and, from dispatch on, to its tax invoices. The HTML is the
 * React Email template (templates/order-email.tsx); the text is written here, line by line.
 */
export async function orderMessage(
  kind: OrderMessageKind,
  order: OrderJson,
  to: string,
  shop: ShopIdentity,
  userId: string,
  options: OrderMessageOptions = {},
): Promise<NewMessage> {
  const wording = WORDING[kind];
  const subject = `${shop.name} ${order.orderNumber}: ${wording.subject(order)}`;
  const orderLink = `${shop.origin}/myaccount/orders/${order.id}`;
  const invoiceLink = options.invoice ? `${orderLink}/invoice` : null;
  const actions = [...(options.actions ?? []), ...trackingActions(kind, order)];
  const recipient = recipientText(order.address);
  const address = [
    ...(recipient ? [recipient] : []),
    order.address.locality,
    order.address.city,
    `${order.address.state} ${order.address.zipcode}`,
    order.address.country,
  ];
  const payment = PAYMENT_NAMES[order.paymentMethod];
  const intro = wording.intro(order);
  const text = [
    wording.heading,
    "",
    ...(intro.length > 0 ? [...intro, ""] : []),
    ...(actions.length > 0 ? [...actions.map((action) => `${action.label}: ${action.href}`), ""] : []),
    `Order number: ${order.orderNumber}`,
    `Order reference: ${order.id}`,
    "",
    ...order.products.map((line) => `${line.title} (size ${line.size}) × ${line.qty}: ${formatRupees(line.amount)}`),
    `Platform fee: ${formatRupees(order.platformFee)}`,
    `Total: ${formatRupees(order.totalAmount)}`,
    "",
    `Payment: ${payment}`,
    `Delivering to: ${address.join(", ")}`,
    "",
    `Your order: ${orderLink}`,
    ...(invoiceLink ? [`Your tax invoice: ${invoiceLink}`] : []),
    "",
    `Questions? Write to ${shop.supportEmail}.`,
    shop.name,
  ].join("\n");
  const html = await render(
    createElement(OrderEmail, {
      shop,
      subject,
      heading: wording.heading,
      intro,
      actions,
      orderId: order.id,
      orderNumber: order.orderNumber,
      lines: order.products,
      platformFee: order.platformFee,
      totalAmount: order.totalAmount,
      payment,
      address,
      orderLink,
      invoiceLink,
    }),
  );
  return { kind, to, subject, html, text, orderId: order.id, userId };
}
