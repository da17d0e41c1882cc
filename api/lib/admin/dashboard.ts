import { eq, or, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { messages, orders, reviews, variants, webhookDeliveries } from "../../db/schema";
import { LOW_STOCK_THRESHOLD } from "../../contract";
import { isLowOnStock } from "../catalogue/admin-catalogue-reads";
import { messagesWhere } from "../messages/admin-messages";
import { inOrderQueue, ORDER_QUEUES, type OrderQueue } from "../orders/order-queues";
import { inModerationQueue } from "../reviews/moderation";
import { deliveriesWhere } from "../webhooks/admin-webhooks";
import {
  invoiced,
  type LedgerKind,
  paymentOutcomes,
  placedFigures,
  reasonCounts,
  reviewFigures,
  salesLedger,
  topSellers,
} from "./dashboard-figures";
import type { DayRange, Period } from "./dashboard-period";

/** The owner's dashboard (GET /userapp/admin/dashboard): the period's figures beside the period before's. */

type DayFigures = { day: string; sales: number } & Record<LedgerKind, number> & { orders: number };

/** The headline figures of one period. */
async function headline(db: Database, range: DayRange) {
  const [ledger, placed, invoicedFigures, reviewsFigures] = await Promise.all([
    salesLedger(db, range),
    placedFigures(db, range),
    invoiced(db, range),
    reviewFigures(db, range),
  ]);
  const total = (kind: LedgerKind, method?: string) =>
    ledger
      .filter((row) => row.kind === kind && (!method || row.method === method))
      .reduce((sum, row) => sum + row.amount, 0);
  const salesOf = (method?: string) =>
    total("placed", method) - total("cancelled", method) - total("refused", method) - total("refunded", method);
  return {
    ledger,
    figures: {
      sales: salesOf(),
      placedAmount: total("placed"),
      cancelledAmount: total("cancelled"),
      refusedAmount: total("refused"),
      refundedAmount: total("refunded"),
      ...placed,
      averageOrderValue: placed.orders > 0 ? Math.round(placed.charged / placed.orders) : 0,
      invoiced: invoicedFigures,
      ...reviewsFigures,
    },
    salesOf,
  };
}

/** Each day of `range` with its ledger, days without orders as zero. */
function salesByDay(range: DayRange, ledger: Awaited<ReturnType<typeof headline>>["ledger"]): DayFigures[] {
  const byDay = new Map<string, DayFigures>(
    range.days.map((day) => [day, { day, sales: 0, orders: 0, placed: 0, cancelled: 0, refused: 0, refunded: 0 }]),
  );
  for (const row of ledger) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    entry[row.kind] += row.amount;
    if (row.kind === "placed") entry.orders += row.n;
    entry.sales = entry.placed - entry.cancelled - entry.refused - entry.refunded;
  }
  return [...byDay.values()];
}

const countOf = async (db: Database, table: PgTable, where: SQL | undefined) => {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return n;
};

/** The orders waiting in each queue, in one pass over the open orders and those owed a refund. */
async function orderQueueCounts(db: Database): Promise<Record<OrderQueue, number>> {
  const [row] = await db
    .select(
      Object.fromEntries(
        ORDER_QUEUES.map((queue) => [queue, sql<number>`(count(*) filter (where ${inOrderQueue(queue)}))::int`]),
      ) as Record<OrderQueue, SQL.Aliased<number> | SQL<number>>,
    )
    .from(orders)
    .where(or(eq(orders.status, "confirmed"), eq(orders.paymentStatus, "refundPending")));
  return row as Record<OrderQueue, number>;
}

/** What needs the owner now: each count is its list's own filter (the list it links to). */
export async function needsNow(db: Database) {
  const [orderCounts, reviewsToModerate, lowStock, failedMessages, failedWebhooks] = await Promise.all([
    orderQueueCounts(db),
    countOf(db, reviews, inModerationQueue()),
    countOf(db, variants, isLowOnStock(LOW_STOCK_THRESHOLD)),
    countOf(db, messages, messagesWhere({ state: "failed" })),
    countOf(db, webhookDeliveries, deliveriesWhere({ state: "failed" })),
  ]);
  return { ...orderCounts, reviewsToModerate, lowStock, failedMessages, failedWebhooks };
}

export async function dashboard(db: Database, period: Period) {
  const [current, previous, outcomes, reasons, top, now] = await Promise.all([
    headline(db, period.current),
    headline(db, period.previous),
    paymentOutcomes(db, period.current),
    reasonCounts(db, period.current),
    topSellers(db, period.current),
    needsNow(db),
  ]);
  const placedByMethod = (method: string) =>
    current.ledger.filter((row) => row.kind === "placed" && row.method === method).reduce((sum, row) => sum + row.n, 0);
  return {
    period: {
      name: period.name,
      from: period.current.from,
      to: period.current.to,
      days: period.current.days.length,
      previous: { from: period.previous.from, to: period.previous.to },
    },
    current: current.figures,
    previous: previous.figures,
    salesByDay: salesByDay(period.current, current.ledger),
    paymentMix: (["cod", "Upi"] as const).map((method) => ({
      method,
      orders: placedByMethod(method),
      sales: current.salesOf(method),
    })),
    outcomes,
    reasons,
    top,
    needsNow: now,
  };
}

export type DashboardJson = Awaited<ReturnType<typeof dashboard>>;
