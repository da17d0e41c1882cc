import { z } from "@hono/zod-openapi";
import { STATE_NAMES } from "../../contract/states";

// A PIN code's place and delivery estimate as the API answers them (api/routes/pincode.ts): the
// OpenAPI document's components and the storefront's types (api/contract/types.ts).

/** `PinPlace` (api/lib/orders/pincode.ts). */
export const placeSchema = z
  .object({
    pincode: z.string(),
    city: z
      .string()
      .openapi({ description: "The head office's town, else a town an office names in brackets, else the district" }),
    district: z.string(),
    state: z.enum(STATE_NAMES),
    deliverable: z.boolean().openapi({ description: "At least one of the PIN's post offices delivers" }),
    states: z.array(z.enum(STATE_NAMES)).optional().openapi({
      description: "Every state the PIN's offices are in, `state` first, when more than one; an address may name any",
    }),
  })
  .openapi("PinPlace");

/** `DeliveryEstimate` (api/lib/orders/delivery-zones.ts). */
export const estimateSchema = z
  .object({
    deliverable: z.boolean(),
    zone: z.enum(["local", "national", "remote"]).nullable(),
    days: z.number().int().nullable().openapi({ description: "Working days (Sundays not counted)" }),
    deliveryBy: z.string().nullable().openapi({ example: "2026-11-27", description: "The date in India, YYYY-MM-DD" }),
    sellerState: z.enum(STATE_NAMES),
  })
  .openapi("DeliveryEstimate");
