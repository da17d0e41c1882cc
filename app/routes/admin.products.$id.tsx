import { data, Form, Link } from "react-router";
import { adminMeta, linkClass, PageHeading, VisibilityBadge } from "~/components/admin/catalogue-parts";
import { ProductForm } from "~/components/admin/product-form";
import { ProductPhotos } from "~/components/admin/product-photos";
import { secondaryButton } from "~/components/account/form-actions";
import { useIsPending } from "~/components/use-is-pending";
import { productFormDefaults } from "~/lib/admin/catalogue";
import { fetchAdminProduct, fetchFormChoices, refusalMessage, submitProductForm } from "~/lib/admin/catalogue.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { productPath } from "~/lib/catalogue/catalogue";
import { redirectWithError, redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/admin.products.$id";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Edit ${loaderData.product.title.shortTitle}` : "Product");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const [product, choices] = await Promise.all([
    fetchAdminProduct(request, api, params.id),
    fetchFormChoices(request, api),
  ]);
  return { product, ...choices };
}

/**
 * Every change to one product, by `intent`: `save` the form, `hide` or `unhide` it in the shop,
 * `remove-image` (its `index`). Photos are uploaded to their own path (admin.product-images.$id.tsx).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { api } = await requireAdmin(request, context);
  const here = `/admin/products/${params.id}`;
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "save") {
    const saved = await submitProductForm(request, api, params.id, formData);
    if ("refused" in saved) return saved.refused;
    return redirectWithSuccess(here, "Product saved.");
  }
  if (intent === "hide" || intent === "unhide") {
    const result = await api.setVisibility(params.id, intent);
    if (!result.ok) return redirectWithError(here, refusalMessage(result));
    return redirectWithSuccess(
      here,
      intent === "hide" ? "Product hidden: shoppers no longer see it." : "Product visible in the shop again.",
    );
  }
  if (intent === "remove-image") {
    const index = String(formData.get("index") ?? "");
    if (!/^\d{1,3}$/.test(index)) return redirectWithError(here, "That photo no longer exists.");
    const result = await api.removeImage(params.id, index);
    if (!result.ok) return redirectWithError(here, refusalMessage(result));
    return redirectWithSuccess(here, "Photo removed.");
  }
  throw data("Unknown action", { status: 400 });
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, merchants, options } = loaderData;
  const here = `/admin/products/${product._id}`;
  const defaults = productFormDefaults(product);
  return (
    <section aria-labelledby="edit-product-title" className="max-w-4xl">
      <p className="mb-2 text-sm">
        <Link to="/admin/products" className={linkClass}>
          ← Products
        </Link>
      </p>
      <PageHeading id="edit-product-title" title={product.title.shortTitle}>
        <div className="flex flex-wrap items-center gap-3">
          <VisibilityBadge hidden={product.hidden} />
          {product.hidden ? null : (
            <Link to={productPath(product)} className={linkClass}>
              View in the shop
            </Link>
          )}
          <Link to={`/admin/audit?entity=product&entityId=${product._id}`} className={linkClass}>
            History
          </Link>
          <VisibilityForm action={here} hidden={product.hidden} />
        </div>
      </PageHeading>
      <ProductForm
        // A saved product starts the form again from what the API now holds.
        key={JSON.stringify(defaults)}
        action={here}
        defaults={defaults}
        lastResult={actionData?.result}
        merchants={merchants}
        options={options}
        submit="Save product"
        pending="Saving…"
      />
      <ProductPhotos productId={product._id} title={product.title.shortTitle} images={product.images} />
    </section>
  );
}

/** Hide or show the product in the shop: a form of its own, apart from the product form. */
function VisibilityForm({ action, hidden }: { action: string; hidden: boolean }) {
  const intent = hidden ? "unhide" : "hide";
  const busy = useIsPending({ formAction: action, fields: { intent } });
  return (
    <Form method="post" action={action}>
      <button type="submit" name="intent" value={intent} className={secondaryButton} disabled={busy}>
        {busy ? (hidden ? "Showing…" : "Hiding…") : hidden ? "Unhide" : "Hide"}
      </button>
    </Form>
  );
}
