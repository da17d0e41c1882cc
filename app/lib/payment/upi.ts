import { paymentLabel } from "./methods";
import type { PaymentOrder, PaymentProvider } from "./provider";
import { upiQrSvg } from "./upi-qr.server";

/** The shop as UPI knows it: its VPA, its name, and its merchant category code (4 digits). */
export type UpiPayee = { vpa: string; name: string; mcc: string };

/** The reference a UPI payment carries back in its note: the order's own id. */
export const orderReference = (orderId: string) => orderId;

/**
 * A UPI deep link (NPCI's "upi://pay" URI), its parameters in NPCI's order: payee address and
 * name, merchant category code, the order reference as the transaction reference (`tr`, which the
 * payment carries back to the merchant) and as the note, the amount in rupees with two decimals,
 * and INR. UPI apps open it on a phone; its QR code is scanned from a computer's screen. The VPA
 * keeps its "@" (some apps do not decode "%40").
 */
export function upiLink({ vpa, name, mcc }: UpiPayee, amount: number, reference: string): string {
  const params = [
    `pa=${vpa}`,
    `pn=${encodeURIComponent(name)}`,
    `mc=${mcc}`,
    `tr=${encodeURIComponent(reference)}`,
    `tn=${encodeURIComponent(reference)}`,
    `am=${amount.toFixed(2)}`,
    "cu=INR",
  ];
  return `upi://pay?${params.join("&")}`;
}

/**
 * Online payment by UPI: an order waiting for its payment shows the link and its QR code, until
 * its payment window closes (the API then cancels it: docs/decisions/007).
 */
export function upiProvider(payee: UpiPayee): PaymentProvider {
  return {
    id: "Upi",
    label: paymentLabel("Upi"),
    start(order: PaymentOrder, now = new Date()) {
      if (order.paymentStatus !== "awaitingPayment") return { kind: "none" };
      const dueAt = order.paymentDueAt ?? null;
      if (dueAt && new Date(dueAt).getTime() <= now.getTime()) return { kind: "none" };
      const reference = orderReference(order.id);
      const uri = upiLink(payee, order.totalAmount, reference);
      return {
        kind: "upi",
        uri,
        qrSvg: upiQrSvg(uri, `UPI QR code to pay ${payee.name}`),
        vpa: payee.vpa,
        amount: order.totalAmount,
        reference,
        dueAt,
      };
    },
  };
}
