import { z } from "@hono/zod-openapi";
import { requireAdmin, requireUser } from "../lib/accounts/auth";
import type { ApiDeps } from "../lib/context";
import { listPage } from "../lib/http/api-schemas";
import { idSchema, notFound, ok, readBody, validate } from "../lib/http/http";
import { apiRoute, failure, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";
import { paginator } from "../lib/http/paging";
import {
  createdWebhookEndpointSchema,
  webhookDeliverySchema,
  webhookDeliverySummarySchema,
  webhookEndpointSchema,
  webhookEventTypeSchema,
} from "../lib/webhooks/webhook-schemas";
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  loadDelivery,
  loadEndpoint,
  MAX_WEBHOOK_ENDPOINTS,
  retryDelivery,
  updateEndpoint,
  WEBHOOK_DELIVERY_STATES,
} from "../lib/webhooks/admin-webhooks";
import { MAX_WEBHOOK_URL_LENGTH } from "../lib/webhooks/webhook-urls";
import { pageQuerySchema } from "./orders";

const endpointInputSchema = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, "Enter the endpoint's URL")
      .max(MAX_WEBHOOK_URL_LENGTH, `url is at most ${MAX_WEBHOOK_URL_LENGTH} characters`),
    description: z.string().trim().max(200, "description is at most 200 characters").default(""),
    events: z
      .array(webhookEventTypeSchema)
      .min(1, "Choose at least one event")
      .max(50)
      .transform((events) => [...new Set(events)]),
    enabled: z.boolean().default(true),
    secret: z
      .string()
      .regex(/^[\x21-\x7e]{16,200}$/, "secret is 16 to 200 printable characters, no spaces")
      .optional()
      .openapi({ description: "Unset: a new endpoint gets a random secret, an edited one keeps its own" }),
  })
  .openapi("WebhookEndpointInput");

const deliveryQuerySchema = pageQuerySchema.extend({
  state: z
    .enum(WEBHOOK_DELIVERY_STATES, { error: `state must be one of ${WEBHOOK_DELIVERY_STATES.join(", ")}` })
    .optional(),
  endpointId: idSchema.optional(),
  /** An order id, an event id or a delivery id. */
  search: z.string().trim().max(254, "search is at most 254 characters").optional(),
});

const tags = ["admin: webhooks"];
const byId = z.object({ id: z.string().openapi({ description: "The endpoint or delivery id (24 hex digits)" }) });

const listEndpointsRoute = apiRoute({
  method: "get",
  path: "/webhook-endpoints",
  tags,
  summary: "Every webhook endpoint, oldest first, without its secret",
  access: "admin",
  responses: { 200: success("The endpoints", z.array(webhookEndpointSchema)) },
});

const createEndpointRoute = apiRoute({
  method: "post",
  path: "/webhook-endpoints",
  tags,
  summary: `Register an endpoint (at most ${MAX_WEBHOOK_ENDPOINTS}): its URL, events and secret, which the answer shows this once`,
  access: "admin",
  request: { body: jsonBody(endpointInputSchema) },
  failures: [400, 409],
  responses: {
    201: success("The endpoint is registered.", createdWebhookEndpointSchema),
    409: failure(409, "FAILURE: the shop has the most endpoints it may have"),
  },
});

const getEndpointRoute = apiRoute({
  method: "get",
  path: "/webhook-endpoints/{id}",
  tags,
  summary: "One endpoint, without its secret",
  access: "admin",
  request: { params: byId },
  failures: [404],
  responses: { 200: success("The endpoint", webhookEndpointSchema) },
});

const updateEndpointRoute = apiRoute({
  method: "put",
  path: "/webhook-endpoints/{id}",
  tags,
  summary: "Save an endpoint's URL, description, events, whether it is enabled, and a new secret if given",
  access: "admin",
  request: { params: byId, body: jsonBody(endpointInputSchema) },
  failures: [400, 404],
  responses: { 200: success("The endpoint is saved.", webhookEndpointSchema) },
});

const deleteEndpointRoute = apiRoute({
  method: "delete",
  path: "/webhook-endpoints/{id}",
  tags,
  summary: "Delete an endpoint and its deliveries (queued ones are not sent)",
  access: "admin",
  request: { params: byId },
  failures: [404],
  responses: { 200: success("The endpoint is deleted.", z.null()) },
});

const listDeliveriesRoute = apiRoute({
  method: "get",
  path: "/webhook-deliveries",
  tags,
  summary: "Every webhook delivery, newest first, by state, endpoint, or order, event or delivery id",
  access: "admin",
  request: { query: deliveryQuerySchema },
  responses: { 200: success("A page of deliveries, without their payloads", listPage(webhookDeliverySummarySchema)) },
});

const getDeliveryRoute = apiRoute({
  method: "get",
  path: "/webhook-deliveries/{id}",
  tags,
  summary: "One delivery with the JSON it POSTs",
  access: "admin",
  request: { params: byId },
  failures: [404],
  responses: { 200: success("The delivery", webhookDeliverySchema) },
});

const retryDeliveryRoute = apiRoute({
  method: "post",
  path: "/webhook-deliveries/{id}/retry",
  tags,
  summary: "Queue a failed delivery again, its attempts from 0",
  access: "admin",
  request: { params: byId },
  failures: [404, 409],
  responses: {
    200: success("The delivery is queued again.", webhookDeliverySchema),
    409: failure(409, "FAILURE: the delivery is delivered or waiting already, or its endpoint is disabled"),
  },
});

/** The back office's webhook calls, mounted at /userapp/admin; every one is for admins only. */
export function adminWebhookRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = routeGroup();
  app.use("*", requireUser(deps), requireAdmin(deps));
  const context = (actorId: string) => ({ actorId, now: deps.now(), allowPrivate: deps.webhooksAllowPrivate });

  mount(app, listEndpointsRoute, async (c) => ok(c, await listEndpoints(db)));

  mount(app, createEndpointRoute, async (c) => {
    const input = await readBody(c, endpointInputSchema);
    const endpoint = await createEndpoint(db, input, context(c.var.user.id));
    return ok(c, endpoint, "The endpoint is registered.", 201);
  });

  mount(app, getEndpointRoute, async (c) => {
    const endpoint = await loadEndpoint(db, c.req.param("id"));
    if (!endpoint) throw notFound("Endpoint not found");
    return ok(c, endpoint);
  });

  mount(app, updateEndpointRoute, async (c) => {
    const input = await readBody(c, endpointInputSchema);
    return ok(c, await updateEndpoint(db, c.req.param("id"), input, context(c.var.user.id)), "The endpoint is saved.");
  });

  mount(app, deleteEndpointRoute, async (c) => {
    await deleteEndpoint(db, c.req.param("id"), context(c.var.user.id));
    return ok(c, null, "The endpoint is deleted.");
  });

  mount(app, listDeliveriesRoute, async (c) => {
    const query = validate(deliveryQuerySchema, c.req.query());
    const { data, itemCount } = await listDeliveries(db, query);
    return ok(c, { data, paginator: paginator(itemCount, query.page, query.limit) });
  });

  mount(app, getDeliveryRoute, async (c) => {
    const delivery = await loadDelivery(db, c.req.param("id"));
    if (!delivery) throw notFound("Delivery not found");
    return ok(c, delivery);
  });

  mount(app, retryDeliveryRoute, async (c) => {
    const delivery = await retryDelivery(db, c.req.param("id"), c.var.user.id, deps.now());
    return ok(c, delivery, "The delivery is queued again.");
  });

  return app;
}
