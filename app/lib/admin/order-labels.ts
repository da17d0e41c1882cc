import type { CodConfirmation, OrderState, PaymentStatus } from "../../../api/contract/types";

// What the back office's order pages show for the API's states (api/lib/orders/order-states.ts); a
// Record over the API's own types, so a new state fails the type check until it has a label here.

export const ORDER_STATUS_LABELS: Record<OrderState, string> = {
  confirmed: "Confirmed",
  shipped: "Shipped",
  outForDelivery: "Out for delivery",
  delivered: "Delivered",
  cancelled: "Cancelled",
  returned: "Returned",
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  awaitingPayment: "Awaiting payment",
  payOnDelivery: "Pay on delivery",
  paid: "Paid",
  refundPending: "Refund due",
  refunded: "Refunded",
  expired: "Expired (not paid in time)",
  cancelled: "Cancelled (nothing paid)",
};

/** The list's filter by a Cash on Delivery order's confirmation. */
export const COD_CONFIRMATION_LABELS: Record<CodConfirmation, string> = {
  awaiting: "Awaiting COD confirmation",
  confirmed: "Confirmed by the shopper",
  expired: "Not confirmed in time",
};

export const orderStatusLabel = (status: string) => ORDER_STATUS_LABELS[status as OrderState] ?? status;
export const paymentStatusText = (status: string) => PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? status;

/** The orders waiting for the owner (the list's `queue` filter, the dashboard's counts). */
export const ORDER_QUEUE_LABELS = {
  awaitingCod: "Awaiting COD confirmation",
  upiToVerify: "UPI payment to verify",
  readyToShip: "Ready to ship",
  refundDue: "Refund due",
} as const;
