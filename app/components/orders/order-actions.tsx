import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { primaryButton } from "~/components/form-field";
import { secondaryButton } from "~/components/account/form-actions";
import { useIsPending } from "~/components/use-is-pending";
import { formatOrderDate } from "../../lib/orders/order-format";
import { SHOPPER_CANCEL_REASONS, SHOPPER_RETURN_REASONS } from "../../../api/contract/order-reasons";
import type { ReasonErrors, ReasonInput } from "~/lib/orders/reason-form";
import { ReasonPicker } from "~/components/orders/reason-picker";

export const orderPath = (id: string) => `/myaccount/orders/${id}`;
export const cancelPath = (id: string) => `/myaccount/orders/${id}/cancel`;

/** What the order page's action answers when it refused a cancel or return: why, and what was sent. */
export type OrderActionData = {
  intent: "cancel" | "return";
  formError: string | null;
  errors: ReasonErrors | null;
  sent: ReasonInput;
};

const dangerButton =
  "inline-flex items-center justify-center rounded-md bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60";

/**
 * The cancel form: why, picked from a short list, and the confirming button. It posts to the
 * order page (whose action cancels), both from the confirmation page (no JavaScript) and inline.
 */
export function CancelForm({
  orderId,
  keep,
  focusOnOpen = false,
  refusal = null,
}: {
  orderId: string;
  keep: ReactNode;
  focusOnOpen?: boolean;
  refusal?: OrderActionData | null;
}) {
  const submitting = useIsPending({ formAction: orderPath(orderId), fields: { intent: "cancel" } });
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnOpen) first.current?.focus();
  }, [focusOnOpen]);
  return (
    <Form method="post" action={orderPath(orderId)} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="cancel" />
      <ReasonPicker
        id="cancel-reason"
        legend="Why are you cancelling?"
        options={SHOPPER_CANCEL_REASONS}
        textLabel="Anything to add?"
        errors={refusal?.errors ?? null}
        sent={refusal?.sent ?? null}
        firstRef={first}
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
export function CancelOrder({ orderId, refusal }: { orderId: string; refusal: OrderActionData | null }) {
  // A refused cancel (a reason missing) comes back with the form open, with or without JavaScript.
  const [confirming, setConfirming] = useState(refusal !== null);
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
        focusOnOpen={refusal === null}
        refusal={refusal}
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
export function ReturnForm({
  orderId,
  until,
  refusal,
}: {
  orderId: string;
  until: string;
  refusal: OrderActionData | null;
}) {
  const submitting = useIsPending({ formAction: orderPath(orderId), fields: { intent: "return" } });
  return (
    <Form method="post" action={orderPath(orderId)} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="return" />
      <p className="text-sm text-gray-700">You can return this order until {formatOrderDate(until)}.</p>
      <ReasonPicker
        id="return-reason"
        legend="Why are you returning it?"
        options={SHOPPER_RETURN_REASONS}
        textLabel="Tell us more"
        errors={refusal?.errors ?? null}
        sent={refusal?.sent ?? null}
      />
      <div>
        <button type="submit" className={primaryButton} disabled={submitting}>
          {submitting ? "Requesting return..." : "Request return"}
        </button>
      </div>
    </Form>
  );
}
