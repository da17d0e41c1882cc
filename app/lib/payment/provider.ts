import type { PaymentMethodId } from "./methods";

/** What a payment provider needs to know of a placed order. */
export type PaymentOrder = {
  id: string;
  totalAmount: number;
  paymentMethod: string;
  /** The API's payment status (api/lib/orders/order-states.ts): only "awaitingPayment" asks for a payment. */
  paymentStatus: string;
  /** Until when an order awaiting payment waits for it (ISO), or null. */
  paymentDueAt?: string | null;
};

/** What the order page shows the shopper to pay: nothing, or a UPI payment request. */
export type PaymentRequest =
  | { kind: "none" }
  | { kind: "upi"; uri: string; qrSvg: string; vpa: string; amount: number; reference: string; dueAt: string | null };

/** One way to pay. `start` answers what the shopper has to do, now that the order is placed. */
export interface PaymentProvider {
  id: PaymentMethodId;
  label: string;
  start(order: PaymentOrder, now?: Date): PaymentRequest;
}
