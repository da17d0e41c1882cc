import type { ReactNode } from "react";
import { Link } from "react-router";
import type { DashboardJson } from "../../../api/contract/types";
import { cellClass, headCellClass, linkClass } from "~/components/admin/catalogue-parts";
import { change, exportHref, formatCount, NEEDS_NOW, type PeriodFilters } from "~/lib/admin/dashboard";
import { formatPaise } from "../../../api/contract/paise";
import { formatRupees } from "~/lib/page/money";

// The dashboard's parts (app/routes/admin._index.tsx): what needs the owner, the headline figures, panels and tables.

type Figures = DashboardJson["current"];

/** Each count links to its list, filtered by the very predicate the count used. */
export function NeedsNow({ counts }: { counts: DashboardJson["needsNow"] }) {
  return (
    <section aria-labelledby="needs-now-title" className="mb-6 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="needs-now-title" className="mb-3 text-lg font-bold text-gray-900">
        Needs you now
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {NEEDS_NOW.map((item) => (
          <li key={item.key}>
            <Link
              to={item.href}
              className="flex items-baseline justify-between gap-2 rounded-md border border-gray-200 px-3 py-2 hover:border-brand"
            >
              <span className="text-sm text-gray-800">{item.label}</span>
              <span className={`text-xl font-bold ${counts[item.key] > 0 ? "text-brand-dark" : "text-gray-700"}`}>
                {formatCount(counts[item.key])}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One figure, its value in the period before, and how it moved (in words, never by colour alone). */
function Figure({
  label,
  now,
  before,
  format,
}: {
  label: string;
  now: number;
  before: number;
  format: (n: number) => string;
}) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-3 sm:p-4">
      <dt className="text-sm font-medium text-gray-700">{label}</dt>
      <dd className="mt-1 text-xl font-bold break-words sm:text-2xl text-gray-900">{format(now)}</dd>
      <dd className="mt-1 text-xs text-gray-700">{`${change(now, before)} (before: ${format(before)})`}</dd>
    </div>
  );
}

export function HeadlineFigures({ current, previous }: { current: Figures; previous: Figures }) {
  const rating = (n: number) => (n ? `${n.toLocaleString("en-IN")} ★` : "—");
  return (
    <section aria-labelledby="figures-title">
      <h2 id="figures-title" className="mb-3 text-lg font-bold text-gray-900">
        The period at a glance
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Sales" now={current.sales} before={previous.sales} format={formatRupees} />
        <Figure label="Orders" now={current.orders} before={previous.orders} format={formatCount} />
        <Figure label="Units" now={current.units} before={previous.units} format={formatCount} />
        <Figure
          label="Average order value"
          now={current.averageOrderValue}
          before={previous.averageOrderValue}
          format={formatRupees}
        />
        <Figure label="Discounts given" now={current.discounts} before={previous.discounts} format={formatRupees} />
        <Figure
          label="Orders with a code or offer"
          now={current.ordersWithPromotion}
          before={previous.ordersWithPromotion}
          format={formatCount}
        />
        <Figure label="New shoppers" now={current.newShoppers} before={previous.newShoppers} format={formatCount} />
        <Figure label="New reviews" now={current.reviews} before={previous.reviews} format={formatCount} />
        <Figure
          label="Average rating of new reviews"
          now={current.averageRating ?? 0}
          before={previous.averageRating ?? 0}
          format={rating}
        />
        <Figure
          label="Invoiced: taxable value"
          now={current.invoiced.taxablePaise}
          before={previous.invoiced.taxablePaise}
          format={formatPaise}
        />
        <Figure
          label="Invoiced: GST"
          now={current.invoiced.gstPaise}
          before={previous.invoiced.gstPaise}
          format={formatPaise}
        />
      </dl>
      <p className="mt-2 text-xs text-gray-700">
        {`Sales: ${formatRupees(current.placedAmount)} placed, less ${formatRupees(current.cancelledAmount)} cancelled, ${formatRupees(current.refusedAmount)} refused at the door and ${formatRupees(current.refundedAmount)} refunded. Invoiced: ${formatCount(current.invoiced.invoices)} invoices less ${formatCount(current.invoiced.creditNotes)} credit notes.`}
      </p>
    </section>
  );
}

/** A titled panel of the dashboard with its CSV download. */
export function Panel({
  id,
  title,
  filters,
  table,
  children,
}: {
  id: string;
  title: string;
  filters: PeriodFilters;
  table: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 rounded-lg border border-gray-200 bg-white p-4">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold text-gray-900">
          {title}
        </h2>
        <a href={exportHref(filters, table)} className={`${linkClass} text-sm`} download>
          Download CSV<span className="sr-only">{` of ${title.toLowerCase()}`}</span>
        </a>
      </div>
      {children}
    </section>
  );
}

/** A table of figures: its first column names the row, the others are numbers (right-aligned). */
export function FigureTable({
  caption,
  columns,
  rows,
  empty = "Nothing in this period.",
}: {
  caption: string;
  columns: string[];
  rows: string[][];
  empty?: string;
}) {
  return (
    // Focusable, so a keyboard can scroll a table wider than a phone's screen.
    <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left text-sm font-semibold text-gray-900">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={column} scope="col" className={`${headCellClass} ${i > 0 ? "text-right" : ""}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={`${cellClass} text-gray-700`}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className={`${cellClass} font-normal`}>
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className={`${cellClass} text-right whitespace-nowrap`}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
