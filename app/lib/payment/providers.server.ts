import { storefrontConfig } from "../config.server";
import { SHOP_NAME } from "../seo";
import { cashOnDelivery } from "./cod";
import type { PaymentOrder, PaymentProvider, PaymentRequest } from "./provider";
import { upiProvider } from "./upi";

/** The provider of a payment method; the shop's VPA comes from UPI_VPA. */
export function paymentProvider(method: string): PaymentProvider {
  return method === "Upi" ? upiProvider({ vpa: storefrontConfig().upiVpa, name: SHOP_NAME }) : cashOnDelivery;
}

/** What the shopper still has to do to pay for `order`. */
export function paymentRequestFor(order: PaymentOrder): PaymentRequest {
  return paymentProvider(order.paymentMethod).start(order);
}
