import type { PaymentMethodId } from "./methods";

/** What a payment provider needs to know of a placed order. */
export type PaymentOrder = {
  id: string;
  totalAmount: number;
  paymentMethod: string;
  /** The API's payment status: "pending" (paid at the door), "awaitingPayment" or "paid". */
  paymentStatus: string;
};

/** What the order page shows the shopper to pay: nothing, or a UPI payment request. */
export type PaymentRequest =
  | { kind: "none" }
  | { kind: "upi"; uri: string; qrSvg: string; vpa: string; amount: number; reference: string };

/** One way to pay. `start` answers what the shopper has to do, now that the order is placed. */
export interface PaymentProvider {
  id: PaymentMethodId;
  label: string;
  start(order: PaymentOrder): PaymentRequest;
}
