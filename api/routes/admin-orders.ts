import { z } from "@hono/zod-openapi";
import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import { auditLog, orders, users } from "../db/schema";
import { adminOrderDetailSchema, adminOrderSchema, listPage } from "../lib/http/api-schemas";
import { requireAdmin, requireUser } from "../lib/accounts/auth";
import type { ApiDeps } from "../lib/context";
import { conflict, idPattern, notFound, ok, readBody, validate } from "../lib/http/http";
import {
  type AdminEvent,
  allowedAdminEvents,
  type OrderEvent,
  ORDER_STATES,
  PAYMENT_STATUSES,
  UTR_PATTERN,
} from "../lib/orders/order-states";
import { changeOrder } from "../lib/orders/order-changes";
import { isUniqueViolation, type OrderJson, withItems } from "../lib/orders/orders";
import { apiRoute, failure, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";
import { paginator } from "../lib/http/paging";
import { maxReasonLength, pageQuerySchema } from "./orders";

export type AdminOrderJson = OrderJson & {
  user: { id: string; email: string; name: string | null };
  /** The changes an admin can make to the order now (the back office shows a button for each). */
  allowedEvents: AdminEvent[];
};

/** A day as India counts it ("2026-11-23"), the admin list's date filters. */
const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Use a date like 2026-11-23", abort: true })
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, "Not a real date");

/** The start of a day in India (UTC+05:30 all year). */
const startOfIndianDay = (day: string) => new Date(`${day}T00:00:00+05:30`);
const dayMs = 24 * 60 * 60 * 1000;

const listQuerySchema = pageQuerySchema.extend({
  status: z.enum(ORDER_STATES, { error: `status must be one of ${ORDER_STATES.join(", ")}` }).optional(),
  paymentStatus: z
    .enum(PAYMENT_STATUSES, { error: `paymentStatus must be one of ${PAYMENT_STATUSES.join(", ")}` })
    .optional(),
  /** Orders placed on or after this day. */
  from: daySchema.optional(),
  /** Orders placed on or before this day. */
  to: daySchema.optional(),
  /** An order id, or part of the shopper's email. */
  search: z.string().trim().max(200, "search is at most 200 characters").optional(),
});

/** What an admin may set an order's status to; "ship" and "cancel" are accepted for the steps' names. */
const statusEvents: Record<string, (reason: string | null) => OrderEvent> = {
  shipped: () => ({ type: "ship" }),
  ship: () => ({ type: "ship" }),
  outForDelivery: () => ({ type: "outForDelivery" }),
  delivered: () => ({ type: "deliver" }),
  cancelled: (reason) => ({ type: "cancel", reason }),
  cancel: (reason) => ({ type: "cancel", reason }),
};

const statusSchema = z.object({
  status: z.string({ error: "status is required" }).refine((status) => Object.hasOwn(statusEvents, status), {
    message: "status must be one of shipped, outForDelivery, delivered, cancelled",
  }),
  reason: z
    .string()
    .trim()
    .max(maxReasonLength, `Reason is at most ${maxReasonLength} characters`)
    .nullish()
    .transform((reason) => reason || null),
});

const paymentSchema = z.object({
  utr: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z.string({ error: "utr is required" }).regex(UTR_PATTERN, "A UTR is exactly 12 digits"),
  ),
});

const refundSchema = z.object({
  reference: z
    .string({ error: "reference is required" })
    .trim()
    .min(1, "reference is required")
    .max(100, "reference is at most 100 characters")
    .regex(/^[\x20-\x7e]+$/, "reference must be printable ASCII"),
});

/** `%`, `_` and `\` match themselves in an ILIKE pattern. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const tags = ["admin: orders"];
const orderId = z.object({ id: z.string().openapi({ description: "The order id (24 hex digits)" }) });
const refused = failure(
  409,
  "FAILURE: the order's state does not allow this change (`data`: its status and payment status)",
);

const listRoute = apiRoute({
  method: "get",
  path: "/orders",
  tags,
  summary: "Every shopper's orders, newest first, filtered and paged",
  access: "admin",
  request: { query: listQuerySchema },
  responses: {
    200: success("A page of orders, each with its shopper and the changes allowed now", listPage(adminOrderSchema)),
  },
});

const getRoute = apiRoute({
  method: "get",
  path: "/orders/{id}",
  tags,
  summary: "One order with its audit trail",
  access: "admin",
  request: { params: orderId },
  failures: [404],
  responses: { 200: success("The order and its audit entries, oldest first", adminOrderDetailSchema) },
});

const statusRoute = apiRoute({
  method: "put",
  path: "/orders/{id}/status",
  tags,
  summary: "Move an order on: shipped, outForDelivery, delivered, or cancelled (with a reason)",
  access: "admin",
  request: { params: orderId, body: jsonBody(statusSchema) },
  failures: [400, 404, 409],
  responses: { 200: success("The order is now <status>.", adminOrderSchema), 409: refused },
});

const paymentRoute = apiRoute({
  method: "put",
  path: "/orders/{id}/payment",
  tags,
  summary: "Record an Online Payment order's UPI payment by its UTR",
  access: "admin",
  request: { params: orderId, body: jsonBody(paymentSchema) },
  failures: [400, 404, 409],
  responses: {
    200: success("The order is marked paid.", adminOrderSchema),
    409: failure(409, "FAILURE: the UTR is recorded for another order, or the order is not awaiting payment"),
  },
});

const refundRoute = apiRoute({
  method: "put",
  path: "/orders/{id}/refund",
  tags,
  summary: "Record the refund of a paid order that was cancelled or returned",
  access: "admin",
  request: { params: orderId, body: jsonBody(refundSchema) },
  failures: [400, 404, 409],
  responses: { 200: success("The refund is recorded.", adminOrderSchema), 409: refused },
});

/** The back office's order calls, mounted at /userapp/admin; every one is for admins only. */
export function adminOrderRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = routeGroup();
  app.use("*", requireUser(deps), requireAdmin(deps));

  async function adminOrders(where: SQL | undefined, page: number, perPage: number) {
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

  async function adminOrder(id: string) {
    if (!idPattern.test(id)) return null;
    const { data } = await adminOrders(eq(orders.id, id), 1, 1);
    return data[0] ?? null;
  }

  mount(app, listRoute, async (c) => {
    const query = validate(listQuerySchema, c.req.query());
    const search = query.search?.toLowerCase();
    const where = and(
      query.status ? eq(orders.status, query.status) : undefined,
      query.paymentStatus ? eq(orders.paymentStatus, query.paymentStatus) : undefined,
      query.from ? gte(orders.createdAt, startOfIndianDay(query.from)) : undefined,
      query.to ? lt(orders.createdAt, new Date(startOfIndianDay(query.to).getTime() + dayMs)) : undefined,
      search ? or(eq(orders.id, search), ilike(users.email, `%${likeEscaped(search)}%`)) : undefined,
    );
    const { data, itemCount } = await adminOrders(where, query.page, query.limit);
    return ok(c, { data, paginator: paginator(itemCount, query.page, query.limit) });
  });

  mount(app, getRoute, async (c) => {
    const order = await adminOrder(c.req.param("id"));
    if (!order) throw notFound("Order not found");
    const audit = await db
      .select({
        actorId: auditLog.actorId,
        actorEmail: users.email,
        action: auditLog.action,
        before: auditLog.before,
        after: auditLog.after,
        at: auditLog.at,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, order.id)))
      .orderBy(asc(auditLog.at), asc(auditLog.id));
    return ok(c, { ...order, audit: audit.map((entry) => ({ ...entry, at: entry.at.toISOString() })) });
  });

  /** Applies an admin's change to an order and answers the order as it now is. */
  async function change(orderId: string, actorId: string, action: string, event: OrderEvent) {
    if (!idPattern.test(orderId)) throw notFound("Order not found");
    await changeOrder(deps, { orderId, actorId, action, event });
    const order = await adminOrder(orderId);
    if (!order) throw notFound("Order not found");
    return order;
  }

  mount(app, statusRoute, async (c) => {
    const { status, reason } = await readBody(c, statusSchema);
    const order = await change(c.req.param("id"), c.var.user.id, "order.status", statusEvents[status](reason));
    return ok(c, order, `The order is now ${order.status}.`);
  });

  mount(app, paymentRoute, async (c) => {
    const { utr } = await readBody(c, paymentSchema);
    const id = c.req.param("id");
    const duplicate = async () => {
      const [other] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentReference, utr)).limit(1);
      return other && other.id !== id ? conflict(`UTR ${utr} is already recorded for order ${other.id}.`) : null;
    };
    const earlier = await duplicate();
    if (earlier) throw earlier;
    try {
      return ok(c, await change(id, c.var.user.id, "order.payment", { type: "pay", utr }), "The order is marked paid.");
    } catch (error) {
      // Another admin recorded the same UTR on another order a moment ago.
      if (isUniqueViolation(error, "orders_payment_reference_idx")) throw (await duplicate()) ?? error;
      throw error;
    }
  });

  mount(app, refundRoute, async (c) => {
    const { reference } = await readBody(c, refundSchema);
    const order = await change(c.req.param("id"), c.var.user.id, "order.refund", { type: "refund", reference });
    return ok(c, order, "The refund is recorded.");
  });

  return app;
}
