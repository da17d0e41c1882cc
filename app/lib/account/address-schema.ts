import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, isSingleLine } from "../forms/plain-text";
import { STATE_NAMES } from "../../../api/contract/states";
import { MOBILE_MESSAGE, normaliseMobile } from "../../../api/contract/mobile";
import { PIN_MESSAGE, PIN_PATTERN, UNKNOWN_PIN_MESSAGE } from "../checkout/pin-messages";

// The address form's one schema (locality, city, state, zipcode and country
// required), shared by the account's address book and checkout. Pure: no server code.

/** India's 28 states and 8 union territories, in alphabetical order: the state `<select>`. */
export const INDIAN_STATES = STATE_NAMES;

export type IndianState = (typeof INDIAN_STATES)[number];

/** The shop delivers in India only; the country field starts with it. */
export const DEFAULT_COUNTRY = "India";

export { PIN_MESSAGE, PIN_PATTERN, UNKNOWN_PIN_MESSAGE };

/**
 * The address forms' "Look up" button: `intent=lookup-pin` fills city and state from the PIN
 * code and shows the form again, saving nothing.
 */
export const PIN_LOOKUP = { name: "intent", value: "lookup-pin" } as const;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `At most ${max} characters`)
    .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE);

/** An optional one-line text: blank is absent. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE)
    .optional()
    .transform((value) => value || undefined);

/** What an address is to its shopper (the API's ADDRESS_LABELS). */
export const ADDRESS_LABELS = ["Home", "Work", "Other"] as const;

/** A mobile number as typed, sent as the API keeps it (E.164, api/contract/mobile.ts); blank is absent. */
export const mobileSchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const mobile = normaliseMobile(value);
    if (!mobile) {
      ctx.addIssue({ code: "custom", message: MOBILE_MESSAGE });
      return z.NEVER;
    }
    return mobile;
  });

export const addressSchema = z.object({
  name: optionalText(100),
  mobile: mobileSchema,
  locality: requiredText("locality", 200),
  landmark: optionalText(200),
  city: requiredText("city", 100),
  state: z.enum(INDIAN_STATES, { error: "Choose a state" }),
  zipcode: z.string({ error: PIN_MESSAGE }).trim().regex(PIN_PATTERN, PIN_MESSAGE),
  country: requiredText("country", 100),
  label: z.enum(ADDRESS_LABELS, { error: "Choose Home, Work or Other" }).optional(),
});

export type AddressInput = z.input<typeof addressSchema>;
/** The courier's fields of a form's address (all optional). */
export const RECIPIENT_FIELDS = ["name", "mobile", "landmark", "label"] as const;

/** One line for an address: "12 MG Road, Bengaluru, Karnataka 560001, India". */
export function formatAddress(address: Record<"locality" | "city" | "state" | "zipcode" | "country", string>): string {
  return `${address.locality}, ${address.city}, ${address.state} ${address.zipcode}, ${address.country}`;
}
