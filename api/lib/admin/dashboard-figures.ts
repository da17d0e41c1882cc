import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client";
import type { DayRange } from "./dashboard-period";

/**
 * The dashboard's figures for one run of Indian days, each defined in one line in
 * docs/back-office.md and read straight from the orders, their lines and the tax documents (no
 * roll-up: docs/decisions/052-owner-dashboard.md). Money is whole rupees, tax in paise.
 *
 * Sales is a ledger: every change to what the shop keeps counts on the Indian day it happened.
 *   placed      +total  when the order was placed (a reinstated order: when it was reinstated)
 *   cancelled   −total  when it was cancelled (paid or not: the refund of a cancelled order settles
 *                       money already out of sales)
 *   refused     −total  when a Cash on Delivery parcel came back unpaid (returned to origin)
 *   refunded    −total  when a returned order's money was given back (delivered then returned, or
 *                       paid online and returned to origin)
 */

export const LEDGER_KINDS = ["placed", "cancelled", "refused", "refunded"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export type PaymentMethod = "cod" | "Upi";

type LedgerRow = { day: string; method: PaymentMethod; kind: LedgerKind; n: number; amount: number };

const IST = sql.raw(`'Asia/Kolkata'`);
const reinstated = sql.raw(`'[{"kind":"reinstated"}]'::jsonb`);

/** The ledger's entries in `range`, summed by Indian day, payment method and kind. */
export async function salesLedger(db: Database, range: DayRange): Promise<LedgerRow[]> {
  const start = range.start.toISOString();
  const end = range.end.toISOString();
  const dated = (path: "cancel" | "returned" | "refunded") => sql.raw(`(o.order_status -> '${path}' ->> 'date')`);
  const rows = rowsOf<{ day: string; method: PaymentMethod; kind: LedgerKind; n: number; amount: string }>(
    await db.execute(sql`
      select to_char(e.at at time zone ${IST}, 'YYYY-MM-DD') as day, e.method, e.kind,
        count(*)::int as n, sum(e.amount)::bigint as amount
      from (
        select o.created_at as at, o.payment_method as method, 'placed' as kind, o.total_amount as amount
          from orders o
          where o.created_at >= ${range.start} and o.created_at < ${range.end} and not (o.notes @> ${reinstated})
        union all
        select r.at, o.payment_method, 'placed', o.total_amount
          from orders o
          cross join lateral (
            select max(n ->> 'at')::timestamptz as at from jsonb_array_elements(o.notes) n where n ->> 'kind' = 'reinstated'
          ) r
          where o.notes @> ${reinstated} and r.at >= ${range.start} and r.at < ${range.end}
        union all
        select ${dated("cancel")}::timestamptz, o.payment_method, 'cancelled', o.total_amount
          from orders o
          where o.status = 'cancelled' and ${dated("cancel")} >= ${start} and ${dated("cancel")} < ${end}
        union all
        select ${dated("returned")}::timestamptz, o.payment_method, 'refused', o.total_amount
          from orders o
          where o.status = 'returned' and o.payment_status = 'cancelled'
            and ${dated("returned")} >= ${start} and ${dated("returned")} < ${end}
        union all
        select ${dated("refunded")}::timestamptz, o.payment_method, 'refunded', o.total_amount
          from orders o
          where o.status = 'returned' and o.payment_status = 'refunded'
            and ${dated("refunded")} >= ${start} and ${dated("refunded")} < ${end}
      ) e
      group by 1, 2, 3`),
  );
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

/** What the orders placed in `range` (by when they were placed) add up to. */
export type PlacedFigures = {
  orders: number;
  units: number;
  /** What their shoppers were charged, the fee included. */
  charged: number;
  discounts: number;
  ordersWithPromotion: number;
  newShoppers: number;
};

export async function placedFigures(db: Database, range: DayRange): Promise<PlacedFigures> {
  const [row] = rowsOf<Record<keyof PlacedFigures, string | number>>(
    await db.execute(sql`
      with placed as (
        select o.id, o.user_id, o.total_amount, o.promotion_discount from orders o
        where o.created_at >= ${range.start} and o.created_at < ${range.end}
      )
      select
        (select count(*) from placed)::int as "orders",
        (select coalesce(sum(i.qty), 0) from order_items i join placed p on p.id = i.order_id)::bigint as "units",
        (select coalesce(sum(total_amount), 0) from placed)::bigint as "charged",
        (select coalesce(sum(promotion_discount), 0) from placed)::bigint as "discounts",
        (select count(*) from placed p where p.promotion_discount > 0
           or exists (select 1 from promotion_redemptions r where r.order_id = p.id and r.status = 'held'))::int
          as "ordersWithPromotion",
        (select count(distinct p.user_id) from placed p
           where not exists (select 1 from orders b where b.user_id = p.user_id and b.created_at < ${range.start}))::int
          as "newShoppers"`),
  );
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as PlacedFigures;
}

/** How the orders placed in `range` turned out, by payment method (docs/back-office.md defines each). */
export type PaymentOutcomes = {
  cod: { confirmed: number; awaiting: number; notConfirmedInTime: number; refusedAtDoor: number; delivered: number };
  upi: { paid: number; awaitingPayment: number; expired: number; paidLate: number };
};

const paidLate = sql.raw(`'[{"kind":"paidAfterCancellation"}]'::jsonb`);
const toOrigin = sql.raw(`'[{"kind":"returnedToOrigin"}]'::jsonb`);

export async function paymentOutcomes(db: Database, range: DayRange): Promise<PaymentOutcomes> {
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select
        count(*) filter (where payment_method = 'cod' and cod_confirmation = 'confirmed')::int as "codConfirmed",
        count(*) filter (where payment_method = 'cod' and cod_confirmation = 'awaiting' and status = 'confirmed')::int
          as "codAwaiting",
        count(*) filter (where payment_method = 'cod' and cod_confirmation = 'expired')::int as "codExpired",
        count(*) filter (where payment_method = 'cod' and notes @> ${toOrigin})::int as "codRefused",
        count(*) filter (where payment_method = 'cod' and (order_status -> 'delivered' ->> 'isConfirmed') = 'true')::int
          as "codDelivered",
        count(*) filter (where payment_method = 'Upi' and paid_at is not null and not (notes @> ${paidLate}))::int
          as "upiPaid",
        count(*) filter (where payment_method = 'Upi' and payment_status = 'awaitingPayment')::int as "upiAwaiting",
        count(*) filter (where payment_method = 'Upi' and payment_status = 'expired')::int as "upiExpired",
        count(*) filter (where payment_method = 'Upi' and notes @> ${paidLate})::int as "upiPaidLate"
      from orders
      where created_at >= ${range.start} and created_at < ${range.end}`),
  );
  return {
    cod: {
      confirmed: row.codConfirmed,
      awaiting: row.codAwaiting,
      notConfirmedInTime: row.codExpired,
      refusedAtDoor: row.codRefused,
      delivered: row.codDelivered,
    },
    upi: { paid: row.upiPaid, awaitingPayment: row.upiAwaiting, expired: row.upiExpired, paidLate: row.upiPaidLate },
  };
}

/** Orders cancelled, and orders returned (to the shop or to origin), in `range`, by their reason's code. */
export async function reasonCounts(db: Database, range: DayRange) {
  const start = range.start.toISOString();
  const end = range.end.toISOString();
  const rows = rowsOf<{ kind: "cancelled" | "returned"; code: string; n: number; amount: string }>(
    await db.execute(sql`
      select 'cancelled' as kind, coalesce(o.cancel_reason_code, 'other') as code, count(*)::int as n,
          sum(o.total_amount)::bigint as amount
        from orders o
        where o.status = 'cancelled' and (o.order_status -> 'cancel' ->> 'date') >= ${start}
          and (o.order_status -> 'cancel' ->> 'date') < ${end}
        group by 2
      union all
      select 'returned', coalesce(o.return_reason_code, 'other'), count(*)::int, sum(o.total_amount)::bigint
        from orders o
        where o.status = 'returned' and (o.order_status -> 'returned' ->> 'date') >= ${start}
          and (o.order_status -> 'returned' ->> 'date') < ${end}
        group by 2
      order by 1, 3 desc, 2`),
  );
  const of = (kind: "cancelled" | "returned") =>
    rows
      .filter((row) => row.kind === kind)
      .map((row) => ({ code: row.code, orders: row.n, amount: Number(row.amount) }));
  return { cancellations: of("cancelled"), returns: of("returned") };
}

/** How many rows each top list keeps. */
export const TOP_LIMIT = 10;

/**
 * The best-selling products and categories among the orders placed in `range` that were kept
 * (neither cancelled nor returned): by what shoppers paid for their lines (after discounts) and by units.
 */
export async function topSellers(db: Database, range: DayRange) {
  const rows = rowsOf<{ id: string; title: string; category: string; sales: string; units: string }>(
    await db.execute(sql`
      select i.product_id as id, max(i.title) as title, max(p.category) as category,
        sum(i.amount - i.discount)::bigint as sales, sum(i.qty)::bigint as units
      from orders o
      join order_items i on i.order_id = o.id
      join products p on p.id = i.product_id
      where o.created_at >= ${range.start} and o.created_at < ${range.end} and o.status not in ('cancelled', 'returned')
      group by i.product_id`),
  );
  const products = rows.map((row) => ({
    id: row.id,
    title: row.title,
    category: row.category,
    sales: Number(row.sales),
    units: Number(row.units),
  }));
  const categories = new Map<string, { category: string; sales: number; units: number }>();
  for (const product of products) {
    const entry = categories.get(product.category) ?? { category: product.category, sales: 0, units: 0 };
    entry.sales += product.sales;
    entry.units += product.units;
    categories.set(product.category, entry);
  }
  const by = <T extends { sales: number; units: number }>(list: T[], key: "sales" | "units") =>
    [...list].sort((a, b) => b[key] - a[key] || b.sales - a.sales).slice(0, TOP_LIMIT);
  return {
    bySales: by(products, "sales"),
    byUnits: by(products, "units"),
    categories: by([...categories.values()], "sales"),
  };
}

/**
 * What was invoiced in `range`: the tax invoices (the sellers' and the shop's fee invoices) issued
 * in it, less the credit notes issued in it, as taxable value and GST in paise, summed from the
 * same columns the documents print (api/lib/tax/gst-invoices.ts).
 */
export async function invoiced(db: Database, range: DayRange) {
  const [row] = rowsOf<Record<string, string>>(
    await db.execute(sql`
      with seller_docs as (
        select i.order_id, i.merchant_id, 1 as sign from invoices i
          where i.issued_at >= ${range.start} and i.issued_at < ${range.end}
        union all
        select c.order_id, c.merchant_id, -1 from credit_notes c
          where c.merchant_id is not null and c.issued_at >= ${range.start} and c.issued_at < ${range.end}
      ),
      fee_docs as (
        select f.order_id, 1 as sign from fee_invoices f
          where f.issued_at >= ${range.start} and f.issued_at < ${range.end}
        union all
        select c.order_id, -1 from credit_notes c
          where c.merchant_id is null and c.issued_at >= ${range.start} and c.issued_at < ${range.end}
      ),
      lines as (
        select d.sign * coalesce(l.taxable_paise, 0) as taxable,
          d.sign * (coalesce(l.cgst_paise, 0) + coalesce(l.sgst_paise, 0) + coalesce(l.igst_paise, 0)) as gst
        from seller_docs d join order_items l on l.order_id = d.order_id and l.merchant_id = d.merchant_id
        union all
        select d.sign * f.taxable_paise, d.sign * (f.cgst_paise + f.sgst_paise + f.igst_paise)
        from fee_docs d join fee_invoices f on f.order_id = d.order_id
      )
      select
        (select count(*) from invoices where issued_at >= ${range.start} and issued_at < ${range.end})
          + (select count(*) from fee_invoices where issued_at >= ${range.start} and issued_at < ${range.end})
          as "invoices",
        (select count(*) from credit_notes where issued_at >= ${range.start} and issued_at < ${range.end})
          as "creditNotes",
        sums.taxable as "taxablePaise",
        sums.gst as "gstPaise"
      from (select coalesce(sum(taxable), 0) as taxable, coalesce(sum(gst), 0) as gst from lines) sums`),
  );
  return {
    invoices: Number(row.invoices),
    creditNotes: Number(row.creditNotes),
    taxablePaise: Number(row.taxablePaise),
    gstPaise: Number(row.gstPaise),
  };
}

/** Reviews written in `range` (the seed's samples aside) and the average of those published. */
export async function reviewFigures(db: Database, range: DayRange) {
  const [row] = rowsOf<{ reviews: number; published: number; average: string | null }>(
    await db.execute(sql`
      select count(*)::int as reviews,
        count(*) filter (where status = 'published')::int as published,
        round(avg(stars) filter (where status = 'published'), 2)::text as average
      from reviews
      where not sample and created_at >= ${range.start} and created_at < ${range.end}`),
  );
  return { reviews: row.reviews, published: row.published, averageRating: row.average ? Number(row.average) : null };
}
