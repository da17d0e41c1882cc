import { and, eq, sql } from "drizzle-orm";
import type { Task } from "graphile-worker";
import type { Database, Transaction } from "../../db/client";
import { orders } from "../../db/schema";
import { stockChanged } from "../catalogue/catalogue-cache";
import type { ShopIdentity } from "../context";
import { expireLocked, putBack } from "../orders/order-changes";
import { recordOrderEvent } from "../orders/order-events";

/*
 * An Online Payment order's two moments, as queue jobs added with the order (in its transaction):
 * the reminder that its payment window is closing, and its expiry when the window has passed.
 * Each job reads the order under its row lock when it runs, and does nothing when the order has
 * been paid or cancelled meanwhile. The payment sweep (payment-sweeper.ts) stays as a backstop,
 * for orders placed before these jobs existed.
 */

/** The queue jobs (api/lib/messages/delivery.ts runs them). */
export const PAYMENT_REMINDER = "order-payment-reminder";
export const EXPIRE_ORDER = "order-expire";

const TEN_MINUTES = 10 * 60 * 1000;

/** How long before the window closes the shopper is reminded: 10 minutes, or half the window when it is under 20. */
export const reminderLeadMs = (windowMs: number) => (windowMs >= 2 * TEN_MINUTES ? TEN_MINUTES : windowMs / 2);

/** Adds the order's reminder and expiry jobs, in `tx`: the transaction that places it. */
export async function schedulePaymentJobs(
  tx: Transaction | Database,
  order: { id: string; placedAt: Date; dueAt: Date },
): Promise<void> {
  const remindAt = new Date(order.dueAt.getTime() - reminderLeadMs(order.dueAt.getTime() - order.placedAt.getTime()));
  const payload = sql`json_build_object('orderId', ${order.id}::text)`;
  await tx.execute(sql`select
    graphile_worker.add_job(${PAYMENT_REMINDER}, ${payload}, run_at => ${remindAt.toISOString()}::timestamptz,
      max_attempts => 5, job_key => ${`remind:${order.id}`}::text),
    graphile_worker.add_job(${EXPIRE_ORDER}, ${payload}, run_at => ${order.dueAt.toISOString()}::timestamptz,
      max_attempts => 10, job_key => ${`expire:${order.id}`}::text)`);
}

export type PaymentJobDeps = { db: Database; shop: ShopIdentity; now: () => Date };

const orderIdOf = (payload: unknown) => {
  const orderId = (payload as { orderId?: unknown } | null)?.orderId;
  if (typeof orderId !== "string") throw new Error("The job names no order");
  return orderId;
};

/** Reminds the shopper that the payment window closes soon, if the order still waits for its payment. */
export const paymentReminderTask =
  (deps: PaymentJobDeps): Task =>
  async (payload) => {
    const orderId = orderIdOf(payload);
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      const waiting =
        row?.status === "confirmed" &&
        row.paymentStatus === "awaitingPayment" &&
        row.paymentDueAt !== null &&
        row.paymentDueAt.getTime() > now.getTime();
      if (waiting) await recordOrderEvent(tx, "paymentReminder", row, deps.shop, now);
    });
  };

/**
 * Expires the order once its window has passed, if it still waits for its payment, and puts its
 * stock back. A row another transaction holds is left to it (it is paying, cancelling or expiring
 * the order). Run early (the database's clock ahead of ours), it fails and is tried again.
 */
export const expireOrderTask =
  (deps: PaymentJobDeps): Task =>
  async (payload) => {
    const orderId = orderIdOf(payload);
    const now = deps.now();
    const outcome = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.status, "confirmed"), eq(orders.paymentStatus, "awaitingPayment")))
        .for("update", { skipLocked: true });
      if (!row || row.paymentDueAt === null) return "done";
      if (row.paymentDueAt.getTime() > now.getTime()) return "early";
      await putBack(tx, await expireLocked(tx, [row], now, deps.shop));
      return "expired";
    });
    if (outcome === "expired") stockChanged();
    if (outcome === "early") throw new Error(`Order ${orderId}'s payment window has not closed yet`);
  };
