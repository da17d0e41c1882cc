import type { Context } from "hono";
import type { ApiEnv } from "../context";
import { MAX_IMAGE_BYTES } from "../catalogue/product-images";
import { fieldErrorsResponse } from "./http";

// The API's uploads, each a multipart form with one file: a product photo and a CSV import in the
// back office, a shopper's review photo. They share the upload body limit and the reading of the file.

/**
 * The uploads take bodies up to 5 MB, over the API's API_BODY_LIMIT_BYTES: api/app.ts gives these
 * paths this limit instead, the file's 5 MB and room for the multipart form around it. The
 * handlers then refuse a file over 5 MB itself (413).
 */
export const UPLOAD_PATHS =
  /^\/userapp\/(admin\/(products\/[^/]+\/images|catalogue\/import)|reviews\/[^/]+\/photos)\/?$/;
export const UPLOAD_BODY_LIMIT_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

/** The file of a multipart form's `field`, or null when it has none. */
export async function formFile(c: Context<ApiEnv>, field: string): Promise<Uint8Array | null> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw fieldErrorsResponse([{ path: field, message: "The form could not be read" }]);
  }
  const value = form[field];
  const file = Array.isArray(value) ? value.find((item) => item instanceof File) : value;
  return file instanceof File ? new Uint8Array(await file.arrayBuffer()) : null;
}

export const isMultipart = (c: Context) =>
  (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");

/** The one file of an upload's multipart form in `field`; 422 on `field` when there is none. */
export async function uploadedFile(c: Context<ApiEnv>, field: string, what: string): Promise<Uint8Array> {
  const file = isMultipart(c) ? await formFile(c, field) : null;
  if (!file)
    throw fieldErrorsResponse([
      { path: field, message: `Send the ${what} as multipart/form-data, in the field ${field}` },
    ]);
  return file;
}
