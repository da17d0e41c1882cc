import { Link } from "react-router";
import { LOW_STOCK_THRESHOLD } from "../../api/contract";
import {
  AdminTable,
  adminMeta,
  cellClass,
  FilterForm,
  fieldClass,
  linkClass,
  PageHeading,
  VisibilityBadge,
} from "~/components/admin/catalogue-parts";
import { adminListHref } from "~/lib/admin/sections";
import { failedLoad } from "~/lib/admin/catalogue.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { readPageNumber } from "~/lib/catalogue/shop-params";
import type { Route } from "./+types/admin.stock";

const PATH = "/admin/stock";
const PER_PAGE = 50;
const DEFAULT_THRESHOLD = LOW_STOCK_THRESHOLD;
const MAX_THRESHOLD = 100_000;

export const meta: Route.MetaFunction = () => adminMeta("Low stock");

/** The threshold asked for in the URL: a whole number of units, else the default. */
function readThreshold(raw: string | null): number {
  if (raw === null || !/^\d{1,6}$/.test(raw.trim())) return DEFAULT_THRESHOLD;
  return Math.min(MAX_THRESHOLD, Number(raw.trim()));
}

/** Every size with `threshold` units or fewer left (default 5), fewest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const url = new URL(request.url);
  const threshold = readThreshold(url.searchParams.get("threshold"));
  const page = readPageNumber(url.searchParams.get("page"));
  const query = new URLSearchParams({ threshold: String(threshold), page: String(page), limit: String(PER_PAGE) });
  const result = await api.lowStock(query);
  if (!result.ok) return failedLoad(request, result);
  const { data: rows, paginator } = result.data;
  return {
    threshold,
    rows,
    page: paginator.currentPage,
    pageCount: paginator.pageCount,
    itemCount: paginator.itemCount,
  };
}

const stockHref = (threshold: number, page: number) =>
  adminListHref(PATH, { threshold: threshold === DEFAULT_THRESHOLD ? "" : String(threshold) }, page);

export default function LowStock({ loaderData }: Route.ComponentProps) {
  const { threshold, rows, page, pageCount, itemCount } = loaderData;
  return (
    <section aria-labelledby="low-stock-title">
      <PageHeading id="low-stock-title" title="Low stock" />
      <FilterForm action={PATH} label="Stock threshold">
        <div className="flex flex-col gap-1">
          <label htmlFor="stock-threshold" className="text-sm font-medium text-gray-800">
            Sizes with at most this many units
          </label>
          <input
            id="stock-threshold"
            name="threshold"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_THRESHOLD}
            step={1}
            defaultValue={threshold}
            className={`${fieldClass} w-32`}
          />
        </div>
      </FilterForm>
      <p className="mb-2 text-sm text-gray-600">
        {itemCount === 1 ? "1 size" : `${itemCount} sizes`} with {threshold} or fewer units left.
      </p>
      <AdminTable
        columns={["Product", "Brand", "Size", "Units left", "In the shop"]}
        items={rows}
        empty="Nothing is running low."
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => stockHref(threshold, n)}
        row={(row) => (
          <tr key={`${row.productId}:${row.size}`}>
            <td className={cellClass}>
              <Link to={`/admin/products/${row.productId}`} className={linkClass}>
                {row.title.shortTitle}
              </Link>
            </td>
            <td className={cellClass}>{row.brand}</td>
            <td className={cellClass}>{row.size}</td>
            <td className={`${cellClass} font-semibold ${row.quantity === 0 ? "text-red-700" : "text-gray-900"}`}>
              {row.quantity === 0 ? "0 (sold out)" : row.quantity}
            </td>
            <td className={cellClass}>
              <VisibilityBadge hidden={row.hidden} />
            </td>
          </tr>
        )}
      />
    </section>
  );
}
