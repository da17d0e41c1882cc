import { redirect } from "react-router";
import { IMAGE_SIZE_MESSAGE, imageFileProblem } from "~/lib/forms/image-upload";
import { refusalMessage } from "~/lib/admin/catalogue.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { redirectWithError, redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/admin.product-images.$id";

// A product's photo upload, on a path of its own: server/body-limit.ts lets bodies here (and only
// here and at the catalogue import) reach the upload limit instead of the forms' 64 KB.

/** Nothing to see here: a GET goes to the product's page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  throw redirect(`/admin/products/${params.id}`);
}

/** Checks the file (type, size), hands it to the API, and goes back to the product with what happened. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const back = `/admin/products/${params.id}`;
  const { api } = await requireAdmin(request, context, back);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return redirectWithError(back, "The upload could not be read. Choose the photo and try again.");
  }
  const file = form.get("image");
  if (!(file instanceof File) || file.size === 0) return redirectWithError(back, "Choose a photo to upload.");
  const problem = imageFileProblem(file);
  if (problem) return redirectWithError(back, problem);
  const body = new FormData();
  body.set("image", file, file.name);
  const result = await api.addImage(params.id, body);
  if (!result.ok) {
    if (result.code === "FILE_TOO_LARGE" || result.code === "TOO_LARGE")
      return redirectWithError(back, IMAGE_SIZE_MESSAGE);
    return redirectWithError(back, refusalMessage(result));
  }
  return redirectWithSuccess(back, "Photo added.");
}
