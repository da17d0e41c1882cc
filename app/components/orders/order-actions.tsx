import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { primaryButton } from "~/components/form-field";
import { secondaryButton } from "~/components/account/form-actions";
import { useIsPending } from "~/components/use-is-pending";
import { formatOrderDate } from "../../lib/orders/order-format";

/** The longest reason the API keeps (api/routes/orders.ts). */
export const REASON_MAX = 500;

export const orderPath = (id: string) => `/myaccount/orders/${id}`;
export const cancelPath = (id: string) => `/myaccount/orders/${id}/cancel`;

/** What the order page's action answers when it refused a cancel or return. */
export type OrderActionData = { intent: "cancel" | "return"; formError: string | null; reasonError: string | null };

const dangerButton =
  "inline-flex items-center justify-center rounded-md bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60";

/**
 * The cancel form: an optional reason and the confirming button. It posts to the order page
 * (whose action cancels), both from the confirmation page (no JavaScript) and inline.
 */
export function CancelForm({
  orderId,
  keep,
  focusOnOpen = false,
}: {
  orderId: string;
  keep: ReactNode;
  focusOnOpen?: boolean;
}) {
  const submitting = useIsPending({ formAction: orderPath(orderId), fields: { intent: "cancel" } });
  const reason = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOnOpen) reason.current?.focus();
  }, [focusOnOpen]);
  return (
    <Form method="post" action={orderPath(orderId)} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="cancel" />
      <label htmlFor="cancel-reason" className="text-sm font-medium text-gray-800">
        Why are you cancelling? <span className="font-normal text-gray-500">(optional)</span>
      </label>
      <textarea
        ref={reason}
        id="cancel-reason"
        name="reason"
        rows={3}
        maxLength={REASON_MAX}
        className="rounded-md border border-gray-300 px-3 py-2 text-base focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none"
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={dangerButton} disabled={submitting}>
          {submitting ? "Cancelling..." : "Yes, cancel this order"}
        </button>
        {keep}
      </div>
    </Form>
  );
}

/**
 * "Cancel order": a link to the confirmation page, which with JavaScript opens the same form in
 * place instead, so the shopper confirms either way.
 */
export function CancelOrder({ orderId }: { orderId: string }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Link
        to={cancelPath(orderId)}
        onClick={(event) => {
          event.preventDefault();
          setConfirming(true);
        }}
        className="inline-flex items-center justify-center rounded-md border border-red-700 px-5 py-2.5 font-semibold text-red-700 hover:bg-red-700 hover:text-white"
      >
        Cancel order
      </Link>
    );
  }
  return (
    <section aria-labelledby="cancel-confirm-title" className="rounded-md border border-red-200 bg-red-50 p-4">
      <h3 id="cancel-confirm-title" className="mb-2 font-semibold text-gray-900">
        Cancel this order?
      </h3>
      <CancelForm
        orderId={orderId}
        focusOnOpen
        keep={
          <button type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
            Keep my order
          </button>
        }
      />
    </section>
  );
}

/** "Request return": a reason is required; open until `until`, 7 days after delivery. */
export function ReturnForm({ orderId, until, error }: { orderId: string; until: string; error: string | null }) {
  const submitting = useIsPending({ formAction: orderPath(orderId), fields: { intent: "return" } });
  return (
    <Form method="post" action={orderPath(orderId)} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="return" />
      <p className="text-sm text-gray-700">You can return this order until {formatOrderDate(until)}.</p>
      <label htmlFor="return-reason" className="text-sm font-medium text-gray-800">
        Why are you returning it?
      </label>
      <textarea
        id="return-reason"
        name="reason"
        rows={3}
        required
        maxLength={REASON_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "return-reason-error" : undefined}
        className="rounded-md border border-gray-300 px-3 py-2 text-base focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none aria-invalid:border-red-600"
      />
      {error ? (
        <p id="return-reason-error" role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
      <div>
        <button type="submit" className={primaryButton} disabled={submitting}>
          {submitting ? "Requesting return..." : "Request return"}
        </button>
      </div>
    </Form>
  );
}
