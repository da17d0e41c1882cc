import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { ID_PATTERN } from "../../contract";
import type { FieldRefusalCode, RefusalCode } from "../../contract/refusals";

/** The envelope statuses (docs/api.md). */
export type ApiStatus =
  | "SUCCESS"
  | "VALIDATION_ERROR"
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "RECORD_NOT_FOUND"
  | "FAILURE"
  | "TOO_MANY_REQUESTS"
  | "PAYLOAD_TOO_LARGE"
  | "SERVICE_UNAVAILABLE"
  | "SERVER_ERROR";

export type Envelope<T = unknown> = { status: ApiStatus; message: string; data: T; code?: RefusalCode };

export type FieldError = { path: string; message: string };

/** A failure a handler throws; `app.onError` turns it into the envelope. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: ContentfulStatusCode,
    readonly status: ApiStatus,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string>,
    /** The refusal's stable machine code (api/contract/refusals.ts; docs/api.md, "Refusal codes"), beside the spec's status. */
    readonly code: RefusalCode,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const notFound = (message: string) => new ApiError(404, "RECORD_NOT_FOUND", message, null, {}, "NOT_FOUND");
export const badRequest = (message: string, data: unknown, code: RefusalCode) =>
  new ApiError(400, "BAD_REQUEST", message, data, {}, code);
export const conflict = (message: string, data: unknown, code: RefusalCode) =>
  new ApiError(409, "FAILURE", message, data, {}, code);
export const unauthorized = (message = "Please sign in to continue.") =>
  new ApiError(401, "UNAUTHORIZED", message, null, {}, "UNAUTHENTICATED");
/** Signed in, but not allowed (a shopper at an admin route). */
export const forbidden = (message = "You are not allowed to do this.") =>
  new ApiError(403, "FORBIDDEN", message, null, {}, "FORBIDDEN");

/** SQLSTATE query_canceled: PostgreSQL ended a statement at its statement_timeout. */
const QUERY_CANCELED = "57014";

/** Whether `error` is a statement PostgreSQL cancelled (drizzle wraps the driver's error in `cause`). */
export function isStatementTimeout(error: unknown): boolean {
  for (let at = error; at instanceof Error; at = at.cause)
    if ((at as Error & { code?: unknown }).code === QUERY_CANCELED) return true;
  return false;
}

/**
 * SERVICE_UNAVAILABLE 503 for a guest's read that ran past its statement timeout (api/lib/search/product-search.ts,
 * withStatementTimeout): the shop is busy or the query too costly, and trying again later or with
 * other words may work.
 */
export const searchTimedOut = () =>
  new ApiError(
    503,
    "SERVICE_UNAVAILABLE",
    "The shop is too busy to answer this search right now. Please try again in a moment, or with fewer or longer words.",
    null,
    { "Retry-After": "5" },
    "BUSY",
  );

export function ok<T>(c: Context, data: T, message = "Success", httpStatus: 200 | 201 = 200) {
  return c.json({ status: "SUCCESS", message, data } satisfies Envelope<T>, httpStatus);
}

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

export function validationError(error: z.ZodError) {
  return fieldErrorsResponse(fieldErrors(error));
}

/**
 * Control characters no text field takes: C0 except tab, line feed and carriage return, DEL, and
 * lone UTF-16 surrogates. PostgreSQL refuses NUL in text outright (a 500 before this check), and
 * the others have no business in a name, an address or a search. The storefront's forms refuse
 * the same set (app/lib/forms/plain-text.ts).
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\p{Cs}/u;
export const CONTROL_CHARACTER_MESSAGE = "Must not contain control characters";

/** At most this many offending fields are listed: a hostile body may hold thousands. */
const MAX_LISTED = 20;

/** A path is listed up to this many steps deep (a hostile body may nest thousands). */
const MAX_PATH_STEPS = 32;

type Step = { key: string; parent: Step | null };

function pathOf(step: Step | null): string {
  const keys: string[] = [];
  for (let at = step; at; at = at.parent) keys.push(at.key);
  keys.reverse();
  return keys.length > MAX_PATH_STEPS ? `${keys.slice(0, MAX_PATH_STEPS).join(".")}...` : keys.join(".");
}

/**
 * Every string (and object key) in `value` that holds a control character, as field errors
 * (`address.0.city`; a bad key is reported at the object holding it). Walks with its own stack,
 * not recursion, and links each step to its parent instead of copying paths, so a deeply nested
 * body costs neither the call stack nor quadratic time.
 */
export function controlCharacterErrors(value: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const pending: { value: unknown; step: Step | null }[] = [{ value, step: null }];
  while (pending.length > 0 && errors.length < MAX_LISTED) {
    const { value: current, step } = pending.pop()!;
    if (typeof current === "string") {
      if (CONTROL_CHARACTERS.test(current)) errors.push({ path: pathOf(step), message: CONTROL_CHARACTER_MESSAGE });
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        pending.push({ value: current[i], step: { key: String(i), parent: step } });
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i];
        if (CONTROL_CHARACTERS.test(key))
          errors.push({ path: pathOf(step), message: "A field name contains control characters" });
        else pending.push({ value: item, step: { key, parent: step } });
      }
    }
  }
  return errors.slice(0, MAX_LISTED);
}

/**
 * Control characters in a request's path (a path parameter, reported as `path`) or query string
 * (`query.<name>`), which handlers read without a body schema.
 */
export function urlControlCharacterErrors(url: URL): FieldError[] {
  const errors: FieldError[] = [];
  for (const segment of url.pathname.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      continue; // Malformed %-escapes match no route: the router answers 404.
    }
    if (CONTROL_CHARACTERS.test(decoded)) {
      errors.push({ path: "path", message: CONTROL_CHARACTER_MESSAGE });
      break;
    }
  }
  for (const [name, value] of url.searchParams) {
    if (errors.length >= MAX_LISTED) break;
    if (CONTROL_CHARACTERS.test(name))
      errors.push({ path: "query", message: "A field name contains control characters" });
    else if (CONTROL_CHARACTERS.test(value)) errors.push({ path: `query.${name}`, message: CONTROL_CHARACTER_MESSAGE });
  }
  return errors;
}

/** VALIDATION_ERROR 422 for field errors found outside zod (the same shape `validate` gives). */
export function fieldErrorsResponse(errors: FieldError[], code: FieldRefusalCode = "VALIDATION") {
  const first = errors[0];
  const summary = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "Invalid input";
  return new ApiError(422, "VALIDATION_ERROR", `Invalid input: ${summary}`, errors, {}, code);
}

/**
 * Parses `value` with `schema`, throwing VALIDATION_ERROR 422 with the field errors. Any text
 * holding a control character is refused first, whatever the schema, so no handler has to
 * remember it (see CONTROL_CHARACTERS).
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const hostile = controlCharacterErrors(value);
  if (hostile.length > 0) throw fieldErrorsResponse(hostile);
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** Reads a JSON body (an empty body counts as `{}`) and validates it. Malformed JSON is BAD_REQUEST 400. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest("Malformed JSON body", null, "MALFORMED_REQUEST");
    }
  }
  return validate(schema, value);
}

/** The route handlers' name for the contract's id rule: anything else cannot name a record. */
export const idPattern = ID_PATTERN;
export const idSchema = z.string().regex(ID_PATTERN, "Invalid id");
