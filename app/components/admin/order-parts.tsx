import { type CodConfirmationOrder, codConfirmationWords } from "../../lib/orders/order-format";
import { COD_CONFIRMATION_LABELS } from "../../lib/admin/order-labels";

// India's time zone on server and browser alike, so a date reads the same in both renders.
const dateTime = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/** A moment as the back office shows it, in India's time ("23 Nov 2026, 4:30 pm"). */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/**
 * A Cash on Delivery order's confirmation by its shopper, as the back office reads it; null for an
 * order with none to show (Online Payment, or cancelled before it was asked for).
 */
export function codConfirmationText(order: CodConfirmationOrder): string | null {
  return codConfirmationWords(order, {
    awaiting: (dueAt) =>
      dueAt ? `${COD_CONFIRMATION_LABELS.awaiting} (until ${formatDateTime(dueAt)})` : COD_CONFIRMATION_LABELS.awaiting,
    confirmed: COD_CONFIRMATION_LABELS.confirmed,
    expired: COD_CONFIRMATION_LABELS.expired,
  });
}

/** A state in words, in a quiet badge (never colour alone). */
export function StateBadge({ children }: { children: string }) {
  return (
    <span className="inline-block rounded bg-gray-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-gray-800">
      {children}
    </span>
  );
}
