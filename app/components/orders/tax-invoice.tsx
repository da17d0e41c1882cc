import { recipientText } from "../../../api/contract/mobile";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { CreditNoteJson, FeeInvoiceJson, InvoiceJson, OrderInvoicesJson } from "../../../api/contract/types";
import { formatPaise } from "../../../api/contract/paise";
import { formatRupees } from "~/lib/page/money";
import printStylesheet from "./tax-invoice-print.css?url";

/** The print stylesheet, for the routes' `links`: applied only when printing. */
export const invoicePrintLinks = () => [{ rel: "stylesheet", href: printStylesheet, media: "print" }];

/*
 * The printable tax documents of an order: each seller's tax invoice (CGST Rule 46), the shop's
 * invoice for its platform fee, and the credit note reversing each once the order comes back
 * (Rule 53), with taxable values and tax to the paisa. The storefront's
 * /myaccount/orders/{id}/invoice and the back office's /admin/orders/{id}/invoice. Plain HTML;
 * the print stylesheet (tax-invoice-print.css) drops the links, fits the page and starts each
 * invoice on a new sheet.
 */

const cell = "border border-gray-300 px-2 py-1 align-top";
const number = `${cell} text-right tabular-nums`;

/** "Tamil Nadu (33)": a state with its GST state code. */
const stateText = (state: { name: string; code: string | null } | null) =>
  state ? (state.code ? `${state.name} (code ${state.code})` : state.name) : "Not on file";

const indianDate = (day: string) => {
  const [year, month, date] = day.split("-").map(Number);
  return new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
};

type TaxAmounts = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number };

/** One row of a document's table: goods (HSN code) or the fee (SAC code). */
type DocumentRow = TaxAmounts & {
  key: string | number;
  description: ReactNode;
  code: string;
  qty: number;
  gstRate: number;
  amount: number;
};

type DocumentProps = {
  id: string;
  /** "Tax Invoice" or "Credit Note". */
  title: string;
  number: string;
  date: string;
  /** The order's number (MRT-26-000042), as the documents name it. */
  orderId: string;
  /** What a credit note reverses: "Tax invoice 2026-27/000004". */
  against?: string;
  /** Why a credit note was issued, or a stamp such as "Cancelled…". */
  notice?: string;
  supplier: InvoiceJson["supplier"] | FeeInvoiceJson["supplier"];
  supplierHeading: string;
  buyer: InvoiceJson["buyer"];
  placeOfSupply: InvoiceJson["placeOfSupply"];
  intra: boolean;
  codeName: "HSN" | "SAC";
  rows: DocumentRow[];
  totals: TaxAmounts & { qty: number; taxPaise: number; amount: number };
  amountInWords: string;
};

const CREDIT_REASONS: Record<CreditNoteJson["reason"], string> = {
  returned: "The goods were returned.",
  returnedToOrigin: "The parcel came back undelivered (returned to origin).",
  refunded: "The order was refunded after dispatch.",
};

function TaxDocument(props: DocumentProps) {
  const { intra, supplier, buyer, totals, title } = props;
  const credit = title === "Credit Note";
  return (
    <article
      className="invoice-sheet mx-auto max-w-4xl space-y-4 rounded-lg border border-gray-200 bg-white p-6 text-sm text-gray-900 shadow-sm"
      aria-labelledby={props.id}
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-gray-300 pb-3">
        <div>
          <h1 id={props.id} className="text-xl font-bold">
            {title}
          </h1>
          {props.notice && (
            <p
              className={credit ? "mt-1 text-gray-700" : "mt-1 font-bold uppercase tracking-wide text-red-700"}
              role="note"
            >
              {props.notice}
            </p>
          )}
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5 text-right">
          <dt className="text-gray-600">{credit ? "Credit note number" : "Invoice number"}</dt>
          <dd className="font-mono font-semibold">{props.number}</dd>
          <dt className="text-gray-600">Date</dt>
          <dd>
            <time dateTime={props.date}>{indianDate(props.date)}</time>
          </dd>
          {props.against && (
            <>
              <dt className="text-gray-600">Against</dt>
              <dd className="font-mono">{props.against}</dd>
            </>
          )}
          <dt className="text-gray-600">Order</dt>
          <dd className="font-mono">{props.orderId}</dd>
        </dl>
      </header>

      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-label="Supplier">
          <h2 className="text-xs font-semibold uppercase tracking-wide text-gray-600">{props.supplierHeading}</h2>
          <p className="font-semibold">{supplier.name}</p>
          {supplier.address && <p>{supplier.address}</p>}
          <p>{`State: ${stateText(supplier.state)}`}</p>
          <p>
            GSTIN: <span className="font-mono">{supplier.gstin ?? "Not on file"}</span>
          </p>
        </section>
        <section aria-label="Buyer">
          <h2 className="text-xs font-semibold uppercase tracking-wide text-gray-600">Billed and shipped to</h2>
          <p className="font-semibold">{buyer.name}</p>
          {recipientText(buyer.address) ? <p data-recipient>{`Deliver to: ${recipientText(buyer.address)}`}</p> : null}
          <p>{`${buyer.address.locality}, ${buyer.address.city} ${buyer.address.zipcode}, ${buyer.address.country}`}</p>
          <p>{`State: ${stateText(buyer.state)}`}</p>
          <p>{`Place of supply: ${stateText(props.placeOfSupply)}`}</p>
        </section>
      </div>

      <div className="overflow-x-auto">
        <table className="w-full border-collapse">
          <caption className="sr-only">
            {credit ? "What this credit note reverses, with its tax" : "What this invoice bills, with its tax"}
          </caption>
          <thead className="bg-gray-50">
            <tr>
              <th scope="col" className={`${cell} text-left`}>
                #
              </th>
              <th scope="col" className={`${cell} text-left`}>
                Description
              </th>
              <th scope="col" className={`${cell} text-left`}>
                {props.codeName}
              </th>
              <th scope="col" className={number}>
                Qty
              </th>
              <th scope="col" className={number}>
                Taxable value
              </th>
              <th scope="col" className={number}>
                Rate
              </th>
              {intra ? (
                <>
                  <th scope="col" className={number}>
                    CGST
                  </th>
                  <th scope="col" className={number}>
                    SGST
                  </th>
                </>
              ) : (
                <th scope="col" className={number}>
                  IGST
                </th>
              )}
              <th scope="col" className={number}>
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row, index) => (
              <tr key={row.key}>
                <td className={cell}>{index + 1}</td>
                <td className={cell}>{row.description}</td>
                <td className={`${cell} font-mono`}>{row.code}</td>
                <td className={number}>{row.qty}</td>
                <td className={number}>{formatPaise(row.taxablePaise)}</td>
                <td className={number}>{intra ? `${row.gstRate / 2}% + ${row.gstRate / 2}%` : `${row.gstRate}%`}</td>
                <TaxCells intra={intra} amounts={row} />
                <td className={number}>{formatRupees(row.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="font-semibold">
            <tr>
              <th scope="row" colSpan={3} className={`${cell} text-left`}>
                Total
              </th>
              <td className={number}>{totals.qty}</td>
              <td className={number}>{formatPaise(totals.taxablePaise)}</td>
              <td className={cell} />
              <TaxCells intra={intra} amounts={totals} />
              <td className={number}>{formatRupees(totals.amount)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-gray-600">Total tax</dt>
        <dd>
          {formatPaise(totals.taxPaise)} ({intra ? "CGST and SGST" : "IGST"})
        </dd>
        <dt className="text-gray-600">{credit ? "Credit note total" : "Invoice total"}</dt>
        <dd className="font-semibold">{formatRupees(totals.amount)}</dd>
        <dt className="text-gray-600">Amount in words</dt>
        <dd className="font-semibold">{props.amountInWords}</dd>
        <dt className="text-gray-600">Tax payable on reverse charge</dt>
        <dd>No</dd>
      </dl>

      <footer className="space-y-1 border-t border-gray-300 pt-3 text-xs text-gray-600">
        <p>
          Prices include GST. The tax is worked out to the paisa; the taxable value is the price less the tax.
          {credit && " This credit note reverses the whole invoice, line by line."}
        </p>
        <p>
          For {supplier.name}: a computer-generated {credit ? "credit note" : "invoice"}, issued without a signature.
        </p>
      </footer>
    </article>
  );
}

function TaxCells({ intra, amounts }: { intra: boolean; amounts: TaxAmounts }) {
  return intra ? (
    <>
      <td className={number}>{formatPaise(amounts.cgstPaise)}</td>
      <td className={number}>{formatPaise(amounts.sgstPaise)}</td>
    </>
  ) : (
    <td className={number}>{formatPaise(amounts.igstPaise)}</td>
  );
}

type Common = Omit<DocumentProps, "id" | "title" | "number" | "date" | "against" | "notice">;

/** An invoice and, once it is reversed, its credit note: the same lines under their own number and date. */
function InvoiceWithCreditNote({
  common,
  id,
  invoice,
  notice,
}: {
  common: Common;
  id: string;
  invoice: { number: string; date: string; creditNote: CreditNoteJson | null };
  notice?: string;
}) {
  const note = invoice.creditNote;
  return (
    <>
      <TaxDocument
        {...common}
        id={`invoice-${id}`}
        title="Tax Invoice"
        number={invoice.number}
        date={invoice.date}
        notice={notice}
      />
      {note && (
        <TaxDocument
          {...common}
          id={`credit-note-${id}`}
          title="Credit Note"
          number={note.number}
          date={note.date}
          against={`Tax invoice ${invoice.number}`}
          notice={CREDIT_REASONS[note.reason]}
        />
      )}
    </>
  );
}

/** A seller's tax invoice, and its credit note. */
function SellerDocuments({
  invoice,
  orderId,
  cancelled,
}: {
  invoice: InvoiceJson;
  orderId: string;
  cancelled: boolean;
}) {
  const common: Common = {
    orderId,
    supplier: invoice.supplier,
    supplierHeading: "Sold by",
    buyer: invoice.buyer,
    placeOfSupply: invoice.placeOfSupply,
    intra: invoice.supplyType === "intraState",
    codeName: "HSN",
    rows: invoice.lines.map((line) => ({
      ...line,
      key: line.position,
      code: line.hsn,
      description: (
        <>
          {line.title} <span className="text-gray-600">(size {line.size})</span>
          <br />
          <span className="text-xs text-gray-600">{formatRupees(line.unitPrice)} each, GST included</span>
        </>
      ),
    })),
    totals: invoice.totals,
    amountInWords: invoice.amountInWords,
  };
  return (
    <InvoiceWithCreditNote
      common={common}
      id={invoice.supplier.id}
      invoice={invoice}
      notice={cancelled ? "Cancelled: the order was cancelled, and this invoice with it" : undefined}
    />
  );
}

/** The shop's invoice for the platform fee: one service line. */
const feeCommon = (invoice: FeeInvoiceJson, orderId: string): Common => ({
  orderId,
  supplier: invoice.supplier,
  supplierHeading: "Service by",
  buyer: invoice.buyer,
  placeOfSupply: invoice.placeOfSupply,
  intra: invoice.supplyType === "intraState",
  codeName: "SAC",
  rows: [{ ...invoice, key: "fee", code: invoice.sac, qty: 1, description: invoice.description }],
  totals: { ...invoice, qty: 1 },
  amountInWords: invoice.amountInWords,
});

/** Every tax document of the order, with a way back that is not printed. */
export function TaxInvoices({
  order,
  backTo,
  backLabel,
}: {
  order: OrderInvoicesJson;
  backTo: string;
  backLabel: string;
}) {
  const sellers = order.invoices.length;
  return (
    <main className="invoice-page min-h-screen space-y-6 bg-gray-100 px-4 py-6">
      <div className="invoice-toolbar mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-2 text-sm">
        <Link to={backTo} className="font-semibold text-brand hover:underline">
          ← {backLabel}
        </Link>
        {sellers > 0 && (
          <p className="text-gray-600">
            {sellers === 1 ? "One invoice" : `${sellers} invoices, one per seller`}
            {order.feeInvoice ? ", and the shop's for its platform fee" : ""}. Print this page (Ctrl+P or ⌘P) to keep a
            copy.
          </p>
        )}
      </div>
      {sellers === 0 && (
        <p role="status" className="mx-auto max-w-4xl rounded-lg border border-gray-200 bg-white p-6 text-gray-900">
          {order.cancelled
            ? "This order was cancelled before it shipped, so it has no tax invoice."
            : "No tax invoice yet: each seller issues theirs when the order ships."}
        </p>
      )}
      {sellers > 0 && !order.feeInvoice && order.platformFee > 0 && (
        <p className="invoice-toolbar mx-auto max-w-4xl text-sm text-gray-600">
          The shop&apos;s platform fee of {formatRupees(order.platformFee)} on this order is the shop&apos;s own charge,
          on none of the sellers&apos; invoices.
        </p>
      )}
      {order.invoices.map((invoice) => (
        <SellerDocuments
          key={invoice.supplier.id}
          invoice={invoice}
          orderId={order.orderNumber}
          cancelled={order.cancelled}
        />
      ))}
      {order.feeInvoice && (
        <InvoiceWithCreditNote
          common={feeCommon(order.feeInvoice, order.orderNumber)}
          id="fee"
          invoice={order.feeInvoice}
        />
      )}
    </main>
  );
}
