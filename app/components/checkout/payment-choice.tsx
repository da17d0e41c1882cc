import { PAYMENT_METHODS } from "~/lib/payment/methods";

/** Cash on Delivery (the default) or Online Payment by UPI. */
export function PaymentChoice({
  name,
  defaultValue,
  errors,
}: {
  name: string;
  defaultValue: string;
  errors?: string[];
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-lg font-bold text-gray-900">Payment method</legend>
      {PAYMENT_METHODS.map((method) => (
        <label
          key={method.id}
          className="flex cursor-pointer items-center gap-3 rounded-md border border-gray-200 p-3 has-[:checked]:border-brand has-[:checked]:bg-brand/5"
        >
          <input
            type="radio"
            name={name}
            value={method.id}
            defaultChecked={method.id === defaultValue}
            className="size-4 accent-brand"
          />
          <span className="min-w-0">
            <span className="block font-medium">{method.label}</span>
            {method.id === "Upi" ? (
              <span className="block text-sm text-gray-600">UPI: pay with any UPI app after placing the order</span>
            ) : null}
          </span>
        </label>
      ))}
      {errors?.[0] ? (
        <p role="alert" className="text-xs text-red-700">
          {errors[0]}
        </p>
      ) : null}
    </fieldset>
  );
}
