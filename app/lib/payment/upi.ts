import { encodeQr, qrSvg } from "../qr";
import { paymentLabel } from "./methods";
import type { PaymentOrder, PaymentProvider } from "./provider";

export type UpiPayee = { vpa: string; name: string };

/** The reference a UPI payment carries back in its note: the order's own id. */
export const orderReference = (orderId: string) => orderId;

/**
 * A UPI deep link (NPCI's "upi://pay" URI): payee address and name, the amount in rupees with two
 * decimals, INR, and the order reference as the note. UPI apps open it on a phone; its QR code
 * is scanned from a computer's screen. The VPA keeps its "@" (some apps do not decode "%40").
 */
export function upiLink({ vpa, name }: UpiPayee, amount: number, reference: string): string {
  const params = [
    `pa=${vpa}`,
    `pn=${encodeURIComponent(name)}`,
    `am=${amount.toFixed(2)}`,
    "cu=INR",
    `tn=${encodeURIComponent(reference)}`,
  ];
  return `upi://pay?${params.join("&")}`;
}

/** Online payment by UPI: an order waiting for its payment shows the link and its QR code. */
export function upiProvider(payee: UpiPayee): PaymentProvider {
  return {
    id: "Upi",
    label: paymentLabel("Upi"),
    start(order: PaymentOrder) {
      if (order.paymentStatus !== "awaitingPayment") return { kind: "none" };
      const reference = orderReference(order.id);
      const uri = upiLink(payee, order.totalAmount, reference);
      return {
        kind: "upi",
        uri,
        qrSvg: qrSvg(encodeQr(uri), `UPI QR code to pay ${payee.name}`),
        vpa: payee.vpa,
        amount: order.totalAmount,
        reference,
      };
    },
  };
}
