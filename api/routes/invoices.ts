import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { requireAdmin, requireUser } from "../lib/accounts/auth";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { loadOrderInvoices, type OrderInvoicesJson } from "../lib/tax/gst-invoices";
import { type Envelope, idPattern, notFound } from "../lib/http/http";
import { orderInvoicesSchema } from "../lib/tax/invoice-schemas";

/**
 * An order's tax invoices (CGST Rule 46), one per merchant of its lines: `GET
 * /userapp/orders/{id}/invoices` for the shopper who placed it, `GET
 * /userapp/admin/orders/{id}/invoices` for the back office. docs/gst.md.
 */

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.string().openapi({ example: "SUCCESS" }), message: z.string(), data });
const failure = { "application/json": { schema: envelope(z.null()) } };
const params = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, example: "8b927a8cb7d862e1def9c3d5" }),
});

export const orderInvoicesRoute = createRoute({
  method: "get",
  path: "/orders/{id}/invoices",
  tags: ["orders"],
  summary: "The tax invoices of one of the signed-in shopper's orders, one per merchant",
  security: [{ bearerAuth: [] }],
  request: { params },
  responses: {
    200: { description: "The invoices", content: { "application/json": { schema: envelope(orderInvoicesSchema) } } },
    401: { description: "No token, or one that expired or was revoked", content: failure },
    404: { description: "No such order, or someone else's", content: failure },
  },
});

export const adminOrderInvoicesRoute = createRoute({
  method: "get",
  path: "/admin/orders/{id}/invoices",
  tags: ["admin"],
  summary: "The tax invoices of any order, one per merchant (admins only)",
  security: [{ bearerAuth: [] }],
  request: { params },
  responses: {
    200: { description: "The invoices", content: { "application/json": { schema: envelope(orderInvoicesSchema) } } },
    401: { description: "No token, or one that expired or was revoked", content: failure },
    403: { description: "Not an admin", content: failure },
    404: { description: "No such order", content: failure },
  },
});

const success = (data: OrderInvoicesJson) =>
  ({ status: "SUCCESS", message: "Success", data }) satisfies Envelope<OrderInvoicesJson>;

/** Mounted at /userapp/. */
export function invoiceRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = new OpenAPIHono<ApiEnv>();

  const invoicesOf = async (id: string, userId: string | null) => {
    const found = idPattern.test(id) ? await loadOrderInvoices(db, id, userId) : null;
    if (!found) throw notFound("Order not found");
    return found;
  };

  app.use("/orders/:id/invoices", requireUser(deps));
  app.openapi(orderInvoicesRoute, async (c) =>
    c.json(success(await invoicesOf(c.req.valid("param").id, c.var.user.id)), 200),
  );

  app.use("/admin/orders/:id/invoices", requireUser(deps), requireAdmin(deps));
  app.openapi(adminOrderInvoicesRoute, async (c) =>
    c.json(success(await invoicesOf(c.req.valid("param").id, null)), 200),
  );

  return app;
}
