import { data, Form, Link } from "react-router";
import type { Paginator } from "../../api/contract/types";
import {
  AdminTable,
  adminMeta,
  cellClass,
  fieldClass,
  linkClass,
  Notice,
  PageHeading,
} from "~/components/admin/catalogue-parts";
import { formatDateTime, StateBadge } from "~/components/admin/order-parts";
import {
  COD_CONFIRMATION_LABELS,
  ORDER_QUEUE_LABELS,
  ORDER_STATUS_LABELS,
  orderStatusLabel,
  PAYMENT_STATUS_LABELS,
  paymentStatusText,
} from "~/lib/admin/order-labels";
import { primaryButton } from "~/components/form-field";
import { useIsPending } from "~/components/use-is-pending";
import { fieldsNamed, formErrorsOf } from "~/lib/userapp/refusals.server";
import { ADMIN_ORDERS_PATH, adminListHref, adminOrderPath } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { type AdminOrderJson, failedAdminCall } from "~/lib/admin/orders.server";
import { formatRupees } from "~/lib/page/money";
import { readPageNumber } from "~/lib/catalogue/shop-params";
import type { Route } from "./+types/admin.orders";

export const meta: Route.MetaFunction = () => adminMeta("Orders");

const PER_PAGE = 20;

/** The filters, as the URL and the API name them: the URL is the list's state (back button, shared links). */
const FILTERS = ["queue", "status", "paymentStatus", "codConfirmation", "from", "to", "search"] as const;
type FilterName = (typeof FILTERS)[number];
type Filters = Record<FilterName, string>;

type OrdersData = {
  filters: Filters;
  orders: AdminOrderJson[];
  paginator: Paginator | null;
  /** The API's refusals of a filter (422), by filter. */
  fieldErrors: Partial<Record<FilterName, string[]>>;
};

/** Every shopper's orders, newest first, filtered and paged by the URL (`GET /userapp/admin/orders`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const url = new URL(request.url);
  const filters = Object.fromEntries(
    FILTERS.map((name) => [name, (url.searchParams.get(name) ?? "").trim()]),
  ) as Filters;
  const query = new URLSearchParams();
  for (const name of FILTERS) if (filters[name]) query.set(name, filters[name]);
  query.set("page", String(readPageNumber(url.searchParams.get("page"))));
  query.set("limit", String(PER_PAGE));

  const result = await api.orders(query);
  if (result.ok) {
    const { data: orders, paginator } = result.data;
    return { filters, orders, paginator, fieldErrors: {} } satisfies OrdersData;
  }
  if (result.code === "VALIDATION") {
    // A filter the API refused (a date that is not one): the form says which, the list stays empty.
    const { fieldErrors } = formErrorsOf(result, (path) => fieldsNamed(FILTERS)(path.replace(/^query\./, "")));
    return data({ filters, orders: [], paginator: null, fieldErrors } satisfies OrdersData, { status: 400 });
  }
  return failedAdminCall(request, result);
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { filters, orders, paginator, fieldErrors } = loaderData as OrdersData;
  const refused = Object.values(fieldErrors).flat();
  return (
    <section aria-labelledby="orders-title">
      <PageHeading id="orders-title" title="Orders">
        {paginator ? (
          <p className="text-sm text-gray-700">
            {`${paginator.itemCount} ${paginator.itemCount === 1 ? "order" : "orders"}`}
          </p>
        ) : null}
      </PageHeading>
      {/* Keyed by the filters: a new URL (Clear, the back button) shows its own values, not what was typed before. */}
      <OrderFilters key={JSON.stringify(filters)} filters={filters} fieldErrors={fieldErrors} />
      {refused.length > 0 ? <Notice>{refused[0]}</Notice> : null}
      <AdminTable
        caption="Orders, newest first"
        columns={["Order", "Placed", "Shopper", { label: "Total", align: "right" }, "Status", "Payment"]}
        items={orders}
        empty="No orders match these filters."
        page={paginator?.currentPage ?? 1}
        pageCount={paginator?.pageCount ?? 0}
        hrefFor={(page) => adminListHref(ADMIN_ORDERS_PATH, filters, page)}
        row={(order) => (
          <tr key={order._id}>
            <td className={cellClass}>
              <Link to={adminOrderPath(order._id)} className={`${linkClass} font-mono whitespace-nowrap`}>
                {order.orderNumber}
              </Link>
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(order.createdAt)}</td>
            <td className={`${cellClass} break-all`}>{order.user.email}</td>
            <td className={`${cellClass} text-right whitespace-nowrap`}>{formatRupees(order.totalAmount)}</td>
            <td className={cellClass}>
              <StateBadge>{orderStatusLabel(order.status)}</StateBadge>
              {order.codConfirmation === "awaiting" && order.status === "confirmed" ? (
                <>
                  {" "}
                  <StateBadge>{COD_CONFIRMATION_LABELS.awaiting}</StateBadge>
                </>
              ) : null}
            </td>
            <td className={cellClass}>
              <StateBadge>{paymentStatusText(order.paymentStatus)}</StateBadge>
            </td>
          </tr>
        )}
      />
    </section>
  );
}

/** The filters: a GET form, so applying them is a plain navigation to a URL that holds them (the page starts again at 1). */
function OrderFilters({ filters, fieldErrors }: { filters: Filters; fieldErrors: OrdersData["fieldErrors"] }) {
  const loading = useIsPending({ location: ADMIN_ORDERS_PATH, state: "loading" });
  const invalid = (name: FilterName) => (fieldErrors[name]?.length ? true : undefined);
  const label = "flex flex-col gap-1 text-sm font-medium text-gray-800";
  return (
    <Form
      method="get"
      action={ADMIN_ORDERS_PATH}
      role="search"
      aria-label="Filter orders"
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      {(
        [
          ["Needs you", "queue", "Any order", ORDER_QUEUE_LABELS],
          ["Status", "status", "Any status", ORDER_STATUS_LABELS],
          ["Payment", "paymentStatus", "Any payment", PAYMENT_STATUS_LABELS],
          ["Cash on Delivery", "codConfirmation", "Any confirmation", COD_CONFIRMATION_LABELS],
        ] as const
      ).map(([text, name, any, labels]) => (
        <label key={name} className={label}>
          {text}
          <select name={name} defaultValue={filters[name]} className={fieldClass} aria-invalid={invalid(name)}>
            <option value="">{any}</option>
            {Object.entries(labels).map(([value, option]) => (
              <option key={value} value={value}>
                {option}
              </option>
            ))}
          </select>
        </label>
      ))}
      <label className={label}>
        From
        <input
          type="date"
          name="from"
          defaultValue={filters.from}
          className={fieldClass}
          aria-invalid={invalid("from")}
        />
      </label>
      <label className={label}>
        To
        <input type="date" name="to" defaultValue={filters.to} className={fieldClass} aria-invalid={invalid("to")} />
      </label>
      <label className={label}>
        Order number, id or email
        <input
          type="search"
          name="search"
          defaultValue={filters.search}
          maxLength={200}
          className={fieldClass}
          aria-invalid={invalid("search")}
          placeholder="MRT-26-000042"
        />
      </label>
      <button type="submit" className={primaryButton} disabled={loading}>
        {loading ? "Applying…" : "Apply"}
      </button>
      <Link to={ADMIN_ORDERS_PATH} className={`${linkClass} py-2.5`}>
        Clear
      </Link>
    </Form>
  );
}
