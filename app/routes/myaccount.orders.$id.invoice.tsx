import { invoicePrintLinks, TaxInvoices } from "~/components/orders/tax-invoice";
import { PERSONAL_CACHE } from "~/lib/platform/http-cache";
import { SHOP_NAME } from "~/lib/page/seo";
import { ownOrder, requireShopper } from "~/lib/session/require-shopper.server";
import type { Route } from "./+types/myaccount.orders.$id.invoice";

export const links: Route.LinksFunction = invoicePrintLinks;

export const meta: Route.MetaFunction = () => [
  { title: `Tax invoice | ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];

export function headers() {
  return { "Cache-Control": PERSONAL_CACHE };
}

/** The tax invoices of one of the shopper's orders (one per seller); anyone else's order is a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api } = await requireShopper(request, context);
  return { order: await ownOrder(params.id, api.orderInvoices) };
}

export default function OrderInvoicePage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return <TaxInvoices order={order} backTo={`/myaccount/orders/${order.orderId}`} backLabel="Back to the order" />;
}
