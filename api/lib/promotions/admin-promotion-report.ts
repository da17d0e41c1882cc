import { and, asc, desc, eq, gte, lt, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders, promotionCodes, promotionRedemptions } from "../../db/schema";
import { csvRecord, toSpreadsheetText } from "../catalogue/csv";
import { notFound } from "../http/http";
import { formatOrderNumber } from "../orders/order-numbers";
import { loadPromotion, type PromotionJson } from "./admin-promotions";

// A promotion's report for the back office (GET /userapp/admin/promotions/{id}/report, and its
// CSV): the orders holding a use, what they were given off and what they came to, the uses given
// back and those taken past the cap by late payments, and for a prepaid offer the share of orders
// paid online before and during it. Read-only: the uses are written by the shopper's side.
// Decision 051.

/** How many of the newest uses the JSON report lists (the CSV has them all). */
export const RECENT_USES = 50;

/** A moment as a spreadsheet reads it, in India time ("2026-12-01 15:45"). */
const indiaTime = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

const useColumns = {
  orderId: orders.id,
  sequence: orders.orderNumber,
  placedAt: orders.createdAt,
  paymentMethod: orders.paymentMethod,
  code: promotionRedemptions.code,
  discount: promotionRedemptions.discount,
  paid: orders.totalAmount,
  status: promotionRedemptions.status,
  overCap: promotionRedemptions.overCap,
};

async function usesOf(db: Database, id: string, limit: number | null) {
  const query = db
    .select(useColumns)
    .from(promotionRedemptions)
    .innerJoin(orders, eq(orders.id, promotionRedemptions.orderId))
    .where(eq(promotionRedemptions.promotionId, id))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const rows = await (limit === null ? query : query.limit(limit));
  return rows.map(({ sequence, placedAt, ...row }) => ({
    ...row,
    orderNumber: formatOrderNumber(sequence, placedAt),
    placedAt: placedAt.toISOString(),
    status: row.status as "held" | "released",
  }));
}

/** Orders placed in [from, to), cancelled ones left out (expired unpaid orders among them), and how many chose to pay online. */
async function period(db: Database, from: Date, to: Date) {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      online: sql<number>`(count(*) filter (where ${orders.paymentMethod} = 'Upi'))::int`,
    })
    .from(orders)
    .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to), ne(orders.status, "cancelled")));
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    orders: row!.orders,
    online: row!.online,
    onlineShare: row!.orders === 0 ? null : Math.round((row!.online / row!.orders) * 1000) / 10,
  };
}

/** A prepaid offer's periods: from its start to its end (or now), and one as long just before it. */
async function prepaidShare(db: Database, promotion: PromotionJson, now: Date) {
  if (promotion.kind !== "offer" || promotion.paymentMethod !== "Upi") return null;
  const start = new Date(promotion.startsAt);
  const endsAt = promotion.endsAt ? new Date(promotion.endsAt) : now;
  const end = new Date(Math.max(start.getTime(), Math.min(endsAt.getTime(), now.getTime())));
  const length = end.getTime() - start.getTime();
  return {
    before: await period(db, new Date(start.getTime() - length), start),
    during: await period(db, start, end),
  };
}

export async function promotionReport(db: Database, id: string, now: Date) {
  const promotion = await loadPromotion(db, id, now);
  if (!promotion) throw notFound("Promotion not found");
  const held = sql`${promotionRedemptions.status} = 'held'`;
  const [totals] = await db
    .select({
      orders: sql<number>`(count(*) filter (where ${held}))::int`,
      totalDiscount: sql<number>`coalesce(sum(${promotionRedemptions.discount}) filter (where ${held}), 0)::int`,
      revenue: sql<number>`coalesce(sum(${orders.totalAmount}) filter (where ${held}), 0)::int`,
      released: sql<number>`(count(*) filter (where ${promotionRedemptions.status} = 'released'))::int`,
      overCap: sql<number>`(count(*) filter (where ${held} and ${promotionRedemptions.overCap}))::int`,
    })
    .from(promotionRedemptions)
    .innerJoin(orders, eq(orders.id, promotionRedemptions.orderId))
    .where(eq(promotionRedemptions.promotionId, id));
  return {
    promotion,
    ...totals!,
    prepaid: await prepaidShare(db, promotion, now),
    recentUses: await usesOf(db, id, RECENT_USES),
  };
}
export type PromotionReportJson = Awaited<ReturnType<typeof promotionReport>>;

const text = (value: string | null) => toSpreadsheetText(value ?? "");
const share = (value: number | null) => (value === null ? "" : `${value}%`);
const PAYMENT_WORDS: Record<string, string> = { Upi: "Online Payment", cod: "Cash on Delivery" };

/**
 * The report as CSV: its figures as "figure,value" rows, a blank line, then every use, newest
 * first. Text is written through the spreadsheet-formula guard (api/lib/catalogue/csv.ts).
 */
export async function promotionReportCsv(db: Database, id: string, now: Date): Promise<string> {
  const report = await promotionReport(db, id, now);
  const { promotion } = report;
  const lines: string[][] = [
    ["Figure", "Value"],
    ["Promotion", text(promotion.name)],
    ["Code", text(promotion.code ?? (promotion.bulk ? "Single-use codes" : "Automatic offer"))],
    ["Orders", String(report.orders)],
    ["Total discount (₹)", String(report.totalDiscount)],
    ["Revenue (₹)", String(report.revenue)],
    ["Uses given back by cancellations", String(report.released)],
    ["Uses past the cap (late payments)", String(report.overCap)],
  ];
  if (report.prepaid) {
    const { before, during } = report.prepaid;
    lines.push(
      ["Paid online before the offer", share(before.onlineShare)],
      ["Orders before the offer", String(before.orders)],
      ["Paid online during the offer", share(during.onlineShare)],
      ["Orders during the offer", String(during.orders)],
    );
  }
  lines.push(
    [],
    ["Order", "Placed (India time)", "Payment", "Code", "Discount (₹)", "Paid (₹)", "Use", "Past the cap"],
  );
  for (const use of await usesOf(db, id, null))
    lines.push([
      use.orderNumber,
      indiaTime.format(new Date(use.placedAt)),
      PAYMENT_WORDS[use.paymentMethod] ?? text(use.paymentMethod),
      text(use.code),
      String(use.discount),
      String(use.paid),
      use.status === "held" ? "Held" : "Given back",
      use.overCap ? "Yes" : "No",
    ]);
  return lines.map((fields) => (fields.length === 0 ? "\r\n" : csvRecord(fields))).join("");
}

/** A bulk campaign's codes as CSV, oldest first: each code, whether it is used, and by which order. */
export async function bulkCodesCsv(db: Database, id: string, now: Date): Promise<string> {
  const promotion = await loadPromotion(db, id, now);
  if (!promotion) throw notFound("Promotion not found");
  const rows = await db
    .select({ code: promotionCodes.code, sequence: orders.orderNumber, placedAt: orders.createdAt })
    .from(promotionCodes)
    .leftJoin(orders, eq(orders.id, promotionCodes.orderId))
    .where(eq(promotionCodes.promotionId, id))
    .orderBy(asc(promotionCodes.createdAt), asc(promotionCodes.code));
  const lines = [csvRecord(["Code", "Used", "Order"])];
  for (const row of rows)
    lines.push(
      csvRecord([
        text(row.code),
        row.sequence === null ? "No" : "Yes",
        row.sequence === null || !row.placedAt ? "" : formatOrderNumber(row.sequence, row.placedAt),
      ]),
    );
  return lines.join("");
}
