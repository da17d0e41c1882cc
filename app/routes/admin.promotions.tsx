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
import { StateBadge } from "~/components/admin/order-parts";
import { secondaryButton } from "~/components/account/form-actions";
import { primaryButton } from "~/components/form-field";
import { failedLoad } from "~/lib/admin/catalogue.server";
import {
  ADMIN_PROMOTIONS_PATH,
  adminPromotionPath,
  discountWords,
  newPromotionPath,
  PROMOTION_KIND_LABELS,
  PROMOTION_STATUS_LABELS,
  PROMOTION_VALIDITY_LABELS,
  promotionReportPath,
  usesWords,
  validityWords,
} from "~/lib/admin/promotions";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { adminListHref } from "~/lib/admin/sections";
import { readPageNumber } from "~/lib/catalogue/shop-params";
import type { Route } from "./+types/admin.promotions";

const PER_PAGE = 25;
const KINDS = [
  { value: "code", label: "Codes" },
  { value: "offer", label: "Automatic offers" },
] as const;
const STATUSES = [
  { value: "active", label: "Active" },
  { value: "paused", label: "Paused" },
  { value: "ended", label: "Ended" },
] as const;

export const meta: Route.MetaFunction = () => adminMeta("Promotions");

/** Every code and automatic offer, newest first, by kind, status and part of the name or code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const url = new URL(request.url);
  const pick = <T extends { value: string }>(list: readonly T[], name: string) =>
    list.find((item) => item.value === url.searchParams.get(name))?.value ?? "";
  const filters = {
    kind: pick(KINDS, "kind"),
    status: pick(STATUSES, "status"),
    search: (url.searchParams.get("search") ?? "").trim().slice(0, 80),
  };
  const query = new URLSearchParams({
    page: String(readPageNumber(url.searchParams.get("page"))),
    limit: String(PER_PAGE),
  });
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  const result = await api.promotions(query);
  if (!result.ok && result.code === "VALIDATION")
    return { filters, rows: [], page: 1, pageCount: 0, problem: "Remove the control characters from the search." };
  if (!result.ok) return failedLoad(request, result);
  const { data: rows, paginator } = result.data;
  return { filters, rows, page: paginator.currentPage, pageCount: paginator.pageCount, problem: null };
}

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { filters, rows, page, pageCount, problem } = loaderData;
  return (
    <section aria-labelledby="promotions-title">
      <PageHeading id="promotions-title" title="Promotions">
        <div className="flex flex-wrap gap-3">
          <Link to={newPromotionPath("offer")} className={secondaryButton}>
            New offer
          </Link>
          <Link to={newPromotionPath("code")} className={primaryButton}>
            New code
          </Link>
        </div>
      </PageHeading>
      <p className="mb-4 max-w-prose text-sm text-gray-700">
        Codes shoppers type at the cart or checkout, and automatic offers that apply by themselves: a prepaid offer
        (Online Payment only) shows shoppers what paying online saves. An order gets at most one code and one offer.
      </p>
      <FilterForm action={ADMIN_PROMOTIONS_PATH} label="Filter the promotions">
        <FilterSelect
          id="promotions-kind"
          name="kind"
          label="Kind"
          value={filters.kind}
          any="Codes and offers"
          options={KINDS}
        />
        <FilterSelect
          id="promotions-status"
          name="status"
          label="Status"
          value={filters.status}
          any="Any status"
          options={STATUSES}
        />
        <FilterSearch id="promotions-search" label="Name or code" value={filters.search} />
      </FilterForm>
      {problem ? <Notice>{problem}</Notice> : null}
      <AdminTable
        caption="Promotions"
        columns={["Promotion", "Discount", "Status", "Uses", "Valid (India time)", "Report"]}
        items={rows}
        empty="No promotions yet."
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => adminListHref(ADMIN_PROMOTIONS_PATH, filters, n)}
        row={(promotion) => (
          <tr key={promotion.id}>
            <td className={cellClass}>
              <Link to={adminPromotionPath(promotion.id)} className={linkClass}>
                {promotion.name}
              </Link>
              <p className="text-xs text-gray-600">
                {promotion.code ? (
                  <code className="font-mono text-gray-900">{promotion.code}</code>
                ) : promotion.bulk ? (
                  `${promotion.bulkCodes} single-use codes`
                ) : (
                  PROMOTION_KIND_LABELS[promotion.kind]
                )}
              </p>
            </td>
            <td className={cellClass}>{discountWords(promotion)}</td>
            <td className={cellClass}>
              <StateBadge>
                {promotion.status === "active"
                  ? PROMOTION_VALIDITY_LABELS[promotion.validity]
                  : PROMOTION_STATUS_LABELS[promotion.status]}
              </StateBadge>
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>{usesWords(promotion)}</td>
            <td className={cellClass}>{validityWords(promotion)}</td>
            <td className={cellClass}>
              <Link to={promotionReportPath(promotion.id)} className={linkClass}>
                Report
              </Link>
            </td>
          </tr>
        )}
      />
    </section>
  );
}
