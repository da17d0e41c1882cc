import { and, asc, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { auditLog, orderItems, orders, variants } from "../../db/schema";
import { stockChanged } from "../catalogue/catalogue-cache";
import type { ApiDeps, ShopIdentity } from "../context";
import { conflict, notFound } from "../http/http";
import { type CreditReason, issueCreditNotes, issueOrderInvoices } from "../tax/gst-records";
import { changeEventOf, expiryEventOf, recordOrderEvent } from "./order-events";
import { decide } from "./order-lifecycle";
import { isOverdue, type OrderChange, type OrderEvent, type OrderRow } from "./order-states";

/*
 * The transactions that apply the order state machine's answers (api/lib/orders/order-lifecycle.ts): lock
 * the order, decide, write the change, put the stock back, log an admin's change.
 */

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
export async function putBack(tx: Executor, units: Map<StockKey, number>) {
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
 * Orders past their deadline, locked for this transaction: awaiting a UPI payment past its window,
 * or a Cash on Delivery confirmation past its time (each has its own job, api/lib/payments/payment-jobs.ts
 * and cod-confirmation.ts; this is the backstop for a job that did not run). Rows another
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
        eq(orders.status, "confirmed"),
        or(
          and(eq(orders.paymentStatus, "awaitingPayment"), lte(orders.paymentDueAt, now)),
          and(eq(orders.codConfirmation, "awaiting"), lte(orders.codConfirmDueAt, now)),
        ),
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
 * Expires locked overdue orders (cancelled, "Payment not received" or "Not confirmed in time") and answers the units they
 * held, for the caller to put back: order creation merges them into its own stock changes.
 */
export async function expireLocked(
  tx: Executor,
  rows: OrderRow[],
  now: Date,
  shop: ShopIdentity,
): Promise<Map<StockKey, number>> {
  const expired: string[] = [];
  for (const row of rows) {
    const decision = decide(row, { type: "expire" }, now);
    if (!decision.ok) continue;
    const written = await write(tx, row, decision.change);
    await recordOrderEvent(tx, expiryEventOf(written), written, shop, now);
    expired.push(row.id);
  }
  return unitsHeldBy(tx, expired);
}

/**
 * Takes an order's units from stock again (reinstating it), variant by variant in lock order:
 * all of them, or, when any is short, none (409, and the transaction rolls back).
 */
async function takeAgain(tx: Executor, orderId: string) {
  const units = await unitsHeldBy(tx, [orderId]);
  for (const key of byLockOrder(units.keys())) {
    const [productId, size] = key.split("\u0000");
    const wanted = units.get(key)!;
    const variant = and(eq(variants.productId, productId), eq(variants.size, size));
    const [taken] = await tx
      .update(variants)
      .set({ quantity: sql`${variants.quantity} - ${wanted}` })
      .where(and(variant, gte(variants.quantity, wanted)))
      .returning({ quantity: variants.quantity });
    if (!taken) {
      const [left] = await tx.select({ quantity: variants.quantity }).from(variants).where(variant);
      const [line] = await tx
        .select({ title: orderItems.title })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, orderId), eq(orderItems.productId, productId), eq(orderItems.size, size)))
        .limit(1);
      throw conflict(
        `The order cannot be reinstated: ${line?.title ?? "a product"} (size ${size}) has ${left?.quantity ?? 0} left of the ${wanted} it needs. Refund the payment instead.`,
        { productId, size, requested: wanted, available: left?.quantity ?? 0 },
        "NOT_ENOUGH_STOCK",
      );
    }
  }
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

/** The events that reverse an order's invoices, and the reason their credit notes give. */
const CREDIT_REASONS: Partial<Record<OrderEvent["type"], CreditReason>> = {
  return: "returned",
  returnToOrigin: "returnedToOrigin",
  refund: "refunded",
};

/**
 * Applies `event` to one order in one transaction: locks the order, decides, writes the change,
 * puts the stock back when the change does, and logs an admin's change. An order past its payment
 * window is expired first (the rule is that it is cancelled by then), and the event is decided
 * on what that leaves. A refused event answers 409 with the state machine's reason; an expiry done
 * on the way is kept.
 */
export async function changeOrder(
  deps: Pick<ApiDeps, "db" | "now" | "shop">,
  request: ChangeRequest,
): Promise<OrderRow> {
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
        await recordOrderEvent(tx, expiryEventOf(row), row, deps.shop, now);
      }
    }
    const decision = decide(row, request.event, now);
    if (!decision.ok) return { row, refused: decision.message };
    const before = row;
    row = await write(tx, row, decision.change);
    if (decision.restock) await putBack(tx, await unitsHeldBy(tx, [row.id]));
    if (decision.take) await takeAgain(tx, row.id);
    // The tax invoices are issued as the goods leave, numbered in this transaction (CGST Rule 46).
    if (request.event.type === "ship") await issueOrderInvoices(tx, row.id, now, deps.shop.gst);
    // What comes back, or is refunded after dispatch, takes a credit note for each invoice (section 34).
    const credit = CREDIT_REASONS[request.event.type];
    if (credit) await issueCreditNotes(tx, row.id, credit, now);
    // The shopper and the webhook endpoints hear of it, in this transaction (order-events.ts).
    await recordOrderEvent(tx, changeEventOf(request.event, before, row), row, deps.shop, now);
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
  // Committed: a cancel, a return or an expiry on the way put stock back (api/lib/catalogue/catalogue-cache.ts).
  if (outcome) stockChanged();
  if (!outcome) throw notFound("Order not found");
  if (outcome.refused)
    throw conflict(
      outcome.refused,
      { status: outcome.row.status, paymentStatus: outcome.row.paymentStatus },
      "ORDER_STATE",
    );
  return outcome.row;
}
