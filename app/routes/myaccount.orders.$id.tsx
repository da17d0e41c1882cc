import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { formatOrderDate, paymentStatusLabel, timelineOf } from "~/components/orders/order-format";
import { AddressText, OrderLines, OrderTotals } from "~/components/orders/order-lines";
import { StatusTimeline } from "~/components/orders/status-timeline";
import { UpiPayment } from "~/components/orders/upi-payment";
import type { OrderJson } from "~/lib/checkout.server";
import { PERSONAL_CACHE } from "~/lib/http-cache";
import { paymentLabel } from "~/lib/payment/methods";
import { paymentRequestFor } from "~/lib/payment/providers.server";
import { SHOP_NAME } from "~/lib/seo";
import { requireToken } from "~/lib/session.server";
import { callUserapp } from "~/lib/userapp.server";
import type { Route } from "./+types/myaccount.orders.$id";

const ORDER_ID = /^[0-9a-f]{24}$/;

export const meta: Route.MetaFunction = () => [{ title: `Order details | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export function headers() {
  return { "Cache-Control": PERSONAL_CACHE };
}

/** One of the shopper's orders; anyone else's order is a 404, as an unknown one. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const token = await requireToken(request);
  const id = params.id ?? "";
  if (!ORDER_ID.test(id)) throw data(null, { status: 404 });
  const result = await callUserapp<OrderJson>(context, "GET", `orders/${id}`, { token });
  if (!result.ok) throw data(null, { status: result.httpStatus === 404 ? 404 : 500 });
  const order = result.envelope.data;
  return { order, payment: paymentRequestFor(order) };
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, payment } = loaderData;
  return (
    <section className="w-full space-y-6" aria-labelledby="order-title">
      <div>
        <Link to="/myaccount/orders" className="text-sm font-semibold text-brand hover:underline">
          ← My Orders
        </Link>
        <h1 id="order-title" className="mt-2 text-2xl font-bold text-gray-900">
          Order of {formatOrderDate(order.createdAt)}
        </h1>
        <p className="text-sm text-gray-600">
          Order reference <span className="font-mono">{order._id}</span>
        </p>
      </div>

      {payment.kind === "upi" ? <UpiPayment request={payment} /> : null}

      <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
        {/* min-w-0: a long product title is truncated instead of widening the column past a phone's screen. */}
        <div className="min-w-0 space-y-6">
          <Panel id="items-title" title="Items">
            <OrderLines lines={order.products} />
            <OrderTotals itemsAmount={order.itemsAmount} platformFee={order.platformFee} totalAmount={order.totalAmount} />
          </Panel>
          <Panel id="delivery-title" title="Delivery address">
            <p className="mt-1 text-sm text-gray-800">
              <AddressText address={order.address} />
            </p>
          </Panel>
          <Panel id="payment-title" title="Payment">
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-gray-600">Payment method</dt>
              <dd>{paymentLabel(order.paymentMethod)}</dd>
              <dt className="text-gray-600">Payment status</dt>
              <dd>{paymentStatusLabel(order.paymentStatus, order.paymentMethod)}</dd>
            </dl>
          </Panel>
        </div>
        <Panel id="status-title" title="Order status">
          <StatusTimeline steps={timelineOf(order.orderStatus)} />
        </Panel>
      </div>
    </section>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="h-fit min-w-0 rounded-lg border border-gray-200 p-4">
      <h2 id={id} className="mb-2 font-bold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
