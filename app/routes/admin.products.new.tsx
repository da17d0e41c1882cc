import { Link } from "react-router";
import { adminMeta, linkClass, PageHeading } from "~/components/admin/catalogue-parts";
import { ProductForm } from "~/components/admin/product-form";
import { productFormDefaults } from "~/lib/admin/catalogue";
import { fetchFormChoices, submitProductForm } from "~/lib/admin/catalogue.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/admin.products.new";

const PATH = "/admin/products/new";

export const meta: Route.MetaFunction = () => adminMeta("New product");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  return fetchFormChoices(request, api);
}

/** Creates the product, then opens it for its photos; a refused form comes back with its errors. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireAdmin(request, context);
  const saved = await submitProductForm(request, api);
  if ("refused" in saved) return saved.refused;
  return redirectWithSuccess(`/admin/products/${saved.product._id}`, "Product created. Add its photos below.");
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { merchants, options } = loaderData;
  return (
    <section aria-labelledby="new-product-title" className="max-w-4xl">
      <p className="mb-2 text-sm">
        <Link to="/admin/products" className={linkClass}>
          ← Products
        </Link>
      </p>
      <PageHeading id="new-product-title" title="New product" />
      <ProductForm
        action={PATH}
        defaults={productFormDefaults(null)}
        lastResult={actionData?.result}
        merchants={merchants}
        options={options}
        submit="Create product"
        pending="Creating…"
      />
    </section>
  );
}
