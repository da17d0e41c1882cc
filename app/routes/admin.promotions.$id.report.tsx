import { Link } from "react-router";
import { AdminTable, adminMeta, cellClass, linkClass, PageHeading } from "~/components/admin/catalogue-parts";
import { secondaryButton } from "~/components/account/form-actions";
import { failedLoad } from "~/lib/admin/catalogue.server";
import { requireRecordId } from "~/lib/admin/orders.server";
import {
  ADMIN_PROMOTIONS_PATH,
  adminPromotionPath,
  discountWords,
  indiaDateTime,
  PROMOTION_PAYMENT_LABELS,
  promotionReportCsvPath,
  validityWords,
} from "~/lib/admin/promotions";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { adminOrderPath } from "~/lib/admin/sections";
import { formatRupees } from "~/lib/page/money";
import type { PromotionReportJson } from "../../api/contract/types";
import type { Route } from "./+types/admin.promotions.$id.report";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Report: ${loaderData.report.promotion.name}` : "Report");

/** A promotion's figures and its newest uses; the CSV has every use. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const result = await api.promotionReport(requireRecordId(params.id, "Promotion"));
  if (!result.ok) return failedLoad(request, result, "Promotion not found");
  return { report: result.data };
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-md border border-gray-200 p-3">
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-gray-600">{note}</dd> : null}
    </div>
  );
}

type Period = NonNullable<PromotionReportJson["prepaid"]>["before"];
const shareWords = (period: Period) =>
  period.onlineShare === null ? "No orders" : `${period.onlineShare}% paid online`;
const periodNote = (period: Period) =>
  `${period.online} of ${period.orders} orders, ${indiaDateTime(period.from)} to ${indiaDateTime(period.to)}`;

export default function PromotionReport({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  const { promotion } = report;
  return (
    <section aria-labelledby="report-title" className="max-w-4xl space-y-6">
      <div>
        <p className="mb-2 text-sm">
          <Link to={ADMIN_PROMOTIONS_PATH} className={linkClass}>
            ← Promotions
          </Link>
          {" · "}
          <Link to={adminPromotionPath(promotion.id)} className={linkClass}>
            {promotion.name}
          </Link>
        </p>
        <PageHeading id="report-title" title="Report">
          <a href={promotionReportCsvPath(promotion.id)} className={secondaryButton} download>
            Download CSV
          </a>
        </PageHeading>
        <p className="text-sm text-gray-700">
          {promotion.name} ({promotion.code ?? (promotion.bulk ? "single-use codes" : "automatic offer")}):{" "}
          {discountWords(promotion)}.
          <br />
          {validityWords(promotion)} (India time).
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label="Orders" value={String(report.orders)} note="Holding a use now" />
        <Figure label="Total discount" value={formatRupees(report.totalDiscount)} />
        <Figure label="Revenue" value={formatRupees(report.revenue)} note="What those orders came to" />
        <Figure label="Given back" value={String(report.released)} note="Uses of cancelled orders" />
        <Figure label="Past the cap" value={String(report.overCap)} note="Taken again by late payments" />
      </dl>
      {report.prepaid ? (
        <section aria-labelledby="prepaid-title">
          <h2 id="prepaid-title" className="mb-2 text-lg font-semibold">
            Orders paid online
          </h2>
          <p className="mb-3 text-sm text-gray-700">
            Of the orders placed during the offer, and in as long a time just before it, the share that chose to pay
            online (cancelled orders left out).
          </p>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Figure
              label="Before the offer"
              value={shareWords(report.prepaid.before)}
              note={periodNote(report.prepaid.before)}
            />
            <Figure
              label="During the offer"
              value={shareWords(report.prepaid.during)}
              note={periodNote(report.prepaid.during)}
            />
          </dl>
        </section>
      ) : null}
      <section aria-labelledby="uses-title">
        <h2 id="uses-title" className="mb-2 text-lg font-semibold">
          Newest uses
        </h2>
        <AdminTable
          caption="Newest uses"
          columns={["Order", "Placed", "Payment", "Discount", "Paid", "Use"]}
          items={report.recentUses}
          empty="No order has used it yet."
          page={1}
          pageCount={1}
          hrefFor={() => ""}
          row={(use) => (
            <tr key={use.orderId}>
              <td className={cellClass}>
                <Link to={adminOrderPath(use.orderId)} className={linkClass}>
                  {use.orderNumber}
                </Link>
                {use.code && use.code !== promotion.code ? <p className="font-mono text-xs">{use.code}</p> : null}
              </td>
              <td className={cellClass}>{indiaDateTime(use.placedAt)}</td>
              <td className={cellClass}>
                {PROMOTION_PAYMENT_LABELS[use.paymentMethod as "Upi" | "cod"] ?? use.paymentMethod}
              </td>
              <td className={`${cellClass} tabular-nums`}>{formatRupees(use.discount)}</td>
              <td className={`${cellClass} tabular-nums`}>{formatRupees(use.paid)}</td>
              <td className={cellClass}>
                {use.status === "held" ? "Held" : "Given back"}
                {use.overCap ? ", past the cap" : ""}
              </td>
            </tr>
          )}
        />
      </section>
    </section>
  );
}
