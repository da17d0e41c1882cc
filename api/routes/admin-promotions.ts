import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { requireAdmin, requireUser } from "../lib/accounts/auth";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { listPage } from "../lib/http/api-schemas";
import { notFound, ok, readBody, validate } from "../lib/http/http";
import { apiRoute, failure, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";
import { paginator } from "../lib/http/paging";
import {
  bulkCodesInputSchema,
  bulkCodesResultSchema,
  MAX_BULK_CODES_PER_REQUEST,
  promotionInputSchema,
  promotionListQuerySchema,
  promotionReportSchema,
  promotionSchema,
  promotionUpdateSchema,
} from "../lib/promotions/admin-promotion-schemas";
import {
  changePromotionStatus,
  createPromotion,
  generateBulkCodes,
  listPromotions,
  loadPromotion,
  STATUS_CHANGES,
  type StatusChange,
  updatePromotion,
} from "../lib/promotions/admin-promotions";
import { bulkCodesCsv, promotionReport, promotionReportCsv } from "../lib/promotions/admin-promotion-report";
import { pageQuerySchema } from "./orders";

// The back office's codes and automatic offers (api/lib/promotions/admin-promotions.ts, decision
// 051), mounted at /userapp/admin; every one is for admins only.

const tags = ["admin: promotions"];
const byId = z.object({ id: z.string().openapi({ description: "The promotion's id (24 hex digits)" }) });
const listQuerySchema = pageQuerySchema.extend(promotionListQuerySchema.shape);
const csvAnswer = (description: string) => ({
  200: {
    description: `${description} (\`Content-Disposition: attachment\`)`,
    content: { "text/csv": { schema: z.string() } },
  },
});

const listRoute = apiRoute({
  method: "get",
  path: "/promotions",
  tags,
  summary: "Every code and automatic offer, newest first, by kind, status, and part of the name or code",
  access: "admin",
  request: { query: listQuerySchema },
  responses: { 200: success("A page of promotions", listPage(promotionSchema)) },
});

const createRoute = apiRoute({
  method: "post",
  path: "/promotions",
  tags,
  summary: "Create a code, a bulk campaign of single-use codes, or an automatic offer, with its conditions",
  access: "admin",
  request: { body: jsonBody(promotionInputSchema) },
  failures: [409],
  responses: {
    201: success("The promotion is created.", promotionSchema),
    409: failure(409, "FAILURE: another promotion or a bulk code has the code (PROMO_CODE_TAKEN)"),
  },
});

const getRoute = apiRoute({
  method: "get",
  path: "/promotions/{id}",
  tags,
  summary: "One promotion",
  access: "admin",
  request: { params: byId },
  failures: [404],
  responses: { 200: success("The promotion", promotionSchema) },
});

const updateRoute = apiRoute({
  method: "put",
  path: "/promotions/{id}",
  tags,
  summary: "Save a promotion's conditions (its kind and whether it is a bulk campaign stay as created)",
  access: "admin",
  request: { params: byId, body: jsonBody(promotionUpdateSchema) },
  failures: [404, 409],
  responses: {
    200: success("The promotion is saved.", promotionSchema),
    409: failure(409, "FAILURE: the code is taken (PROMO_CODE_TAKEN), or the promotion has ended (PROMO_STATE)"),
  },
});

const statusRoute = (change: StatusChange, summary: string) =>
  apiRoute({
    method: "put",
    path: `/promotions/{id}/${change}`,
    tags,
    summary,
    access: "admin",
    request: { params: byId },
    failures: [404, 409],
    responses: {
      200: success(`The promotion is ${STATUS_CHANGES[change].done}.`, promotionSchema),
      409: failure(409, "FAILURE: the promotion's status does not allow it (PROMO_STATE, `data.status`)"),
    },
  });

const codesRoute = apiRoute({
  method: "post",
  path: "/promotions/{id}/codes",
  tags,
  summary: `Generate a bulk campaign's single-use codes (at most ${MAX_BULK_CODES_PER_REQUEST} a request), each unique`,
  access: "admin",
  request: { params: byId, body: jsonBody(bulkCodesInputSchema) },
  failures: [404, 409],
  responses: {
    201: success("The codes are generated.", bulkCodesResultSchema),
    409: failure(409, "FAILURE: the promotion is not a bulk campaign (PROMO_NOT_BULK), or has ended (PROMO_STATE)"),
  },
});

const codesExportRoute = apiRoute({
  method: "get",
  path: "/promotions/{id}/codes/export",
  tags,
  summary: "A bulk campaign's codes as CSV: each code, whether it is used, and the order using it",
  access: "admin",
  request: { params: byId },
  failures: [404],
  responses: csvAnswer("The CSV file"),
});

const reportRoute = apiRoute({
  method: "get",
  path: "/promotions/{id}/report",
  tags,
  summary:
    "A promotion's report: orders, total discount, revenue, uses given back and past the cap; for a prepaid offer, the share of orders paid online before and during it",
  access: "admin",
  request: { params: byId },
  failures: [404],
  responses: { 200: success("The report", promotionReportSchema) },
});

const reportExportRoute = apiRoute({
  method: "get",
  path: "/promotions/{id}/report/export",
  tags,
  summary: "A promotion's report as CSV: its figures, then every use",
  access: "admin",
  request: { params: byId },
  failures: [404],
  responses: csvAnswer("The CSV file"),
});

/** A CSV download named `name`-<the day in India>.csv. */
function csvFile(c: Context<ApiEnv>, body: string, name: string, now: Date) {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(now);
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", `attachment; filename="${name}-${day}.csv"`);
  return c.body(body);
}

export function adminPromotionRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = routeGroup();
  app.use("*", requireUser(deps), requireAdmin(deps));
  const context = (c: Context<ApiEnv>) => ({ actorId: c.var.user.id, now: deps.now() });

  mount(app, listRoute, async (c) => {
    const query = validate(listQuerySchema, c.req.query());
    const { data, itemCount } = await listPromotions(db, query, deps.now());
    return ok(c, { data, paginator: paginator(itemCount, query.page, query.limit) });
  });

  mount(app, createRoute, async (c) => {
    const input = await readBody(c, promotionInputSchema);
    const promotion = await createPromotion(db, input, context(c));
    return ok(c, promotion, `${promotion.name} is created.`, 201);
  });

  mount(app, getRoute, async (c) => {
    const promotion = await loadPromotion(db, c.req.param("id"), deps.now());
    if (!promotion) throw notFound("Promotion not found");
    return ok(c, promotion);
  });

  mount(app, updateRoute, async (c) => {
    const input = await readBody(c, promotionUpdateSchema);
    const promotion = await updatePromotion(db, c.req.param("id"), input, context(c));
    return ok(c, promotion, `${promotion.name} is saved.`);
  });

  for (const [change, summary] of [
    ["pause", "Pause a running promotion: no order gets it until it is resumed"],
    ["resume", "Resume a paused promotion"],
    ["end", "End a promotion for good (its report stays)"],
  ] as const) {
    mount(app, statusRoute(change, summary), async (c) => {
      const promotion = await changePromotionStatus(db, c.req.param("id"), change, context(c));
      return ok(c, promotion, `${promotion.name} is ${STATUS_CHANGES[change].done}.`);
    });
  }

  mount(app, codesRoute, async (c) => {
    const input = await readBody(c, bulkCodesInputSchema);
    const result = await generateBulkCodes(db, c.req.param("id"), input, context(c));
    return ok(c, result, `${result.generated} codes are generated.`, 201);
  });

  mount(app, codesExportRoute, async (c) =>
    csvFile(c, await bulkCodesCsv(db, c.req.param("id"), deps.now()), "promotion-codes", deps.now()),
  );

  mount(app, reportRoute, async (c) => ok(c, await promotionReport(db, c.req.param("id"), deps.now())));

  mount(app, reportExportRoute, async (c) =>
    csvFile(c, await promotionReportCsv(db, c.req.param("id"), deps.now()), "promotion-report", deps.now()),
  );

  return app;
}
