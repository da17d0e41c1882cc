import { z } from "@hono/zod-openapi";
import { requireAdmin, requireUser } from "../lib/accounts/auth";
import type { ApiDeps } from "../lib/context";
import { ok, readBody } from "../lib/http/http";
import { apiRoute, failure, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";
import { addCourier, courierInputSchema, courierSchema, listCouriers, MAX_COURIERS } from "../lib/orders/couriers";

// The couriers an order can ship with (api/lib/orders/couriers.ts), mounted at /userapp/admin.

const tags = ["admin: orders"];

const listRoute = apiRoute({
  method: "get",
  path: "/couriers",
  tags,
  summary: "The couriers an order can be marked shipped with, by name",
  access: "admin",
  responses: { 200: success("The couriers", z.array(courierSchema)) },
});

const addRoute = apiRoute({
  method: "post",
  path: "/couriers",
  tags,
  summary: `Add a courier (at most ${MAX_COURIERS}): its name and, where known, its tracking page with {awb} where the number goes`,
  access: "admin",
  request: { body: jsonBody(courierInputSchema) },
  failures: [409],
  responses: {
    201: success("The courier is added.", courierSchema),
    409: failure(409, "FAILURE: the name is on the list already (COURIER_TAKEN), or the list is full (COURIER_LIMIT)"),
  },
});

export function adminCourierRoutes(deps: ApiDeps) {
  const app = routeGroup();
  app.use("*", requireUser(deps), requireAdmin(deps));

  mount(app, listRoute, async (c) => ok(c, await listCouriers(deps.db)));

  mount(app, addRoute, async (c) => {
    const input = await readBody(c, courierInputSchema);
    const courier = await addCourier(deps.db, input);
    return ok(c, courier, `${courier.name} is added.`, 201);
  });

  return app;
}
