import { z } from "@hono/zod-openapi";
import { UNKNOWN_PIN_MESSAGE } from "../../contract";
import type { FieldError } from "../http/http";
import { lookUpPin } from "../orders/pincode";

// An address as the API takes it, one rule for a saved address (`PUT /userapp/user/update/{id}`)
// and an order's delivery address (`POST /userapp/order/create`): the same five fields, the same
// lengths, the same PIN code rule, so an order never holds an address the profile would refuse.

/** Addresses one shopper may keep. */
export const maxAddresses = 20;

/** "India" (or its ISO code) makes the zipcode an Indian PIN code. */
const isIndia = (country: string) => /^(india|in|ind|bharat)$/i.test(country.trim());

const addressText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`);

/** The five fields; a PIN code may arrive as a number. */
export const addressFields = {
  locality: addressText("Locality", 200),
  city: addressText("City", 100),
  state: addressText("State", 100),
  zipcode: z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    addressText("Zipcode", 20).openapi({
      description: "In India a 6-digit PIN code (spaces dropped); elsewhere 3 to 10 letters, digits, spaces or hyphens",
      example: "560038",
    }),
  ),
  country: addressText("Country", 100).openapi({ example: "India" }),
};

export const ADDRESS_FIELD_NAMES = ["locality", "city", "state", "zipcode", "country"] as const;

/**
 * Checks and normalises the zipcode against the country: an Indian PIN code is 6 digits not
 * starting with 0 (spaces dropped); another country's postal code is 3 to 10 letters or digits,
 * with spaces or hyphens, upper-cased.
 */
export function withPostalCode<T extends { zipcode: string; country: string }>(address: T, ctx: z.RefinementCtx): T {
  if (isIndia(address.country)) {
    const pin = address.zipcode.replace(/\s+/g, "");
    if (!/^[1-9]\d{5}$/.test(pin)) {
      ctx.addIssue({ code: "custom", path: ["zipcode"], message: "Enter a 6-digit PIN code" });
      return z.NEVER;
    }
    return { ...address, zipcode: pin };
  }
  const zipcode = address.zipcode.replace(/\s+/g, " ").toUpperCase();
  const alphanumerics = zipcode.replace(/[ -]/g, "");
  if (!/^[A-Z0-9][A-Z0-9 -]*$/.test(zipcode) || alphanumerics.length < 3 || alphanumerics.length > 10) {
    ctx.addIssue({ code: "custom", path: ["zipcode"], message: "Enter a postal code of 3 to 10 letters or digits" });
    return z.NEVER;
  }
  return { ...address, zipcode };
}

/** An address to check against the PIN directory, and where its zipcode is in the request body. */
export type PinToCheck = { address: { zipcode: string; country: string }; path: string };

/**
 * The field errors of the addresses whose Indian PIN code no post office has (India Post's
 * directory, api/lib/orders/pincode.ts). A directory that cannot answer within `waitMs` (still
 * being read, or failed) refuses nothing: the PIN's format was checked already, and a shopper is
 * never kept waiting on the directory.
 */
export async function unknownPinErrors(list: PinToCheck[], waitMs: number): Promise<FieldError[]> {
  const indian = list.filter(({ address }) => isIndia(address.country));
  if (indian.length === 0) return [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  const places = await Promise.race([Promise.all(indian.map(({ address }) => lookUpPin(address.zipcode))), late])
    .catch(() => null)
    .finally(() => clearTimeout(timer));
  if (!places) return [];
  return indian.filter((_, i) => places[i] === null).map(({ path }) => ({ path, message: UNKNOWN_PIN_MESSAGE }));
}

/** An order's delivery address: the five fields, checked as a saved address is. */
export const deliveryAddressSchema = z.object(addressFields).transform(withPostalCode);
