import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { auditLog, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { conflict, fieldErrorsResponse, idPattern, notFound } from "../http/http";
import { newId } from "../ids";
import { queueWebhookDeliveries, type WebhookEventType } from "./webhook-events";
import { resolvedProblem, urlProblem } from "./webhook-urls";

// The back office's webhooks (/userapp/admin/webhook-endpoints…, /webhook-deliveries…): the
// endpoints an admin registered, every delivery with its state, and a retry. Audited; no secret
// is ever written to the audit log or shown after it is set.

/** The most endpoints a shop may register: each event is one delivery per endpoint. */
export const MAX_WEBHOOK_ENDPOINTS = 20;
export const WEBHOOK_DELIVERY_STATES = ["queued", "delivered", "failed"] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** A new secret: 32 random bytes in hex, with Stripe's prefix for a webhook secret. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("hex")}`;

export type EndpointInput = {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Set by the admin; unset: a new endpoint gets a random one, an edited one keeps its own. */
  secret?: string;
};

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
};
type EndpointRow = { createdAt: Date; updatedAt: Date; events: string[] };
const endpointJson = <T extends EndpointRow>(row: T) => ({
  ...row,
  events: row.events as WebhookEventType[],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Every endpoint, oldest first (there are at most MAX_WEBHOOK_ENDPOINTS). */
export async function listEndpoints(db: Database) {
  const rows = await db.select(endpointColumns).from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt));
  return rows.map(endpointJson);
}

export async function loadEndpoint(db: Database, id: string) {
  const [row] = await db.select(endpointColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ? endpointJson(row) : null;
}

export type WebhookEndpointJson = NonNullable<Awaited<ReturnType<typeof loadEndpoint>>>;

/** Refuses (422, on `url`) a URL that is not http(s), holds credentials, or reaches a private address. */
async function checkUrl(url: string, allowPrivate: boolean): Promise<void> {
  const problem = urlProblem(url, allowPrivate) ?? (await resolvedProblem(url, allowPrivate));
  if (problem) throw fieldErrorsResponse([{ path: "url", message: problem }]);
}

/** What the audit log keeps of an endpoint: everything but its secret. */
const auditView = (row: typeof webhookEndpoints.$inferSelect) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
});

/** Registers an endpoint, audited; answers it with its secret, which is never shown again. */
export async function createEndpoint(
  db: Database,
  input: EndpointInput,
  context: { actorId: string; now: Date; allowPrivate: boolean },
): Promise<WebhookEndpointJson & { secret: string }> {
  await checkUrl(input.url, context.allowPrivate);
  const id = newId();
  const secret = input.secret ?? newWebhookSecret();
  await db.transaction(async (tx) => {
    // One registration at a time, so that two cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints'))`);
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(webhookEndpoints);
    if (count >= MAX_WEBHOOK_ENDPOINTS)
      throw conflict(
        `The shop has ${MAX_WEBHOOK_ENDPOINTS} endpoints, the most it may have: delete one first`,
        null,
        "ENDPOINT_LIMIT",
      );
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ id, ...input, secret, createdAt: context.now, updatedAt: context.now })
      .returning();
    await tx.insert(auditLog).values({
      actorId: context.actorId,
      action: "webhook.create",
      entity: "webhook",
      entityId: id,
      after: auditView(row!),
      at: context.now,
    });
  });
  return { ...(await loadEndpoint(db, id))!, secret };
}

/** Saves an endpoint's URL, description, events and whether it is enabled (and a new secret, if given), audited. */
export async function updateEndpoint(
  db: Database,
  id: string,
  input: EndpointInput,
  context: { actorId: string; now: Date; allowPrivate: boolean },
): Promise<WebhookEndpointJson> {
  await checkUrl(input.url, context.allowPrivate);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
    if (!before) throw notFound("Endpoint not found");
    const { secret, ...fields } = input;
    const [after] = await tx
      .update(webhookEndpoints)
      .set({ ...fields, ...(secret && { secret }), updatedAt: context.now })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await tx.insert(auditLog).values({
      actorId: context.actorId,
      action: "webhook.update",
      entity: "webhook",
      entityId: id,
      before: auditView(before),
      after: { ...auditView(after!), ...(secret && { secretChanged: true }) },
      at: context.now,
    });
  });
  return (await loadEndpoint(db, id))!;
}

/** Deletes an endpoint and its deliveries (a queued one is not sent), audited. */
export async function deleteEndpoint(db: Database, id: string, context: { actorId: string; now: Date }) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    if (!row) throw notFound("Endpoint not found");
    await tx.insert(auditLog).values({
      actorId: context.actorId,
      action: "webhook.delete",
      entity: "webhook",
      entityId: id,
      before: auditView(row),
      at: context.now,
    });
  });
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: webhookDeliveries.eventType,
  endpointId: webhookDeliveries.endpointId,
  endpointUrl: webhookEndpoints.url,
  orderId: webhookDeliveries.orderId,
  state: webhookDeliveries.state,
  attempts: webhookDeliveries.attempts,
  lastStatus: webhookDeliveries.lastStatus,
  lastError: webhookDeliveries.lastError,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
};
type DeliveryRow = { createdAt: Date; lastAttemptAt: Date | null; deliveredAt: Date | null; eventType: string };
const deliveryJson = <T extends DeliveryRow>(row: T) => ({
  ...row,
  eventType: row.eventType as WebhookEventType,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

export type DeliveryFilters = {
  state?: WebhookDeliveryState;
  endpointId?: string;
  /** An order id, an event id or a delivery id. */
  search?: string;
};

/** The deliveries `query` filters to (the list, and the dashboard's count of failed ones). */
export function deliveriesWhere(query: DeliveryFilters): SQL | undefined {
  const search = query.search?.toLowerCase();
  const conditions: (SQL | undefined)[] = [
    query.state ? eq(webhookDeliveries.state, query.state) : undefined,
    query.endpointId ? eq(webhookDeliveries.endpointId, query.endpointId) : undefined,
    search
      ? idPattern.test(search)
        ? or(
            eq(webhookDeliveries.orderId, search),
            eq(webhookDeliveries.eventId, search),
            eq(webhookDeliveries.id, search),
          )
        : sql`false`
      : undefined,
  ];
  return and(...conditions);
}

/** A page of deliveries, newest first. */
export async function listDeliveries(db: Database, query: DeliveryFilters & { page: number; limit: number }) {
  const where = deliveriesWhere(query);
  const [{ itemCount }] = await db
    .select({ itemCount: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(where);
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { data: rows.map(deliveryJson), itemCount };
}

/** One delivery with the JSON it sends (`payload`), as sent on every attempt. */
export async function loadDelivery(db: Pick<Database, "select">, id: string) {
  const [row] = await db
    .select({ ...deliveryColumns, payload: webhookDeliveries.body })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row ? deliveryJson(row) : null;
}

export type WebhookDeliverySummaryJson = Awaited<ReturnType<typeof listDeliveries>>["data"][number];
export type WebhookDeliveryJson = NonNullable<Awaited<ReturnType<typeof loadDelivery>>>;

/**
 * Queues a failed delivery again, its attempts from 0, audited. One queued or delivered already
 * is refused, and so is one whose endpoint is disabled (enable it first).
 */
export async function retryDelivery(db: Database, id: string, actorId: string, now: Date) {
  // Answered as the transaction leaves it (queued): read after the commit, a worker may have sent it already.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ delivery: webhookDeliveries, enabled: webhookEndpoints.enabled })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, id))
      .for("update", { of: webhookDeliveries });
    if (!row) throw notFound("Delivery not found");
    const { delivery } = row;
    if (delivery.state !== "failed")
      throw conflict(
        delivery.state === "delivered"
          ? "The delivery is delivered already"
          : "The delivery is waiting to be sent already",
        { state: delivery.state },
        "RETRY_STATE",
      );
    if (!row.enabled)
      throw conflict("The endpoint is disabled: enable it first", { state: delivery.state }, "ENDPOINT_DISABLED");
    await tx.update(webhookDeliveries).set({ state: "queued", attempts: 0 }).where(eq(webhookDeliveries.id, id));
    await queueWebhookDeliveries(tx, [id]);
    await tx.insert(auditLog).values({
      actorId,
      action: "webhook.retry",
      entity: "webhookDelivery",
      entityId: id,
      before: { state: delivery.state, attempts: delivery.attempts, lastError: delivery.lastError },
      after: { state: "queued", attempts: 0 },
      at: now,
    });
    return (await loadDelivery(tx, id))!;
  });
}
