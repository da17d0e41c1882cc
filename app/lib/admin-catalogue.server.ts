import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { apiFieldErrors, refusedForm, refusedStatus } from "./account.server";
import {
  type AdminProduct,
  type CatalogueOptions,
  formFieldOfApiPath,
  type Merchant,
  productBody,
  productFormSchema,
} from "./admin-catalogue";
import { failedAdminCall } from "./admin-orders.server";
import { callUserapp, type Envelope, type UserappResult } from "./userapp.server";

// The back office's catalogue calls to /userapp/admin/* (docs/api.md). JSON calls
// go through callUserapp; uploads, deletions and the CSV need a body or a method it does not take.

const INTERNAL_ORIGIN = "http://userapp.internal";

/** A /userapp call with any method and a ready-made body (multipart form, CSV text), read as an envelope. */
export async function sendToUserapp<T>(
  context: AppLoadContext,
  method: "POST" | "PUT" | "DELETE",
  path: string,
  options: { token: string; body?: BodyInit; contentType?: string },
): Promise<UserappResult<T>> {
  const headers = new Headers({ authorization: `Bearer ${options.token}` });
  // A FormData body sets its own multipart type with the boundary.
  if (options.contentType) headers.set("content-type", options.contentType);
  try {
    const response = await context.userapp(
      new Request(`${INTERNAL_ORIGIN}/userapp/${path}`, { method, headers, body: options.body }),
    );
    const envelope = (await response.json()) as Envelope<T>;
    if (response.ok && envelope.status === "SUCCESS") return { ok: true, httpStatus: response.status, envelope };
    return { ok: false, httpStatus: response.status, envelope };
  } catch {
    return {
      ok: false,
      httpStatus: 500,
      envelope: { status: "SERVER_ERROR", message: "Internal server error", data: null },
    };
  }
}

/** The raw answer of a /userapp GET (the catalogue's CSV), for a resource route to pass on. */
export function fetchFromUserapp(context: AppLoadContext, path: string, token: string): Promise<Response> {
  return Promise.resolve(
    context.userapp(
      new Request(`${INTERNAL_ORIGIN}/userapp/${path}`, { headers: { authorization: `Bearer ${token}` } }),
    ),
  );
}

/** A loader's failed API call: a 404 page saying `notFound`, else as the order pages answer it (admin-orders.server.ts). */
export async function failedLoad(
  request: Request,
  result: UserappResult<unknown>,
  notFound = "Not found",
): Promise<never> {
  if (result.httpStatus === 404) throw data(notFound, { status: 404 });
  return failedAdminCall(request, result);
}

/** The product being edited, or a 404 page for an unknown id. */
export async function fetchAdminProduct(
  request: Request,
  context: AppLoadContext,
  token: string,
  id: string,
): Promise<AdminProduct> {
  const result = await callUserapp<AdminProduct>(context, "GET", `admin/products/${encodeURIComponent(id)}`, { token });
  if (!result.ok) return failedLoad(request, result, "Product not found");
  return result.envelope.data;
}

/** What the product form offers: every merchant, and the catalogue's known values for its lists. */
export async function fetchFormChoices(
  request: Request,
  context: AppLoadContext,
  token: string,
): Promise<{ merchants: Merchant[]; options: CatalogueOptions }> {
  const [merchants, options] = await Promise.all([
    callUserapp<Merchant[]>(context, "GET", "admin/merchants", { token }),
    callUserapp<CatalogueOptions>(context, "GET", "admin/catalogue/options", { token }),
  ]);
  if (!merchants.ok) return failedLoad(request, merchants);
  if (!options.ok) return failedLoad(request, options);
  return { merchants: merchants.envelope.data, options: options.envelope.data };
}

/**
 * The Add/Edit Product form's action: validates the form with its schema, then creates the
 * product (no `id`) or replaces product `id`. Answers the saved product, or the form's refusal
 * (the schema's errors, or the API's 422 paths put back on the form's fields) to return as it is.
 */
export async function submitProductForm(
  request: Request,
  context: AppLoadContext,
  token: string,
  id?: string,
  formData?: FormData,
): Promise<{ product: AdminProduct } | { refused: ReturnType<typeof refusedForm> }> {
  const submission = parseWithZod(formData ?? (await request.formData()), { schema: productFormSchema });
  if (submission.status !== "success") return { refused: data({ result: submission.reply() }, { status: 400 }) };
  const { body, rows } = productBody(submission.value);
  const result = id
    ? await callUserapp<AdminProduct>(context, "PUT", `admin/products/${encodeURIComponent(id)}`, { token, body })
    : await callUserapp<AdminProduct>(context, "POST", "admin/products", { token, body });
  if (result.ok) return { product: result.envelope.data };
  const fieldErrors = apiFieldErrors(result, (path) => formFieldOfApiPath(path, rows));
  const shown = Object.keys(fieldErrors).length;
  const unshown = Array.isArray(result.envelope.data)
    ? (result.envelope.data as { path?: unknown; message?: unknown }[])
        .filter((item) => typeof item.path !== "string" || formFieldOfApiPath(item.path, rows) === null)
        .map((item) => String(item.message))
    : [];
  const formErrors =
    result.httpStatus === 422
      ? unshown.length > 0
        ? unshown
        : [shown > 0 ? "Check the highlighted fields." : result.envelope.message]
      : [`The product was not saved: ${result.envelope.message || "unknown error"}`];
  return { refused: refusedForm(submission.reply({ formErrors, fieldErrors }), refusedStatus(result)) };
}

/** An API refusal in words for a toast: its field errors' messages when it has them, else its message. */
export function refusalMessage(result: UserappResult<unknown>): string {
  const list = result.envelope.data;
  if (Array.isArray(list) && list.length > 0) {
    const messages = list
      .map((item: { message?: unknown }) => item?.message)
      .filter((m): m is string => typeof m === "string");
    if (messages.length > 0) return messages.join(" ");
  }
  return result.envelope.message || "Something went wrong. Please try again.";
}
