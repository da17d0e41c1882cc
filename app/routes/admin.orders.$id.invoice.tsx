import { adminMeta } from "~/components/admin/catalogue-parts";
import { invoicePrintLinks, TaxInvoices } from "~/components/orders/tax-invoice";
import { adminOrderPath } from "~/lib/admin/sections";
import { PERSONAL_CACHE } from "~/lib/platform/http-cache";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { failedAdminCall, requireOrderId } from "~/lib/admin/orders.server";
import type { Route } from "./+types/admin.orders.$id.invoice";

export const links: Route.LinksFunction = invoicePrintLinks;

/** As every back-office page (app/routes/admin.tsx, whose layout this page is outside of). */
export function headers() {
  return { "Cache-Control": PERSONAL_CACHE, "X-Robots-Tag": "noindex" };
}

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Tax invoice of order ${params.id}`);

/** Any order's tax invoices (one per seller), for the back office; outside its layout, so it prints alone. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const id = requireOrderId(params.id);
  const result = await api.orderInvoices(id);
  if (!result.ok) return failedAdminCall(request, result);
  return { order: result.data };
}

export default function AdminOrderInvoicePage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return <TaxInvoices order={order} backTo={adminOrderPath(order.orderId)} backLabel="Back to the order" />;
}
