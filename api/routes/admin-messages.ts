import { z } from "@hono/zod-openapi";
import { requireAdmin, requireUser } from "../lib/accounts/auth";
import type { ApiDeps } from "../lib/context";
import { listPage, messageSchema, messageSummarySchema } from "../lib/http/api-schemas";
import { notFound, ok, validate } from "../lib/http/http";
import { apiRoute, failure, mount, routeGroup, success } from "../lib/http/openapi";
import { paginator } from "../lib/http/paging";
import { listMessages, loadMessage, MESSAGE_STATES, retryMessage } from "../lib/messages/admin-messages";
import { pageQuerySchema } from "./orders";

const listQuerySchema = pageQuerySchema.extend({
  state: z.enum(MESSAGE_STATES, { error: `state must be one of ${MESSAGE_STATES.join(", ")}` }).optional(),
  /** An order id or a message id, or part of the recipient's address. */
  search: z.string().trim().max(254, "search is at most 254 characters").optional(),
});

const tags = ["admin: messages"];
const messageId = z.object({ id: z.string().openapi({ description: "The message id (24 hex digits)" }) });

const listRoute = apiRoute({
  method: "get",
  path: "/messages",
  tags,
  summary: "Every message to shoppers, newest first, by state, order or recipient",
  access: "admin",
  request: { query: listQuerySchema },
  responses: { 200: success("A page of messages, without their bodies", listPage(messageSummarySchema)) },
});

const getRoute = apiRoute({
  method: "get",
  path: "/messages/{id}",
  tags,
  summary: "One message with its HTML and plain text",
  access: "admin",
  request: { params: messageId },
  failures: [404],
  responses: { 200: success("The message", messageSchema) },
});

const retryRoute = apiRoute({
  method: "post",
  path: "/messages/{id}/retry",
  tags,
  summary: "Queue a failed (or kept) message again, its attempts from 0",
  access: "admin",
  request: { params: messageId },
  failures: [404, 409],
  responses: {
    200: success("The message is queued again.", messageSchema),
    409: failure(409, "FAILURE: the message is sent, or waiting to be sent, already (`data`: its state)"),
  },
});

/** The back office's message calls, mounted at /userapp/admin; every one is for admins only. */
export function adminMessageRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = routeGroup();
  app.use("*", requireUser(deps), requireAdmin(deps));

  mount(app, listRoute, async (c) => {
    const query = validate(listQuerySchema, c.req.query());
    const { data, itemCount } = await listMessages(db, query);
    return ok(c, { data, paginator: paginator(itemCount, query.page, query.limit) });
  });

  mount(app, getRoute, async (c) => {
    const message = await loadMessage(db, c.req.param("id"));
    if (!message) throw notFound("Message not found");
    return ok(c, message);
  });

  mount(app, retryRoute, async (c) => {
    const message = await retryMessage(db, c.req.param("id"), c.var.user.id, deps.now());
    return ok(c, message, "The message is queued again.");
  });

  return app;
}
