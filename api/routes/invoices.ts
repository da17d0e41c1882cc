import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { requireAdmin, requireUser } from "../lib/accounts/auth";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { loadOrderInvoices, type OrderInvoicesJson } from "../lib/tax/gst-invoices";
import { type Envelope, idPattern, notFound } from "../lib/http/http";

/**
 * An order's tax invoices (CGST Rule 46), one per merchant of its lines: `GET
 * /userapp/orders/{id}/invoices` for the shopper who placed it, `GET
 * /userapp/admin/orders/{id}/invoices` for the back office. docs/gst.md.
 */

const stateSchema = z
  .object({ name: z.string(), code: z.string().nullable().openapi({ example: "33" }) })
  .openapi("GstState", { description: "A state and its GST state code (null for a state outside the list)." });

const addressSchema = z.object({
  locality: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.string(),
});

const lineSchema = z
  .object({
    position: z.number().int(),
    productId: z.string(),
    title: z.string(),
    size: z.string(),
    hsn: z.string().openapi({ example: "610910" }),
    qty: z.number().int(),
    unitPrice: z.number().int().openapi({ description: "One piece, GST included, whole rupees." }),
    amount: z.number().int().openapi({ description: "The line, GST included: taxableValue + cgst + sgst + igst." }),
    taxableValue: z.number().int(),
    gstRate: z.number().int().openapi({ description: "Percent; CGST and SGST are half of it each.", example: 5 }),
    cgst: z.number().int(),
    sgst: z.number().int(),
    igst: z.number().int(),
  })
  .openapi("InvoiceLine");

const invoiceSchema = z
  .object({
    number: z.string().max(16).openapi({ example: "2025-26/000042" }),
    financialYear: z.string().openapi({ example: "2025-26" }),
    issuedAt: z.string().openapi({ format: "date-time" }),
    date: z.string().openapi({ example: "2026-03-31", description: "The day in India." }),
    supplier: z.object({
      id: z.string(),
      name: z.string(),
      gstin: z.string().nullable().openapi({ example: "33AHJPI3108B1Z2" }),
      address: z.string().nullable(),
      state: stateSchema.nullable(),
    }),
    buyer: z.object({ name: z.string(), address: addressSchema, state: stateSchema }),
    placeOfSupply: stateSchema,
    supplyType: z.enum(["intraState", "interState"]),
    lines: z.array(lineSchema),
    totals: z.object({
      qty: z.number().int(),
      taxableValue: z.number().int(),
      cgst: z.number().int(),
      sgst: z.number().int(),
      igst: z.number().int(),
      tax: z.number().int(),
      amount: z.number().int(),
    }),
    amountInWords: z.string().openapi({ example: "Rupees One Thousand Forty-Nine Only" }),
  })
  .openapi("TaxInvoice");

const orderInvoicesSchema = z
  .object({
    orderId: z.string(),
    orderStatus: z.string(),
    placedAt: z.string(),
    cancelled: z
      .boolean()
      .openapi({ description: "A cancelled order's invoices stand cancelled; their numbers are kept." }),
    platformFee: z.number().int().openapi({ description: "The shop's own fee: on no merchant's invoice." }),
    computedOnRead: z
      .boolean()
      .openapi({ description: "The order was placed before GST was recorded: its split is worked out now." }),
    invoices: z.array(invoiceSchema),
  })
  .openapi("OrderInvoices");

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
