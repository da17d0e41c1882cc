import { formatRupees } from "~/lib/page/money";
import { formatOrderTime } from "../../lib/orders/order-format";
import type { PaymentRequest } from "~/lib/payment/provider";

type UpiRequest = Extract<PaymentRequest, { kind: "upi" }>;

/** A UPI payment request: the QR code to scan and the same request as a link for a phone's UPI app. */
export function UpiPayment({ request }: { request: UpiRequest }) {
  return (
    <section aria-labelledby="upi-title" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="upi-title" className="text-lg font-bold text-gray-900">
        Pay {formatRupees(request.amount)} by UPI
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Scan the code with any UPI app, or open the link on your phone. We confirm the payment against the order
        reference.
      </p>
      {request.dueAt ? (
        <p className="mt-1 text-sm font-semibold text-gray-900">
          Please pay by {formatOrderTime(request.dueAt)}: after that the order is cancelled and its items are released.
        </p>
      ) : null}
      {/* On a phone, the very device that pays, the UPI app's link comes first and the code to scan after. */}
      <div className="mt-4 flex flex-col-reverse items-start gap-4 sm:flex-row">
        {/* Drawn on the server from numbers only (app/lib/payment/upi-qr.server.ts): no markup from outside. */}
        <div className="size-48 shrink-0 bg-white" data-upi-qr dangerouslySetInnerHTML={{ __html: request.qrSvg }} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-gray-600">UPI ID</dt>
          <dd className="font-mono">{request.vpa}</dd>
          <dt className="text-gray-600">Amount</dt>
          <dd>{formatRupees(request.amount)}</dd>
          <dt className="text-gray-600">Reference</dt>
          <dd className="font-mono break-all">{request.reference}</dd>
          <dd className="col-span-2 mt-3 max-sm:order-first max-sm:mb-2 max-sm:mt-0">
            <a
              href={request.uri}
              className="inline-flex rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
            >
              Pay with a UPI app
            </a>
          </dd>
        </dl>
      </div>
    </section>
  );
}
