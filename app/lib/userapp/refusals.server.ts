import { data } from "react-router";
import { FIELD_REFUSALS, type FieldRefusalCode } from "../../../api/contract/refusals";
import { NO_BACK_OFFICE_ACCESS } from "../admin/sections";
import type { Refused, SharedRefusalCode } from "./transport.server";

// What the storefront makes of the API's refusals beyond a route's own (docs/decisions/035-refusal-codes.md):
// the shared ones any call may answer go to `sharedRefusal`, and every form turns field errors into
// its own with `formErrorsOf`. Route modules switch on a refusal's `code`; the compiler checks the
// switch against the codes the route declares (api/contract/refusals.ts).

/**
 * The error page of a refusal any route may give: a sign-in that ended (401; a shopper's is signed
 * out before it gets here, app/lib/userapp/shopper.server.ts), no access (403), a body too large
 * (413), too many requests (429), the API busy or failed (503), or a malformed request, our own
 * mistake (500). A route's `switch` ends with `default: return sharedRefusal(result)`: a declared
 * code the switch forgot is then a type error, since only the shared ones may reach it.
 */
export function sharedRefusal(refusal: Refused<SharedRefusalCode>): never {
  switch (refusal.code) {
    case "UNAUTHENTICATED":
      throw data(refusal.message, { status: 401 });
    case "FORBIDDEN":
      throw data(NO_BACK_OFFICE_ACCESS, { status: 403 });
    case "TOO_LARGE":
      throw data(refusal.message, { status: 413 });
    case "RATE_LIMITED":
      throw data(refusal.message, { status: 429, headers: { "Retry-After": String(refusal.data.retryAfter) } });
    case "BUSY":
    case "DATABASE_UNAVAILABLE":
    case "SERVER_ERROR":
      throw data(null, { status: 503 });
    case "MALFORMED_REQUEST":
      throw data(null, { status: 500 });
  }
}

/** Whether the API failed (SERVER_ERROR, BUSY; or could not be reached) rather than refused the request. */
export const apiFailed = (refusal: Refused) =>
  refusal.code === "SERVER_ERROR" || refusal.code === "BUSY" || refusal.code === "DATABASE_UNAVAILABLE";

/**
 * What a toast or a form says of a shared refusal when the page stays (a cart change, a form): the
 * API's message ("Too many requests…"), or "Internal server error" when it gave none.
 */
export function sharedMessage(refusal: Refused<SharedRefusalCode>): string {
  return refusal.message || "Internal server error";
}

/** A form's errors made of a refusal: the API's field errors put on the form's fields, and those it has no field for. */
export type FormErrors = { fieldErrors: Record<string, string[]>; unshown: string[] };

/**
 * The one decoder of the API's field errors for every form: a VALIDATION refusal's `{path,
 * message}` list, each path through `fieldOf` to the form's field name (null: the form has no such
 * field, and the message is `unshown`). Any other refusal has no field errors.
 */
export function formErrorsOf(refusal: Refused, fieldOf: (path: string) => string | null): FormErrors {
  const fieldErrors: Record<string, string[]> = {};
  const unshown: string[] = [];
  if (!isFieldRefusal(refusal)) return { fieldErrors, unshown };
  for (const { path, message } of refusal.data) {
    const field = fieldOf(path);
    if (field) (fieldErrors[field] ??= []).push(message);
    else unshown.push(message);
  }
  return { fieldErrors, unshown };
}

/** A refusal whose data is field errors: VALIDATION, MOBILE_REQUIRED, PIN_STATE_MISMATCH. */
const isFieldRefusal = (refusal: Refused): refusal is Refused<FieldRefusalCode> =>
  (FIELD_REFUSALS as readonly string[]).includes(refusal.code);

/** Only the form's own fields: `fieldOf` for a form whose API paths are its field names. */
export const fieldsNamed =
  (names: Iterable<string>, rename: Record<string, string> = {}) =>
  (path: string): string | null => {
    const field = rename[path] ?? path;
    return new Set(names).has(field) ? field : null;
  };
