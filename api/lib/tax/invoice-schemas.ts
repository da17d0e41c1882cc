import { z } from "@hono/zod-openapi";

// The tax invoices of an order as the API answers them (api/routes/invoices.ts): the OpenAPI
// document's components and the storefront's types (api/contract/types.ts).

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

/** `OrderInvoicesJson` (api/lib/tax/gst-invoices.ts): what both invoice routes answer. */
export const orderInvoicesSchema = z
  .object({
    orderId: z.string(),
    orderStatus: z.string(),
    placedAt: z.string(),
    cancelled: z.boolean().openapi({
      description:
        "The order is cancelled: cancelled before dispatch it has no invoices; invoices an order took before they waited for dispatch stand cancelled, their numbers kept.",
    }),
    platformFee: z.number().int().openapi({ description: "The shop's own fee: on no merchant's invoice." }),
    computedOnRead: z
      .boolean()
      .openapi({ description: "The order was placed before GST was recorded: its split is worked out now." }),
    invoices: z
      .array(invoiceSchema)
      .openapi({ description: "One per merchant, issued when the order ships: empty before dispatch." }),
  })
  .openapi("OrderInvoices");
