import { and, arrayContains, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { newId } from "../ids";
import type { OrderJson } from "../orders/order-json";

/** The order events an endpoint may be sent (docs/webhooks.md); which event sends which: api/lib/orders/order-events.ts. */
export const WEBHOOK_EVENTS = [
  "order.placed",
  "order.paid",
  "order.codConfirmed",
  "order.shipped",
  "order.outForDelivery",
  "order.delivered",
  "order.cancelled",
  "order.returned",
  "order.returnedToOrigin",
  "order.paidLate",
  "order.reinstated",
  "order.refunded",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The queue job that delivers one webhook delivery (api/lib/webhooks/webhook-delivery.ts). */
export const DELIVER_WEBHOOK = "deliver-webhook";

/** Attempts before a delivery is marked failed: graphile-worker backs off exponentially, about 3.5 hours in all (e^1 + … + e^9 seconds). */
export const MAX_WEBHOOK_ATTEMPTS = 10;

/** What each delivery POSTs: the event's id, type and time, and the order as GET /userapp/orders/{id} answers it. */
export type WebhookPayload = { id: string; type: WebhookEventType; createdAt: string; order: OrderJson };

/**
 * Records an order event's delivery to every enabled endpoint that subscribed to it, with a queue
 * job for each, in `tx`: the transaction of the change, so both commit or neither. One statement
 * when no endpoint wants it.
 */
export async function recordWebhookEvent(
  tx: Transaction | Database,
  type: WebhookEventType,
  order: OrderJson,
  now: Date,
): Promise<void> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [type])));
  if (endpoints.length === 0) return;
  const payload: WebhookPayload = { id: newId(), type, createdAt: now.toISOString(), order };
  const body = JSON.stringify(payload);
  const rows = endpoints.map((endpoint) => ({
    id: newId(),
    eventId: payload.id,
    eventType: type,
    endpointId: endpoint.id,
    orderId: order.id,
    body,
    createdAt: now,
  }));
  await tx.insert(webhookDeliveries).values(rows);
  await queueWebhookDeliveries(
    tx,
    rows.map((row) => row.id),
  );
}

/**
 * The named queue of one endpoint's deliveries (`webhook:<endpoint id>`): graphile-worker runs one
 * job of a named queue at a time, so an endpoint that never answers holds one webhook worker on all
 * hosts together, and the others go on delivering to the rest (decision 054).
 */
export const WEBHOOK_QUEUE_PREFIX = "webhook:";

/**
 * Adds the jobs that deliver `ids` (hex ids, no commas), in `tx`; each job's key is its delivery's
 * id: queued twice, still one job, and a job that failed for good starts again at 0 attempts.
 */
export async function queueWebhookDeliveries(tx: Transaction | Database, ids: string[]): Promise<void> {
  await tx.execute(
    sql`select graphile_worker.add_job(${DELIVER_WEBHOOK}, json_build_object('id', ${webhookDeliveries.id}),
      queue_name => ${WEBHOOK_QUEUE_PREFIX} || ${webhookDeliveries.endpointId},
      max_attempts => ${MAX_WEBHOOK_ATTEMPTS}::int, job_key => ${webhookDeliveries.id})
    from ${webhookDeliveries} where ${webhookDeliveries.id} = any(string_to_array(${ids.join(",")}::text, ','))`,
  );
}
