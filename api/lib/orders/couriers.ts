import { z } from "@hono/zod-openapi";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { couriers, type Shipment } from "../../db/schema";
import { badRequest, conflict } from "../http/http";
import { newId } from "../ids";

/**
 * The couriers an order ships with, and what a shipment records (docs/decisions/045-order-numbers-and-shipments.md):
 * the list starts with India's common couriers (migration 0019) and the owner adds more; an order
 * marked shipped keeps the courier's name, the tracking (AWB) number and the courier's tracking
 * link for it, as they were then.
 */

/** The most couriers the list holds: a shop uses a handful. */
export const MAX_COURIERS = 50;
export const MAX_COURIER_NAME_LENGTH = 60;
export const MAX_TRACKING_URL_LENGTH = 500;
/** Where a tracking link's pattern puts the tracking number. */
export const AWB_PLACEHOLDER = "{awb}";

/** A tracking (AWB) number: letters and digits, 6 to 30 (India Post's EE123456789IN, Blue Dart's 11 digits, …). */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9]{6,30}$/;
export const TRACKING_NUMBER_MESSAGE = "A tracking number is 6 to 30 letters and digits";

export type CourierJson = { _id: string; name: string; trackingUrl: string | null };

/** Why a tracking link pattern cannot be used, or null when it can. */
function trackingUrlProblem(pattern: string): string | null {
  if (pattern.split(AWB_PLACEHOLDER).length !== 2) return `Put ${AWB_PLACEHOLDER} once where the tracking number goes`;
  let url: URL;
  try {
    url = new URL(pattern.replace(AWB_PLACEHOLDER, "AWB"));
  } catch {
    return "Enter a web address, like https://courier.example/track/{awb}";
  }
  return url.protocol === "https:" ? null : "The tracking link must start with https://";
}

/** A new courier as the owner enters it. */
export const courierInputSchema = z
  .object({
    name: z
      .string({ error: "Enter the courier's name" })
      .trim()
      .min(1, "Enter the courier's name")
      .max(MAX_COURIER_NAME_LENGTH, `A courier's name is at most ${MAX_COURIER_NAME_LENGTH} characters`),
    trackingUrl: z
      .string()
      .trim()
      .max(MAX_TRACKING_URL_LENGTH, `A tracking link is at most ${MAX_TRACKING_URL_LENGTH} characters`)
      .nullish()
      .transform((value) => value || null)
      .superRefine((value, ctx) => {
        const problem = value === null ? null : trackingUrlProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .openapi({
        description: `The courier's tracking page for one parcel, with ${AWB_PLACEHOLDER} where the number goes (https only); empty when it has none`,
        example: "https://courier.example/track/{awb}",
      }),
  })
  .openapi("CourierInput");

export const courierSchema = z
  .object({ _id: z.string(), name: z.string(), trackingUrl: z.string().nullable() })
  .openapi("Courier");

export const shipmentSchema = z
  .object({
    courierId: z.string(),
    courier: z.string().openapi({ description: "The courier's name when it shipped" }),
    trackingNumber: z.string().openapi({ description: "The tracking (AWB) number" }),
    trackingUrl: z
      .string()
      .nullable()
      .openapi({ description: "The courier's tracking page for this parcel; null when its pattern is unknown" }),
  })
  .openapi("Shipment");

/** The fields that mark an order shipped with a courier: both, or neither (`shipmentPairIssue`). */
export const shipmentFields = {
  courierId: z
    .string()
    .trim()
    .max(24)
    .nullish()
    .transform((value) => value || null)
    .openapi({ description: "Shipping: the courier's id (GET /userapp/admin/couriers)" }),
  trackingNumber: z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || TRACKING_NUMBER_PATTERN.test(value), TRACKING_NUMBER_MESSAGE)
    .transform((value) => value?.toUpperCase() ?? null)
    .openapi({ description: "Shipping: the parcel's tracking (AWB) number, 6 to 30 letters and digits" }),
};

/** The field a shipment given by halves lacks, with its message, or null. */
export function shipmentPairIssue(body: {
  courierId: string | null;
  trackingNumber: string | null;
}): { path: string; message: string } | null {
  if (body.courierId && !body.trackingNumber)
    return { path: "trackingNumber", message: "Enter the parcel's tracking number" };
  if (!body.courierId && body.trackingNumber) return { path: "courierId", message: "Choose the courier" };
  return null;
}

/** The tracking link of a parcel from the courier's pattern, or null when it has none. */
export const trackingLink = (pattern: string | null, trackingNumber: string): string | null =>
  pattern ? pattern.replace(AWB_PLACEHOLDER, encodeURIComponent(trackingNumber)) : null;

const toJson = (row: typeof couriers.$inferSelect): CourierJson => ({
  _id: row.id,
  name: row.name,
  trackingUrl: row.trackingUrl,
});

/** Every courier, by name. */
export async function listCouriers(db: Database): Promise<CourierJson[]> {
  const rows = await db
    .select()
    .from(couriers)
    .orderBy(asc(sql`lower(${couriers.name})`));
  return rows.map(toJson);
}

/** Adds a courier; a name already listed (in any case) and a full list are refused. */
export async function addCourier(db: Database, input: z.output<typeof courierInputSchema>): Promise<CourierJson> {
  return db.transaction(async (tx) => {
    // One addition at a time, so two cannot both pass the count.
    await tx.execute(sql`lock table ${couriers} in share row exclusive mode`);
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(couriers);
    if (count >= MAX_COURIERS)
      throw conflict(`The list holds at most ${MAX_COURIERS} couriers.`, null, "COURIER_LIMIT");
    const [row] = await tx
      .insert(couriers)
      .values({ id: newId(), name: input.name, trackingUrl: input.trackingUrl })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(`${input.name} is already on the list.`, null, "COURIER_TAKEN");
    return toJson(row);
  });
}

/** What an order ships with: the courier named by id (refused when unknown) and the tracking number. */
export async function shipmentOf(db: Database, courierId: string, trackingNumber: string): Promise<Shipment> {
  const [courier] = await db.select().from(couriers).where(eq(couriers.id, courierId)).limit(1);
  if (!courier) throw badRequest("Choose a courier from the list.", null, "COURIER_UNKNOWN");
  return {
    courierId: courier.id,
    courier: courier.name,
    trackingNumber,
    trackingUrl: trackingLink(courier.trackingUrl, trackingNumber),
  };
}
