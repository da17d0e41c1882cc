import { Link } from "react-router";
import { secondaryButton } from "~/components/account/form-actions";
import { CancelForm, orderPath } from "~/components/orders/order-actions";
import { formatOrderDate } from "~/lib/orders/order-format";
import { PERSONAL_CACHE } from "~/lib/platform/http-cache";
import { formatRupees } from "~/lib/page/money";
import { SHOP_NAME } from "~/lib/page/seo";
import { ownOrder, requireShopper } from "~/lib/session/require-shopper.server";
import { redirectWithInfo } from "~/lib/forms/toast.server";
import type { Route } from "./+types/myaccount.orders.$id.cancel";

export const meta: Route.MetaFunction = () => [
  { title: `Cancel order | ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];

export function headers() {
  return { "Cache-Control": PERSONAL_CACHE };
}

/**
 * The confirmation page of "Cancel order" without JavaScript (with it, the order page opens the
 * same form in place). Its form posts to the order page, whose action cancels.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api } = await requireShopper(request, context);
  const order = await ownOrder(params.id, api.order);
  if (!order.canCancel)
    throw await redirectWithInfo(orderPath(order.id), "This order can no longer be cancelled.", { status: 302 });
  return { order };
}

export default function CancelOrderPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <section className="w-full max-w-xl space-y-4" aria-labelledby="cancel-title">
      <Link to={orderPath(order._id)} className="text-sm font-semibold text-brand hover:underline">
        ← Back to the order
      </Link>
      <h1 id="cancel-title" className="text-2xl font-bold text-gray-900">
        Cancel this order?
      </h1>
      <p className="text-gray-700">
        Your order of {formatOrderDate(order.createdAt)} for {formatRupees(order.totalAmount)} ({order.products.length}{" "}
        {order.products.length === 1 ? "product" : "products"}) will be cancelled.
        {order.paymentStatus === "paid" ? " What you paid will be refunded." : ""}
      </p>
      <CancelForm
        orderId={order._id}
        keep={
          <Link to={orderPath(order._id)} className={secondaryButton}>
            Keep my order
          </Link>
        }
      />
    </section>
  );
}
