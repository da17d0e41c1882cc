import { paymentLabel } from "./methods";
import type { PaymentProvider } from "./provider";

/** Cash on delivery: paid at the door, nothing to do online. */
export const cashOnDelivery: PaymentProvider = {
  id: "cod",
  label: paymentLabel("cod"),
  start: () => ({ kind: "none" }),
};
