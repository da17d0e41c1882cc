/**
 * The tax documents of an order read back, for the shopper and the back office: each seller's
 * tax invoice, the shop's invoice for its platform fee and the credit notes that reverse them, as
 * gst-records.ts issued them (or numbered on first read for an order that changed before they
 * were issued). The rules themselves are in api/lib/tax/gst.ts; docs/decisions/012-gst-invoices.md
 * and 026-credit-notes-and-fee-invoices.md say why.
 */
import { and, asc, eq } from "drizzle-orm";
import { formatOrderNumber } from "../orders/order-numbers";
import { orderAddressJson, supplyState } from "../orders/recipient";
import type { Database } from "../../db/client";
import {
  creditNotes,
  type DocumentSupplier,
  feeInvoices,
  invoices,
  type OrderAddress,
  orderItems,
  orders,
  users,
} from "../../db/schema";
import { gstState, isIntraState, rupeesInWords, sumTaxes, type TaxTotals } from "./gst";
import {
  type CreditReason,
  dispatchedAt,
  issueCreditNotes,
  issueInvoices,
  merchantRowsOf,
  merchantSupplier,
  stepAt,
  type TaxedLine,
  taxOrderLines,
} from "./gst-records";

// ---------------------------------------------------------------------------------------------
// Reading invoices

export type InvoiceLineJson = TaxTotals & {
  position: number;
  productId: string;
  title: string;
  size: string;
  hsn: string;
  qty: number;
  /**
   * The GST-inclusive price of one piece, whole rupees; `amount` is what the line is charged, GST
   * included: unitPrice × qty − `discount`, the line's share of the order's promotions (given at
   * the time of supply and shown here, so outside the taxable value, CGST Act s.15(3)(a)).
   */
  unitPrice: number;
  discount: number;
  amount: number;
  /** Percent; CGST and SGST are half of it each. */
  gstRate: number;
};

export type InvoicePartyState = { name: string; code: string | null };

export type DocumentSupplierJson = {
  name: string;
  gstin: string | null;
  address: string | null;
  state: InvoicePartyState | null;
};

/** A credit note reversing an invoice in full, line by line: its own number and date. */
export type CreditNoteJson = {
  number: string;
  financialYear: string;
  issuedAt: string;
  date: string;
  reason: CreditReason;
};

/** What every tax document of an order says alike. */
type DocumentHead = {
  number: string;
  financialYear: string;
  /** When it was issued (the order's dispatch), ISO; `date` is the day in India. */
  issuedAt: string;
  date: string;
  buyer: { name: string; address: OrderAddress; state: InvoicePartyState };
  /** The delivery state: where the goods and the service are supplied. */
  placeOfSupply: InvoicePartyState;
  supplyType: "intraState" | "interState";
  amountInWords: string;
  /** The credit note that reverses it, once the order has come back or been refunded after dispatch. */
  creditNote: CreditNoteJson | null;
};

export type InvoiceJson = DocumentHead & {
  supplier: DocumentSupplierJson & { id: string };
  lines: InvoiceLineJson[];
  totals: TaxTotals & { qty: number; taxPaise: number; amount: number };
};

/** The shop's invoice for the platform fee: one service line. */
export type FeeInvoiceJson = DocumentHead &
  TaxTotals & {
    supplier: DocumentSupplierJson;
    description: string;
    sac: string;
    gstRate: number;
    /** The fee, GST included, whole rupees. */
    amount: number;
    taxPaise: number;
  };

export type OrderInvoicesJson = {
  orderId: string;
  /** The number people read the order by (api/lib/orders/order-numbers.ts). */
  orderNumber: string;
  orderStatus: string;
  placedAt: string;
  /**
   * The order is cancelled. Cancelled before dispatch, it has no invoices; one placed before
   * invoices waited for dispatch keeps those it took, shown cancelled, numbers kept.
   */
  cancelled: boolean;
  /** The shop's platform fee: on the shop's own invoice (`feeInvoice`), on no seller's. */
  platformFee: number;
  /** Whether the lines' split was worked out now (orders placed before GST was recorded). */
  computedOnRead: boolean;
  invoices: InvoiceJson[];
  /** Null before dispatch, for an order without a fee, and for orders shipped before the fee was invoiced. */
  feeInvoice: FeeInvoiceJson | null;
};

const partyState = (name: string | null | undefined): InvoicePartyState | null => {
  if (!name) return null;
  const state = gstState(name);
  return state ? { name: state.name, code: state.code } : { name, code: null };
};

const supplierJson = (supplier: DocumentSupplier): DocumentSupplierJson => ({
  ...supplier,
  state: partyState(supplier.state),
});

const INDIA_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" });

const dated = (row: { number: string; financialYear: string; issuedAt: Date }) => ({
  number: row.number,
  financialYear: row.financialYear,
  issuedAt: row.issuedAt.toISOString(),
  date: INDIA_DAY.format(row.issuedAt),
});

/**
 * Numbers on first read what an order lacks for its state, as the shop would have when it changed:
 * a shipped order without invoices (shipped before they were issued at dispatch) gets them, dated
 * at its dispatch; a returned order without credit notes (returned before they existed) gets them,
 * dated at its return. Two first reads at once: the second waits for the order's lock, then finds
 * what the first wrote.
 */
async function issueMissing(
  db: Database,
  order: typeof orders.$inferSelect,
  merchantIds: readonly string[],
  numbered: readonly { merchantId: string }[],
  credited: number,
): Promise<boolean> {
  const shipped = dispatchedAt(order);
  const returned = order.status === "returned" ? (stepAt(order, "returned") ?? shipped) : null;
  const uninvoiced = shipped !== null && merchantIds.some((id) => !numbered.some((row) => row.merchantId === id));
  const uncredited = returned !== null && credited < numbered.length;
  if (!uninvoiced && !uncredited) return false;
  await db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for("update");
    if (uninvoiced) await issueInvoices(tx, order.id, merchantIds, shipped);
    if (returned) {
      const toOrigin = order.notes.some((note) => note.kind === "returnedToOrigin");
      await issueCreditNotes(tx, order.id, toOrigin ? "returnedToOrigin" : "returned", returned);
    }
  });
  return true;
}

/**
 * The tax documents of an order: one invoice per merchant of its lines and the shop's for the fee
 * (none before it ships), each with the credit note that reverses it, if any; or null when there
 * is no such order (or, with `userId`, it is someone else's). Lines placed before migration 0006
 * are split now, by the same rules, from the product's HSN code and the merchant's state.
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
  // One after another: `db` may be a transaction, one connection (pg refuses overlapping queries on it).
  const read = async () =>
    [
      await db.select().from(invoices).where(eq(invoices.orderId, orderId)),
      await db.select().from(feeInvoices).where(eq(feeInvoices.orderId, orderId)),
      await db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)),
    ] as const;
  let [numbered, fees, credits] = await read();
  if (await issueMissing(db, order, merchantIds, numbered, credits.filter((row) => row.merchantId).length)) {
    [numbered, fees, credits] = await read();
  }
  const creditOf = (merchantId: string | null): CreditNoteJson | null => {
    const note = credits.find((row) => row.merchantId === merchantId);
    return note ? { ...dated(note), reason: note.reason as CreditReason } : null;
  };

  const merchantOf = await merchantRowsOf(
    db,
    numbered.filter((row) => !row.supplier).map((row) => row.merchantId),
  );
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
    const taxed = await taxOrderLines(db, unsplit, supplyState(order.address));
    taxed.forEach((line) => computed.set(line.position, line));
  }

  const deliveryState = partyState(supplyState(order.address)) ?? { name: supplyState(order.address), code: null };
  const buyerJson = { name: buyerName, address: orderAddressJson(order.address), state: deliveryState };
  const invoiceList = numbered
    .slice()
    .sort((a, b) => a.merchantId.localeCompare(b.merchantId))
    .map((invoice): InvoiceJson => {
      const merchant = merchantOf.get(invoice.merchantId);
      const mine = items.filter((item) => item.merchantId === invoice.merchantId);
      const supplier: DocumentSupplier = invoice.supplier ??
        (merchant ? merchantSupplier(merchant) : null) ?? {
          name: mine[0]?.merchantName ?? "",
          gstin: null,
          address: null,
          state: null,
        };
      const lines = mine.map((item): InvoiceLineJson => {
        const tax: TaxedLine = computed.get(item.position) ?? {
          hsn: item.hsn!,
          gstRate: item.gstRate!,
          taxablePaise: item.taxablePaise!,
          cgstPaise: item.cgstPaise!,
          sgstPaise: item.sgstPaise!,
          igstPaise: item.igstPaise!,
        };
        return {
          position: item.position,
          productId: item.productId,
          title: item.title,
          size: item.size,
          qty: item.qty,
          unitPrice: item.cost,
          discount: item.discount,
          amount: item.amount - item.discount,
          ...tax,
        };
      });
      const sums = sumTaxes(lines);
      const amount = lines.reduce((sum, line) => sum + line.amount, 0);
      return {
        ...dated(invoice),
        supplier: { id: invoice.merchantId, ...supplierJson(supplier) },
        buyer: buyerJson,
        placeOfSupply: deliveryState,
        supplyType: isIntraState(supplier.state, supplyState(order.address)) ? "intraState" : "interState",
        lines,
        totals: {
          ...sums,
          qty: lines.reduce((sum, line) => sum + line.qty, 0),
          taxPaise: sums.cgstPaise + sums.sgstPaise + sums.igstPaise,
          amount,
        },
        amountInWords: rupeesInWords(amount),
        creditNote: creditOf(invoice.merchantId),
      };
    });

  const fee = fees[0];
  const feeInvoice: FeeInvoiceJson | null = fee
    ? {
        ...dated(fee),
        supplier: supplierJson(fee.supplier),
        buyer: buyerJson,
        placeOfSupply: deliveryState,
        supplyType: isIntraState(fee.supplier.state, supplyState(order.address)) ? "intraState" : "interState",
        description: "Platform fee",
        sac: fee.sac,
        gstRate: fee.gstRate,
        amount: fee.amount,
        taxablePaise: fee.taxablePaise,
        cgstPaise: fee.cgstPaise,
        sgstPaise: fee.sgstPaise,
        igstPaise: fee.igstPaise,
        taxPaise: fee.cgstPaise + fee.sgstPaise + fee.igstPaise,
        amountInWords: rupeesInWords(fee.amount),
        creditNote: creditOf(null),
      }
    : null;

  return {
    orderId: order.id,
    orderNumber: formatOrderNumber(order.orderNumber, order.createdAt),
    orderStatus: order.status,
    placedAt: order.createdAt.toISOString(),
    cancelled: order.status === "cancelled",
    platformFee: order.platformFee,
    computedOnRead: unsplit.length > 0,
    invoices: invoiceList,
    feeInvoice,
  };
}
