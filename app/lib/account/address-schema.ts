import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, isSingleLine } from "../forms/plain-text";
import { STATE_NAMES } from "../../../api/contract";
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

export const addressSchema = z.object({
  locality: requiredText("locality", 200),
  city: requiredText("city", 100),
  state: z.enum(INDIAN_STATES, { error: "Choose a state" }),
  zipcode: z.string({ error: PIN_MESSAGE }).trim().regex(PIN_PATTERN, PIN_MESSAGE),
  country: requiredText("country", 100),
});

export type AddressInput = z.infer<typeof addressSchema>;

/** One line for an address: "12 MG Road, Bengaluru, Karnataka 560001, India". */
export function formatAddress(address: Record<keyof AddressInput, string>): string {
  return `${address.locality}, ${address.city}, ${address.state} ${address.zipcode}, ${address.country}`;
}
