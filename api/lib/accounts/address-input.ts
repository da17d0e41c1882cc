import { z } from "@hono/zod-openapi";
import { UNKNOWN_PIN_MESSAGE } from "../../contract";
import { MOBILE_MESSAGE, normaliseMobile } from "../../contract/mobile";
import { pinStateMessage } from "../../contract/pin-state";
import { ADDRESS_LABELS } from "../../db/schema";
import { fieldErrorsResponse } from "../http/http";
import { lookUpPin, type PinPlace, statesOf } from "../orders/pincode";

// An address as the API takes it, one rule for a saved address (`PUT /userapp/user/update/{id}`)
// and an order's delivery address (`POST /userapp/order/create`): the same five fields, the same
// lengths, the same PIN code rule, so an order never holds an address the profile would refuse.

/** Addresses one shopper may keep. */
export const maxAddresses = 20;

/** "India" (or its ISO code) makes the zipcode an Indian PIN code. */
export const isIndia = (country: string) => /^(india|in|ind|bharat)$/i.test(country.trim());

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
 * An optional text of the courier's fields: trimmed; blank or null is null (cleared); absent stays
 * absent, so `user/update` keeps what an address it keeps had (a spec client never sends them).
 */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .nullish()
    .transform((value) => (value === "" ? null : value));

/**
 * The courier's fields (DESIGN deviation 18), each optional: the recipient's name and mobile default
 * from the account; see api/contract/mobile.ts for the mobile number's spelling.
 */
export const recipientFields = {
  name: optionalText("Name", 100).openapi({ description: "The recipient; absent or null: the account's name" }),
  mobile: z
    .union([z.string(), z.number()], { error: MOBILE_MESSAGE })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined) return value;
      const text = String(value).trim();
      if (text === "") return null;
      const mobile = normaliseMobile(text);
      if (!mobile) {
        ctx.addIssue({ code: "custom", message: MOBILE_MESSAGE });
        return z.NEVER;
      }
      return mobile;
    })
    .openapi({
      type: "string",
      description:
        "The recipient's mobile number, answered in E.164 (+919876543210). Taken with or without +91, 0, spaces or hyphens; an Indian one has 10 digits starting 6 to 9.",
      example: "+919876543210",
    }),
  landmark: optionalText("Landmark", 200).openapi({ example: "Opposite the metro station" }),
  label: z
    .string({ error: "Choose Home, Work or Other" })
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined) return value;
      if (value === "") return null;
      const label = ADDRESS_LABELS.find((name) => name.toLowerCase() === value.toLowerCase());
      if (!label) {
        ctx.addIssue({ code: "custom", message: "Choose Home, Work or Other" });
        return z.NEVER;
      }
      return label;
    })
    .openapi({ type: "string", enum: [...ADDRESS_LABELS] }),
};

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

/** An address to check against the PIN directory, and where it is in the request body ("address", "address.0"). */
export type PinToCheck = { address: { zipcode: string; state: string; country: string }; path: string };

/**
 * Refuses the addresses whose Indian PIN code no post office has (VALIDATION at the zipcode), or
 * whose state is not their PIN's (PIN_STATE_MISMATCH at the state: "PIN 560001 is in Karnataka";
 * a PIN whose offices are in two states takes either), by India Post's directory
 * (api/lib/orders/pincode.ts). A directory that cannot answer within `waitMs` (still being read,
 * or failed) refuses nothing: the PIN's format was checked already, and a shopper is never kept
 * waiting on the directory.
 */
export async function checkPins(list: PinToCheck[], waitMs: number): Promise<void> {
  const indian = list.filter(({ address }) => isIndia(address.country));
  if (indian.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  const places = await Promise.race([Promise.all(indian.map(({ address }) => lookUpPin(address.zipcode))), late])
    .catch(() => null)
    .finally(() => clearTimeout(timer));
  if (!places) return;
  const unknown = indian
    .filter((_, i) => places[i] === null)
    .map(({ path }) => ({ path: `${path}.zipcode`, message: UNKNOWN_PIN_MESSAGE }));
  if (unknown.length > 0) throw fieldErrorsResponse(unknown);
  const mismatched = indian.flatMap(({ address, path }, i) => {
    const problem = stateProblem(address, places[i]!);
    return problem ? [{ path: `${path}.state`, message: problem }] : [];
  });
  if (mismatched.length > 0) throw fieldErrorsResponse(mismatched, "PIN_STATE_MISMATCH");
}

/** What is wrong with an address's state for its PIN's place: null when it is (one of) the PIN's. */
export function stateProblem(address: { zipcode: string; state: string }, place: PinPlace): string | null {
  const states = statesOf(place);
  const named = address.state.trim().toLowerCase();
  return states.some((state) => state.toLowerCase() === named) ? null : pinStateMessage(address.zipcode, states);
}

/** An order's delivery address: the five fields and the courier's, checked as a saved address is. */
export const deliveryAddressSchema = z.object({ ...addressFields, ...recipientFields }).transform(withPostalCode);
