import { Link } from "react-router";
import { formatOrderDate, formatOrderTime, paymentStatusLabel, timelineOf } from "~/lib/orders/order-format";
import { Pagination } from "~/components/shop/pagination";
import type { OrderJson } from "~/lib/checkout/checkout.server";
import { PERSONAL_CACHE } from "~/lib/platform/http-cache";
import { formatRupees } from "~/lib/page/money";
import { seo } from "~/lib/page/seo";
import { readPageNumber } from "~/lib/catalogue/shop-params";
import { orErrorPage, requireShopper } from "~/lib/session/require-shopper.server";
import type { Route } from "./+types/myaccount.orders";

const PER_PAGE = 10;

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: "My Orders", description: "Your orders and where they are.", path: "/myaccount/orders" }),
  { name: "robots", content: "noindex" },
];

export function headers() {
  return { "Cache-Control": PERSONAL_CACHE };
}

/** The shopper's own orders, newest first, ten a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireShopper(request, context);
  const page = readPageNumber(new URL(request.url).searchParams.get("page"));
  const { data: orders, paginator } = orErrorPage(await api.orders(page, PER_PAGE));
  return { orders, page: paginator.currentPage, pageCount: paginator.pageCount };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, page, pageCount } = loaderData;
  return (
    <section className="w-full" aria-labelledby="orders-title">
      <h1 id="orders-title" className="mb-4 text-2xl font-bold text-gray-900">
        My Orders
      </h1>
      {orders.length === 0 ? (
        <div className="rounded-lg border border-gray-200 p-10 text-center">
          <p className="text-gray-700">No orders found.</p>
          <Link to="/shop" className="mt-3 inline-block font-semibold text-brand hover:underline">
            Start shopping
          </Link>
        </div>
      ) : (
        <ul className="space-y-4">
          {orders.map((order) => (
            <li key={order._id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <div className="mt-6">
          <Pagination
            page={page}
            pageCount={pageCount}
            hrefFor={(n) => (n === 1 ? "/myaccount/orders" : `/myaccount/orders?page=${n}`)}
          />
        </div>
      ) : null}
    </section>
  );
}

const TONE_TEXT = { done: "text-brand", waiting: "text-amber-800", stopped: "text-red-700", ahead: "text-gray-500" };

/** One order in the list: its products, total, payment status and every step so far with its time, linking to the order page. */
function OrderCard({ order }: { order: OrderJson }) {
  const reached = timelineOf(order).filter((step) => step.tone !== "ahead");
  return (
    <Link
      to={`/myaccount/orders/${order._id}`}
      className="block rounded-lg border border-gray-200 p-4 hover:border-brand focus-visible:border-brand"
      aria-label={`Order of ${formatOrderDate(order.createdAt)}, ${formatRupees(order.totalAmount)}, number ${order.orderNumber}`}
    >
      <p className="mb-2 text-sm text-gray-600">
        Order <span className="font-mono font-medium text-gray-900">{order.orderNumber}</span>
      </p>
      <div className="flex flex-wrap items-start justify-between gap-4">
        {/* At least 15rem: on a phone the totals and the timeline wrap below the products. */}
        <ul className="min-w-0 flex-1 basis-60 space-y-2">
          {order.products.map((line) => (
            <li key={`${line.productId}:${line.size}`} className="flex items-center gap-3">
              <img
                src={line.image}
                alt=""
                width={48}
                height={48}
                className="size-12 shrink-0 rounded border border-gray-100 object-contain"
              />
              <div className="min-w-0">
                <p className="truncate font-medium text-gray-900">{line.title}</p>
                <p className="text-sm text-gray-600">
                  Qty: {line.qty} · Size: {line.size}
                </p>
              </div>
            </li>
          ))}
        </ul>
        <div className="sm:text-right">
          <p className="font-bold text-gray-900">{formatRupees(order.totalAmount)}</p>
          <p className="text-sm text-gray-600">
            <span className="font-medium text-gray-800">Payment:</span> {paymentStatusLabel(order.paymentStatus)}
          </p>
          {reached.map((step) => (
            <p key={step.key} className="text-sm text-gray-600">
              <span className={`font-medium ${TONE_TEXT[step.tone]}`}>{step.label}</span>
              {step.at ? ` · ${formatOrderTime(step.at)}` : null}
              {step.detail ? <span className="block break-words sm:ml-auto sm:max-w-xs">{step.detail}</span> : null}
            </p>
          ))}
        </div>
      </div>
    </Link>
  );
}
