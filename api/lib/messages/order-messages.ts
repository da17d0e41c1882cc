import { formatRupees } from "../../contract";
import type { ShopIdentity } from "../context";
import type { OrderJson } from "../orders/order-json";
import type { NewMessage } from "./outbox";

const PAYMENT_NAMES: Record<OrderJson["paymentMethod"], string> = {
  cod: "Cash on Delivery",
  Upi: "Online Payment (UPI)",
};

/** Text made safe for HTML. */
const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The shopper's confirmation of a placed order: its lines, address, payment method and total,
 * and a link to the order's page. Plain HTML and text for now; the React Email templates replace
 * it (issue "Messages to shoppers", item 2).
 */
export function orderPlacedMessage(order: OrderJson, to: string, shop: ShopIdentity, userId: string): NewMessage {
  const link = `${shop.origin}/myaccount/orders/${order.id}`;
  const address = [
    order.address.locality,
    order.address.city,
    `${order.address.state} ${order.address.zipcode}`,
    order.address.country,
  ];
  const lines = order.products.map((line) => ({
    text: `${line.title} (size ${line.size}) × ${line.qty}: ${formatRupees(line.amount)}`,
    html: `<tr><td>${escape(line.title)} (size ${escape(line.size)}) × ${line.qty}</td><td align="right">${formatRupees(line.amount)}</td></tr>`,
  }));
  const payment = PAYMENT_NAMES[order.paymentMethod];
  const text = [
    `Thank you for your order. Order reference: ${order.id}.`,
    "",
    ...lines.map((line) => line.text),
    `Platform fee: ${formatRupees(order.platformFee)}`,
    `Total: ${formatRupees(order.totalAmount)}`,
    "",
    `Payment: ${payment}`,
    `Delivering to: ${address.join(", ")}`,
    "",
    `Your order: ${link}`,
    "",
    `Questions? Write to ${shop.supportEmail}.`,
    shop.name,
  ].join("\n");
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;max-width:600px;margin:0 auto;color:#222">
<h1 style="font-size:20px">Thank you for your order</h1>
<p>Order reference: ${order.id}</p>
<table width="100%" cellpadding="4" style="border-collapse:collapse">${lines.map((line) => line.html).join("")}
<tr><td>Platform fee</td><td align="right">${formatRupees(order.platformFee)}</td></tr>
<tr><td><strong>Total</strong></td><td align="right"><strong>${formatRupees(order.totalAmount)}</strong></td></tr></table>
<p>Payment: ${escape(payment)}<br>Delivering to: ${address.map(escape).join(", ")}</p>
<p><a href="${escape(link)}">See your order</a></p>
<p style="color:#666;font-size:13px">Questions? Write to <a href="mailto:${escape(shop.supportEmail)}">${escape(shop.supportEmail)}</a>.<br>${escape(shop.name)}</p>
</body></html>`;
  return {
    kind: "order.placed",
    to,
    subject: `${shop.name}: your order is placed (${formatRupees(order.totalAmount)})`,
    html,
    text,
    orderId: order.id,
    userId,
  };
}
