import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders, users } from "../../db/schema";
import type { ApiDeps } from "../context";
import { idPattern } from "../http/http";
import { likeEscaped } from "../http/paging";
import { type AdminEvent, allowedAdminEvents } from "./order-lifecycle";
import { type CodConfirmation, type OrderState, type PaymentStatus } from "./order-states";
import { type OrderJson, withItems } from "./order-json";
import { orderNumberIs, parseOrderNumber } from "./order-numbers";
import { inOrderQueue, type OrderQueue } from "./order-queues";

// The back office's reads of every shopper's orders.

export type AdminOrderJson = OrderJson & {
  user: { id: string; email: string; name: string | null };
  /** The changes an admin can make to the order now (the back office shows a button for each). */
  allowedEvents: AdminEvent[];
};

export type AdminOrderFilters = {
  status?: OrderState;
  paymentStatus?: PaymentStatus;
  codConfirmation?: CodConfirmation;
  /** Orders waiting for the owner in one way (api/lib/orders/order-queues.ts). */
  queue?: OrderQueue;
  /** Orders placed on or after this day in India ("2026-11-23"). */
  from?: string;
  /** Orders placed on or before this day in India. */
  to?: string;
  /** An order id, an order number (MRT-26-000042, also lower-case or without its prefix), or part of the shopper's email. */
  search?: string;
};

/** The start of a day in India (UTC+05:30 all year). */
const startOfIndianDay = (day: string) => new Date(`${day}T00:00:00+05:30`);
const dayMs = 24 * 60 * 60 * 1000;

async function adminOrders(deps: ApiDeps, where: SQL | undefined, page: number, perPage: number) {
  const { db } = deps;
  const [{ itemCount }] = await db
    .select({ itemCount: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where);
  const rows = await db
    .select({ order: orders, user: { id: users.id, email: users.email, name: users.name } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const now = deps.now();
  const json = await withItems(
    db,
    rows.map((row) => row.order),
    now,
  );
  const data: AdminOrderJson[] = json.map((order, i) => ({
    ...order,
    user: rows[i].user,
    allowedEvents: allowedAdminEvents(rows[i].order, now),
  }));
  return { data, itemCount };
}

/**
 * Orders whose Cash on Delivery confirmation is `value`. "awaiting" is what awaitsCodConfirmation
 * says: still confirmed (an order cancelled before its shopper answered keeps "awaiting").
 */
function codConfirmationIs(value: CodConfirmation): SQL | undefined {
  const is = eq(orders.codConfirmation, value);
  return value === "awaiting" ? and(eq(orders.status, "confirmed"), is) : is;
}

/** The order a search names by its number, if it reads as one. */
function bySearchedNumber(search: string): SQL | undefined {
  const number = parseOrderNumber(search);
  return number ? orderNumberIs(number) : undefined;
}

/** GET /userapp/admin/orders: a page of every shopper's orders, newest first, with their shoppers. */
export async function listAdminOrders(deps: ApiDeps, query: AdminOrderFilters & { page: number; limit: number }) {
  const search = query.search?.toLowerCase();
  const where = and(
    query.status ? eq(orders.status, query.status) : undefined,
    query.paymentStatus ? eq(orders.paymentStatus, query.paymentStatus) : undefined,
    query.codConfirmation ? codConfirmationIs(query.codConfirmation) : undefined,
    query.queue ? inOrderQueue(query.queue) : undefined,
    query.from ? gte(orders.createdAt, startOfIndianDay(query.from)) : undefined,
    query.to ? lt(orders.createdAt, new Date(startOfIndianDay(query.to).getTime() + dayMs)) : undefined,
    search
      ? or(eq(orders.id, search), bySearchedNumber(search), ilike(users.email, `%${likeEscaped(search)}%`))
      : undefined,
  );
  return adminOrders(deps, where, query.page, query.limit);
}

/** One order as the back office shows it, or null (a malformed id too). */
export async function loadAdminOrder(deps: ApiDeps, id: string): Promise<AdminOrderJson | null> {
  if (!idPattern.test(id)) return null;
  const { data } = await adminOrders(deps, eq(orders.id, id), 1, 1);
  return data[0] ?? null;
}

/** The id of the order a UPI payment's UTR is recorded for, if any. */
export async function orderIdByPaymentReference(db: Database, utr: string): Promise<string | undefined> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentReference, utr)).limit(1);
  return order?.id;
}
