import { formatRupees } from "~/lib/page/money";
import { PAYMENT_METHODS, type PaymentMethodId } from "~/lib/payment/methods";

/** What the order comes to paid each way, with the promotions that way gets, and why the code does not apply (the API's). */
export type MethodPrices = Record<
  PaymentMethodId,
  { totalAmount: number; promotionDiscount: number; codeRefusal: { message: string } | null }
>;

/** Whether the order may use a payment method, and why not (the API's `order/quote`). */
export type PaymentOptions = Record<PaymentMethodId, { available: boolean; reason: string | null }>;

/**
 * Cash on Delivery (the default) or Online Payment by UPI. A method the order may not use (the
 * API said so before the post) is shown disabled with the reason, and the other one is chosen.
 */
export function PaymentChoice({
  name,
  defaultValue,
  options,
  prices,
  errors,
}: {
  name: string;
  defaultValue: PaymentMethodId;
  options?: PaymentOptions;
  /** Each method's final amount: shown beside it when they differ (what paying online saves). */
  prices?: MethodPrices;
  errors?: string[];
}) {
  const differ = prices ? prices.cod.totalAmount !== prices.Upi.totalAmount : false;
  const usable = (id: PaymentMethodId) => options?.[id]?.available !== false;
  const chosen = usable(defaultValue) ? defaultValue : (PAYMENT_METHODS.find((m) => usable(m.id))?.id ?? defaultValue);
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-lg font-bold text-gray-900">Payment method</legend>
      {PAYMENT_METHODS.map((method) => {
        const reason = usable(method.id) ? null : options?.[method.id]?.reason;
        const reasonId = `${name}-${method.id}-reason`;
        return (
          <div key={method.id}>
            <label className="flex cursor-pointer items-center gap-3 rounded-md border border-gray-200 p-3 has-[:checked]:border-brand has-[:checked]:bg-brand/5 has-[:disabled]:cursor-not-allowed has-[:disabled]:bg-gray-50">
              <input
                type="radio"
                name={name}
                value={method.id}
                defaultChecked={method.id === chosen}
                disabled={!usable(method.id)}
                aria-describedby={reason ? reasonId : undefined}
                className="size-4 accent-brand"
              />
              <span className="min-w-0">
                <span className="block font-medium">{method.label}</span>
                {method.id === "Upi" ? (
                  <span className="block text-sm text-gray-600">UPI: pay with any UPI app after placing the order</span>
                ) : null}
                {prices?.[method.id].codeRefusal ? (
                  <span className="block text-sm text-amber-800">{prices[method.id].codeRefusal!.message}</span>
                ) : null}
              </span>
              {differ && prices ? (
                <span className="ml-auto shrink-0 text-right" data-method-total={method.id}>
                  <span className="block font-bold">{formatRupees(prices[method.id].totalAmount)}</span>
                  {prices[method.id].promotionDiscount > 0 ? (
                    <span className="block text-xs text-brand">
                      {`You save ${formatRupees(prices[method.id].promotionDiscount)}`}
                    </span>
                  ) : null}
                </span>
              ) : null}
            </label>
            {/* Outside the label: the method's name stays its name, the reason is its description. */}
            {reason ? (
              <p id={reasonId} className="mt-1 text-sm text-red-700">
                {reason}
              </p>
            ) : null}
          </div>
        );
      })}
      {errors?.[0] ? (
        <p role="alert" className="text-xs text-red-700">
          {errors[0]}
        </p>
      ) : null}
    </fieldset>
  );
}
