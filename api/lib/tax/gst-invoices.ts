/**
 * The database side of GST: the tax split of an order's lines when it is placed, the tax documents
 * it takes as it ships (each seller's tax invoice, CGST Rule 46, and the shop's invoice for its
 * platform fee) and as it comes back (a credit note for each, section 34 and Rule 53), and all of
 * them read back for the shopper and the back office. The rules themselves are in api/lib/tax/gst.ts;
 * docs/decisions/012-gst-invoices.md and 026-credit-notes-and-fee-invoices.md say why.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
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
  users,
} from "../../db/schema";
import {
  documentNumber,
  financialYear,
  gstState,
  hsnForClassification,
  isIntraState,
  rateOfHsn,
  rupeesInWords,
  splitTax,
  sumTaxes,
  type TaxSplit,
  type TaxTotals,
} from "./gst";
import { PLATFORM_FEE_GST_RATE, PLATFORM_FEE_SAC } from "./platform-fee";
import { orderAddressJson, supplyState } from "../orders/recipient";

/** A transaction or the database: what these functions write through. */
type Writer = Pick<Database, "select" | "insert" | "update" | "execute">;

// ---------------------------------------------------------------------------------------------
// Placing an order

type PricedLine = { productId: string; merchantId: string; cost: number; qty: number; amount: number };

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
const merchantSupplier = (row: typeof merchants.$inferSelect): DocumentSupplier => ({
  name: row.companyName,
  gstin: row.gstin,
  address: row.address,
  state: row.state,
});

async function merchantRowsOf(db: Writer, merchantIds: readonly string[]) {
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
  const [issued, fee, credited] = await Promise.all([
    db.select().from(invoices).where(eq(invoices.orderId, orderId)),
    db.select().from(feeInvoices).where(eq(feeInvoices.orderId, orderId)),
    db.select({ merchantId: creditNotes.merchantId }).from(creditNotes).where(eq(creditNotes.orderId, orderId)),
  ]);
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
const stepAt = (order: { orderStatus: OrderStatus }, step: keyof OrderStatus): Date | null => {
  const at = order.orderStatus[step];
  return at?.isConfirmed && at.date ? new Date(at.date) : null;
};

/** When the order left for delivery, or null while it has not (its `shipped` step). */
export const dispatchedAt = (order: { orderStatus: OrderStatus }): Date | null => stepAt(order, "shipped");

// ---------------------------------------------------------------------------------------------
// Reading invoices

export type InvoiceLineJson = TaxTotals & {
  position: number;
  productId: string;
  title: string;
  size: string;
  hsn: string;
  qty: number;
  /** The GST-inclusive price of one piece, and of the line, whole rupees. */
  unitPrice: number;
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
  const read = () =>
    Promise.all([
      db.select().from(invoices).where(eq(invoices.orderId, orderId)),
      db.select().from(feeInvoices).where(eq(feeInvoices.orderId, orderId)),
      db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)),
    ]);
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
          amount: item.amount,
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
    orderStatus: order.status,
    placedAt: order.createdAt.toISOString(),
    cancelled: order.status === "cancelled",
    platformFee: order.platformFee,
    computedOnRead: unsplit.length > 0,
    invoices: invoiceList,
    feeInvoice,
  };
}
