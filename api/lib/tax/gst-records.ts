/**
 * What GST writes to the database: the tax split of an order's lines when it is placed, and the
 * tax documents it takes as it ships (each seller's tax invoice, CGST Rule 46, and the shop's
 * invoice for its platform fee) and as it comes back (a credit note for each, section 34 and
 * Rule 53). They are read back by gst-invoices.ts. The rules themselves are in api/lib/tax/gst.ts;
 * docs/decisions/012-gst-invoices.md and 026-credit-notes-and-fee-invoices.md say why.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  creditNotes,
  documentCounters,
  type DocumentSupplier,
  feeInvoices,
  invoices,
  merchants,
  type OrderAddress,
  orderItems,
  type OrderStatus,
  orders,
  products,
} from "../../db/schema";
import {
  documentNumber,
  financialYear,
  hsnForClassification,
  isIntraState,
  rateOfHsn,
  splitTax,
  type TaxSplit,
  type TaxTotals,
} from "./gst";
import { PLATFORM_FEE_GST_RATE, PLATFORM_FEE_SAC } from "./platform-fee";
import { supplyState } from "../orders/recipient";

/** A transaction or the database: what these functions write through. */
type Writer = Pick<Database, "select" | "insert" | "update" | "execute">;

// ---------------------------------------------------------------------------------------------
// Placing an order

/** A line as priced: `discount` is its share of the order's promotions (0 or absent: none). */
type PricedLine = {
  productId: string;
  merchantId: string;
  cost: number;
  qty: number;
  amount: number;
  discount?: number;
};

export type TaxedLine = TaxTotals & { hsn: string; gstRate: number };

/** The HSN code a product is taxed by: its own, or its classification's. */
const effectiveHsn = (row: {
  hsn: string | null;
  category: string;
  subCategory: string;
  productType: string;
  productSubType: string;
}) => row.hsn ?? hsnForClassification(row);

/**
 * The GST split of each line of an order delivered to `deliveryState`, on what is paid for it:
 * its amount less its share of the promotions (a discount given at the time of supply and shown on
 * the invoice is not part of the value of supply, CGST Act s.15(3)(a)). The rate is the product's
 * HSN code's at the price of one piece so paid; CGST + SGST when the merchant is registered in
 * that state, IGST otherwise (and when the merchant's state is not on file).
 */
export async function taxOrderLines<Line extends PricedLine>(
  db: Writer,
  lines: readonly Line[],
  deliveryState: string,
): Promise<(Line & TaxedLine)[]> {
  if (lines.length === 0) return [];
  const productRows = await db
    .select({
      id: products.id,
      hsn: products.hsn,
      category: products.category,
      subCategory: products.subCategory,
      productType: products.productType,
      productSubType: products.productSubType,
    })
    .from(products)
    .where(inArray(products.id, [...new Set(lines.map((line) => line.productId))]));
  const hsnOf = new Map(productRows.map((row) => [row.id, effectiveHsn(row)]));
  const merchantRows = await db
    .select({ id: merchants.id, state: merchants.state })
    .from(merchants)
    .where(inArray(merchants.id, [...new Set(lines.map((line) => line.merchantId))]));
  const stateOf = new Map(merchantRows.map((row) => [row.id, row.state]));
  return lines.map((line) => {
    const hsn = hsnOf.get(line.productId);
    if (!hsn) throw new Error(`Product ${line.productId} is not in the catalogue`);
    const paid = line.amount - (line.discount ?? 0);
    const split = splitTax(
      paid,
      rateOfHsn(hsn, line.discount ? paid / line.qty : line.cost),
      isIntraState(stateOf.get(line.merchantId), deliveryState),
    );
    return { ...line, hsn, ...splitColumns(split) };
  });
}

const splitColumns = ({ rate, ...tax }: TaxSplit) => ({ gstRate: rate, ...tax });

// ---------------------------------------------------------------------------------------------
// Numbering

/**
 * The next serial of `series` in the financial year `year`: the counter row is taken with an
 * upsert, which locks it until the transaction ends, so concurrent documents get consecutive
 * serials, never the same one, and a transaction that rolls back gives its serial back (no gaps).
 * Callers take several series in sorted order, so two transactions wait instead of deadlocking.
 */
async function nextSerial(db: Writer, series: string, year: string): Promise<number> {
  const [{ serial }] = await db
    .insert(documentCounters)
    .values({ series, financialYear: year, lastSerial: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.financialYear],
      set: { lastSerial: sql`${documentCounters.lastSerial} + 1` },
    })
    .returning({ serial: documentCounters.lastSerial });
  return serial;
}

/** A seller as its documents name it: its legal name, GSTIN, registered address and state. */
export const merchantSupplier = (row: typeof merchants.$inferSelect): DocumentSupplier => ({
  name: row.companyName,
  gstin: row.gstin,
  address: row.address,
  state: row.state,
});

export async function merchantRowsOf(db: Writer, merchantIds: readonly string[]) {
  const rows =
    merchantIds.length > 0
      ? await db
          .select()
          .from(merchants)
          .where(inArray(merchants.id, [...merchantIds]))
      : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Gives the order one invoice per merchant of its lines, numbered in that merchant's series for
 * the financial year of `issuedAt` (nextSerial), naming the merchant as it is now. Merchants are
 * taken in id order. An order that has its invoices already keeps them.
 */
export async function issueInvoices(
  db: Writer,
  orderId: string,
  merchantIds: readonly string[],
  issuedAt: Date,
): Promise<void> {
  const year = financialYear(issuedAt);
  const existing = await db
    .select({ merchantId: invoices.merchantId })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  const done = new Set(existing.map((row) => row.merchantId));
  const merchantOf = await merchantRowsOf(db, merchantIds);
  for (const merchantId of [...new Set(merchantIds)].sort()) {
    if (done.has(merchantId)) continue;
    const serial = await nextSerial(db, `invoice:${merchantId}`, year);
    const merchant = merchantOf.get(merchantId);
    await db.insert(invoices).values({
      orderId,
      merchantId,
      financialYear: year,
      serial,
      number: documentNumber("", year, serial),
      issuedAt,
      supplier: merchant ? merchantSupplier(merchant) : null,
    });
  }
}

/**
 * Gives the order the shop's invoice for its platform fee, in the shop's own series: the fee's SAC
 * code and rate (api/lib/tax/platform-fee.ts), the tax to the paisa, CGST + SGST when the shop is
 * registered in the delivery state (the place of supply of a service to an unregistered buyer is
 * the buyer's address), IGST otherwise. Nothing when the order carries no fee or has its invoice.
 */
async function issueFeeInvoice(
  db: Writer,
  order: { id: string; platformFee: number; address: OrderAddress },
  shop: DocumentSupplier,
  issuedAt: Date,
): Promise<void> {
  if (order.platformFee <= 0) return;
  const [existing] = await db
    .select({ orderId: feeInvoices.orderId })
    .from(feeInvoices)
    .where(eq(feeInvoices.orderId, order.id));
  if (existing) return;
  const year = financialYear(issuedAt);
  const serial = await nextSerial(db, "fee-invoice", year);
  const { rate, ...tax } = splitTax(
    order.platformFee,
    PLATFORM_FEE_GST_RATE,
    isIntraState(shop.state, supplyState(order.address)),
  );
  await db.insert(feeInvoices).values({
    orderId: order.id,
    financialYear: year,
    serial,
    number: documentNumber("PF", year, serial),
    issuedAt,
    supplier: shop,
    sac: PLATFORM_FEE_SAC,
    gstRate: rate,
    amount: order.platformFee,
    ...tax,
  });
}

/**
 * Issues an order's tax documents as it ships (CGST Rule 46 and section 31: a tax invoice for goods
 * is issued at or before their removal for supply): one invoice per merchant of its lines, then the
 * shop's for the platform fee, dated and numbered now. An order cancelled before dispatch never
 * takes a number.
 */
export async function issueOrderInvoices(
  db: Writer,
  orderId: string,
  issuedAt: Date,
  shop: DocumentSupplier,
): Promise<void> {
  const [order] = await db
    .select({ id: orders.id, platformFee: orders.platformFee, address: orders.address })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return;
  const lines = await db
    .select({ merchantId: orderItems.merchantId })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  await issueInvoices(
    db,
    orderId,
    lines.map((line) => line.merchantId),
    issuedAt,
  );
  await issueFeeInvoice(db, order, shop, issuedAt);
}

/** Why a credit note was issued: the order came back, came back undelivered, or was refunded after dispatch. */
export type CreditReason = "returned" | "returnedToOrigin" | "refunded";

/**
 * Issues a credit note for each of the order's invoices that has none (CGST section 34, Rule 53):
 * each reverses its invoice in full, line by line, numbered in its supplier's own credit-note
 * series ("credit:<merchant id>", the shop's "credit:shop") for the financial year of `issuedAt`
 * and naming the supplier as the invoice did. An order never invoiced (cancelled before dispatch)
 * takes none.
 */
export async function issueCreditNotes(
  db: Writer,
  orderId: string,
  reason: CreditReason,
  issuedAt: Date,
): Promise<void> {
  const year = financialYear(issuedAt);
  // One after another: `db` is the caller's transaction, one connection (pg refuses overlapping queries on it).
  const issued = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  const fee = await db.select().from(feeInvoices).where(eq(feeInvoices.orderId, orderId));
  const credited = await db
    .select({ merchantId: creditNotes.merchantId })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId));
  const done = new Set(credited.map((row) => row.merchantId ?? "shop"));
  const merchantOf = await merchantRowsOf(
    db,
    issued.filter((invoice) => !invoice.supplier).map((invoice) => invoice.merchantId),
  );
  const due = [
    ...issued.map((invoice) => {
      const merchant = merchantOf.get(invoice.merchantId);
      const supplier = invoice.supplier ?? (merchant ? merchantSupplier(merchant) : null);
      return { key: invoice.merchantId, merchantId: invoice.merchantId, number: invoice.number, supplier };
    }),
    ...fee.map((invoice) => ({ key: "shop", merchantId: null, number: invoice.number, supplier: invoice.supplier })),
  ]
    .filter((invoice) => !done.has(invoice.key))
    .sort((a, b) => a.key.localeCompare(b.key));
  for (const invoice of due) {
    const serial = await nextSerial(db, `credit:${invoice.key}`, year);
    await db.insert(creditNotes).values({
      orderId,
      merchantId: invoice.merchantId,
      invoiceNumber: invoice.number,
      reason,
      financialYear: year,
      serial,
      number: documentNumber("CN", year, serial),
      issuedAt,
      supplier: invoice.supplier ?? { name: invoice.key, gstin: null, address: null, state: null },
    });
  }
}

/** When the order's step `step` happened, or null while it has not. */
export const stepAt = (order: { orderStatus: OrderStatus }, step: keyof OrderStatus): Date | null => {
  const at = order.orderStatus[step];
  return at?.isConfirmed && at.date ? new Date(at.date) : null;
};

/** When the order left for delivery, or null while it has not (its `shipped` step). */
export const dispatchedAt = (order: { orderStatus: OrderStatus }): Date | null => stepAt(order, "shipped");
