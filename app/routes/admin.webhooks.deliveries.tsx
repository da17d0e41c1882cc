import type { WebhookDeliverySummaryJson } from "../../api/contract/types";
import { Link } from "react-router";
import {
  AdminTable,
  adminMeta,
  cellClass,
  FilterForm,
  FilterSearch,
  FilterSelect,
  linkClass,
  Notice,
  PageHeading,
} from "~/components/admin/catalogue-parts";
import { formatDateTime, StateBadge } from "~/components/admin/order-parts";
import { adminListHref, adminOrderPath } from "~/lib/admin/sections";
import {
  ADMIN_WEBHOOKS_PATH,
  DELIVERY_STATE_LABELS,
  WEBHOOK_DELIVERIES_PATH,
  WEBHOOK_EVENT_LABELS,
  webhookDeliveryPath,
} from "~/lib/admin/webhooks";
import { failedLoad } from "~/lib/admin/catalogue.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { readPageNumber } from "~/lib/catalogue/shop-params";
import { ID_PATTERN } from "../../api/contract";
import type { Route } from "./+types/admin.webhooks.deliveries";

const PER_PAGE = 25;
type State = WebhookDeliverySummaryJson["state"];
const STATES = Object.keys(DELIVERY_STATE_LABELS) as State[];
const isState = (value: string): value is State => (STATES as string[]).includes(value);

export const meta: Route.MetaFunction = () => adminMeta("Webhook deliveries");

/** Every webhook delivery, newest first, by state, by endpoint and by order (or event) id. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("state") ?? "";
  const state = isState(asked) ? asked : "";
  const askedEndpoint = url.searchParams.get("endpointId") ?? "";
  const endpointId = ID_PATTERN.test(askedEndpoint) ? askedEndpoint : "";
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 254);
  const page = readPageNumber(url.searchParams.get("page"));
  const query = new URLSearchParams({ page: String(page), limit: String(PER_PAGE) });
  if (state) query.set("state", state);
  if (endpointId) query.set("endpointId", endpointId);
  if (search) query.set("search", search);
  const [result, endpoints] = await Promise.all([api.webhookDeliveries(query), api.webhookEndpoints()]);
  if (!endpoints.ok) return failedLoad(request, endpoints);
  const filters = { state, endpointId, search };
  const choices = endpoints.data.map(({ id, url: address }) => ({ id, url: address }));
  if (!result.ok && result.code === "VALIDATION") {
    return {
      filters,
      endpoints: choices,
      rows: [],
      page: 1,
      pageCount: 0,
      problem: "Remove the control characters from the search.",
    };
  }
  if (!result.ok) return failedLoad(request, result);
  const { data: rows, paginator } = result.data;
  return {
    filters,
    endpoints: choices,
    rows,
    page: paginator.currentPage,
    pageCount: paginator.pageCount,
    problem: null,
  };
}

export default function WebhookDeliveries({ loaderData }: Route.ComponentProps) {
  const { filters, endpoints, rows, page, pageCount, problem } = loaderData;
  return (
    <section aria-labelledby="deliveries-title">
      <p className="mb-2 text-sm">
        <Link to={ADMIN_WEBHOOKS_PATH} className={linkClass}>
          ← Webhooks
        </Link>
      </p>
      <PageHeading id="deliveries-title" title="Webhook deliveries" />
      <FilterForm action={WEBHOOK_DELIVERIES_PATH} label="Filter the deliveries">
        <FilterSelect
          id="deliveries-state"
          name="state"
          label="State"
          value={filters.state}
          any="Every state"
          options={STATES.map((state) => ({ value: state, label: DELIVERY_STATE_LABELS[state] }))}
        />
        <FilterSelect
          id="deliveries-endpoint"
          name="endpointId"
          label="Endpoint"
          value={filters.endpointId}
          any="Every endpoint"
          options={endpoints.map((endpoint) => ({ value: endpoint.id, label: endpoint.url }))}
        />
        <FilterSearch id="deliveries-search" label="Order or event id" value={filters.search} />
      </FilterForm>
      {problem ? <Notice>{problem}</Notice> : null}
      <AdminTable
        columns={["Created", "Event", "Endpoint", "State", "Attempts", "Order"]}
        items={rows}
        empty="No deliveries."
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => adminListHref(WEBHOOK_DELIVERIES_PATH, filters, n)}
        row={(row) => (
          <tr key={row.id}>
            <td className={`${cellClass} whitespace-nowrap`}>
              <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
            </td>
            <td className={cellClass}>
              <Link to={webhookDeliveryPath(row.id)} className={linkClass}>
                {WEBHOOK_EVENT_LABELS[row.eventType]}
              </Link>
            </td>
            <td className={`${cellClass} break-all`}>{row.endpointUrl}</td>
            <td className={cellClass}>
              <StateBadge>{DELIVERY_STATE_LABELS[row.state]}</StateBadge>
              {row.state !== "delivered" && row.lastError ? (
                <p className="mt-1 text-xs break-words text-red-800">{row.lastError}</p>
              ) : null}
            </td>
            <td className={cellClass}>{row.attempts}</td>
            <td className={cellClass}>
              {row.orderId ? (
                <Link to={adminOrderPath(row.orderId)} className={`${linkClass} font-mono text-xs`}>
                  {row.orderId}
                </Link>
              ) : null}
            </td>
          </tr>
        )}
      />
    </section>
  );
}
