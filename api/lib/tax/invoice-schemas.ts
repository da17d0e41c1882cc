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
  /** The recipient and their mobile number (E.164), on orders placed since they were kept. */
  name: z.string().nullable().optional(),
  mobile: z.string().nullable().optional(),
  landmark: z.string().nullable().optional(),
  label: z.string().nullable().optional(),
});

const paise = (description: string) =>
  z
    .number()
    .int()
    .openapi({ description: `${description}, in paise.` });

/** A document's taxable value and taxes, to the paisa. */
const taxFields = {
  taxablePaise: paise("The value before GST"),
  cgstPaise: paise("Central GST (within a state)"),
  sgstPaise: paise("State GST (within a state)"),
  igstPaise: paise("Integrated GST (between states)"),
};

const lineSchema = z
  .object({
    position: z.number().int(),
    productId: z.string(),
    title: z.string(),
    size: z.string(),
    hsn: z.string().openapi({ example: "610910" }),
    qty: z.number().int(),
    unitPrice: z.number().int().openapi({ description: "One piece, GST included, whole rupees." }),
    discount: z.number().int().openapi({
      description:
        "The line's share of the order's promotions, whole rupees (given at the time of supply, outside the taxable value)",
    }),
    amount: z.number().int().openapi({
      description:
        "The line as charged, GST included, whole rupees: unitPrice × qty − discount; 100 × amount = taxablePaise + cgstPaise + sgstPaise + igstPaise.",
    }),
    gstRate: z.number().int().openapi({ description: "Percent; CGST and SGST are half of it each.", example: 5 }),
    ...taxFields,
  })
  .openapi("InvoiceLine");

const supplierSchema = z.object({
  name: z.string().openapi({ description: "The legal name." }),
  gstin: z.string().nullable().openapi({ example: "33AHJPI3108B1Z2" }),
  address: z.string().nullable(),
  state: stateSchema.nullable(),
});

const creditNoteSchema = z
  .object({
    number: z.string().max(16).openapi({ example: "CN2025-26/000003" }),
    financialYear: z.string().openapi({ example: "2025-26" }),
    issuedAt: z.string().openapi({ format: "date-time" }),
    date: z.string().openapi({ example: "2026-04-02", description: "The day in India." }),
    reason: z.enum(["returned", "returnedToOrigin", "refunded"]),
  })
  .openapi("CreditNote", {
    description:
      "Reverses its invoice in full, line by line (the same lines, values and taxes), numbered in the supplier's own credit-note series.",
  });

/** What every tax document says alike. */
const documentFields = {
  number: z.string().max(16),
  financialYear: z.string().openapi({ example: "2025-26" }),
  issuedAt: z.string().openapi({ format: "date-time" }),
  date: z.string().openapi({ example: "2026-03-31", description: "The day in India." }),
  buyer: z.object({ name: z.string(), address: addressSchema, state: stateSchema }),
  placeOfSupply: stateSchema,
  supplyType: z.enum(["intraState", "interState"]),
  amountInWords: z.string().openapi({ example: "Rupees One Thousand Forty-Nine Only" }),
  creditNote: creditNoteSchema.nullable(),
};

const invoiceSchema = z
  .object({
    ...documentFields,
    number: z.string().max(16).openapi({ example: "2025-26/000042" }),
    supplier: supplierSchema.extend({ id: z.string() }),
    lines: z.array(lineSchema),
    totals: z.object({
      qty: z.number().int(),
      ...taxFields,
      taxPaise: paise("All the GST"),
      amount: z.number().int().openapi({ description: "GST included, whole rupees." }),
    }),
  })
  .openapi("TaxInvoice");

const feeInvoiceSchema = z
  .object({
    ...documentFields,
    number: z.string().max(16).openapi({ example: "PF2025-26/000042" }),
    supplier: supplierSchema.openapi({
      description: "The shop (SHOP_LEGAL_NAME, SHOP_GSTIN, SHOP_STATE, SHOP_ADDRESS).",
    }),
    description: z.string().openapi({ example: "Platform fee" }),
    sac: z.string().openapi({ example: "998599", description: "The service's accounting code." }),
    gstRate: z.number().int().openapi({ example: 18 }),
    amount: z.number().int().openapi({ description: "The fee, GST included, whole rupees." }),
    ...taxFields,
    taxPaise: paise("All the GST"),
  })
  .openapi("PlatformFeeInvoice");

/** `OrderInvoicesJson` (api/lib/tax/gst-invoices.ts): what both invoice routes answer. */
export const orderInvoicesSchema = z
  .object({
    orderId: z.string(),
    orderNumber: z.string().openapi({ example: "MRT-26-000042" }),
    orderStatus: z.string(),
    placedAt: z.string(),
    cancelled: z.boolean().openapi({
      description:
        "The order is cancelled: cancelled before dispatch it has no invoices; invoices an order took before they waited for dispatch stand cancelled, their numbers kept.",
    }),
    platformFee: z.number().int().openapi({ description: "The shop's own fee: on its own invoice (feeInvoice)." }),
    computedOnRead: z
      .boolean()
      .openapi({ description: "The order was placed before GST was recorded: its split is worked out now." }),
    invoices: z
      .array(invoiceSchema)
      .openapi({ description: "One per seller, issued when the order ships: empty before dispatch." }),
    feeInvoice: feeInvoiceSchema
      .nullable()
      .openapi({ description: "The shop's invoice for the platform fee, issued at dispatch; null before." }),
  })
  .openapi("OrderInvoices");
