/** The payment methods a shopper chooses between at checkout, in the order shown. */
export const PAYMENT_METHODS = [
  { id: "cod", label: "Cash on Delivery" },
  { id: "Upi", label: "Online Payment" },
] as const;

export type PaymentMethodId = (typeof PAYMENT_METHODS)[number]["id"];

export const DEFAULT_PAYMENT_METHOD: PaymentMethodId = "cod";

export function paymentLabel(id: string): string {
  return PAYMENT_METHODS.find((method) => method.id === id)?.label ?? id;
}
