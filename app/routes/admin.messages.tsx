import type { MessageSummaryJson } from "../../api/contract/types";
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
import {
  ADMIN_MESSAGES_PATH,
  adminListHref,
  adminMessagePath,
  adminOrderPath,
  MESSAGE_STATE_LABELS,
} from "~/lib/admin/sections";
import { failedLoad } from "~/lib/admin/catalogue.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { readPageNumber } from "~/lib/catalogue/shop-params";
import type { Route } from "./+types/admin.messages";

const PER_PAGE = 25;
const STATES = Object.keys(MESSAGE_STATE_LABELS) as MessageSummaryJson["state"][];
const isState = (value: string): value is MessageSummaryJson["state"] => (STATES as string[]).includes(value);

export const meta: Route.MetaFunction = () => adminMeta("Messages");

/** Every message to shoppers, newest first, by state and by order or recipient. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("state") ?? "";
  const state = isState(asked) ? asked : "";
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 254);
  const page = readPageNumber(url.searchParams.get("page"));
  const query = new URLSearchParams({ page: String(page), limit: String(PER_PAGE) });
  if (state) query.set("state", state);
  if (search) query.set("search", search);
  const result = await api.messages(query);
  const filters = { state, search };
  if (!result.ok && result.code === "VALIDATION") {
    return { filters, rows: [], page: 1, pageCount: 0, problem: "Remove the control characters from the search." };
  }
  if (!result.ok) return failedLoad(request, result);
  const { data: rows, paginator } = result.data;
  return { filters, rows, page: paginator.currentPage, pageCount: paginator.pageCount, problem: null };
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { filters, rows, page, pageCount, problem } = loaderData;
  return (
    <section aria-labelledby="messages-title">
      <PageHeading id="messages-title" title="Messages" />
      <p className="mb-4 max-w-prose text-sm text-gray-700">
        Every email to shoppers. Without a mail server (SMTP_URL), messages are kept here and not sent.
      </p>
      <FilterForm action={ADMIN_MESSAGES_PATH} label="Filter the messages">
        <FilterSelect
          id="messages-state"
          name="state"
          label="State"
          value={filters.state}
          any="Every state"
          options={STATES.map((state) => ({ value: state, label: MESSAGE_STATE_LABELS[state] }))}
        />
        <FilterSearch id="messages-search" label="Order id or recipient" value={filters.search} />
      </FilterForm>
      {problem ? <Notice>{problem}</Notice> : null}
      <AdminTable
        columns={["Created", "To", "Subject", "State", "Order"]}
        items={rows}
        empty="No messages."
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => adminListHref(ADMIN_MESSAGES_PATH, filters, n)}
        row={(row) => (
          <tr key={row.id}>
            <td className={`${cellClass} whitespace-nowrap`}>
              <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
            </td>
            <td className={`${cellClass} break-all`}>{row.to}</td>
            <td className={cellClass}>
              <Link to={adminMessagePath(row.id)} className={linkClass}>
                {row.subject}
              </Link>
            </td>
            <td className={cellClass}>
              <StateBadge>{MESSAGE_STATE_LABELS[row.state]}</StateBadge>
              {row.state === "failed" && row.lastError ? (
                <p className="mt-1 text-xs break-words text-red-800">{row.lastError}</p>
              ) : null}
            </td>
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
