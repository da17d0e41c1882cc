import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import type { DeliveryEstimate } from "../../../api/contract/types";
import type { PinPlace } from "../../../api/contract/types";
import { PIN_MESSAGE, PIN_PATTERN, UNKNOWN_PIN_MESSAGE } from "../account/address-schema";

export type { DeliveryEstimate, PinPlace };

/** What the directory said: the place, an unknown PIN, or no answer (the API is down). */
export type PinAnswer = { place: PinPlace } | { unknown: true } | { unavailable: true };

/** GET /userapp/pincode/{pin} for a PIN already checked against PIN_PATTERN. */
export async function lookUpPin(context: AppLoadContext, pin: string): Promise<PinAnswer> {
  if (!PIN_PATTERN.test(pin)) return { unknown: true };
  const result = await context.api.public.pinPlace(pin);
  if (result.ok) return { place: result.data };
  return result.code === "NOT_FOUND" || result.code === "VALIDATION" ? { unknown: true } : { unavailable: true };
}

const lookUpSchema = z.object({ zipcode: z.string({ error: PIN_MESSAGE }).trim().regex(PIN_PATTERN, PIN_MESSAGE) });

/**
 * The address form's "Look up" button without JavaScript: the form comes back as it was typed,
 * with city and state filled in from the PIN, or with the PIN's field error.
 */
export async function pinLookUpReply(context: AppLoadContext, formData: FormData): Promise<SubmissionResult<string[]>> {
  const first = parseWithZod(formData, { schema: lookUpSchema });
  if (first.status !== "success") return first.reply();
  const answer = await lookUpPin(context, first.value.zipcode);
  if ("unknown" in answer) return first.reply({ fieldErrors: { zipcode: [UNKNOWN_PIN_MESSAGE] } });
  if ("unavailable" in answer)
    return first.reply({
      fieldErrors: { zipcode: ["The PIN code directory is not answering. Please type the city and state."] },
    });
  const filled = new FormData();
  for (const [name, value] of formData) if (name !== "city" && name !== "state") filled.append(name, value);
  filled.set("zipcode", answer.place.pincode);
  filled.set("city", answer.place.city);
  filled.set("state", answer.place.state);
  return parseWithZod(filled, { schema: lookUpSchema }).reply();
}

/**
 * A page that shows an address form starts the API reading its directory, without waiting for it:
 * by the time the shopper has typed an address, the look-up is quick.
 */
export function primePinDirectory(context: AppLoadContext): void {
  void context.api.public.pinPlace("110001").catch(() => {});
}

/** GET /userapp/pincode/{pin}/delivery?productId: the product page's delivery check. */
export async function checkDelivery(
  context: AppLoadContext,
  pin: string,
  productId: string,
): Promise<{ place: PinPlace; estimate: DeliveryEstimate } | { unknown: true } | { unavailable: true }> {
  if (!PIN_PATTERN.test(pin)) return { unknown: true };
  const result = await context.api.public.delivery(pin, productId);
  if (result.ok) return result.data;
  return result.code === "NOT_FOUND" || result.code === "VALIDATION" ? { unknown: true } : { unavailable: true };
}

/** The product page's "Check delivery" answer, for the PIN in its `?pin=` query. */
export type DeliveryCheck =
  | { pin: string; status: "malformed" | "unknown" | "unavailable" }
  | { pin: string; status: "deliverable" | "undeliverable"; place: PinPlace; estimate: DeliveryEstimate };

/** Reads `?pin=` and asks the API; null when the page was opened without a PIN. */
export async function deliveryCheck(
  context: AppLoadContext,
  url: URL,
  productId: string,
): Promise<DeliveryCheck | null> {
  const raw = url.searchParams.get("pin");
  if (raw === null || raw.trim() === "") return null;
  // Echoed back into the form: never more than a PIN's worth and a little.
  const pin = raw.trim().slice(0, 12);
  if (!PIN_PATTERN.test(raw.trim())) return { pin, status: "malformed" };
  const answer = await checkDelivery(context, pin, productId);
  if ("unknown" in answer) return { pin, status: "unknown" };
  if ("unavailable" in answer) return { pin, status: "unavailable" };
  return { pin, status: answer.estimate.deliverable ? "deliverable" : "undeliverable", ...answer };
}
