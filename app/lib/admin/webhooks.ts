// The back office's webhook pages: their paths, labels and form (docs/back-office.md, docs/webhooks.md).
// Pure: the browser imports it too.
import { z } from "zod";
import type { WebhookDeliverySummaryJson, WebhookEventType } from "../../../api/contract/types";

export const ADMIN_WEBHOOKS_PATH = "/admin/webhooks";
export const NEW_WEBHOOK_PATH = `${ADMIN_WEBHOOKS_PATH}/new`;
export const adminWebhookPath = (id: string) => `${ADMIN_WEBHOOKS_PATH}/${id}`;
export const WEBHOOK_DELIVERIES_PATH = `${ADMIN_WEBHOOKS_PATH}/deliveries`;
export const webhookDeliveryPath = (id: string) => `${WEBHOOK_DELIVERIES_PATH}/${id}`;
export const endpointDeliveriesHref = (endpointId: string) => `${WEBHOOK_DELIVERIES_PATH}?endpointId=${endpointId}`;

/** Each order event as the back office names it, in the order the form lists them. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "order.placed": "Order placed",
  "order.paid": "Payment received",
  "order.codConfirmed": "Cash on Delivery confirmed (not sent yet)",
  "order.shipped": "Shipped",
  "order.outForDelivery": "Out for delivery",
  "order.delivered": "Delivered",
  "order.cancelled": "Cancelled (expired orders too)",
  "order.returned": "Returned",
  "order.returnedToOrigin": "Returned to origin (came back undelivered)",
  "order.paidLate": "Paid after cancellation",
  "order.reinstated": "Reinstated after a late payment",
  "order.refunded": "Refunded",
};
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_LABELS) as WebhookEventType[];

/** What each state of a delivery means, as the back office says it. */
export const DELIVERY_STATE_LABELS: Record<WebhookDeliverySummaryJson["state"], string> = {
  queued: "Waiting to be sent",
  delivered: "Delivered",
  failed: "Failed",
};

/**
 * The Add/Edit Endpoint form. The API checks the URL's address as well (no loopback or private
 * address) and answers a refusal on `url`, which the form shows on the field.
 */
export const webhookFormSchema = z.object({
  url: z
    .string({ error: "Enter the endpoint's URL" })
    .trim()
    .max(2048, "The URL is at most 2048 characters")
    .regex(/^https?:\/\/\S+$/i, "The URL must start with https:// or http://"),
  description: z.string().trim().max(200, "At most 200 characters").default(""),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]]), {
      error: "Choose at least one event",
    })
    .min(1, "Choose at least one event"),
  enabled: z.boolean().default(false),
  secret: z
    .string()
    .regex(/^[\x21-\x7e]{16,200}$/, "16 to 200 characters, no spaces")
    .optional(),
});
export type WebhookForm = z.infer<typeof webhookFormSchema>;
