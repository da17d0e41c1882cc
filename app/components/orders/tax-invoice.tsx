import { Link } from "react-router";
import type { InvoiceJson, OrderInvoicesJson } from "../../../api/contract/types";
import { formatRupees } from "~/lib/money";
import printStylesheet from "./tax-invoice-print.css?url";

/** The print stylesheet, for the routes' `links`: applied only when printing. */
export const invoicePrintLinks = () => [{ rel: "stylesheet", href: printStylesheet, media: "print" }];

/*
 * The printable tax invoices of an order (CGST Rule 46), one per merchant: the storefront's
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

function Invoice({ invoice, orderId, cancelled }: { invoice: InvoiceJson; orderId: string; cancelled: boolean }) {
  const intra = invoice.supplyType === "intraState";
  const { supplier, buyer, totals } = invoice;
  return (
    <article
      className="invoice-sheet mx-auto max-w-4xl space-y-4 rounded-lg border border-gray-200 bg-white p-6 text-sm text-gray-900 shadow-sm"
      aria-labelledby={`invoice-${supplier.id}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-gray-300 pb-3">
        <div>
          <h1 id={`invoice-${supplier.id}`} className="text-xl font-bold">
            Tax Invoice
          </h1>
          {cancelled && (
            <p className="mt-1 font-bold uppercase tracking-wide text-red-700" role="note">
              Cancelled: the order was cancelled, and this invoice with it
            </p>
          )}
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5 text-right">
          <dt className="text-gray-600">Invoice number</dt>
          <dd className="font-mono font-semibold">{invoice.number}</dd>
          <dt className="text-gray-600">Date</dt>
          <dd>
            <time dateTime={invoice.date}>{indianDate(invoice.date)}</time>
          </dd>
          <dt className="text-gray-600">Order</dt>
          <dd className="font-mono">{orderId}</dd>
        </dl>
      </header>

      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-label="Supplier">
          <h2 className="text-xs font-semibold uppercase tracking-wide text-gray-600">Sold by</h2>
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
          <p>{`${buyer.address.locality}, ${buyer.address.city} ${buyer.address.zipcode}, ${buyer.address.country}`}</p>
          <p>{`State: ${stateText(buyer.state)}`}</p>
          <p>{`Place of supply: ${stateText(invoice.placeOfSupply)}`}</p>
        </section>
      </div>

      <div className="overflow-x-auto">
        <table className="w-full border-collapse">
          <caption className="sr-only">Goods on this invoice, with their tax</caption>
          <thead className="bg-gray-50">
            <tr>
              <th scope="col" className={`${cell} text-left`}>
                #
              </th>
              <th scope="col" className={`${cell} text-left`}>
                Description
              </th>
              <th scope="col" className={`${cell} text-left`}>
                HSN
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
            {invoice.lines.map((line, index) => (
              <tr key={line.position}>
                <td className={cell}>{index + 1}</td>
                <td className={cell}>
                  {line.title} <span className="text-gray-600">(size {line.size})</span>
                  <br />
                  <span className="text-xs text-gray-600">{formatRupees(line.unitPrice)} each, GST included</span>
                </td>
                <td className={`${cell} font-mono`}>{line.hsn}</td>
                <td className={number}>{line.qty}</td>
                <td className={number}>{formatRupees(line.taxableValue)}</td>
                <td className={number}>{intra ? `${line.gstRate / 2}% + ${line.gstRate / 2}%` : `${line.gstRate}%`}</td>
                {intra ? (
                  <>
                    <td className={number}>{formatRupees(line.cgst)}</td>
                    <td className={number}>{formatRupees(line.sgst)}</td>
                  </>
                ) : (
                  <td className={number}>{formatRupees(line.igst)}</td>
                )}
                <td className={number}>{formatRupees(line.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="font-semibold">
            <tr>
              <th scope="row" colSpan={3} className={`${cell} text-left`}>
                Total
              </th>
              <td className={number}>{totals.qty}</td>
              <td className={number}>{formatRupees(totals.taxableValue)}</td>
              <td className={cell} />
              {intra ? (
                <>
                  <td className={number}>{formatRupees(totals.cgst)}</td>
                  <td className={number}>{formatRupees(totals.sgst)}</td>
                </>
              ) : (
                <td className={number}>{formatRupees(totals.igst)}</td>
              )}
              <td className={number}>{formatRupees(totals.amount)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-gray-600">Total tax</dt>
        <dd>
          {formatRupees(totals.tax)} ({intra ? "CGST and SGST" : "IGST"})
        </dd>
        <dt className="text-gray-600">Invoice total</dt>
        <dd className="font-semibold">{formatRupees(totals.amount)}</dd>
        <dt className="text-gray-600">Amount in words</dt>
        <dd className="font-semibold">{invoice.amountInWords}</dd>
        <dt className="text-gray-600">Tax payable on reverse charge</dt>
        <dd>No</dd>
      </dl>

      <footer className="space-y-1 border-t border-gray-300 pt-3 text-xs text-gray-600">
        <p>
          Prices include GST. Each tax is rounded to the nearest rupee (CGST Act, section 170); the taxable value is the
          price less the tax.
        </p>
        <p>For {supplier.name}: a computer-generated invoice, issued without a signature.</p>
      </footer>
    </article>
  );
}

/** Every invoice of the order, with a way back that is not printed. */
export function TaxInvoices({
  order,
  backTo,
  backLabel,
}: {
  order: OrderInvoicesJson;
  backTo: string;
  backLabel: string;
}) {
  return (
    <main className="invoice-page min-h-screen space-y-6 bg-gray-100 px-4 py-6">
      <div className="invoice-toolbar mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-2 text-sm">
        <Link to={backTo} className="font-semibold text-brand hover:underline">
          ← {backLabel}
        </Link>
        {order.invoices.length > 0 && (
          <p className="text-gray-600">
            {order.invoices.length === 1 ? "One invoice" : `${order.invoices.length} invoices, one per seller`}. Print
            this page (Ctrl+P or ⌘P) to keep a copy.
          </p>
        )}
      </div>
      {order.invoices.length === 0 && (
        <p role="status" className="mx-auto max-w-4xl rounded-lg border border-gray-200 bg-white p-6 text-gray-900">
          {order.cancelled
            ? "This order was cancelled before it shipped, so it has no tax invoice."
            : "No tax invoice yet: each seller issues theirs when the order ships."}
        </p>
      )}
      {order.invoices.length > 0 && order.platformFee > 0 && (
        <p className="invoice-toolbar mx-auto max-w-4xl text-sm text-gray-600">
          The shop&apos;s platform fee of {formatRupees(order.platformFee)} on this order is the shop&apos;s own charge,
          on none of the sellers&apos; invoices.
        </p>
      )}
      {order.invoices.map((invoice) => (
        <Invoice key={invoice.supplier.id} invoice={invoice} orderId={order.orderId} cancelled={order.cancelled} />
      ))}
    </main>
  );
}
