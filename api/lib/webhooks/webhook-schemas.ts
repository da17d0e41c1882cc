import { z } from "@hono/zod-openapi";
import { WEBHOOK_DELIVERY_STATES } from "./admin-webhooks";
import { WEBHOOK_EVENTS } from "./webhook-events";
import { orderSchema } from "../http/api-schemas";

// The shapes of the back office's webhook calls (api/routes/admin-webhooks.ts) and of what a
// webhook POSTs (docs/webhooks.md), as zod schemas for the OpenAPI document and the API tests.

const id = z.string().openapi({ example: "8b927a8cb7d862e1def9c3d5" });
const isoDate = z.string().openapi({ format: "date-time", example: "2026-11-23T10:15:00.000Z" });

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENTS).openapi("WebhookEventType", {
  description:
    "An order event. order.codConfirmed is reserved for the Cash on Delivery confirmation, which nothing sends yet; an expired order is sent as order.cancelled (cancelReason: Payment not received).",
});

/** `WebhookEndpointJson` (api/lib/webhooks/admin-webhooks.ts). */
export const webhookEndpointSchema = z
  .object({
    id,
    url: z.string().openapi({ example: "https://hooks.example.in/storefront" }),
    description: z.string(),
    events: z.array(webhookEventTypeSchema),
    enabled: z.boolean(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .openapi("WebhookEndpoint");

/** The endpoint as registered, with its secret: the one time the API shows it. */
export const createdWebhookEndpointSchema = webhookEndpointSchema
  .extend({
    secret: z.string().openapi({
      example: "whsec_5f0c…",
      description: "The signing secret (docs/webhooks.md); shown this once, never again",
    }),
  })
  .openapi("CreatedWebhookEndpoint");

/** `WebhookDeliverySummaryJson` (api/lib/webhooks/admin-webhooks.ts). */
export const webhookDeliverySummarySchema = z
  .object({
    id,
    eventId: id,
    eventType: webhookEventTypeSchema,
    endpointId: id,
    endpointUrl: z.string(),
    orderId: z.string().nullable(),
    state: z.enum(WEBHOOK_DELIVERY_STATES).openapi({
      description:
        "queued: waiting for its next attempt; delivered: the endpoint answered 2xx; failed: every attempt failed, or the endpoint is disabled (lastError says why)",
    }),
    attempts: z.number().int().openapi({ description: "Attempts since it was last queued" }),
    lastStatus: z.number().int().nullable().openapi({ description: "The HTTP status of the last answer, if any" }),
    lastError: z.string().nullable(),
    createdAt: isoDate,
    lastAttemptAt: isoDate.nullable(),
    deliveredAt: isoDate.nullable(),
  })
  .openapi("WebhookDeliverySummary");

/** `WebhookDeliveryJson`: with the JSON body it POSTs, as text (`WebhookPayload`). */
export const webhookDeliverySchema = webhookDeliverySummarySchema
  .extend({ payload: z.string().openapi({ description: "The JSON POSTed, the same bytes on every attempt" }) })
  .openapi("WebhookDelivery");

/** `WebhookPayload` (api/lib/webhooks/webhook-events.ts): what every delivery POSTs. */
export const webhookPayloadSchema = z
  .object({
    id: id.openapi({ description: "The event's id: the same on every attempt and for every endpoint" }),
    type: webhookEventTypeSchema,
    createdAt: isoDate.openapi({ description: "When the event happened" }),
    order: orderSchema,
  })
  .openapi("WebhookPayload");
