import { Form } from "react-router";
import type { CartPromotionsJson } from "../../../api/contract/types";
import { APPLY_CODE, REMOVE_CODE } from "~/lib/cart/promotion-intents";
import { formatRupees } from "~/lib/page/money";
import { PAYMENT_METHODS, type PaymentMethodId } from "~/lib/payment/methods";

/** One payment method's price with the cart's promotions (the API's). */
export type MethodPrice = CartPromotionsJson["byPaymentMethod"][PaymentMethodId];

/**
 * The price the page shows first: the lower of the two payment methods' (paying online, when a
 * prepaid offer runs), with the method it is for.
 */
export function shownPrice(promotions: CartPromotionsJson): { method: PaymentMethodId; price: MethodPrice } {
  const { cod, Upi } = promotions.byPaymentMethod;
  return Upi.totalAmount < cod.totalAmount ? { method: "Upi", price: Upi } : { method: "cod", price: cod };
}

/** Whether the payment methods come to different amounts (a prepaid offer, a code for one method). */
export const methodsDiffer = (promotions: CartPromotionsJson) =>
  promotions.byPaymentMethod.cod.totalAmount !== promotions.byPaymentMethod.Upi.totalAmount;

const labelOf = (id: PaymentMethodId) => PAYMENT_METHODS.find((method) => method.id === id)!.label;

/**
 * The code box: a plain form (it works without JavaScript) that applies a code, or shows the
 * applied code with a form that removes it. A refusal is shown next to the field in its own words;
 * a code the cart no longer qualifies for is said once, when it was dropped.
 */
export function PromoCodeBox({
  action,
  promotions,
  error,
  typed,
}: {
  action: string;
  promotions: CartPromotionsJson;
  error: string | null;
  typed: string;
}) {
  const { code, dropped } = promotions;
  // Why the code does not apply to the price shown first, or else to the other method (a code for
  // Online Payment, say): "applied" alone would read as applying whichever way the order is paid.
  const { cod, Upi } = promotions.byPaymentMethod;
  const refusalOfShown = code ? (shownPrice(promotions).price.codeRefusal ?? cod.codeRefusal ?? Upi.codeRefusal) : null;
  return (
    <section
      aria-labelledby="promo-code-heading"
      className="rounded-xl border border-gray-200 bg-white px-5 py-4"
      data-promo-code
    >
      <h2 id="promo-code-heading" className="text-sm font-bold uppercase tracking-wide text-gray-500">
        Coupon code
      </h2>
      {dropped ? (
        <p role="status" className="mt-2 text-sm text-amber-800" data-code-dropped>
          {`${dropped.code} was removed: ${dropped.message}`}
        </p>
      ) : null}
      {code ? (
        <Form method="post" action={action} className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <input type="hidden" name="intent" value={REMOVE_CODE} />
          <p className="text-sm">
            <strong className="font-mono text-brand" data-applied-code>
              {code}
            </strong>{" "}
            applied
            {refusalOfShown ? <span className="block text-gray-600">{refusalOfShown.message}</span> : null}
          </p>
          <button
            type="submit"
            aria-label={`Remove code ${code}`}
            className="text-sm font-bold text-gray-800 hover:text-red-700"
          >
            Remove
          </button>
        </Form>
      ) : (
        <Form method="post" action={action} className="mt-2 flex gap-2">
          <input type="hidden" name="intent" value={APPLY_CODE} />
          <label htmlFor="promo-code" className="sr-only">
            Coupon code
          </label>
          <input
            id="promo-code"
            name="code"
            defaultValue={typed}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            placeholder="Enter code"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "promo-code-error" : undefined}
            className="min-w-0 flex-1 rounded-lg border border-gray-300 px-3 py-2 text-sm uppercase"
          />
          <button
            type="submit"
            className="rounded-lg border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand/5"
          >
            Apply
          </button>
        </Form>
      )}
      {error ? (
        <p id="promo-code-error" role="alert" className="mt-2 text-sm text-red-700" data-code-error>
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** The price details' rows of the code and the offer, each on its own row. */
export function PromotionRows({
  price,
  rowClass = "flex justify-between gap-3",
}: {
  price: MethodPrice;
  rowClass?: string;
}) {
  return (
    <>
      {price.promotions.map((promotion) => (
        <div key={`${promotion.kind}:${promotion.code ?? promotion.name}`} className={rowClass} data-promotion-row>
          <dt>{promotion.kind === "code" ? `Coupon (${promotion.code})` : `Offer: ${promotion.name}`}</dt>
          <dd className="shrink-0 whitespace-nowrap text-brand">{`−${formatRupees(promotion.discount)}`}</dd>
        </div>
      ))}
    </>
  );
}

/** Each payment method's final amount, when they differ: what paying online saves. */
export function MethodTotals({ promotions }: { promotions: CartPromotionsJson }) {
  if (!methodsDiffer(promotions)) return null;
  return (
    <ul className="flex flex-col gap-1 text-sm text-gray-700" data-method-totals>
      {PAYMENT_METHODS.map((method) => (
        <li key={method.id} className="flex justify-between">
          <span>{labelOf(method.id)}</span>
          <span className="font-semibold">{formatRupees(promotions.byPaymentMethod[method.id].totalAmount)}</span>
        </li>
      ))}
    </ul>
  );
}
