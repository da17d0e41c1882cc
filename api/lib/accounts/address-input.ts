import { z } from "@hono/zod-openapi";

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

/** An order's delivery address: the five fields, checked as a saved address is. */
export const deliveryAddressSchema = z.object(addressFields).transform(withPostalCode);
