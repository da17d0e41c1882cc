import { Link } from "react-router";
import {
  AdminTable,
  adminMeta,
  cellClass,
  FilterForm,
  fieldClass,
  linkClass,
  Notice,
  PageHeading,
  VisibilityBadge,
} from "~/components/admin/catalogue-parts";
import { primaryButton } from "~/components/form-field";
import { adminListHref } from "~/lib/admin/sections";
import {
  type AdminListProduct,
  PRODUCT_VISIBILITIES,
  priceRange,
  type ProductVisibility,
  stockOf,
} from "~/lib/admin/catalogue";
import { failedLoad } from "~/lib/admin/catalogue.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { formatRupees } from "~/lib/page/money";
import { readPageNumber } from "~/lib/catalogue/shop-params";
import type { Route } from "./+types/admin.products";
import { imageSources, imagesOf } from "~/lib/catalogue/images";

const PATH = "/admin/products";
const PER_PAGE = 20;

export const meta: Route.MetaFunction = () => adminMeta("Products");

const VISIBILITY_LABELS: Record<ProductVisibility, string> = {
  all: "All products",
  visible: "Visible in the shop",
  hidden: "Hidden",
};

/** Every product, hidden ones too, found by title or brand, twenty a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 200);
  const asked = url.searchParams.get("visibility");
  const visibility: ProductVisibility = PRODUCT_VISIBILITIES.find((v) => v === asked) ?? "all";
  const page = readPageNumber(url.searchParams.get("page"));
  const query = new URLSearchParams({ page: String(page), limit: String(PER_PAGE), visibility });
  if (search) query.set("search", search);
  const result = await api.products(query);
  const filters = { search, visibility };
  // A search the API refuses (control characters) is said on the page, not as an error page.
  if (!result.ok && result.code === "VALIDATION") {
    return {
      filters,
      products: [],
      page: 1,
      pageCount: 0,
      itemCount: 0,
      problem: "Remove the control characters from the search.",
    };
  }
  if (!result.ok) return failedLoad(request, result);
  const { data: products, paginator } = result.data;
  return {
    filters,
    products,
    page: paginator.currentPage,
    pageCount: paginator.pageCount,
    itemCount: paginator.itemCount,
    problem: null,
  };
}

const listHref = (filters: { search: string; visibility: ProductVisibility }, page: number) =>
  adminListHref(
    PATH,
    { search: filters.search, visibility: filters.visibility === "all" ? "" : filters.visibility },
    page,
  );

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { filters, products, page, pageCount, itemCount, problem } = loaderData;
  return (
    <section aria-labelledby="admin-products-title">
      <PageHeading id="admin-products-title" title="Products">
        <Link to="/admin/products/new" className={primaryButton}>
          New product
        </Link>
      </PageHeading>
      <FilterForm action={PATH} label="Find products">
        <div className="flex flex-col gap-1">
          <label htmlFor="product-search" className="text-sm font-medium text-gray-800">
            Title or brand
          </label>
          <input
            id="product-search"
            name="search"
            type="search"
            defaultValue={filters.search}
            maxLength={200}
            className={fieldClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="product-visibility" className="text-sm font-medium text-gray-800">
            Show
          </label>
          <select id="product-visibility" name="visibility" defaultValue={filters.visibility} className={fieldClass}>
            {PRODUCT_VISIBILITIES.map((value) => (
              <option key={value} value={value}>
                {VISIBILITY_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </FilterForm>
      {problem ? <Notice>{problem}</Notice> : null}
      <p className="mb-2 text-sm text-gray-600">{itemCount === 1 ? "1 product" : `${itemCount} products`}</p>
      <AdminTable
        columns={["Product", "Brand", "Category", "Price", "Stock", "In the shop"]}
        items={products}
        empty="No products match."
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => listHref(filters, n)}
        row={(product) => (
          <tr key={product._id}>
            <td className={cellClass}>
              <div className="flex items-center gap-3">
                <img
                  {...imageSources(imagesOf(product)[0], "48px")}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 shrink-0 rounded border border-gray-100 object-contain"
                />
                <Link to={`/admin/products/${product._id}`} className={linkClass}>
                  {product.title.shortTitle}
                </Link>
              </div>
            </td>
            <td className={cellClass}>{product.brand}</td>
            <td className={cellClass}>{product.category}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{priceText(product)}</td>
            <td className={cellClass}>{stockOf(product)}</td>
            <td className={cellClass}>
              <VisibilityBadge hidden={product.hidden} />
            </td>
          </tr>
        )}
      />
    </section>
  );
}

/** The selling price, or its range over the product's sizes. */
function priceText(product: AdminListProduct): string {
  const range = priceRange(product);
  if (!range) return "–";
  return range.low === range.high
    ? formatRupees(range.low)
    : `${formatRupees(range.low)} – ${formatRupees(range.high)}`;
}
