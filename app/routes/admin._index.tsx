import { data, Form, Link } from "react-router";
import type { DashboardJson } from "../../api/contract/types";
import { adminMeta, fieldClass, linkClass, Notice, PageHeading } from "~/components/admin/catalogue-parts";
import { ChartSvg } from "~/components/admin/dashboard-chart";
import { FigureTable, HeadlineFigures, NeedsNow, Panel } from "~/components/admin/dashboard-parts";
import { primaryButton } from "~/components/form-field";
import {
  DASHBOARD_PATH,
  formatCount,
  METHOD_LABELS,
  PERIOD_FIELDS,
  PERIOD_LABELS,
  type PeriodFilters,
  periodQuery,
  reasonLabel,
  share,
  shortDay,
} from "~/lib/admin/dashboard";
import { dailyLineChart, rupeeBarChart } from "~/lib/admin/dashboard-charts.server";
import { failedAdminCall } from "~/lib/admin/orders.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { formatRupees } from "~/lib/page/money";
import { fieldsNamed, formErrorsOf } from "~/lib/userapp/refusals.server";
import type { Route } from "./+types/admin._index";

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

type Loaded =
  | { filters: PeriodFilters; fieldErrors: Partial<Record<keyof PeriodFilters, string[]>>; dashboard: null }
  | {
      filters: PeriodFilters;
      fieldErrors: Record<string, never>;
      dashboard: DashboardJson;
      charts: ReturnType<typeof chartsOf>;
    };

/** The charts, drawn here on the server: only their geometry goes to the page. */
function chartsOf(dashboard: DashboardJson) {
  return {
    salesByDay: dailyLineChart(
      "Sales per day",
      dashboard.salesByDay.map((d) => ({
        day: d.day,
        value: d.sales,
        detail: `${shortDay(d.day)}: ${formatRupees(d.sales)} sales, ${formatCount(d.orders)} orders placed`,
      })),
      "Sales (₹)",
    ),
    paymentMix: rupeeBarChart(
      "Sales by payment method",
      dashboard.paymentMix.map((m) => ({
        label: METHOD_LABELS[m.method],
        value: m.sales,
        detail: `${METHOD_LABELS[m.method]}: ${formatRupees(m.sales)} sales, ${formatCount(m.orders)} orders`,
      })),
      "Sales (₹)",
    ),
    topProducts: rupeeBarChart(
      "Top products by sales",
      dashboard.top.bySales.map((p) => ({
        label: p.title,
        value: p.sales,
        detail: `${p.title}: ${formatRupees(p.sales)}, ${formatCount(p.units)} units`,
      })),
      "Sales (₹)",
    ),
  };
}

/** The owner's dashboard: the period in the URL (a GET form), its figures beside the period before's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const url = new URL(request.url);
  const filters = Object.fromEntries(
    PERIOD_FIELDS.map((name) => [name, (url.searchParams.get(name) ?? "").trim()]),
  ) as PeriodFilters;
  if (!(filters.period in PERIOD_LABELS)) filters.period = "7d";
  const result = await api.dashboard(periodQuery(filters));
  if (result.ok) {
    const dashboard = result.data;
    return { filters, fieldErrors: {}, dashboard, charts: chartsOf(dashboard) } satisfies Loaded;
  }
  if (result.code === "VALIDATION") {
    const { fieldErrors } = formErrorsOf(result, (path) => fieldsNamed(PERIOD_FIELDS)(path.replace(/^query\./, "")));
    return data({ filters, fieldErrors, dashboard: null } satisfies Loaded, { status: 400 });
  }
  return failedAdminCall(request, result);
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const loaded = loaderData as Loaded;
  const { filters, fieldErrors } = loaded;
  const refused = Object.values(fieldErrors).flat();
  return (
    <section aria-labelledby="dashboard-title">
      <PageHeading id="dashboard-title" title="Dashboard">
        <Link to="/admin/orders" className={linkClass}>
          All orders
        </Link>
      </PageHeading>
      <PeriodForm key={JSON.stringify(filters)} filters={filters} fieldErrors={fieldErrors} />
      {refused.length > 0 ? <Notice>{refused[0]}</Notice> : null}
      {loaded.dashboard ? <Figures dashboard={loaded.dashboard} charts={loaded.charts} filters={filters} /> : null}
    </section>
  );
}

function Figures({
  dashboard,
  charts,
  filters,
}: {
  dashboard: DashboardJson;
  charts: ReturnType<typeof chartsOf>;
  filters: PeriodFilters;
}) {
  const { period, current, outcomes, reasons, top, paymentMix } = dashboard;
  const mixOrders = paymentMix.reduce((sum, m) => sum + m.orders, 0);
  const mixSales = paymentMix.reduce((sum, m) => sum + m.sales, 0);
  const rupees = (n: number) => formatRupees(n);
  return (
    <>
      <p className="mb-4 text-sm text-gray-700">
        {`${shortDay(period.from)} ${period.from.slice(0, 4)} to ${shortDay(period.to)} ${period.to.slice(0, 4)}`}
        {` (${period.days} ${period.days === 1 ? "day" : "days"}, India time), compared with `}
        {`${shortDay(period.previous.from)} to ${shortDay(period.previous.to)} ${period.previous.to.slice(0, 4)}.`}
      </p>
      <NeedsNow counts={dashboard.needsNow} />
      <HeadlineFigures current={current} previous={dashboard.previous} />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Panel id="sales-by-day" title="Sales per day" filters={filters} table="sales-by-day">
          <ChartSvg chart={charts.salesByDay} />
          <details className="mt-2">
            <summary className="cursor-pointer text-sm font-medium text-brand">The figures by day</summary>
            <FigureTable
              caption="Sales per day"
              columns={["Day", "Orders", "Placed", "Cancelled", "Refused", "Refunded", "Sales"]}
              rows={dashboard.salesByDay.map((d) => [
                shortDay(d.day),
                formatCount(d.orders),
                rupees(d.placed),
                rupees(d.cancelled),
                rupees(d.refused),
                rupees(d.refunded),
                rupees(d.sales),
              ])}
            />
          </details>
        </Panel>
        <Panel id="payment-mix" title="Cash on Delivery and Online Payment" filters={filters} table="payment-mix">
          <ChartSvg chart={charts.paymentMix} />
          <FigureTable
            caption="Orders and sales by payment method"
            columns={["Method", "Orders", "Share of orders", "Sales", "Share of sales"]}
            rows={paymentMix.map((m) => [
              METHOD_LABELS[m.method],
              formatCount(m.orders),
              share(m.orders, mixOrders),
              rupees(m.sales),
              share(m.sales, mixSales),
            ])}
          />
        </Panel>
        <Panel
          id="payment-outcomes"
          title="How the period's orders turned out"
          filters={filters}
          table="payment-outcomes"
        >
          <FigureTable
            caption="Cash on Delivery orders"
            columns={["Outcome", "Orders"]}
            rows={[
              ["Confirmed by the shopper", formatCount(outcomes.cod.confirmed)],
              ["Awaiting confirmation", formatCount(outcomes.cod.awaiting)],
              ["Not confirmed in time", formatCount(outcomes.cod.notConfirmedInTime)],
              ["Refused at the door (returned to origin)", formatCount(outcomes.cod.refusedAtDoor)],
              ["Delivered", formatCount(outcomes.cod.delivered)],
            ]}
          />
          <FigureTable
            caption="UPI orders"
            columns={["Outcome", "Orders"]}
            rows={[
              ["Paid", formatCount(outcomes.upi.paid)],
              ["Awaiting payment", formatCount(outcomes.upi.awaitingPayment)],
              ["Expired unpaid", formatCount(outcomes.upi.expired)],
              ["Paid late (after cancellation)", formatCount(outcomes.upi.paidLate)],
            ]}
          />
        </Panel>
        <Panel id="reasons" title="Cancellations and returns by reason" filters={filters} table="reasons">
          {(["cancellations", "returns"] as const).map((kind) => (
            <FigureTable
              key={kind}
              caption={kind === "cancellations" ? "Cancellations" : "Returns (to the shop or to origin)"}
              columns={["Reason", "Orders", "Value"]}
              rows={reasons[kind].map((r) => [reasonLabel(r.code), formatCount(r.orders), rupees(r.amount)])}
              empty={kind === "cancellations" ? "No cancellations in this period." : "No returns in this period."}
            />
          ))}
        </Panel>
        <Panel id="top-products" title="Top products" filters={filters} table="top-products">
          <ChartSvg chart={charts.topProducts} />
          <FigureTable
            caption="Top products by sales"
            columns={["Product", "Sales", "Units"]}
            rows={top.bySales.map((p) => [p.title, rupees(p.sales), formatCount(p.units)])}
            empty="Nothing sold in this period."
          />
          <FigureTable
            caption="Top products by units"
            columns={["Product", "Units", "Sales"]}
            rows={top.byUnits.map((p) => [p.title, formatCount(p.units), rupees(p.sales)])}
            empty="Nothing sold in this period."
          />
        </Panel>
        <Panel id="top-categories" title="Top categories" filters={filters} table="top-categories">
          <FigureTable
            caption="Top categories by sales"
            columns={["Category", "Sales", "Units"]}
            rows={top.categories.map((c) => [c.category, rupees(c.sales), formatCount(c.units)])}
            empty="Nothing sold in this period."
          />
        </Panel>
      </div>
    </>
  );
}

/** The period: a GET form, so choosing one is a plain navigation to a URL that holds it, with or without JavaScript. */
function PeriodForm({ filters, fieldErrors }: { filters: PeriodFilters; fieldErrors: Loaded["fieldErrors"] }) {
  const invalid = (name: keyof PeriodFilters) => (fieldErrors[name]?.length ? true : undefined);
  const field = "flex flex-col gap-1";
  const label = "text-sm font-medium text-gray-800";
  return (
    <Form
      method="get"
      action={DASHBOARD_PATH}
      aria-label="Choose the period"
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <div className={field}>
        <label htmlFor="dashboard-period" className={label}>
          Period
        </label>
        <select id="dashboard-period" name="period" defaultValue={filters.period} className={fieldClass}>
          {Object.entries(PERIOD_LABELS).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </div>
      <div className={field}>
        <label htmlFor="dashboard-from" className={label}>
          From (custom range)
        </label>
        <input
          id="dashboard-from"
          type="date"
          name="from"
          defaultValue={filters.from}
          className={fieldClass}
          aria-invalid={invalid("from")}
        />
      </div>
      <div className={field}>
        <label htmlFor="dashboard-to" className={label}>
          To (custom range)
        </label>
        <input
          id="dashboard-to"
          type="date"
          name="to"
          defaultValue={filters.to}
          className={fieldClass}
          aria-invalid={invalid("to")}
        />
      </div>
      <button type="submit" className={primaryButton}>
        Show
      </button>
    </Form>
  );
}
