import { Link } from "react-router";
import { AdminTable, adminMeta, cellClass, linkClass, PageHeading } from "~/components/admin/catalogue-parts";
import { ADMIN_MERCHANTS_PATH, adminMerchantPath } from "~/lib/admin/sections";
import { failedLoad } from "~/lib/admin/catalogue.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import type { Route } from "./+types/admin.merchants";

export const meta: Route.MetaFunction = () => adminMeta("Sellers");

/** Every seller with the details its tax invoices print (legal name, GSTIN, state). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const result = await api.merchants();
  if (!result.ok) return failedLoad(request, result);
  return { merchants: result.data };
}

export default function Merchants({ loaderData }: Route.ComponentProps) {
  const { merchants } = loaderData;
  return (
    <section aria-labelledby="merchants-title">
      <PageHeading id="merchants-title" title="Sellers" />
      <p className="mb-4 max-w-prose text-sm text-gray-700">
        Each seller&apos;s legal name, GSTIN, state and registered address are printed on its tax invoices.
      </p>
      <AdminTable
        caption="Sellers"
        columns={["Legal name", "GSTIN", "State"]}
        items={merchants}
        empty="No sellers yet."
        page={1}
        pageCount={1}
        hrefFor={() => ADMIN_MERCHANTS_PATH}
        row={(merchant) => (
          <tr key={merchant._id}>
            <td className={cellClass}>
              <Link to={adminMerchantPath(merchant._id)} className={linkClass}>
                {merchant.companyName}
              </Link>
            </td>
            <td className={`${cellClass} font-mono`}>{merchant.gstin ?? "Not on file"}</td>
            <td className={cellClass}>{merchant.state ?? "Not on file"}</td>
          </tr>
        )}
      />
    </section>
  );
}
