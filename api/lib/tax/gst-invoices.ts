/**
 * The database side of GST: the tax split of an order's lines when it is placed, the invoice
 * numbers it takes when it ships, and the tax invoices (CGST Rule 46) read back for the shopper and the back
 * office. The rules themselves are in api/lib/tax/gst.ts; docs/decisions/012-gst-invoices.md says why.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  invoiceCounters,
  invoices,
  merchants,
  type OrderAddress,
  orderItems,
  type OrderStatus,
  orders,
  products,
  users,
} from "../../db/schema";
import {
  financialYear,
  gstState,
  hsnForClassification,
  invoiceNumber,
  isIntraState,
  rateOfHsn,
  rupeesInWords,
  splitTax,
  sumTaxes,
  type TaxSplit,
  type TaxTotals,
} from "./gst";

/** A transaction or the database: what these functions write through. */
type Writer = Pick<Database, "select" | "insert" | "update" | "execute">;

// ---------------------------------------------------------------------------------------------
// Placing an order

type PricedLine = { productId: string; merchantId: string; cost: number; qty: number; amount: number };

export type TaxedLine = {
  hsn: string;
  gstRate: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
};

/** The HSN code a product is taxed by: its own, or its classification's. */
const effectiveHsn = (row: {
  hsn: string | null;
  category: string;
  subCategory: string;
  productType: string;
  productSubType: string;
}) => row.hsn ?? hsnForClassification(row);

/**
 * The GST split of each line of an order delivered to `deliveryState`: the rate from the
 * product's HSN code at the line's unit price, CGST + SGST when the merchant is registered in
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
    const split = splitTax(
      line.amount,
      rateOfHsn(hsn, line.cost),
      isIntraState(stateOf.get(line.merchantId), deliveryState),
    );
    return { ...line, hsn, ...splitColumns(split) };
  });
}

const splitColumns = (split: TaxSplit) => ({
  gstRate: split.rate,
  taxableValue: split.taxableValue,
  cgst: split.cgst,
  sgst: split.sgst,
  igst: split.igst,
});

/** The order's columns of its tax totals. */
export function orderTaxTotals(lines: readonly TaxTotals[]) {
  const total = sumTaxes(lines);
  return { taxableAmount: total.taxableValue, cgstAmount: total.cgst, sgstAmount: total.sgst, igstAmount: total.igst };
}

/**
 * Gives the order one invoice per merchant of its lines, numbered in the financial year of
 * `issuedAt`: each merchant's counter row is taken with an upsert, which locks it until the
 * transaction ends, so concurrent orders get consecutive serials, never the same one, and a
 * transaction that rolls back gives its serial back (no gaps). Merchants are taken in id order,
 * so two orders sharing merchants wait for each other instead of deadlocking. An order that has
 * its invoices already keeps them.
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
  for (const merchantId of [...new Set(merchantIds)].sort()) {
    if (done.has(merchantId)) continue;
    const [{ serial }] = await db
      .insert(invoiceCounters)
      .values({ merchantId, financialYear: year, lastSerial: 1 })
      .onConflictDoUpdate({
        target: [invoiceCounters.merchantId, invoiceCounters.financialYear],
        set: { lastSerial: sql`${invoiceCounters.lastSerial} + 1` },
      })
      .returning({ serial: invoiceCounters.lastSerial });
    await db.insert(invoices).values({
      orderId,
      merchantId,
      financialYear: year,
      serial,
      number: invoiceNumber(year, serial),
      issuedAt,
    });
  }
}

/**
 * Issues an order's tax invoices as it ships (CGST Rule 46 and section 31: a tax invoice for goods
 * is issued at or before their removal for supply), one per merchant of its lines, dated and
 * numbered now. An order cancelled before dispatch never takes a number.
 */
export async function issueOrderInvoices(db: Writer, orderId: string, issuedAt: Date): Promise<void> {
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
}

/** When the order left for delivery, or null while it has not (its `shipped` step). */
export const dispatchedAt = (order: { orderStatus: OrderStatus }): Date | null => {
  const step = order.orderStatus.shipped;
  return step?.isConfirmed && step.date ? new Date(step.date) : null;
};

// ---------------------------------------------------------------------------------------------
// Reading invoices

export type InvoiceLineJson = {
  position: number;
  productId: string;
  title: string;
  size: string;
  hsn: string;
  qty: number;
  /** The GST-inclusive price of one piece, and of the line. */
  unitPrice: number;
  amount: number;
  taxableValue: number;
  /** Percent; CGST and SGST are half of it each. */
  gstRate: number;
  cgst: number;
  sgst: number;
  igst: number;
};

export type InvoicePartyState = { name: string; code: string | null };

export type InvoiceJson = {
  number: string;
  financialYear: string;
  /** When it was issued (the order's dispatch), ISO; `date` is the day in India. */
  issuedAt: string;
  date: string;
  supplier: {
    id: string;
    name: string;
    gstin: string | null;
    address: string | null;
    state: InvoicePartyState | null;
  };
  buyer: { name: string; address: OrderAddress; state: InvoicePartyState };
  /** The delivery state: where the goods are supplied. */
  placeOfSupply: InvoicePartyState;
  supplyType: "intraState" | "interState";
  lines: InvoiceLineJson[];
  totals: TaxTotals & { qty: number; tax: number; amount: number };
  amountInWords: string;
};

export type OrderInvoicesJson = {
  orderId: string;
  orderStatus: string;
  placedAt: string;
  /**
   * The order is cancelled. Cancelled before dispatch, it has no invoices; one placed before
   * invoices waited for dispatch keeps those it took, shown cancelled, numbers kept.
   */
  cancelled: boolean;
  /** The shop's platform fee is the shop's own charge, on no merchant's invoice. */
  platformFee: number;
  /** Whether the lines' split was worked out now (orders placed before GST was recorded). */
  computedOnRead: boolean;
  invoices: InvoiceJson[];
};

const partyState = (name: string | null | undefined): InvoicePartyState | null => {
  if (!name) return null;
  const state = gstState(name);
  return state ? { name: state.name, code: state.code } : { name, code: null };
};

/**
 * The tax invoices of an order, one per merchant of its lines (none before it ships), or null
 * when there is no such order (or, with `userId`, it is someone else's). Lines placed before
 * migration 0006 are split now, by the same rules, from the product's HSN code and the merchant's
 * state; a shipped order without invoice rows is numbered now, dated at its dispatch.
 */
export async function loadOrderInvoices(
  db: Database,
  orderId: string,
  userId: string | null,
): Promise<OrderInvoicesJson | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(userId ? and(eq(orders.id, orderId), eq(orders.userId, userId)) : eq(orders.id, orderId))
    .limit(1);
  if (!order) return null;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  const merchantIds = [...new Set(items.map((item) => item.merchantId))];

  let numbered = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  // An order that left without its invoices (shipped before invoices were issued at dispatch, or
  // inserted other than by the shop) is numbered now, dated at its dispatch.
  const shipped = dispatchedAt(order);
  if (shipped && merchantIds.some((id) => !numbered.some((row) => row.merchantId === id))) {
    await db.transaction(async (tx) => {
      // Two first reads at once: the second waits here, then finds the invoices the first wrote.
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
      await issueInvoices(tx, orderId, merchantIds, shipped);
    });
    numbered = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  }

  const merchantRows =
    merchantIds.length > 0 ? await db.select().from(merchants).where(inArray(merchants.id, merchantIds)) : [];
  const merchantOf = new Map(merchantRows.map((row) => [row.id, row]));
  const [buyer] = await db
    .select({ name: users.name, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, order.userId))
    .limit(1);
  const buyerName =
    buyer?.name?.trim() || [buyer?.firstName, buyer?.lastName].filter(Boolean).join(" ").trim() || buyer?.email || "";

  // Lines from before migration 0006 carry no split: work it out as placeOrder would have.
  const unsplit = items.filter((item) => item.gstRate === null);
  const computed = new Map<number, TaxedLine>();
  if (unsplit.length > 0) {
    const taxed = await taxOrderLines(db, unsplit, order.address.state);
    taxed.forEach((line) => computed.set(line.position, line));
  }

  const deliveryState = partyState(order.address.state) ?? { name: order.address.state, code: null };
  const invoiceList = numbered
    .slice()
    .sort((a, b) => a.merchantId.localeCompare(b.merchantId))
    .map((invoice): InvoiceJson => {
      const merchant = merchantOf.get(invoice.merchantId);
      const mine = items.filter((item) => item.merchantId === invoice.merchantId);
      const lines = mine.map((item): InvoiceLineJson => {
        const tax: TaxedLine = computed.get(item.position) ?? {
          hsn: item.hsn!,
          gstRate: item.gstRate!,
          taxableValue: item.taxableValue!,
          cgst: item.cgst!,
          sgst: item.sgst!,
          igst: item.igst!,
        };
        return {
          position: item.position,
          productId: item.productId,
          title: item.title,
          size: item.size,
          qty: item.qty,
          unitPrice: item.cost,
          amount: item.amount,
          ...tax,
        };
      });
      const sums = sumTaxes(lines);
      const amount = lines.reduce((sum, line) => sum + line.amount, 0);
      return {
        number: invoice.number,
        financialYear: invoice.financialYear,
        issuedAt: invoice.issuedAt.toISOString(),
        date: new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(invoice.issuedAt),
        supplier: {
          id: invoice.merchantId,
          name: merchant?.companyName ?? mine[0]?.merchantName ?? "",
          gstin: merchant?.gstin ?? null,
          address: merchant?.address ?? null,
          state: partyState(merchant?.state),
        },
        buyer: { name: buyerName, address: order.address, state: deliveryState },
        placeOfSupply: deliveryState,
        supplyType: isIntraState(merchant?.state, order.address.state) ? "intraState" : "interState",
        lines,
        totals: {
          ...sums,
          qty: lines.reduce((sum, line) => sum + line.qty, 0),
          tax: sums.cgst + sums.sgst + sums.igst,
          amount,
        },
        amountInWords: rupeesInWords(amount),
      };
    });

  return {
    orderId: order.id,
    orderStatus: order.status,
    placedAt: order.createdAt.toISOString(),
    cancelled: order.status === "cancelled",
    platformFee: order.platformFee,
    computedOnRead: unsplit.length > 0,
    invoices: invoiceList,
  };
}
