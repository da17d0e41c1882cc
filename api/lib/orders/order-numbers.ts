import { and, eq, type SQL, sql } from "drizzle-orm";
import { orders } from "../../db/schema";

/**
 * The numbers people read an order by (docs/decisions/045-order-numbers-and-shipments.md):
 * `MRT-26-000042`, the shop's prefix, the year the order was placed in India, and the order's
 * place in one sequence the database gives at insert (`order_number_seq`), at least six digits.
 * The sequence never restarts, so the number alone is unique and keeps growing past 999999
 * (`MRT-27-1000000`); gaps are allowed (an order that rolls back keeps its number unused): it is
 * not a tax series, the invoices have their own (api/lib/tax/gst-invoices.ts).
 */
export const ORDER_NUMBER_PREFIX = "MRT";

/** The sequence's part of the number is at least this many digits. */
const DIGITS = 6;

const yearInIndia = new Intl.DateTimeFormat("en-IN", { year: "2-digit", timeZone: "Asia/Kolkata" });

/** The number of the order with sequence number `sequence`, placed at `createdAt`. */
export function formatOrderNumber(sequence: number, createdAt: Date): string {
  return `${ORDER_NUMBER_PREFIX}-${yearInIndia.format(createdAt)}-${String(sequence).padStart(DIGITS, "0")}`;
}

/** What a typed order number asks for: the sequence number, and the year when one was typed. */
export type OrderNumberQuery = { sequence: number; year: number | null };

// "MRT-26-000042", "mrt-26-42", "26-000042", "MRT000042", "000042", "42"; spaces around dashes too.
const TYPED = new RegExp(`^(?:${ORDER_NUMBER_PREFIX}\\s*-?\\s*)?(?:(\\d{2})\\s*-\\s*)?(\\d{1,15})$`, "i");

/** Reads an order number as a person may type it, or null when the text is not one. */
export function parseOrderNumber(text: string): OrderNumberQuery | null {
  const match = TYPED.exec(text.trim());
  if (!match) return null;
  const sequence = Number(match[2]);
  if (!Number.isSafeInteger(sequence) || sequence < 1) return null;
  return { sequence, year: match[1] === undefined ? null : Number(match[1]) };
}

/** The condition that finds the order a typed number names (a wrong year finds nothing). */
export function orderNumberIs(query: OrderNumberQuery): SQL | undefined {
  return and(
    eq(orders.orderNumber, query.sequence),
    query.year === null
      ? undefined
      : sql`extract(year from ${orders.createdAt} at time zone 'Asia/Kolkata')::int % 100 = ${query.year}`,
  );
}
