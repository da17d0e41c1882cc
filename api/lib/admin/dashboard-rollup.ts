import { sql } from "drizzle-orm";
import type { Task } from "graphile-worker";
import { type Database, rowsOf } from "../../db/client";
import { dashboardDays } from "../../db/schema";
import {
  type Dayed,
  type InvoicedFigures,
  invoiced,
  type LedgerRow,
  OUTCOME_COUNTS,
  type OutcomeCounts,
  type PlacedFigures,
  type ProductSales,
  paymentOutcomes,
  placedFigures,
  productSales,
  type ReasonRow,
  type Reader,
  reasonCounts,
  type ReviewFigures,
  reviewFigures,
  salesLedger,
} from "./dashboard-figures";
import { addDays, type DayRange, dayRange, indianDay } from "./dashboard-period";

/**
 * The dashboard's daily roll-up (docs/decisions/052-owner-dashboard.md): each whole Indian day's
 * figures (sums and counts only, so that a period is its days added up) kept in `dashboard_days`.
 *
 * - Every change to what the figures read marks the days it touches dirty in its own transaction
 *   (the triggers of migration `dashboard_rollup`), and queues DASHBOARD_ROLLUP for those before today.
 * - A read takes a day from the roll-up only if it is before today and no mark came since; any other
 *   day (today, a dirty day, a day not rolled up yet) it computes live, with the very queries the
 *   roll-up keeps (`liveDays`). So a figure is never stale, however far the queue lags.
 * - DASHBOARD_ROLLUP rolls up again every dirty day before today, and every day not rolled up yet
 *   (a day just ended, and the days before the roll-up existed), also queued every hour at :35 UTC
 *   by each shop process (queueRollUpsHourly).
 */

/** One day's figures, as kept in `dashboard_days.figures`. */
export type DayFigures = {
  ledger: Omit<LedgerRow, "day">[];
  placed: PlacedFigures;
  outcomes: OutcomeCounts;
  reasons: Omit<ReasonRow, "day">[];
  products: ProductSales[];
  invoiced: InvoicedFigures;
  reviews: ReviewFigures;
};

/** The queue's task that rolls up the dashboard's days. */
export const DASHBOARD_ROLLUP = "dashboard_rollup";
/** Its job key: one waiting job at a time, however many changes ask for it. */
const ROLLUP_JOB_KEY = "dashboard-rollup";
/**
 * The minute of every hour (UTC) at which each shop process queues a roll-up: 05 past in India, so
 * a day ended is rolled up within minutes. Not graphile-worker's crontab: in 0.16 its cron rejects a
 * promise nobody handles when the database is gone as it starts (a restart, a failover), and that
 * ended the process serving pages (decision 052, amended).
 */
export const ROLLUP_MINUTE_UTC = 35;

/** Milliseconds from `now` to the next :35 UTC (a full hour when it is :35:00.000 exactly). */
export function msUntilNextRollUp(now: Date): number {
  const next = new Date(now);
  next.setUTCMinutes(ROLLUP_MINUTE_UTC, 0, 0);
  if (next.getTime() <= now.getTime()) next.setUTCHours(next.getUTCHours() + 1);
  return next.getTime() - now.getTime();
}

/**
 * Queues a roll-up every hour at :35 UTC until stopped. Every process does; the job key keeps one
 * waiting job, so a few processes queue one run. A failure (the database away at that moment) is
 * logged and the next hour queues again; a read of a past day live queues one meanwhile.
 */
export function queueRollUpsHourly(deps: { db: Reader; now: () => Date; warn: (error: unknown) => void }): {
  stop(): void;
} {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void queueRollUp(deps.db).catch(deps.warn).finally(schedule);
    }, msUntilNextRollUp(deps.now()));
    // Waiting for the next hour must not keep a stopping process alive.
    timer.unref();
  };
  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
/** How far back the roll-up fills days not rolled up yet: the longest period and the one before it. */
export const ROLLUP_BACKFILL_DAYS = 2 * 366;
/** The most days one roll-up transaction computes. */
const ROLLUP_CHUNK_DAYS = 31;
/** Taken by a roll-up for its transaction, so two never write the same day from different readings. */
const ROLLUP_LOCK = 7_350_114_052;

const emptyDay = (): DayFigures => ({
  ledger: [],
  placed: { orders: 0, units: 0, charged: 0, discounts: 0, ordersWithPromotion: 0, newShoppers: 0 },
  outcomes: Object.fromEntries(OUTCOME_COUNTS.map((key) => [key, 0])) as OutcomeCounts,
  reasons: [],
  products: [],
  invoiced: { invoices: 0, creditNotes: 0, taxablePaise: 0, gstPaise: 0 },
  reviews: { reviews: 0, published: 0, publishedStars: 0 },
});

/**
 * Every day of `range` computed live from the orders, tax documents and reviews (one query per
 * figure, grouped by day); days without any as zero.
 */
export async function liveDays(
  db: Reader,
  range: DayRange,
  { together = true }: { together?: boolean } = {},
): Promise<Map<string, DayFigures>> {
  const queries = [
    () => salesLedger(db, range),
    () => placedFigures(db, range),
    () => paymentOutcomes(db, range),
    () => reasonCounts(db, range),
    () => productSales(db, range),
    () => invoiced(db, range),
    () => reviewFigures(db, range),
  ] as const;
  // Together on the pool's connections; one after the other in a transaction (one connection).
  const results: unknown[] = [];
  if (together) results.push(...(await Promise.all(queries.map((query) => query()))));
  else for (const query of queries) results.push(await query());
  const [ledger, placed, outcomes, reasons, products, invoices, reviews] = results as [
    Awaited<ReturnType<typeof salesLedger>>,
    Awaited<ReturnType<typeof placedFigures>>,
    Awaited<ReturnType<typeof paymentOutcomes>>,
    Awaited<ReturnType<typeof reasonCounts>>,
    Awaited<ReturnType<typeof productSales>>,
    Awaited<ReturnType<typeof invoiced>>,
    Awaited<ReturnType<typeof reviewFigures>>,
  ];
  const days = new Map(range.days.map((day) => [day, emptyDay()]));
  const on = (day: string) => days.get(day);
  const strip = <T extends { day: string }>({ day: _day, ...rest }: T) => rest;
  for (const row of ledger) on(row.day)?.ledger.push(strip(row));
  for (const row of reasons) on(row.day)?.reasons.push(strip(row));
  for (const row of products) on(row.day)?.products.push(strip(row));
  const put = <K extends "placed" | "outcomes" | "invoiced" | "reviews">(key: K, rows: Dayed<DayFigures[K]>[]) => {
    for (const row of rows) {
      const day = on(row.day);
      if (day) day[key] = strip(row) as unknown as DayFigures[K];
    }
  };
  put("placed", placed);
  put("outcomes", outcomes);
  put("invoiced", invoices);
  put("reviews", reviews);
  return days;
}

/** The days in `days` (sorted), cut into runs of consecutive days of at most `most` each. */
function runsOf(days: string[], most: number): DayRange[] {
  const runs: DayRange[] = [];
  let first: string | undefined;
  let last: string | undefined;
  let length = 0;
  for (const day of days) {
    if (first && last && addDays(last, 1) === day && length < most) {
      last = day;
      length++;
      continue;
    }
    if (first && last) runs.push(dayRange(first, last));
    first = last = day;
    length = 1;
  }
  if (first && last) runs.push(dayRange(first, last));
  return runs;
}

/**
 * Rolls up `days` (Indian days, none of them today or later): for each run of them, in one
 * transaction under ROLLUP_LOCK, notes the dirty marks it sees, computes the days live, keeps them
 * and deletes just those marks. A change committed before the marks were read is in the figures;
 * one committed after left a mark of its own, so its day stays dirty (read live) until the next
 * roll-up. Returns how many days it rolled up.
 */
export async function rollUpDays(db: Database, days: string[]): Promise<number> {
  const sorted = [...new Set(days)].sort();
  for (const run of runsOf(sorted, ROLLUP_CHUNK_DAYS)) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
      const marks = rowsOf<{ id: number }>(
        await tx.execute(sql`select id from dashboard_dirty_days where day >= ${run.from} and day <= ${run.to}`),
      ).map((row) => Number(row.id));
      const figures = await liveDays(tx, run, { together: false });
      const rolledUpAt = new Date();
      await tx
        .insert(dashboardDays)
        .values([...figures].map(([day, dayFigures]) => ({ day, figures: dayFigures, rolledUpAt })))
        .onConflictDoUpdate({
          target: dashboardDays.day,
          set: { figures: sql`excluded.figures`, rolledUpAt: sql`excluded.rolled_up_at` },
        });
      if (marks.length > 0)
        await tx.execute(sql`delete from dashboard_dirty_days where id = any(${sql.param(marks)}::bigint[])`);
    });
  }
  return sorted.length;
}

/**
 * The days before `today` that need rolling up: every dirty one, and every one since the shop's
 * first order (or ROLLUP_BACKFILL_DAYS back, whichever is later) not rolled up yet.
 */
export async function daysToRollUp(db: Reader, today: string): Promise<string[]> {
  const [first] = rowsOf<{ day: string | null }>(
    await db.execute(sql`
      select to_char(least(
        (select min(created_at) from orders), (select min(issued_at) from invoices),
        (select min(issued_at) from fee_invoices), (select min(issued_at) from credit_notes),
        (select min(created_at) from reviews where not sample)
      ) at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day`),
  );
  const backfillFrom = addDays(today, -ROLLUP_BACKFILL_DAYS);
  const from = first.day && first.day > backfillFrom ? first.day : backfillFrom;
  const rows = rowsOf<{ day: string }>(
    await db.execute(sql`
      select distinct day::text as day from dashboard_dirty_days where day < ${today}
      union
      select g::date::text from generate_series(${from}::date, ${addDays(today, -1)}::date, interval '1 day') g
        where not exists (select 1 from dashboard_days d where d.day = g::date)`),
  );
  return rows.map((row) => row.day).sort();
}

/** Queues a roll-up (one waiting job at most; outside a transaction, or in the one whose change asks for it). */
export async function queueRollUp(db: Reader): Promise<void> {
  await db.execute(sql`select graphile_worker.add_job(${DASHBOARD_ROLLUP}, '{}'::json,
    max_attempts => 10, job_key => ${ROLLUP_JOB_KEY}::text, job_key_mode => 'preserve_run_at')`);
}

/** The queue's task: rolls up every day that needs it, as the clock `now` has it. */
export const dashboardRollupTask =
  (deps: { db: Database; now: () => Date }): Task =>
  async () => {
    const today = indianDay(deps.now());
    await rollUpDays(deps.db, await daysToRollUp(deps.db, today));
  };

/**
 * Every day of `range`: from the roll-up where it holds the day clean, otherwise (today, a dirty
 * day, one not rolled up yet) live. A day before today read live queues a roll-up, so the next
 * read finds it kept (the days before the roll-up existed, or a day just ended).
 *
 * The kept days' per-product rows (most of their size) are not returned with each day but summed
 * in the same statement for the days from `productsFrom` on (the top lists' period): `products`
 * holds those sums and the live days' own rows, to be summed again by product (topSellers).
 */
export async function daysOf(
  db: Database,
  range: DayRange,
  today: string,
  productsFrom = range.from,
): Promise<{ days: Map<string, DayFigures>; products: ProductSales[]; live: number }> {
  const rows = rowsOf<{ day: string | null; figures: DayFigures | null; sold: ProductSales[] | null }>(
    await db.execute(sql`
      with kept as (
        select d.day, d.figures from dashboard_days d
        where d.day >= ${range.from} and d.day <= ${range.to} and d.day < ${today}
          and not exists (select 1 from dashboard_dirty_days x where x.day = d.day)
      ),
      sold as (
        select p ->> 'id' as id, max(p ->> 'title') as title, sum((p ->> 'sales')::bigint) as sales,
          sum((p ->> 'units')::bigint) as units
        from kept k cross join jsonb_array_elements(k.figures -> 'products') p
        where k.day >= ${productsFrom}
        group by 1
      )
      select day::text as day, jsonb_set(figures, '{products}', '[]') as figures, null::jsonb as sold from kept
      union all
      select null, null, coalesce(jsonb_agg(sold), '[]') from sold`),
  );
  const days = new Map(rows.filter((row) => row.day && row.figures).map((row) => [row.day!, row.figures!]));
  const products = rows.find((row) => row.sold)?.sold ?? [];
  const missing = range.days.filter((day) => !days.has(day));
  const computed = await Promise.all(runsOf(missing, Number.MAX_SAFE_INTEGER).map((run) => liveDays(db, run)));
  for (const run of computed)
    for (const [day, figures] of run) {
      days.set(day, figures);
      if (day >= productsFrom) products.push(...figures.products);
    }
  if (missing.some((day) => day < today)) await queueRollUp(db);
  return { days: new Map(range.days.map((day) => [day, days.get(day)!])), products, live: missing.length };
}
