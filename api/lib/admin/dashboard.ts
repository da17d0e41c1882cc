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
  averageRating,
  type LedgerKind,
  type LedgerRow,
  OUTCOME_COUNTS,
  type OutcomeCounts,
  outcomesOf,
  reasonsOf,
  topSellers,
} from "./dashboard-figures";
import type { DayRange, Period } from "./dashboard-period";
import { type DayFigures, daysOf } from "./dashboard-rollup";

/**
 * The owner's dashboard (GET /userapp/admin/dashboard): the period's figures beside the period
 * before's, each the sum of its days' (from the daily roll-up, or live: dashboard-rollup.ts).
 */

type DayLedger = { day: string; sales: number } & Record<LedgerKind, number> & { orders: number };

/** Adds up the numbers of `rows`, key by key. */
function sum<T extends Record<string, number>>(rows: T[], keys: readonly (keyof T)[]): T {
  const total = Object.fromEntries(keys.map((key) => [key, 0])) as Record<keyof T, number>;
  for (const row of rows) for (const key of keys) total[key] += row[key];
  return total as T;
}

/** The headline figures of one period, from its days. */
function headline(range: DayRange, days: Map<string, DayFigures>) {
  const list = range.days.map((day) => ({ day, figures: days.get(day)! }));
  const ledger: LedgerRow[] = list.flatMap(({ day, figures }) => figures.ledger.map((row) => ({ day, ...row })));
  const first = list[0].figures;
  const placed = sum(
    list.map(({ figures }) => figures.placed),
    Object.keys(first.placed) as (keyof DayFigures["placed"])[],
  );
  const invoicedFigures = sum(
    list.map(({ figures }) => figures.invoiced),
    ["invoices", "creditNotes", "taxablePaise", "gstPaise"],
  );
  const reviews = sum(
    list.map(({ figures }) => figures.reviews),
    ["reviews", "published", "publishedStars"],
  );
  const total = (kind: LedgerKind, method?: string) =>
    ledger
      .filter((row) => row.kind === kind && (!method || row.method === method))
      .reduce((total, row) => total + row.amount, 0);
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
      orders: placed.orders,
      units: placed.units,
      charged: placed.charged,
      discounts: placed.discounts,
      ordersWithPromotion: placed.ordersWithPromotion,
      newShoppers: placed.newShoppers,
      averageOrderValue: placed.orders > 0 ? Math.round(placed.charged / placed.orders) : 0,
      invoiced: invoicedFigures,
      reviews: reviews.reviews,
      published: reviews.published,
      averageRating: averageRating(reviews),
    },
    salesOf,
  };
}

/** Each day of `range` with its ledger, days without orders as zero. */
function salesByDay(range: DayRange, ledger: LedgerRow[]): DayLedger[] {
  const byDay = new Map<string, DayLedger>(
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
  const both: DayRange = { ...period.previous, to: period.current.to, end: period.current.end };
  both.days = [...period.previous.days, ...period.current.days];
  const [{ days, products }, now] = await Promise.all([
    daysOf(db, both, period.today, period.current.from),
    needsNow(db),
  ]);
  const current = headline(period.current, days);
  const previous = headline(period.previous, days);
  const currentDays = period.current.days.map((day) => days.get(day)!);
  const top = await topSellers(db, products);
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
    outcomes: outcomesOf(
      sum<OutcomeCounts>(
        currentDays.map((day) => day.outcomes),
        OUTCOME_COUNTS,
      ),
    ),
    reasons: reasonsOf(currentDays.flatMap((day) => day.reasons)),
    top,
    needsNow: now,
  };
}

export type DashboardJson = Awaited<ReturnType<typeof dashboard>>;
