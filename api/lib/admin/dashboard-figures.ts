import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client";
import type { DayRange } from "./dashboard-period";

/**
 * The dashboard's figures of each Indian day of a run of days, each defined in one line in
 * docs/back-office.md and read straight from the orders, their lines, the tax documents and the
 * reviews. Each is a sum or a count over its day, so that a period's figures are its days' added up
 * (the daily roll-up keeps them: api/lib/admin/dashboard-rollup.ts, docs/decisions/052-owner-dashboard.md).
 * Money is whole rupees, tax in paise.
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

export type LedgerRow = { day: string; method: PaymentMethod; kind: LedgerKind; n: number; amount: number };
/** A day's figures, tagged with the day ("2026-11-23"). */
export type Dayed<T> = T & { day: string };
/** What the figures read through: the pool, or the roll-up's transaction. */
export type Reader = Pick<Database, "execute">;

const numbers = <T extends Record<string, string | number>>(row: T) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as Record<keyof T, number>;

const IST = sql.raw(`'Asia/Kolkata'`);
const reinstated = sql.raw(`'[{"kind":"reinstated"}]'::jsonb`);

/** The ledger's entries in `range`, summed by Indian day, payment method and kind. */
export async function salesLedger(db: Reader, range: DayRange): Promise<LedgerRow[]> {
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

/** What the orders placed on one day (by when they were placed) add up to. */
export type PlacedFigures = {
  orders: number;
  units: number;
  /** What their shoppers were charged, the fee included. */
  charged: number;
  discounts: number;
  ordersWithPromotion: number;
  /** Accounts whose first order was placed on the day: so a period's are the sum of its days'. */
  newShoppers: number;
};

/** The day's placed figures, for each day of `range` that had an order. */
export async function placedFigures(db: Reader, range: DayRange): Promise<Dayed<PlacedFigures>[]> {
  const rows = rowsOf<Record<keyof PlacedFigures, string | number> & { day: string }>(
    await db.execute(sql`
      with placed as (
        select o.id, o.user_id, o.total_amount, o.promotion_discount,
          to_char(o.created_at at time zone ${IST}, 'YYYY-MM-DD') as day,
          (o.promotion_discount > 0
            or exists (select 1 from promotion_redemptions r where r.order_id = o.id and r.status = 'held')) as promoted,
          not exists (select 1 from orders b where b.user_id = o.user_id
            and b.created_at < date_trunc('day', o.created_at at time zone ${IST}) at time zone ${IST}) as first
        from orders o
        where o.created_at >= ${range.start} and o.created_at < ${range.end}
      ),
      heads as (
        select day, count(*)::int as "orders", sum(total_amount)::bigint as "charged",
          sum(promotion_discount)::bigint as "discounts", (count(*) filter (where promoted))::int as "ordersWithPromotion",
          (count(distinct user_id) filter (where first))::int as "newShoppers"
        from placed group by day
      ),
      units as (select p.day, sum(i.qty)::bigint as units from placed p join order_items i on i.order_id = p.id group by p.day)
      select h.*, coalesce(u.units, 0)::bigint as "units" from heads h left join units u on u.day = h.day`),
  );
  return rows.map(({ day, ...figures }) => ({ day, ...numbers(figures) }) as Dayed<PlacedFigures>);
}

/** How the orders placed on one day turned out, by payment method (docs/back-office.md defines each). */
export const OUTCOME_COUNTS = [
  "codConfirmed",
  "codAwaiting",
  "codExpired",
  "codRefused",
  "codDelivered",
  "upiPaid",
  "upiAwaiting",
  "upiExpired",
  "upiPaidLate",
] as const;
export type OutcomeCounts = Record<(typeof OUTCOME_COUNTS)[number], number>;

const paidLate = sql.raw(`'[{"kind":"paidAfterCancellation"}]'::jsonb`);
const toOrigin = sql.raw(`'[{"kind":"returnedToOrigin"}]'::jsonb`);

export async function paymentOutcomes(db: Reader, range: DayRange): Promise<Dayed<OutcomeCounts>[]> {
  return rowsOf<Dayed<OutcomeCounts>>(
    await db.execute(sql`
      select to_char(created_at at time zone ${IST}, 'YYYY-MM-DD') as day,
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
      where created_at >= ${range.start} and created_at < ${range.end}
      group by 1`),
  );
}

/** The outcomes as the dashboard shows them. */
export const outcomesOf = (c: OutcomeCounts) => ({
  cod: {
    confirmed: c.codConfirmed,
    awaiting: c.codAwaiting,
    notConfirmedInTime: c.codExpired,
    refusedAtDoor: c.codRefused,
    delivered: c.codDelivered,
  },
  upi: { paid: c.upiPaid, awaitingPayment: c.upiAwaiting, expired: c.upiExpired, paidLate: c.upiPaidLate },
});
export type PaymentOutcomes = ReturnType<typeof outcomesOf>;

export type ReasonRow = { day: string; kind: "cancelled" | "returned"; code: string; n: number; amount: number };

/** Orders cancelled, and orders returned (to the shop or to origin), on each day of `range`, by their reason's code. */
export async function reasonCounts(db: Reader, range: DayRange): Promise<ReasonRow[]> {
  const start = range.start.toISOString();
  const end = range.end.toISOString();
  const dated = (path: "cancel" | "returned") => sql.raw(`(o.order_status -> '${path}' ->> 'date')`);
  const rows = rowsOf<Omit<ReasonRow, "amount"> & { amount: string }>(
    await db.execute(sql`
      select to_char(${dated("cancel")}::timestamptz at time zone ${IST}, 'YYYY-MM-DD') as day, 'cancelled' as kind,
          coalesce(o.cancel_reason_code, 'other') as code, count(*)::int as n, sum(o.total_amount)::bigint as amount
        from orders o
        where o.status = 'cancelled' and ${dated("cancel")} >= ${start} and ${dated("cancel")} < ${end}
        group by 1, 3
      union all
      select to_char(${dated("returned")}::timestamptz at time zone ${IST}, 'YYYY-MM-DD'), 'returned',
          coalesce(o.return_reason_code, 'other'), count(*)::int, sum(o.total_amount)::bigint
        from orders o
        where o.status = 'returned' and ${dated("returned")} >= ${start} and ${dated("returned")} < ${end}
        group by 1, 3`),
  );
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

/** The reasons of a run of days, summed, in the order the dashboard lists them (most orders first). */
export function reasonsOf(rows: Omit<ReasonRow, "day">[]) {
  const sums = new Map<string, { kind: ReasonRow["kind"]; code: string; orders: number; amount: number }>();
  for (const row of rows) {
    const key = `${row.kind}:${row.code}`;
    const entry = sums.get(key) ?? { kind: row.kind, code: row.code, orders: 0, amount: 0 };
    entry.orders += row.n;
    entry.amount += row.amount;
    sums.set(key, entry);
  }
  const sorted = [...sums.values()].sort(
    (a, b) => b.orders - a.orders || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
  const of = (kind: ReasonRow["kind"]) =>
    sorted.filter((row) => row.kind === kind).map(({ code, orders, amount }) => ({ code, orders, amount }));
  return { cancellations: of("cancelled"), returns: of("returned") };
}

/** How many rows each top list keeps. */
export const TOP_LIMIT = 10;

export type ProductSales = { id: string; title: string; sales: number; units: number };

/**
 * What each product sold on each day of `range`, among the orders placed then that were kept
 * (neither cancelled nor returned): what shoppers paid for its lines (after discounts), and units.
 */
export async function productSales(db: Reader, range: DayRange): Promise<Dayed<ProductSales>[]> {
  const rows = rowsOf<{ day: string; id: string; title: string; sales: string; units: string }>(
    await db.execute(sql`
      select to_char(o.created_at at time zone ${IST}, 'YYYY-MM-DD') as day, i.product_id as id, max(i.title) as title,
        sum(i.amount - i.discount)::bigint as sales, sum(i.qty)::bigint as units
      from orders o
      join order_items i on i.order_id = o.id
      where o.created_at >= ${range.start} and o.created_at < ${range.end} and o.status not in ('cancelled', 'returned')
      group by 1, 2`),
  );
  return rows.map((row) => ({ ...row, sales: Number(row.sales), units: Number(row.units) }));
}

/**
 * The best-selling products and categories of a run of days, from what each product sold on each
 * (productSales): by sales and by units. A product no longer in the catalogue is left out; a
 * category is the product's own today.
 */
export async function topSellers(db: Reader, sold: ProductSales[]) {
  const byProduct = new Map<string, ProductSales>();
  for (const row of sold) {
    const entry = byProduct.get(row.id) ?? { id: row.id, title: row.title, sales: 0, units: 0 };
    if (row.title > entry.title) entry.title = row.title;
    entry.sales += row.sales;
    entry.units += row.units;
    byProduct.set(row.id, entry);
  }
  const ids = [...byProduct.keys()];
  const categoryOf = new Map(
    ids.length === 0
      ? []
      : rowsOf<{ id: string; category: string }>(
          await db.execute(sql`select id, category from products where id = any(${sql.param(ids)}::text[])`),
        ).map((row) => [row.id, row.category]),
  );
  const products = [...byProduct.values()]
    .filter((product) => categoryOf.has(product.id))
    .map((product) => ({ ...product, category: categoryOf.get(product.id)! }));
  const categories = new Map<string, { category: string; sales: number; units: number }>();
  for (const product of products) {
    const entry = categories.get(product.category) ?? { category: product.category, sales: 0, units: 0 };
    entry.sales += product.sales;
    entry.units += product.units;
    categories.set(product.category, entry);
  }
  // Ties go by name, so that the same days give the same list however they were read.
  const by = <T extends { sales: number; units: number }>(
    list: T[],
    key: "sales" | "units",
    name: (item: T) => string,
  ) =>
    [...list]
      .sort((a, b) => b[key] - a[key] || b.sales - a.sales || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0))
      .slice(0, TOP_LIMIT);
  return {
    bySales: by(products, "sales", (product) => product.id),
    byUnits: by(products, "units", (product) => product.id),
    categories: by([...categories.values()], "sales", (entry) => entry.category),
  };
}

export type InvoicedFigures = { invoices: number; creditNotes: number; taxablePaise: number; gstPaise: number };

/**
 * What was invoiced on each day of `range`: the tax invoices (the sellers' and the shop's fee
 * invoices) issued on it, less the credit notes issued on it, as taxable value and GST in paise,
 * summed from the same columns the documents print (api/lib/tax/gst-invoices.ts).
 */
export async function invoiced(db: Reader, range: DayRange): Promise<Dayed<InvoicedFigures>[]> {
  const within = (column: string) => sql`${sql.raw(column)} >= ${range.start} and ${sql.raw(column)} < ${range.end}`;
  const rows = rowsOf<Record<keyof InvoicedFigures, string> & { day: string }>(
    await db.execute(sql`
      with seller_docs as (
        select i.order_id, i.merchant_id, 1 as sign, i.issued_at as at from invoices i where ${within("i.issued_at")}
        union all
        select c.order_id, c.merchant_id, -1, c.issued_at from credit_notes c
          where c.merchant_id is not null and ${within("c.issued_at")}
      ),
      fee_docs as (
        select f.order_id, 1 as sign, f.issued_at as at from fee_invoices f where ${within("f.issued_at")}
        union all
        select c.order_id, -1, c.issued_at from credit_notes c where c.merchant_id is null and ${within("c.issued_at")}
      ),
      entries as (
        select issued_at as at, 1 as invoices, 0 as credit_notes, 0::bigint as taxable, 0::bigint as gst
          from invoices where ${within("issued_at")}
        union all
        select issued_at, 1, 0, 0, 0 from fee_invoices where ${within("issued_at")}
        union all
        select issued_at, 0, 1, 0, 0 from credit_notes where ${within("issued_at")}
        union all
        select d.at, 0, 0, d.sign * coalesce(l.taxable_paise, 0),
          d.sign * (coalesce(l.cgst_paise, 0) + coalesce(l.sgst_paise, 0) + coalesce(l.igst_paise, 0))
        from seller_docs d join order_items l on l.order_id = d.order_id and l.merchant_id = d.merchant_id
        union all
        select d.at, 0, 0, d.sign * f.taxable_paise, d.sign * (f.cgst_paise + f.sgst_paise + f.igst_paise)
        from fee_docs d join fee_invoices f on f.order_id = d.order_id
      )
      select to_char(at at time zone ${IST}, 'YYYY-MM-DD') as day, sum(invoices) as "invoices",
        sum(credit_notes) as "creditNotes", sum(taxable) as "taxablePaise", sum(gst) as "gstPaise"
      from entries group by 1`),
  );
  return rows.map(({ day, ...figures }) => ({ day, ...numbers(figures) }) as Dayed<InvoicedFigures>);
}

export type ReviewFigures = { reviews: number; published: number; publishedStars: number };

/** Reviews written on each day of `range` (the seed's samples aside), and the stars of those published. */
export async function reviewFigures(db: Reader, range: DayRange): Promise<Dayed<ReviewFigures>[]> {
  const rows = rowsOf<Record<keyof ReviewFigures, string | number> & { day: string }>(
    await db.execute(sql`
      select to_char(created_at at time zone ${IST}, 'YYYY-MM-DD') as day, count(*)::int as reviews,
        count(*) filter (where status = 'published')::int as published,
        coalesce(sum(stars) filter (where status = 'published'), 0)::bigint as "publishedStars"
      from reviews
      where not sample and created_at >= ${range.start} and created_at < ${range.end}
      group by 1`),
  );
  return rows.map(({ day, ...figures }) => ({ day, ...numbers(figures) }) as Dayed<ReviewFigures>);
}

/** The average of the published reviews' stars, to two places, as PostgreSQL's round(avg(stars), 2) gives it. */
export const averageRating = ({ published, publishedStars }: ReviewFigures): number | null =>
  published > 0 ? Math.round((publishedStars * 100) / published) / 100 : null;
