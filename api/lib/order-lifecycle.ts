import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditLog, type OrderStatus, orderItems, orders, variants } from "../db/schema";
import type { ApiDeps } from "./context";
import { conflict, notFound } from "./http";
import { stockChanged } from "./catalogue-cache";

/**
 * The order lifecycle: one state machine (`decide`) for every change an order goes through,
 * whoever asks for it (the shopper, an admin, the payment sweep, another order needing stock),
 * and the transactions that apply its answers (docs/decisions/007-order-lifecycle-and-payment-window.md).
 *
 *   event           from                          payment                    to               stamps           stock
 *   ship            confirmed                     paid or payOnDelivery      shipped          shipped
 *   outForDelivery  shipped                                                  outForDelivery   outForDelivery
 *   deliver         outForDelivery                payOnDelivery → paid       delivered        delivered
 *   cancel          confirmed                     paid → refundPending,      cancelled        cancel           back
 *                                                 otherwise → cancelled
 *   expire          confirmed, window passed      awaitingPayment → expired  cancelled        cancel           back
 *   return          delivered, within 7 days      paid → refundPending       returned         returned         back
 *   pay (UTR)       confirmed, window open        awaitingPayment → paid
 *   refund          any                           refundPending → refunded                    refunded
 *
 * Anything else is refused with a message saying why (409). Every change locks the order's row
 * first (SELECT … FOR UPDATE; the sweeps skip locked rows instead of waiting), so of two racing
 * changes the second decides on what the first left: stock goes back exactly once.
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
};

export const defaultOrderSettings: OrderSettings = {
  paymentWindowMs: 30 * 60 * 1000,
  maxUnpaidOrders: 3,
  codLimit: 50000,
};

export type OrderEvent =
  | { type: "ship" }
  | { type: "outForDelivery" }
  | { type: "deliver" }
  | { type: "cancel"; reason: string | null }
  | { type: "expire" }
  | { type: "return"; reason: string }
  | { type: "pay"; utr: string }
  | { type: "refund"; reference: string };

type OrderRow = typeof orders.$inferSelect;

/** What the state machine reads of an order. */
export type LifecycleOrder = Pick<OrderRow, "status" | "paymentStatus" | "paymentDueAt" | "orderStatus">;

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
    | "returnReason"
    | "refundReference"
  >
>;

export type Decision = { ok: true; change: OrderChange; restock: boolean } | { ok: false; message: string };

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

/** True while an order awaiting its UPI payment is past its window (the sweep has not got to it yet). */
export function isOverdue(order: LifecycleOrder, now: Date): boolean {
  return (
    order.paymentStatus === "awaitingPayment" &&
    order.paymentDueAt !== null &&
    order.paymentDueAt.getTime() <= now.getTime()
  );
}

/** The last moment a delivered order can be returned, or null when it is not delivered. */
export function returnableUntil(order: LifecycleOrder): Date | null {
  const delivered = order.orderStatus.delivered?.date;
  if (order.status !== "delivered" || !delivered) return null;
  return new Date(new Date(delivered).getTime() + returnWindowMs);
}

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
        return {
          ok: true,
          change: { status: "shipped", orderStatus: stamp(order.orderStatus, "shipped", now) },
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
          cancelReason: event.reason,
          orderStatus: stamp(order.orderStatus, "cancel", now),
        },
        restock: true,
      };

    case "expire":
      if (status !== "confirmed" || payment !== "awaitingPayment") return refuse("This order is not awaiting payment.");
      if (!isOverdue(order, now)) return refuse("This order's payment window is still open.");
      return {
        ok: true,
        change: {
          status: "cancelled",
          paymentStatus: "expired",
          cancelReason: PAYMENT_NOT_RECEIVED,
          orderStatus: stamp(order.orderStatus, "cancel", now),
        },
        restock: true,
      };

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
            returnReason: event.reason,
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

    case "pay":
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
export const ADMIN_EVENTS = ["ship", "outForDelivery", "deliver", "cancel", "pay", "refund"] as const;
export type AdminEvent = (typeof ADMIN_EVENTS)[number];

// What the UTR, reason and reference hold does not change whether an event is allowed.
const sampleEvents: Record<AdminEvent, OrderEvent> = {
  ship: { type: "ship" },
  outForDelivery: { type: "outForDelivery" },
  deliver: { type: "deliver" },
  cancel: { type: "cancel", reason: null },
  pay: { type: "pay", utr: "000000000000" },
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

// ---------------------------------------------------------------------------------------------
// Applying changes

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Transaction;

export type StockKey = `${string}\u0000${string}`;
export const stockKey = (productId: string, size: string): StockKey => `${productId}\u0000${size}`;

/** Units per variant that the given orders hold, to give back. */
async function unitsHeldBy(tx: Executor, orderIds: string[]): Promise<Map<StockKey, number>> {
  const units = new Map<StockKey, number>();
  if (orderIds.length === 0) return units;
  const lines = await tx
    .select({ productId: orderItems.productId, size: orderItems.size, qty: orderItems.qty })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds));
  for (const line of lines) {
    const key = stockKey(line.productId, line.size);
    units.set(key, (units.get(key) ?? 0) + line.qty);
  }
  return units;
}

/**
 * Variants in the one order every transaction locks them in (product, then size), so that two
 * transactions changing the same variants cannot deadlock on PostgreSQL.
 */
export const byLockOrder = (keys: Iterable<StockKey>): StockKey[] =>
  [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Puts units back in stock, variant by variant in lock order. A variant since removed is skipped. */
async function putBack(tx: Executor, units: Map<StockKey, number>) {
  for (const key of byLockOrder(units.keys())) {
    const [productId, size] = key.split("\u0000");
    await tx
      .update(variants)
      .set({ quantity: sql`${variants.quantity} + ${units.get(key)!}` })
      .where(and(eq(variants.productId, productId), eq(variants.size, size)));
  }
}

/** The order's state as the audit log keeps it. */
const auditView = (row: OrderRow) => ({
  status: row.status,
  paymentStatus: row.paymentStatus,
  paymentReference: row.paymentReference,
  cancelReason: row.cancelReason,
  returnReason: row.returnReason,
  refundReference: row.refundReference,
});

/**
 * Writes a decided change to a row this transaction has locked. The WHERE repeats the state it
 * was decided on, so a change can never apply to a row that moved in between.
 */
async function write(tx: Executor, row: OrderRow, change: OrderChange): Promise<OrderRow> {
  const [updated] = await tx
    .update(orders)
    .set(change)
    .where(and(eq(orders.id, row.id), eq(orders.status, row.status), eq(orders.paymentStatus, row.paymentStatus)))
    .returning();
  if (!updated) throw new Error(`Order ${row.id} changed under its lock`);
  return updated;
}

/**
 * Orders awaiting payment whose window has passed, locked for this transaction. Rows another
 * transaction holds are skipped rather than waited for: whoever holds one is changing it (paying,
 * cancelling, expiring it), and not waiting keeps the sweep from ever being part of a deadlock.
 * `scope` narrows them to one shopper's and to those holding any of the given variants.
 */
export async function lockOverdueOrders(
  tx: Executor,
  now: Date,
  options: { limit?: number; scope?: { userId: string; variants: { productId: string; size: string }[] } } = {},
): Promise<OrderRow[]> {
  const { scope } = options;
  const holdsVariant =
    scope && scope.variants.length > 0
      ? sql`EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id} AND ${or(
          ...scope.variants.map((v) => and(eq(orderItems.productId, v.productId), eq(orderItems.size, v.size))),
        )})`
      : undefined;
  const query = tx
    .select()
    .from(orders)
    .$dynamic()
    .where(
      and(
        eq(orders.paymentStatus, "awaitingPayment"),
        eq(orders.status, "confirmed"),
        lte(orders.paymentDueAt, now),
        scope
          ? holdsVariant
            ? or(eq(orders.userId, scope.userId), holdsVariant)
            : eq(orders.userId, scope.userId)
          : undefined,
      ),
    )
    .orderBy(asc(orders.id));
  if (options.limit) query.limit(options.limit);
  return query.for("update", { skipLocked: true });
}

/**
 * Expires locked overdue orders (cancelled, "Payment not received") and answers the units they
 * held, for the caller to put back: order creation merges them into its own stock changes.
 */
export async function expireLocked(tx: Executor, rows: OrderRow[], now: Date): Promise<Map<StockKey, number>> {
  const expired: string[] = [];
  for (const row of rows) {
    const decision = decide(row, { type: "expire" }, now);
    if (!decision.ok) continue;
    await write(tx, row, decision.change);
    expired.push(row.id);
  }
  return unitsHeldBy(tx, expired);
}

/**
 * The payment sweep: expires every order whose UPI payment window has passed and puts its stock
 * back, a batch per transaction. Safe to run in several processes at once (each skips the rows
 * another holds). Answers how many orders it expired.
 */
export async function expireUnpaidOrders(deps: Pick<ApiDeps, "db" | "now">, batchSize = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const now = deps.now();
    const count = await deps.db.transaction(async (tx) => {
      const rows = await lockOverdueOrders(tx, now, { limit: batchSize });
      await putBack(tx, await expireLocked(tx, rows, now));
      return rows.length;
    });
    if (count > 0) stockChanged();
    total += count;
    if (count < batchSize) return total;
  }
}

/** How often the server runs the payment sweep: orders expire at most this long after their window. */
export const paymentSweepIntervalMs = 30_000;

/**
 * Runs `expireUnpaidOrders` now and then every `intervalMs` (never two at once in this process);
 * a failed sweep is logged and the next one tries again. Answers the function that stops it,
 * whose promise settles once a sweep under way has finished (close the database after it).
 */
export function startPaymentSweeper(
  deps: Pick<ApiDeps, "db" | "now" | "logger">,
  intervalMs = paymentSweepIntervalMs,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const sweep = () => {
    if (running || stopped) return;
    running = expireUnpaidOrders(deps)
      .then(
        (expired) => {
          if (expired > 0) deps.logger.info({ expired }, "expired unpaid orders");
        },
        (error: unknown) => deps.logger.error({ err: error }, "payment sweep failed"),
      )
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  // The sweep alone must not keep a stopping process alive.
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

export type ChangeRequest = {
  orderId: string;
  event: OrderEvent;
  /** Set for a shopper's own change: someone else's order is as absent as an unknown one. */
  userId?: string;
  /** Set for an admin's change, which is written to the audit log. */
  actorId?: string;
  /** What the audit log calls the change ("order.status", …). */
  action?: string;
};

/**
 * Applies `event` to one order in one transaction: locks the order, decides, writes the change,
 * puts the stock back when the change does, and logs an admin's change. An order past its payment
 * window is expired first (the rule is that it is cancelled by then), and the event is decided
 * on what that leaves. A refused event answers 409 with the state machine's reason; an expiry done
 * on the way is kept.
 */
export async function changeOrder(deps: Pick<ApiDeps, "db" | "now">, request: ChangeRequest): Promise<OrderRow> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, request.orderId), request.userId ? eq(orders.userId, request.userId) : undefined))
      .for("update");
    if (!locked) return null;
    let row = locked;
    if (request.event.type !== "expire" && isOverdue(row, now)) {
      const expired = decide(row, { type: "expire" }, now);
      if (expired.ok) {
        row = await write(tx, row, expired.change);
        await putBack(tx, await unitsHeldBy(tx, [row.id]));
      }
    }
    const decision = decide(row, request.event, now);
    if (!decision.ok) return { row, refused: decision.message };
    const before = row;
    row = await write(tx, row, decision.change);
    if (decision.restock) await putBack(tx, await unitsHeldBy(tx, [row.id]));
    if (request.actorId) {
      await tx.insert(auditLog).values({
        actorId: request.actorId,
        action: request.action ?? `order.${request.event.type}`,
        entity: "order",
        entityId: row.id,
        before: auditView(before),
        after: auditView(row),
        at: now,
      });
    }
    return { row, refused: null };
  });
  // Committed: a cancel, a return or an expiry on the way put stock back (api/lib/catalogue-cache.ts).
  if (outcome) stockChanged();
  if (!outcome) throw notFound("Order not found");
  if (outcome.refused)
    throw conflict(outcome.refused, { status: outcome.row.status, paymentStatus: outcome.row.paymentStatus });
  return outcome.row;
}
