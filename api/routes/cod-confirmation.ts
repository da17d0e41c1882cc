import { z } from "@hono/zod-openapi";
import { codLinkOrderSchema } from "../lib/http/api-schemas";
import type { ApiDeps } from "../lib/context";
import { ok, readBody } from "../lib/http/http";
import { apiRoute, failure, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";
import { cancelCodOrder, codLinkOrder, confirmCodOrder } from "../lib/orders/cod-confirmation";

/** The token of an emailed confirm/cancel link; any other than the shop's 43 characters is an unknown link. */
const tokenSchema = z.object({
  token: z.string({ error: "The link's token is missing" }).max(200, "At most 200 characters"),
});

const tags = ["orders"];
const unknownLink = failure(400, 'BAD_REQUEST: the link is not valid (`data.problem: "unknown"`)');

const checkRoute = apiRoute({
  method: "post",
  path: "/check",
  tags,
  summary: "The Cash on Delivery order an emailed confirm/cancel link names, without changing it",
  description: "Public: the link's token is the proof. Opening the link shows this; only its button posts.",
  access: "public",
  request: { body: jsonBody(tokenSchema) },
  failures: [400],
  responses: { 200: success("The link's order", codLinkOrderSchema), 400: unknownLink },
});

/** A link's button: `action` with the link's token, answering `done` and the order, or 409 (`conflict`). */
const buttonRoute = (action: "confirm" | "cancel", summary: string, done: string, conflict: string) =>
  apiRoute({
    method: "post",
    path: `/${action}`,
    tags,
    summary,
    access: "public",
    request: { body: jsonBody(tokenSchema) },
    failures: [400, 409],
    responses: {
      200: success(done, codLinkOrderSchema),
      400: unknownLink,
      409: failure(409, `FAILURE: ${conflict}`),
    },
  });

const CONFIRMED = "Your order is confirmed.";
const CANCELLED = "Your order has been cancelled.";
const confirmRoute = buttonRoute(
  "confirm",
  "Confirm a Cash on Delivery order with its emailed link's token: it may ship now",
  CONFIRMED,
  "confirmed already, cancelled, or past its confirmation time",
);
const cancelRoute = buttonRoute(
  "cancel",
  "Cancel a Cash on Delivery order with its emailed link's token, while it has not shipped",
  CANCELLED,
  "the order can no longer be cancelled",
);

/** The confirm/cancel links of Cash on Delivery orders (mounted at /userapp/cod). */
export function codLinkRoutes(deps: ApiDeps) {
  const app = routeGroup();
  mount(app, checkRoute, async (c) => {
    const { token } = await readBody(c, tokenSchema);
    return ok(c, await codLinkOrder(deps, token), "The link works");
  });
  mount(app, confirmRoute, async (c) => {
    const { token } = await readBody(c, tokenSchema);
    return ok(c, await confirmCodOrder(deps, token), CONFIRMED);
  });
  mount(app, cancelRoute, async (c) => {
    const { token } = await readBody(c, tokenSchema);
    return ok(c, await cancelCodOrder(deps, token), CANCELLED);
  });
  return app;
}
