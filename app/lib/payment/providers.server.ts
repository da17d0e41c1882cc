import { storefrontConfig } from "../platform/config.server";
import { SHOP_NAME } from "../page/seo";
import { cashOnDelivery } from "./cod";
import type { PaymentOrder, PaymentProvider, PaymentRequest } from "./provider";
import { upiProvider } from "./upi";

/** The provider of a payment method; the shop's VPA and merchant category come from UPI_VPA and UPI_MCC. */
export function paymentProvider(method: string): PaymentProvider {
  const { upiVpa, upiMcc } = storefrontConfig();
  return method === "Upi" ? upiProvider({ vpa: upiVpa, name: SHOP_NAME, mcc: upiMcc }) : cashOnDelivery;
}

/** What the shopper still has to do to pay for `order`. */
export function paymentRequestFor(order: PaymentOrder, now = new Date()): PaymentRequest {
  return paymentProvider(order.paymentMethod).start(order, now);
}
