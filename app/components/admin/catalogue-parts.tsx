import type { ReactNode } from "react";
import { Form } from "react-router";
import { primaryButton } from "~/components/form-field";
import { Pagination } from "~/components/shop/pagination";
import { useIsPending } from "~/components/use-is-pending";

// Small pieces the back office's catalogue pages share: headings, tables, badges, filter forms.

export const tableClass = "w-full min-w-[40rem] text-left text-sm";
export const headCellClass = "border-b border-gray-200 py-2 pr-3 font-medium text-gray-700";
export const cellClass = "border-b border-gray-100 py-2 pr-3 align-top";
export const linkClass = "font-medium text-brand hover:underline";
export const fieldClass =
  "rounded-md border border-gray-300 bg-white px-3 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30";

export function PageHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 id={id} className="text-2xl font-bold text-gray-900">
        {title}
      </h1>
      {children}
    </div>
  );
}

/** Hidden or visible in the shop, in words (never by colour alone). */
export function VisibilityBadge({ hidden }: { hidden: boolean }) {
  return hidden ? (
    <span className="inline-block rounded bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800">Hidden</span>
  ) : (
    <span className="inline-block rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Visible</span>
  );
}

/**
 * A GET form of filters: its fields land in the URL, so the back button and shared links keep
 * them, with or without JavaScript. The button says so while the page loads.
 */
export function FilterForm({ action, label, children }: { action: string; label: string; children: ReactNode }) {
  const loading = useIsPending({ location: action, state: "loading" });
  return (
    <Form method="get" action={action} role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-3">
      {children}
      <button type="submit" className={primaryButton} disabled={loading}>
        {loading ? "Loading…" : "Show"}
      </button>
    </Form>
  );
}

/** A labelled search field of a FilterForm (`search`, at most 254 characters). */
export function FilterSearch({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <input id={id} name="search" type="search" defaultValue={value} maxLength={254} className={fieldClass} />
    </div>
  );
}

/** A labelled select of a FilterForm: `any` first (the empty value), then `options`. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  any,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  any: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={fieldClass}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export type AdminColumn = string | { label: string; align: "right" };

/**
 * A back-office list: its column headings, one row per item (or `empty` in words), and the
 * pages under it. Every list page (orders, products, low stock, audit) draws its table with it.
 */
export function AdminTable<T>({
  caption,
  columns,
  items,
  empty,
  row,
  page,
  pageCount,
  hrefFor,
}: {
  caption?: string;
  columns: readonly AdminColumn[];
  items: readonly T[];
  empty: ReactNode;
  row: (item: T) => ReactNode;
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  return (
    <>
      {/* Wider than a phone, the table scrolls sideways: a named region the keyboard can reach and scroll (axe: scrollable-region-focusable). */}
      <div className="relative overflow-x-auto" role="region" aria-label={caption ?? "Table"} tabIndex={0}>
        <table className={tableClass}>
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead>
            <tr>
              {columns.map((column) =>
                typeof column === "string" ? (
                  <th key={column} scope="col" className={headCellClass}>
                    {column}
                  </th>
                ) : (
                  <th key={column.label} scope="col" className={`${headCellClass} text-right`}>
                    {column.label}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>{items.length === 0 ? <EmptyRow columns={columns.length}>{empty}</EmptyRow> : items.map(row)}</tbody>
        </table>
      </div>
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </>
  );
}

/** An empty list, said in words. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="py-8 text-center text-gray-600">
        {children}
      </td>
    </tr>
  );
}

/** A page's own message (an API refusal of a filter), above its table. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}

export const adminMeta = (title: string) => [
  { title: `${title} | Back office | Mart` },
  { name: "robots", content: "noindex" },
];
