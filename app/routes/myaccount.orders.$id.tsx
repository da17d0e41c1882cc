import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { ID_PATTERN as ORDER_ID } from "../../api/contract";
import { FormError } from "~/components/form-field";
import { CancelOrder, type OrderActionData, orderPath, ReturnForm } from "~/components/orders/order-actions";
import { readReasonForm, reasonErrorsOf } from "~/lib/orders/reason-form";
import {
  codConfirmationLabel,
  formatOrderDate,
  formatOrderTime,
  paymentStatusLabel,
  timelineOf,
} from "~/lib/orders/order-format";
import { AddressText, OrderLines, OrderTotals } from "~/components/orders/order-lines";
import { OrderReasons, StatusTimeline } from "~/components/orders/status-timeline";
import { UpiPayment } from "~/components/orders/upi-payment";
import { PERSONAL_CACHE } from "~/lib/platform/http-cache";
import { reviewPath } from "~/lib/reviews/reviews";
import { paymentLabel } from "~/lib/payment/methods";
import { paymentRequestFor } from "~/lib/payment/providers.server";
import { SHOP_NAME } from "~/lib/page/seo";
import { ownOrder, requireShopper } from "~/lib/session/require-shopper.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/myaccount.orders.$id";

export const meta: Route.MetaFunction = () => [
  { title: `Order details | ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];

export function headers() {
  return { "Cache-Control": PERSONAL_CACHE };
}

/** One of the shopper's orders; anyone else's order is a 404, as an unknown one. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api } = await requireShopper(request, context);
  const order = await ownOrder(params.id, api.order);
  return { order, payment: paymentRequestFor(order) };
}

/**
 * Cancels the order (`intent=cancel`) or requests its return (`intent=return`), each with a
 * reason picked from its list (`reasonCode`; "other" with its words in `reason`), through the
 * API, which decides whether it still can; a refusal is shown on this page with the API's reason.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = params.id ?? "";
  const { api } = await requireShopper(request, context, { returnTo: orderPath(id) });
  if (!ORDER_ID.test(id)) throw data(null, { status: 404 });
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "cancel" && intent !== "return") throw data(null, { status: 400 });
  const { input, errors } = readReasonForm(form, intent === "cancel" ? "shopperCancel" : "shopperReturn");
  const refused = (status: number, formError: string | null, reasonErrors: OrderActionData["errors"] = null) =>
    data<OrderActionData>({ intent, formError, errors: reasonErrors, sent: input }, { status });
  if (errors) return refused(400, null, errors);

  const result = intent === "cancel" ? await api.cancelOrder(id, input) : await api.returnOrder(id, input);
  if (result.ok) return redirectWithSuccess(orderPath(id), result.message);
  if (result.code === "NOT_FOUND") throw data(null, { status: 404 });
  if (result.code === "REASON_UNKNOWN") return refused(400, null, { reasonCode: result.message, reason: null });
  if (result.code === "VALIDATION")
    return refused(400, null, reasonErrorsOf(result.data) ?? { reasonCode: null, reason: result.message });
  if (result.code === "ORDER_STATE") return refused(409, result.message);
  return refused(500, `Failed to ${intent} the order. Please try again.`);
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, payment } = loaderData;
  const refusal = actionData as OrderActionData | undefined;
  const confirmation = codConfirmationLabel(order);
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
          Order number <span className="font-mono font-semibold text-gray-900">{order.orderNumber}</span>
        </p>
        {/* The sellers issue their tax invoices as the order ships. */}
        {order.orderStatus.shipped.isConfirmed ? (
          <p className="mt-1 text-sm">
            <Link to={`${orderPath(order._id)}/invoice`} className="font-semibold text-brand hover:underline">
              Tax invoice
            </Link>{" "}
            <span className="text-gray-600">(printable)</span>
          </p>
        ) : null}
      </div>

      <FormError id="order-action-error" errors={refusal?.formError ? [refusal.formError] : undefined} />

      {payment.kind === "upi" ? <UpiPayment request={payment} /> : null}

      {order.codConfirmation === "awaiting" && order.status === "confirmed" && order.codConfirmDueAt ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Please confirm this order with the link in the email we sent you. We ship it once you confirm it; if it is not
          confirmed by {formatOrderTime(order.codConfirmDueAt)}, it is cancelled.
        </p>
      ) : null}

      <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
        {/* min-w-0: a long product title is truncated instead of widening the column past a phone's screen. */}
        <div className="min-w-0 space-y-6">
          <Panel id="items-title" title="Items">
            <OrderLines
              lines={order.products}
              lineAction={
                // A delivered order's products can be reviewed (a returned one's cannot: docs/decisions/029-reviews.md).
                order.status === "delivered"
                  ? (line) => (
                      <Link
                        to={reviewPath(line.productId)}
                        className="text-sm font-semibold text-brand hover:underline"
                        data-rate-product
                      >
                        Rate this product
                      </Link>
                    )
                  : undefined
              }
            />
            <OrderTotals
              itemsAmount={order.itemsAmount}
              platformFee={order.platformFee}
              totalAmount={order.totalAmount}
            />
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
              <dd>{paymentStatusLabel(order.paymentStatus)}</dd>
              {confirmation ? (
                <>
                  <dt className="text-gray-600">Order confirmation</dt>
                  <dd>{confirmation}</dd>
                </>
              ) : null}
              {order.paymentReference ? (
                <>
                  <dt className="text-gray-600">UPI reference (UTR)</dt>
                  <dd className="font-mono">{order.paymentReference}</dd>
                </>
              ) : null}
              {order.refundReference ? (
                <>
                  <dt className="text-gray-600">Refund reference</dt>
                  <dd className="font-mono break-all">{order.refundReference}</dd>
                </>
              ) : null}
            </dl>
          </Panel>
        </div>
        <div className="min-w-0 space-y-6">
          <Panel id="status-title" title="Order status">
            <StatusTimeline steps={timelineOf(order)} />
            <OrderReasons order={order} />
          </Panel>
          {order.canCancel ? (
            <Panel id="cancel-title" title="Changed your mind?">
              <p className="mb-3 text-sm text-gray-700">You can cancel this order until it ships.</p>
              <CancelOrder
                orderId={order._id}
                refusal={refusal?.intent === "cancel" && refusal.errors ? refusal : null}
              />
            </Panel>
          ) : null}
          {order.canReturn && order.returnableUntil ? (
            <Panel id="return-title" title="Return this order">
              <ReturnForm
                orderId={order._id}
                until={order.returnableUntil}
                refusal={refusal?.intent === "return" ? refusal : null}
              />
            </Panel>
          ) : null}
        </div>
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
