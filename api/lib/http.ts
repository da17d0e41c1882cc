import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";

/** The envelope statuses of DESIGN.md ("The /userapp API contract"), plus throttling. */
export type ApiStatus =
  | "SUCCESS"
  | "VALIDATION_ERROR"
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "RECORD_NOT_FOUND"
  | "FAILURE"
  | "TOO_MANY_REQUESTS"
  | "SERVER_ERROR";

export type Envelope<T = unknown> = { status: ApiStatus; message: string; data: T };

export type FieldError = { path: string; message: string };

/** A failure a handler throws; `app.onError` turns it into the envelope. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: ContentfulStatusCode,
    readonly status: ApiStatus,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const notFound = (message: string) => new ApiError(404, "RECORD_NOT_FOUND", message);
export const badRequest = (message: string, data: unknown = null) => new ApiError(400, "BAD_REQUEST", message, data);
export const conflict = (message: string, data: unknown = null) => new ApiError(409, "FAILURE", message, data);
export const unauthorized = (message = "Please sign in to continue.") => new ApiError(401, "UNAUTHORIZED", message);

export function ok<T>(c: Context, data: T, message = "Success", httpStatus: 200 | 201 = 200) {
  return c.json({ status: "SUCCESS", message, data } satisfies Envelope<T>, httpStatus);
}

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

export function validationError(error: z.ZodError) {
  const errors = fieldErrors(error);
  const first = errors[0];
  const summary = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "Invalid input";
  return new ApiError(422, "VALIDATION_ERROR", `Invalid input: ${summary}`, errors);
}

/** Parses `value` with `schema`, throwing VALIDATION_ERROR 422 with the field errors. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
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
      throw badRequest("Malformed JSON body");
    }
  }
  return validate(schema, value);
}

/** Ids are 24 lower-case hex characters; anything else cannot name a record. */
export const idPattern = /^[0-9a-f]{24}$/;
export const idSchema = z.string().regex(idPattern, "Invalid id");
