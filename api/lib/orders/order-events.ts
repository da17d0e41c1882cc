import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { orderItems, users } from "../../db/schema";
import type { ShopIdentity } from "../context";
import { type MessageAction, orderMessage, type OrderMessageKind } from "../messages/order-messages";
import { recordMessage } from "../messages/outbox";
import { dispatchedAt } from "../tax/gst-records";
import { recordWebhookEvent, type WebhookEventType } from "../webhooks/webhook-events";
import { type OrderJson, toOrderJson } from "./order-json";
import { promotionsOfOrders, releaseUses, retakeUses } from "../promotions/promotions";
import type { OrderEvent, OrderRow } from "./order-states";

/*
 * The one home of order events (docs/decisions/040-order-events.md): whatever changes an order
 * (placing it, the state machine's changes in order-changes.ts, the payment and confirmation jobs)
 * records what happened here, in the transaction that made the change, so the shopper's message
 * and the webhook deliveries commit with the change or not at all.
 */

type EventEffects = {
  /** The shopper's message (its wording: api/lib/messages/order-messages.ts). */
  message: OrderMessageKind;
  /** What endpoints that chose it are sent (docs/webhooks.md), or null: no webhook. */
  webhook: WebhookEventType | null;
};

/**
 * What each order event does. An order placed for Cash on Delivery asks its shopper to confirm it;
 * either way endpoints hear "order.placed". An expired order is a cancelled one to endpoints, its
 * `cancelReason` "Payment not received" or "Not confirmed in time". The payment reminder is a
 * message only: nothing happened to the order.
 */
export const ORDER_EVENTS = {
  placed: { message: "order.placed", webhook: "order.placed" },
  placedAwaitingConfirmation: { message: "order.codConfirmation", webhook: "order.placed" },
  paid: { message: "order.paid", webhook: "order.paid" },
  paidLate: { message: "order.paidLate", webhook: "order.paidLate" },
  codConfirmed: { message: "order.codConfirmed", webhook: "order.codConfirmed" },
  shipped: { message: "order.shipped", webhook: "order.shipped" },
  outForDelivery: { message: "order.outForDelivery", webhook: "order.outForDelivery" },
  delivered: { message: "order.delivered", webhook: "order.delivered" },
  cancelled: { message: "order.cancelled", webhook: "order.cancelled" },
  expired: { message: "order.expired", webhook: "order.cancelled" },
  codExpired: { message: "order.codExpired", webhook: "order.cancelled" },
  returned: { message: "order.returned", webhook: "order.returned" },
  returnedToOrigin: { message: "order.returnedToOrigin", webhook: "order.returnedToOrigin" },
  reinstated: { message: "order.reinstated", webhook: "order.reinstated" },
  refunded: { message: "order.refunded", webhook: "order.refunded" },
  paymentReminder: { message: "order.paymentReminder", webhook: null },
} as const satisfies Record<string, EventEffects>;
export type OrderEventName = keyof typeof ORDER_EVENTS;

/** The event each change of the state machine (order-lifecycle.ts) records, unless `changeEventOf` says otherwise. */
const CHANGE_EVENTS: Record<OrderEvent["type"], OrderEventName> = {
  pay: "paid",
  ship: "shipped",
  outForDelivery: "outForDelivery",
  deliver: "delivered",
  cancel: "cancelled",
  expire: "expired",
  confirmCod: "codConfirmed",
  return: "returned",
  returnToOrigin: "returnedToOrigin",
  reinstate: "reinstated",
  refund: "refunded",
};

/** The event of an expiry: a Cash on Delivery order not confirmed in time, or a UPI payment not received. */
export const expiryEventOf = (expired: OrderRow): OrderEventName =>
  expired.codConfirmation === "expired" ? "codExpired" : "expired";

/** The event an applied change records: a payment recorded on a cancelled order says so. */
export function changeEventOf(event: OrderEvent, before: OrderRow, after: OrderRow): OrderEventName {
  if (event.type === "pay" && before.status === "cancelled") return "paidLate";
  if (event.type === "expire") return expiryEventOf(after);
  return CHANGE_EVENTS[event.type];
}

/** The events after which an order holds no promotion's use: it was cancelled before it shipped. */
const RELEASING_EVENTS: ReadonlySet<OrderEventName> = new Set(["cancelled", "expired", "codExpired"]);

type Recipient = { email: string; userId: string };

/** Writes an event's webhook deliveries and its shopper's message (when there is a shopper to tell), in `tx`. */
async function writeEvent(
  tx: Transaction | Database,
  name: OrderEventName,
  order: OrderJson,
  to: Recipient | null,
  context: { shop: ShopIdentity; now: Date; invoice?: boolean; actions?: MessageAction[] },
): Promise<void> {
  const effects: EventEffects = ORDER_EVENTS[name];
  if (effects.webhook) await recordWebhookEvent(tx, effects.webhook, order, context.now);
  if (!to) return;
  const { shop, invoice, actions } = context;
  const message = await orderMessage(effects.message, order, to.email, shop, to.userId, { invoice, actions });
  await recordMessage(tx, message);
}

/**
 * Records the event of an order just placed, in the transaction that placed it: `order` as the
 * order answers it, to the address the shopper gave; a Cash on Delivery order's message carries
 * the links to confirm or cancel it (`codActions`).
 */
export async function recordPlacedOrder(
  tx: Transaction | Database,
  order: OrderJson,
  notify: { email: string; userId: string; shop: ShopIdentity; now: Date; codActions: MessageAction[] | null },
): Promise<void> {
  const { email, userId, shop, now, codActions } = notify;
  const name: OrderEventName = codActions ? "placedAwaitingConfirmation" : "placed";
  await writeEvent(tx, name, order, { email, userId }, { shop, now, actions: codActions ?? undefined });
}

/**
 * Records an event of an existing order, in `tx`, the transaction that made the change: the order
 * as it is now, to its shopper's address (with a link to its tax invoices from dispatch on), and
 * the event's webhook deliveries (api/lib/webhooks/).
 */
export async function recordOrderEvent(
  tx: Transaction | Database,
  name: OrderEventName,
  row: OrderRow,
  shop: ShopIdentity,
  now: Date,
): Promise<void> {
  // A cancelled or expired order gives its promotions' uses back; a reinstated one takes them again.
  if (RELEASING_EVENTS.has(name)) await releaseUses(tx, row.id, now);
  if (name === "reinstated") await retakeUses(tx, row.id);
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, row.id));
  const promotions = await promotionsOfOrders(tx, [row.id]);
  const order = toOrderJson(row, items, now, promotions.get(row.id));
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  // From dispatch on, the order has its tax invoices: issued as it ships, in the same transaction
  // (api/lib/tax/gst-records.ts), or numbered when first read for an order shipped before that.
  const invoice = dispatchedAt(row) !== null;
  await writeEvent(tx, name, order, user ? { email: user.email, userId: row.userId } : null, { shop, now, invoice });
}
