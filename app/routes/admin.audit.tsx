import type { AuditRowJson } from "../../api/contract/types";
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
} from "~/components/admin/catalogue-parts";
import { formatDateTime } from "~/components/admin/order-parts";
import { adminListHref, adminOrderPath } from "~/lib/admin/sections";
import { failedLoad } from "~/lib/admin/catalogue.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { actionWords, auditDiff } from "~/lib/admin/audit-diff";
import { adminPromotionPath } from "~/lib/admin/promotions";
import { readPageNumber } from "~/lib/catalogue/shop-params";
import type { Route } from "./+types/admin.audit";

const PATH = "/admin/audit";
const PER_PAGE = 25;
/** How many changed values a row shows before "and n more". */
const SHOWN_CHANGES = 6;

/** One admin change (`GET /userapp/admin/audit`). */
type AuditRow = AuditRowJson;

const ENTITIES = [
  { value: "", label: "Everything" },
  { value: "product", label: "Products" },
  { value: "order", label: "Orders" },
  { value: "catalogue", label: "Catalogue imports" },
  { value: "promotion", label: "Promotions" },
] as const;

export const meta: Route.MetaFunction = () => adminMeta("Audit");

/** Every admin change, newest first, by entity and by admin (part of their email). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("entity") ?? "";
  const entity = ENTITIES.find((e) => e.value === asked)?.value ?? "";
  const actor = (url.searchParams.get("actor") ?? "").trim().slice(0, 254);
  // One product's or order's history (the product page links here); only with its entity.
  const entityId = entity ? (url.searchParams.get("entityId") ?? "").trim().slice(0, 100) : "";
  const page = readPageNumber(url.searchParams.get("page"));
  const query = new URLSearchParams({ page: String(page), limit: String(PER_PAGE) });
  if (entity) query.set("entity", entity);
  if (entityId) query.set("entityId", entityId);
  if (actor) query.set("actor", actor);
  const result = await api.audit(query);
  const filters = { entity, entityId, actor };
  if (!result.ok && result.code === "VALIDATION") {
    return {
      filters,
      rows: [],
      page: 1,
      pageCount: 0,
      problem: "Remove the control characters from the admin's email.",
    };
  }
  if (!result.ok) return failedLoad(request, result);
  const { data: rows, paginator } = result.data;
  return { filters, rows, page: paginator.currentPage, pageCount: paginator.pageCount, problem: null };
}

/** Where the changed thing lives in the back office, when it has a page. */
function entityHref(row: AuditRow): string | null {
  if (row.entity === "product") return `/admin/products/${row.entityId}`;
  if (row.entity === "order") return adminOrderPath(row.entityId);
  if (row.entity === "promotion") return adminPromotionPath(row.entityId);
  return null;
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { filters, rows, page, pageCount, problem } = loaderData;
  return (
    <section aria-labelledby="audit-title">
      <PageHeading id="audit-title" title="Audit" />
      <FilterForm action={PATH} label="Filter the audit">
        <div className="flex flex-col gap-1">
          <label htmlFor="audit-entity" className="text-sm font-medium text-gray-800">
            Changes to
          </label>
          <select id="audit-entity" name="entity" defaultValue={filters.entity} className={fieldClass}>
            {ENTITIES.map((e) => (
              <option key={e.value} value={e.value}>
                {e.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="audit-actor" className="text-sm font-medium text-gray-800">
            By (admin's email)
          </label>
          <input
            id="audit-actor"
            name="actor"
            type="search"
            defaultValue={filters.actor}
            maxLength={254}
            className={fieldClass}
          />
        </div>
        {filters.entityId ? <input type="hidden" name="entityId" value={filters.entityId} /> : null}
      </FilterForm>
      {filters.entityId ? (
        <p className="mb-4 text-sm text-gray-700">
          {`Only the changes to ${filters.entity} ${filters.entityId}. `}
          <Link to={adminListHref(PATH, { ...filters, entityId: "" }, 1)} className={linkClass}>
            Show every change
          </Link>
        </p>
      ) : null}
      {problem ? <Notice>{problem}</Notice> : null}
      <AdminTable
        columns={["When", "Who", "What", "Of", "Before → after"]}
        items={rows}
        empty="No changes recorded."
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => adminListHref(PATH, filters, n)}
        row={(row) => (
          <tr key={row.id}>
            <td className={`${cellClass} whitespace-nowrap`}>
              <time dateTime={row.at}>{formatDateTime(row.at)}</time>
            </td>
            <td className={`${cellClass} break-all`}>{row.actorEmail ?? "A deleted admin"}</td>
            <td className={cellClass}>{actionWords(row.action)}</td>
            <td className={cellClass}>
              <EntityLink row={row} />
            </td>
            <td className={cellClass}>
              <Changes row={row} />
            </td>
          </tr>
        )}
      />
    </section>
  );
}

function EntityLink({ row }: { row: AuditRow }) {
  const href = entityHref(row);
  const text = `${row.entity} ${row.entityId}`;
  return href ? (
    <Link to={href} className={`${linkClass} break-all`}>
      {text}
    </Link>
  ) : (
    <span className="break-all">{text}</span>
  );
}

function Changes({ row }: { row: AuditRow }) {
  const lines = auditDiff(row.before, row.after);
  if (lines.length === 0) return <span className="text-gray-500">No values changed</span>;
  const shown = lines.slice(0, SHOWN_CHANGES);
  return (
    <ul className="space-y-0.5 text-xs">
      {shown.map((line) => (
        <li key={line.path} className="break-words">
          <span className="text-gray-600">{`${line.label}:`}</span> <del className="text-red-800">{line.before}</del>{" "}
          <span aria-hidden="true">→</span>
          <span className="sr-only">became</span> <ins className="text-green-800 no-underline">{line.after}</ins>
        </li>
      ))}
      {lines.length > SHOWN_CHANGES ? <li className="text-gray-600">and {lines.length - SHOWN_CHANGES} more</li> : null}
    </ul>
  );
}
