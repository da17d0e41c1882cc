import { z } from "@hono/zod-openapi";
import { requireAdmin, requireUser } from "../lib/accounts/auth";
import { dashboard } from "../lib/admin/dashboard";
import { DASHBOARD_TABLES, dashboardCsv } from "../lib/admin/dashboard-csv";
import {
  type PeriodQuery,
  checkCustomPeriod,
  endsInFuture,
  periodFields,
  periodQuerySchema,
  resolvePeriod,
} from "../lib/admin/dashboard-period";
import { dashboardSchema } from "../lib/admin/dashboard-schemas";
import type { ApiDeps } from "../lib/context";
import { fieldErrorsResponse, ok, validate } from "../lib/http/http";
import { apiRoute, mount, routeGroup, success } from "../lib/http/openapi";

const tags = ["admin: dashboard"];

const exportQuerySchema = z
  .object({
    ...periodFields,
    table: z.enum(DASHBOARD_TABLES, { error: `table must be one of ${DASHBOARD_TABLES.join(", ")}` }),
  })
  .superRefine(checkCustomPeriod);

const dashboardRoute = apiRoute({
  method: "get",
  path: "/dashboard",
  tags,
  summary: "The owner's dashboard: the period's figures beside the period before's, and what needs the owner now",
  access: "admin",
  request: { query: periodQuerySchema },
  responses: { 200: success("The figures (docs/back-office.md defines each)", dashboardSchema) },
});

const exportRoute = apiRoute({
  method: "get",
  path: "/dashboard/export",
  tags,
  summary: "One of the dashboard's tables for the period, as CSV",
  access: "admin",
  request: { query: exportQuerySchema },
  responses: {
    200: {
      description: "The CSV file (`Content-Disposition: attachment`)",
      content: { "text/csv": { schema: z.string() } },
    },
  },
});

/** The period a query names, refused when it ends after today in India. */
function periodOf(deps: ApiDeps, query: PeriodQuery) {
  const now = deps.now();
  if (endsInFuture(query, now))
    throw fieldErrorsResponse([{ path: "to", message: "The period cannot end in the future" }]);
  return resolvePeriod(query, now);
}

/** The dashboard, mounted at /userapp/admin; admins only. */
export function adminDashboardRoutes(deps: ApiDeps) {
  const app = routeGroup();
  app.use("*", requireUser(deps), requireAdmin(deps));

  mount(app, dashboardRoute, async (c) => {
    const period = periodOf(deps, validate(periodQuerySchema, c.req.query()));
    return ok(c, await dashboard(deps.db, period));
  });

  mount(app, exportRoute, async (c) => {
    const query = validate(exportQuerySchema, c.req.query());
    const period = periodOf(deps, query);
    const csv = dashboardCsv(query.table, await dashboard(deps.db, period));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header(
      "Content-Disposition",
      `attachment; filename="${query.table}-${period.current.from}-to-${period.current.to}.csv"`,
    );
    return c.body(csv);
  });

  return app;
}
