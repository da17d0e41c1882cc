import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { refusedForm } from "../account/account-forms.server";
import { formErrorsOf } from "../userapp/refusals.server";
import {
  type AdminProduct,
  type CatalogueOptions,
  formFieldOfApiPath,
  type Merchant,
  productBody,
  productFormSchema,
} from "./catalogue";
import { failedAdminCall } from "./orders.server";
import type { AdminApi } from "../userapp/admin.server";
import type { Refused } from "../userapp/transport.server";

// What the back office's catalogue pages make of the API's answers (calls: app/lib/userapp/admin.server.ts).

/** A loader's failed API call: a 404 page saying `notFound`, else as the order pages answer it (admin-orders.server.ts). */
export async function failedLoad(request: Request, result: Refused, notFound = "Not found"): Promise<never> {
  if (result.code === "NOT_FOUND") throw data(notFound, { status: 404 });
  return failedAdminCall(request, result);
}

/** The product being edited, or a 404 page for an unknown id. */
export async function fetchAdminProduct(request: Request, api: AdminApi, id: string): Promise<AdminProduct> {
  const result = await api.product(id);
  if (!result.ok) return failedLoad(request, result, "Product not found");
  return result.data;
}

/** What the product form offers: every merchant, and the catalogue's known values for its lists. */
export async function fetchFormChoices(
  request: Request,
  api: AdminApi,
): Promise<{ merchants: Merchant[]; options: CatalogueOptions }> {
  const [merchants, options] = await Promise.all([api.merchants(), api.catalogueOptions()]);
  if (!merchants.ok) return failedLoad(request, merchants);
  if (!options.ok) return failedLoad(request, options);
  return { merchants: merchants.data, options: options.data };
}

/**
 * The Add/Edit Product form's action: validates the form with its schema, then creates the
 * product (no `id`) or replaces product `id`. Answers the saved product, or the form's refusal
 * (the schema's errors, or the API's 422 paths put back on the form's fields) to return as it is.
 */
export async function submitProductForm(
  request: Request,
  api: AdminApi,
  id?: string,
  formData?: FormData,
): Promise<{ product: AdminProduct } | { refused: ReturnType<typeof refusedForm> }> {
  const submission = parseWithZod(formData ?? (await request.formData()), { schema: productFormSchema });
  if (submission.status !== "success") return { refused: data({ result: submission.reply() }, { status: 400 }) };
  const { body, rows } = productBody(submission.value);
  const result = id ? await api.updateProduct(id, body) : await api.createProduct(body);
  if (result.ok) return { product: result.data };
  const { fieldErrors, unshown } = formErrorsOf(result, (path) => formFieldOfApiPath(path, rows));
  const shown = Object.keys(fieldErrors).length;
  const formErrors =
    result.code === "VALIDATION"
      ? unshown.length > 0
        ? unshown
        : [shown > 0 ? "Check the highlighted fields." : result.message]
      : [`The product was not saved: ${result.message || "unknown error"}`];
  return { refused: refusedForm(submission.reply({ formErrors, fieldErrors }), result.answerStatus) };
}

/** An API refusal in words for a toast: its field errors' messages when it has them, else its message. */
export function refusalMessage(result: Refused): string {
  const { unshown } = formErrorsOf(result, () => null);
  if (unshown.length > 0) return unshown.join(" ");
  return result.message || "Something went wrong. Please try again.";
}
