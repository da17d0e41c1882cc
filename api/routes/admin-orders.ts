import { z } from "@hono/zod-openapi";
import { adminOrderDetailSchema, adminOrderSchema, listPage } from "../lib/http/api-schemas";
import { requireAdmin, requireUser } from "../lib/accounts/auth";
import type { ApiDeps } from "../lib/context";
import { conflict, idPattern, notFound, ok, readBody, validate } from "../lib/http/http";
import {
  COD_CONFIRMATIONS,
  type OrderEvent,
  ORDER_STATES,
  PAYMENT_STATUSES,
  UTR_PATTERN,
} from "../lib/orders/order-states";
import { changeOrder } from "../lib/orders/order-changes";
import { ORDER_QUEUES } from "../lib/orders/order-queues";
import { shipmentFields, shipmentOf, shipmentPairIssue } from "../lib/orders/couriers";
import { isUniqueViolation } from "../lib/orders/orders";
import { listAdminOrders, loadAdminOrder, orderIdByPaymentReference } from "../lib/orders/admin-orders";
import { orderAuditTrail } from "../lib/audit-log";
import { apiRoute, failure, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";
import { paginator } from "../lib/http/paging";
import { pageQuerySchema } from "./orders";
import {
  orderReasonOf,
  otherNeedsText,
  reasonCodeSchema,
  reasonTextSchema,
  RETURN_TO_ORIGIN_REASONS,
} from "../lib/orders/order-reasons";

// The back office's storefront imports the order's type from here (app/lib/admin/orders.server.ts).
export type { AdminOrderJson } from "../lib/orders/admin-orders";

/** A day as India counts it ("2026-11-23"), the admin list's date filters. */
const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Use a date like 2026-11-23", abort: true })
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, "Not a real date");

const listQuerySchema = pageQuerySchema.extend({
  status: z.enum(ORDER_STATES, { error: `status must be one of ${ORDER_STATES.join(", ")}` }).optional(),
  paymentStatus: z
    .enum(PAYMENT_STATUSES, { error: `paymentStatus must be one of ${PAYMENT_STATUSES.join(", ")}` })
    .optional(),
  /** A Cash on Delivery order's confirmation by its shopper ("awaiting": it cannot ship yet). */
  codConfirmation: z
    .enum(COD_CONFIRMATIONS, { error: `codConfirmation must be one of ${COD_CONFIRMATIONS.join(", ")}` })
    .optional(),
  /** Orders waiting for the owner: awaiting COD confirmation, UPI to verify, ready to ship, refund due. */
  queue: z.enum(ORDER_QUEUES, { error: `queue must be one of ${ORDER_QUEUES.join(", ")}` }).optional(),
  /** Orders placed on or after this day. */
  from: daySchema.optional(),
  /** Orders placed on or before this day. */
  to: daySchema.optional(),
  /** An order id, an order number (MRT-26-000042, mrt-26-42, 42), or part of the shopper's email. */
  search: z.string().trim().max(200, "search is at most 200 characters").optional(),
});

type ReasonBody = { reasonCode: string | null; reason: string | null };

/** What an admin may set an order's status to; "ship" and "cancel" are accepted for the steps' names. */
const statusEvents: Record<string, (body: ReasonBody) => OrderEvent> = {
  shipped: () => ({ type: "ship" }),
  ship: () => ({ type: "ship" }),
  outForDelivery: () => ({ type: "outForDelivery" }),
  delivered: () => ({ type: "deliver" }),
  cancelled: (body) => ({ type: "cancel", reason: orderReasonOf("adminCancel", body) }),
  cancel: (body) => ({ type: "cancel", reason: orderReasonOf("adminCancel", body) }),
  returnedToOrigin: (body) => ({ type: "returnToOrigin", reason: orderReasonOf("returnToOrigin", body) }),
};

const statusSchema = z
  .object({
    status: z.string({ error: "status is required" }).refine((status) => Object.hasOwn(statusEvents, status), {
      message: "status must be one of shipped, outForDelivery, delivered, cancelled, returnedToOrigin",
    }),
    reasonCode: reasonCodeSchema(
      "adminCancel",
      ` when cancelling; when returnedToOrigin: ${RETURN_TO_ORIGIN_REASONS.map((reason) => reason.code).join(", ")}`,
    ),
    reason: reasonTextSchema,
    // Shipping: the courier and the parcel's tracking number, both or neither (api/lib/orders/couriers.ts).
    ...shipmentFields,
  })
  .superRefine((body, ctx) => {
    const issue = shipmentPairIssue(body);
    if (issue) ctx.addIssue({ code: "custom", message: issue.message, path: [issue.path] });
    otherNeedsText(body, ctx);
  })
  // A parcel that came back says why (the buyer refused it, nobody was there, …).
  .refine((body) => body.status !== "returnedToOrigin" || body.reason !== null || body.reasonCode !== null, {
    message: "Say why the parcel came back",
    path: ["reason"],
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

/** What recording a payment on a cancelled order answers. */
const PAID_AFTER_CANCELLATION =
  "The payment is recorded as paid after cancellation: refund it, or reinstate the order while its products are in stock.";

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
  summary:
    "Move an order on: shipped (with its courier and tracking number), outForDelivery, delivered, cancelled (with a reason), or returnedToOrigin (a parcel that came back undelivered, with the reason)",
  access: "admin",
  request: { params: orderId, body: jsonBody(statusSchema) },
  failures: [400, 404, 409],
  responses: {
    200: success("The order is now <status>.", adminOrderSchema),
    400: failure(
      400,
      "BAD_REQUEST: malformed JSON, the courier is not on the list (COURIER_UNKNOWN), or the reasonCode is not on its list (REASON_UNKNOWN)",
    ),
    409: refused,
  },
});

const paymentRoute = apiRoute({
  method: "put",
  path: "/orders/{id}/payment",
  tags,
  summary:
    "Record an Online Payment order's UPI payment by its UTR; on an order already cancelled, the payment is recorded as paid after cancellation and a refund is due",
  access: "admin",
  request: { params: orderId, body: jsonBody(paymentSchema) },
  failures: [400, 404, 409],
  responses: {
    200: success(`The order is marked paid. (On a cancelled order: "${PAID_AFTER_CANCELLATION}")`, adminOrderSchema),
    409: failure(
      409,
      "FAILURE: the UTR is recorded for another order, or the order is not awaiting payment (nor a cancelled UPI order)",
    ),
  },
});

const reinstateRoute = apiRoute({
  method: "put",
  path: "/orders/{id}/reinstate",
  tags,
  summary:
    "Reinstate a cancelled order whose UPI payment was recorded after its cancellation: its units are taken from stock again, all or none",
  access: "admin",
  failures: [404, 409],
  request: { params: orderId },
  responses: {
    200: success("The order is reinstated.", adminOrderSchema),
    409: failure(
      409,
      "FAILURE: the order was not paid after its cancellation, or a line is short of stock (`data`: the product, size, units needed and left)",
    ),
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

  mount(app, listRoute, async (c) => {
    const query = validate(listQuerySchema, c.req.query());
    const { data, itemCount } = await listAdminOrders(deps, query);
    return ok(c, { data, paginator: paginator(itemCount, query.page, query.limit) });
  });

  mount(app, getRoute, async (c) => {
    const order = await loadAdminOrder(deps, c.req.param("id"));
    if (!order) throw notFound("Order not found");
    return ok(c, { ...order, audit: await orderAuditTrail(db, order.id) });
  });

  /** Applies an admin's change to an order and answers the order as it now is. */
  async function change(orderId: string, actorId: string, action: string, event: OrderEvent) {
    if (!idPattern.test(orderId)) throw notFound("Order not found");
    await changeOrder(deps, { orderId, actorId, action, event });
    const order = await loadAdminOrder(deps, orderId);
    if (!order) throw notFound("Order not found");
    return order;
  }

  mount(app, statusRoute, async (c) => {
    const { status, reasonCode, reason, courierId, trackingNumber } = await readBody(c, statusSchema);
    let event = statusEvents[status]({ reasonCode, reason });
    if (event.type === "ship" && courierId && trackingNumber)
      event = { type: "ship", shipment: await shipmentOf(db, courierId, trackingNumber) };
    const order = await change(c.req.param("id"), c.var.user.id, "order.status", event);
    return ok(c, order, `The order is now ${order.status}.`);
  });

  mount(app, paymentRoute, async (c) => {
    const { utr } = await readBody(c, paymentSchema);
    const id = c.req.param("id");
    const duplicate = async () => {
      const other = await orderIdByPaymentReference(db, utr);
      return other && other !== id
        ? conflict(`UTR ${utr} is already recorded for order ${other}.`, null, "UTR_TAKEN")
        : null;
    };
    const earlier = await duplicate();
    if (earlier) throw earlier;
    try {
      const order = await change(id, c.var.user.id, "order.payment", { type: "pay", utr });
      return ok(c, order, order.status === "cancelled" ? PAID_AFTER_CANCELLATION : "The order is marked paid.");
    } catch (error) {
      // Another admin recorded the same UTR on another order a moment ago.
      if (isUniqueViolation(error, "orders_payment_reference_idx")) throw (await duplicate()) ?? error;
      throw error;
    }
  });

  mount(app, reinstateRoute, async (c) => {
    const order = await change(c.req.param("id"), c.var.user.id, "order.reinstate", { type: "reinstate" });
    return ok(c, order, "The order is reinstated.");
  });

  mount(app, refundRoute, async (c) => {
    const { reference } = await readBody(c, refundSchema);
    const order = await change(c.req.param("id"), c.var.user.id, "order.refund", { type: "refund", reference });
    return ok(c, order, "The refund is recorded.");
  });

  return app;
}
