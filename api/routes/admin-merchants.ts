import { z } from "@hono/zod-openapi";
import { requireAdmin, requireUser } from "../lib/accounts/auth";
import { loadMerchantDetails, merchantDetailsBodySchema, saveMerchantDetails } from "../lib/catalogue/merchant-details";
import type { ApiDeps } from "../lib/context";
import { merchantDetailsSchema } from "../lib/http/api-schemas";
import { idPattern, notFound, ok, readBody } from "../lib/http/http";
import { apiRoute, failure, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";

const tags = ["admin: catalogue"];
const merchantId = z.object({ id: z.string().openapi({ description: "The merchant id (24 hex digits)" }) });

const getRoute = apiRoute({
  method: "get",
  path: "/merchants/{id}",
  tags,
  summary: "A seller's details as its tax invoices print them: legal name, GSTIN, state, address",
  access: "admin",
  request: { params: merchantId },
  failures: [404],
  responses: { 200: success("The seller", merchantDetailsSchema) },
});

const saveRoute = apiRoute({
  method: "put",
  path: "/merchants/{id}",
  tags,
  summary:
    "Change a seller's legal name, GSTIN (its shape, state code and check character checked, the state code the state's), state and registered address; audited",
  access: "admin",
  request: { params: merchantId, body: jsonBody(merchantDetailsBodySchema) },
  failures: [404, 409],
  responses: {
    200: success("The seller's details are saved.", merchantDetailsSchema),
    409: failure(409, "FAILURE: another seller has this GSTIN"),
  },
});

/** The back office's seller calls beyond the catalogue's list, mounted at /userapp/admin; admins only. */
export function adminMerchantRoutes(deps: ApiDeps) {
  const app = routeGroup();
  app.use("*", requireUser(deps), requireAdmin(deps));
  const idOf = (id: string) => {
    if (!idPattern.test(id)) throw notFound("Merchant not found");
    return id;
  };

  mount(app, getRoute, async (c) => {
    const merchant = await loadMerchantDetails(deps.db, idOf(c.req.param("id")));
    if (!merchant) throw notFound("Merchant not found");
    return ok(c, merchant);
  });

  mount(app, saveRoute, async (c) => {
    const id = idOf(c.req.param("id"));
    const body = await readBody(c, merchantDetailsBodySchema);
    const merchant = await saveMerchantDetails(deps.db, id, body, c.var.user.id, deps.now());
    return ok(c, merchant, "The seller's details are saved.");
  });

  return app;
}
