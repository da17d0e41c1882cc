import { sql } from "drizzle-orm";
import { createUserapp } from "../api/app";
import type { Database } from "../api/db/client";
import { users } from "../api/db/schema";
import { issueToken } from "../api/lib/accounts/auth";
import { defaultDeps } from "../api/lib/context";
import { seedCatalogue } from "../api/seed/catalogue";
import { openBenchDatabase } from "./database";
import { percentile } from "./product-list";
import { loadavg } from "node:os";
import * as figures from "../api/lib/admin/dashboard-figures";
import { needsNow } from "../api/lib/admin/dashboard";
import { indianDay, periodQuerySchema, resolvePeriod } from "../api/lib/admin/dashboard-period";
import { daysOf, daysToRollUp, liveDays, rollUpDays } from "../api/lib/admin/dashboard-rollup";

/**
 * The owner's dashboard (docs/decisions/052-owner-dashboard.md) at 1,00,000 orders: GET
 * /userapp/admin/dashboard for the last 30 days (and the other periods), in-process, one request
 * at a time. The orders are generated here: 20,000 shoppers, 1,00,000 orders spread evenly over
 * the last 120 days (about 25,000 in any 30 days, and as many again in the 30 before they are
 * compared with), 1.33 lines each, three in five Cash on Delivery; half delivered, a tenth
 * cancelled, one in twenty returned and refunded, one in twenty refused at the door, the rest
 * shipped or open; invoices, fee invoices and credit notes for those that shipped.
 *
 * Each period is measured twice in one run: first with no day rolled up (every day read live, as
 * before the roll-up), then after the daily roll-up is built through the queue task's own function
 * (rollUpDays, timed), so the two are compared on the same machine under the same load.
 *
 * BENCH_DASHBOARD_WITHOUT=<index,…> drops those indexes first;
 * BENCH_DASHBOARD_PARTS=1 also times each of its queries alone for the last 30 days (median of 10).
 */
const ORDERS = 100_000;
const SHOPPERS = 20_000;
const DAYS = 120;
const REQUESTS = 40;

async function generate(db: Database) {
  await seedCatalogue(db, { products: 500 });
  await db.execute(sql`
    insert into users (id, email, password_hash, name, phone)
    select substr(md5('u' || g), 1, 24), 'bench' || g || '@example.test', 'x', 'Bench ' || g, '9876543210'
    from generate_series(1, ${SHOPPERS}) g`);
  // h: what became of the order; at: when it was placed.
  await db.execute(sql`
    insert into orders (id, user_id, source, payment_method, status, payment_status, paid_at, cancel_reason_code,
      return_reason_code, items_amount, platform_fee, total_amount, promotion_discount, address, order_status, notes,
      cod_confirmation, created_at)
    select substr(md5('o' || g), 1, 24), substr(md5('u' || (1 + (g * 7919) % ${SHOPPERS})), 1, 24), 'cart',
      m, st, ps, case when ps in ('paid', 'refunded') then at + interval '1 hour' end,
      case when st = 'cancelled' then (array['changedMind', 'other', 'paymentNotReceived'])[1 + g % 3] end,
      case when st = 'returned' then (array['damaged', 'other', 'refused'])[1 + g % 3] end,
      amount, 4, amount + 4 - disc, disc,
      '{"locality":"4 Park Street","city":"Kolkata","state":"West Bengal","zipcode":"700016","country":"India"}'::jsonb,
      jsonb_build_object(
        'orderConfirmed', jsonb_build_object('isConfirmed', true, 'date', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        'cancel', case when st = 'cancelled' then jsonb_build_object('isConfirmed', true, 'date', to_char((at + interval '2 hours') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) else '{"isConfirmed":false,"date":null}'::jsonb end,
        'delivered', case when h < 10 or h = 12 then jsonb_build_object('isConfirmed', true, 'date', to_char((at + interval '3 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) else '{"isConfirmed":false,"date":null}'::jsonb end,
        'returned', case when st = 'returned' then jsonb_build_object('isConfirmed', true, 'date', to_char((at + interval '4 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) else '{"isConfirmed":false,"date":null}'::jsonb end,
        'refunded', case when ps = 'refunded' then jsonb_build_object('isConfirmed', true, 'date', to_char((at + interval '5 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) else '{"isConfirmed":false,"date":null}'::jsonb end
      ),
      case when h = 13 then '[{"kind":"returnedToOrigin","at":"2026-01-01T00:00:00.000Z","detail":"Refused"}]'::jsonb else '[]'::jsonb end,
      case when m = 'cod' then case when st = 'cancelled' and g % 2 = 0 then 'expired' else 'confirmed' end end,
      at
    from (
      select g, h, at, m, 500 + (g * 37) % 4000 as amount, case when g % 10 = 0 then 100 else 0 end as disc,
        case when h < 10 then 'delivered' when h < 12 then 'cancelled' when h < 14 then 'returned'
          when h < 16 then 'shipped' else 'confirmed' end as st,
        case when h < 10 then 'paid' when h < 12 then case when m = 'Upi' then 'expired' else 'cancelled' end
          when h = 12 then 'refunded' when h = 13 then case when m = 'cod' then 'cancelled' else 'refunded' end
          when m = 'cod' then 'payOnDelivery' else 'paid' end as ps
      from (
        select g, g % 20 as h, now() - (g * interval '1 second' * ${(DAYS * 86400) / ORDERS}) as at,
          case when g % 5 < 3 then 'cod' else 'Upi' end as m
        from generate_series(1, ${ORDERS}) g
      ) base
    ) o`);
  await db.execute(sql`
    with catalogue as (select array_agg(id order by id) as ids, count(*)::int as n from products)
    insert into order_items (order_id, position, product_id, merchant_id, merchant_name, title, image, size, qty, mrp,
      cost, amount, hsn, gst_rate, taxable_paise, cgst_paise, sgst_paise, igst_paise)
    select o.id, l.position, p.id, p.merchant_id, 'Bench seller', p.short_title, '/media/art/x.svg', 'M', 1 + l.position,
      o.items_amount, o.items_amount, o.items_amount * (1 + l.position), '6109', 5,
      round(o.items_amount * (1 + l.position) * 100 / 1.05), 0, 0,
      o.items_amount * (1 + l.position) * 100 - round(o.items_amount * (1 + l.position) * 100 / 1.05)
    from orders o
    cross join catalogue c
    cross join lateral (select 0 as position union all select 1 where o.order_number % 3 = 0) l
    join products p on p.id = c.ids[1 + (o.order_number * 31 + l.position) % c.n]`);
  // The shipped ones' documents, a day after they were placed; credit notes when they came back.
  await db.execute(sql`
    insert into invoices (order_id, merchant_id, financial_year, serial, number, issued_at)
    select distinct on (i.order_id, i.merchant_id) i.order_id, i.merchant_id, '2026-27',
      o.order_number * 2 + i.position, 'B/' || (o.order_number * 2 + i.position), o.created_at + interval '1 day'
    from order_items i join orders o on o.id = i.order_id
    where o.status in ('shipped', 'delivered', 'returned')`);
  await db.execute(sql`
    insert into fee_invoices (order_id, financial_year, serial, number, issued_at, supplier, sac, gst_rate, amount,
      taxable_paise, cgst_paise, sgst_paise, igst_paise)
    select o.id, '2026-27', o.order_number, 'PF/' || o.order_number, o.created_at + interval '1 day',
      '{"name":"Mart","gstin":null,"address":null,"state":null}'::jsonb, '998599', 18, 4, 339, 0, 0, 61
    from orders o where o.status in ('shipped', 'delivered', 'returned')`);
  await db.execute(sql`
    insert into credit_notes (order_id, merchant_id, invoice_number, reason, financial_year, serial, number, issued_at, supplier)
    select i.order_id, i.merchant_id, i.number, 'returned', '2026-27', i.serial, 'CN/' || i.serial,
      i.issued_at + interval '3 days', '{"name":"Bench","gstin":null,"address":null,"state":null}'::jsonb
    from invoices i join orders o on o.id = i.order_id where o.status = 'returned'
    union all
    select f.order_id, null, f.number, 'returned', '2026-27', f.serial, 'CN/F' || f.serial,
      f.issued_at + interval '3 days', f.supplier
    from fee_invoices f join orders o on o.id = f.order_id where o.status = 'returned'`);
  await db.execute(sql`analyze`);
}

export type DashboardLatency = {
  period: string;
  /** "live": no day rolled up; "rolled up": every day before today from the roll-up. */
  read: "live" | "rolled up";
  p50: number;
  p95: number;
  max: number;
  requests: number;
};

export async function measureDashboard(): Promise<{
  rows: DashboardLatency[];
  seedSeconds: number;
  rollUp: { days: number; seconds: number };
  dropped: string[];
  load: { before: number[]; after: number[] };
}> {
  const handle = await openBenchDatabase({ poolSize: 10 });
  try {
    const { db } = handle;
    const seeded = performance.now();
    await generate(db);
    const seedSeconds = (performance.now() - seeded) / 1000;
    const dropped = (process.env.BENCH_DASHBOARD_WITHOUT ?? "").split(",").filter(Boolean);
    for (const index of dropped) await db.execute(sql.raw(`drop index if exists "${index.replaceAll('"', "")}"`));
    const [admin] = await db
      .insert(users)
      .values({ id: "b".repeat(24), email: "owner@example.test", passwordHash: "x", userType: "admin" })
      .returning();
    const token = await issueToken(defaultDeps(db), admin.id, admin.passwordHash);
    const app = createUserapp({ db });
    const rows: DashboardLatency[] = [];
    const measure = async (read: DashboardLatency["read"]) => {
      for (const period of ["30d", "7d", "today", "month"]) {
        const get = async () => {
          const started = performance.now();
          const res = await app.fetch(
            new Request(`http://bench.test/userapp/admin/dashboard?period=${period}`, {
              headers: { authorization: `Bearer ${token}` },
            }),
          );
          if (res.status !== 200) throw new Error(`dashboard ${period}: ${res.status} ${await res.text()}`);
          await res.json();
          return performance.now() - started;
        };
        for (let i = 0; i < 3; i++) await get(); // warm the plans and the cache
        const timings: number[] = [];
        for (let i = 0; i < REQUESTS; i++) timings.push(await get());
        timings.sort((a, b) => a - b);
        rows.push({
          period,
          read,
          p50: percentile(timings, 50),
          p95: percentile(timings, 95),
          max: timings.at(-1) ?? 0,
          requests: timings.length,
        });
      }
    };
    const loadBefore = loadavg();
    await measure("live");
    const rolling = performance.now();
    const rolledDays = await rollUpDays(db, await daysToRollUp(db, indianDay(new Date())));
    const rollUp = { days: rolledDays, seconds: (performance.now() - rolling) / 1000 };
    await measure("rolled up");
    const loadAfter = loadavg();
    if (process.env.BENCH_DASHBOARD_PARTS) {
      const range = resolvePeriod(periodQuerySchema.parse({ period: "30d" }), new Date()).current;
      const parts: [string, () => Promise<unknown>][] = [
        ["salesLedger", () => figures.salesLedger(db, range)],
        ["placedFigures", () => figures.placedFigures(db, range)],
        ["paymentOutcomes", () => figures.paymentOutcomes(db, range)],
        ["reasonCounts", () => figures.reasonCounts(db, range)],
        ["productSales", () => figures.productSales(db, range)],
        ["invoiced", () => figures.invoiced(db, range)],
        ["reviewFigures", () => figures.reviewFigures(db, range)],
        ["needsNow", () => needsNow(db)],
        ["liveDays (all of the above but needsNow)", () => liveDays(db, range)],
        ["daysOf (30 days from the roll-up, today live)", () => daysOf(db, range, range.to)],
      ];
      for (const [name, run] of parts) {
        const timings: number[] = [];
        for (let i = 0; i < 10; i++) {
          const started = performance.now();
          await run();
          timings.push(performance.now() - started);
        }
        timings.sort((a, b) => a - b);
        console.log(`  ${name}: median ${percentile(timings, 50).toFixed(1)} ms`);
      }
    }
    return { rows, seedSeconds, rollUp, dropped, load: { before: loadBefore, after: loadAfter } };
  } finally {
    await handle.close();
  }
}

export function printDashboard({
  rows,
  seedSeconds,
  rollUp,
  dropped,
  load,
}: Awaited<ReturnType<typeof measureDashboard>>) {
  console.log(
    `\nThe owner's dashboard at ${ORDERS.toLocaleString("en-IN")} orders over ${DAYS} days (GET /userapp/admin/dashboard, in-process, one at a time; data generated in ${seedSeconds.toFixed(1)} s)` +
      (dropped.length ? `, without ${dropped.join(", ")}` : "") +
      ":\n",
  );
  console.log(
    `Roll-up of ${rollUp.days} days built in ${rollUp.seconds.toFixed(1)} s (rollUpDays, as the queue's task).`,
  );
  const loads = (l: number[]) => l.map((n) => n.toFixed(2)).join(" ");
  console.log(`Load average (1, 5, 15 min): ${loads(load.before)} before, ${loads(load.after)} after.\n`);
  console.log("| period | read | p50 (ms) | p95 (ms) | max (ms) | requests |");
  console.log("|---|---|---:|---:|---:|---:|");
  for (const r of rows)
    console.log(
      `| ${r.period} | ${r.read} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.requests} |`,
    );
}
