import { z } from "@hono/zod-openapi";

/**
 * The dashboard's periods (docs/back-office.md): whole days as India counts them, from midnight
 * IST (UTC+05:30 all year, no daylight saving), and the period of the same length just before,
 * which every figure is compared with.
 */

export const PERIODS = ["today", "7d", "30d", "month", "custom"] as const;
export type PeriodName = (typeof PERIODS)[number];

/** The longest custom range, in days. */
export const MAX_PERIOD_DAYS = 366;

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The day in India of `at` ("2026-11-23"). */
export const indianDay = (at: Date): string => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
/** The instant an Indian day starts (its midnight IST). */
export const dayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
/** The day `n` days after `day`. */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** A run of whole Indian days: `from` to `to` inclusive, and the instants [start, end) they cover. */
export type DayRange = { from: string; to: string; days: string[]; start: Date; end: Date };

export function dayRange(from: string, to: string): DayRange {
  const count = daysBetween(from, to);
  return {
    from,
    to,
    days: Array.from({ length: count }, (_, i) => addDays(from, i)),
    start: dayStart(from),
    end: dayStart(addDays(to, 1)),
  };
}

/** A chosen period and the one of the same length just before it, and today in India as it was chosen. */
export type Period = { name: PeriodName; current: DayRange; previous: DayRange; today: string };

const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Use a date like 2026-11-23", abort: true })
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, "Not a real date");

/** The dashboard's query: a named period, or `custom` with its first and last day. */
export const periodFields = {
  period: z.enum(PERIODS, { error: `period must be one of ${PERIODS.join(", ")}` }).default("7d"),
  from: daySchema.optional(),
  to: daySchema.optional(),
};

/** A custom period names its days, the first before the last, at most MAX_PERIOD_DAYS apart. */
export function checkCustomPeriod(query: { period: PeriodName; from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (query.period !== "custom") return;
  if (!query.from) ctx.addIssue({ code: "custom", message: "Choose the first day", path: ["from"] });
  if (!query.to) ctx.addIssue({ code: "custom", message: "Choose the last day", path: ["to"] });
  if (query.from && query.to && query.from > query.to)
    ctx.addIssue({ code: "custom", message: "The first day comes after the last", path: ["from"] });
  else if (query.from && query.to && daysBetween(query.from, query.to) > MAX_PERIOD_DAYS)
    ctx.addIssue({ code: "custom", message: `A period is at most ${MAX_PERIOD_DAYS} days`, path: ["to"] });
}

export const periodQuerySchema = z.object(periodFields).superRefine(checkCustomPeriod);
export type PeriodQuery = z.infer<typeof periodQuerySchema>;

/** Whether the custom range ends after today in India (checked against the clock, not the schema). */
export const endsInFuture = (query: PeriodQuery, now: Date) =>
  query.period === "custom" && query.to !== undefined && query.to > indianDay(now);

/** The period a (valid) query names at `now`, and the one before it. */
export function resolvePeriod(query: PeriodQuery, now: Date): Period {
  const today = indianDay(now);
  let from: string;
  let to = today;
  switch (query.period) {
    case "today":
      from = today;
      break;
    case "7d":
      from = addDays(today, -6);
      break;
    case "30d":
      from = addDays(today, -29);
      break;
    case "month":
      from = `${today.slice(0, 8)}01`;
      break;
    case "custom":
      from = query.from!;
      to = query.to!;
      break;
  }
  const length = daysBetween(from, to);
  return {
    name: query.period,
    current: dayRange(from, to),
    previous: dayRange(addDays(from, -length), addDays(from, -1)),
    today,
  };
}
