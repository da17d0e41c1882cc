/**
 * Why an order was cancelled or returned: short lists to pick from, each reason a stable code with
 * its words (decision 053). The API keeps the code (`cancelReasonCode`, `returnReasonCode`) and the
 * words (`cancelReason`, `returnReason`: the label, the label and the note, or the text of
 * "Other"), so every reader of the words keeps working. Free of imports, like ./index.ts: the
 * storefront's forms and the back office list the same reasons the API accepts.
 * The server's rules around them are in api/lib/orders/order-reasons.ts.
 */

/** One reason on a list: its code and its words. */
export type OrderReasonOption = { readonly code: string; readonly label: string };

/** The reason that needs its own words. */
export const OTHER_REASON = "other";

/** The longest reason text kept (the text of "Other", or the note beside another reason). */
export const MAX_REASON_LENGTH = 500;

/** A shopper cancelling their order. */
export const SHOPPER_CANCEL_REASONS = [
  { code: "orderedByMistake", label: "I ordered it by mistake" },
  { code: "betterPrice", label: "I found a better price elsewhere" },
  { code: "deliveryTooLong", label: "Delivery takes too long" },
  { code: "changedMind", label: "I changed my mind" },
  { code: "wrongDetails", label: "Wrong address or details on the order" },
  { code: OTHER_REASON, label: "Other" },
] as const satisfies readonly OrderReasonOption[];

/** A shopper returning a delivered order. */
export const SHOPPER_RETURN_REASONS = [
  { code: "damaged", label: "Damaged or defective" },
  { code: "wrongItem", label: "Wrong item sent" },
  { code: "sizeOrFit", label: "Wrong size or fit" },
  { code: "notAsDescribed", label: "Not as described" },
  { code: OTHER_REASON, label: "Other" },
] as const satisfies readonly OrderReasonOption[];

/** The back office cancelling an order: the shop's own reasons. */
export const ADMIN_CANCEL_REASONS = [
  { code: "outOfStock", label: "Out of stock" },
  { code: "shopperAsked", label: "The shopper asked us to cancel" },
  { code: "cannotDeliver", label: "We cannot deliver to this address" },
  { code: "suspectedFraud", label: "Suspected fraud" },
  { code: OTHER_REASON, label: "Other" },
] as const satisfies readonly OrderReasonOption[];

/** The back office recording a parcel that came back undelivered (returned to origin). */
export const RETURN_TO_ORIGIN_REASONS = [
  { code: "refusedAtDoor", label: "Refused at the door" },
  { code: "addressNotFound", label: "Address not found" },
  { code: "shopperUnreachable", label: "Shopper not reachable" },
  { code: "damagedInTransit", label: "Damaged in transit" },
  { code: OTHER_REASON, label: "Other" },
] as const satisfies readonly OrderReasonOption[];

/**
 * The shop's own cancellations, never picked: an order whose UPI payment did not come in time,
 * and a Cash on Delivery order its shopper did not confirm in time. Their labels are the words
 * the shop has always written (api/lib/orders/order-states.ts).
 */
export const AUTOMATIC_CANCEL_REASONS = [
  { code: "paymentNotReceived", label: "Payment not received" },
  { code: "notConfirmedInTime", label: "Not confirmed in time" },
] as const satisfies readonly OrderReasonOption[];

/** Which list a form or a request picks from. */
export type ReasonList = "shopperCancel" | "shopperReturn" | "adminCancel" | "returnToOrigin";

export const REASON_LISTS = {
  shopperCancel: SHOPPER_CANCEL_REASONS,
  shopperReturn: SHOPPER_RETURN_REASONS,
  adminCancel: ADMIN_CANCEL_REASONS,
  returnToOrigin: RETURN_TO_ORIGIN_REASONS,
} as const satisfies Record<ReasonList, readonly OrderReasonOption[]>;

/** Every code `cancelReasonCode` may hold. */
export type CancelReasonCode =
  | (typeof SHOPPER_CANCEL_REASONS)[number]["code"]
  | (typeof ADMIN_CANCEL_REASONS)[number]["code"]
  | (typeof AUTOMATIC_CANCEL_REASONS)[number]["code"];

/** Every code `returnReasonCode` may hold. */
export type ReturnReasonCode =
  (typeof SHOPPER_RETURN_REASONS)[number]["code"] | (typeof RETURN_TO_ORIGIN_REASONS)[number]["code"];

export type OrderReasonCode = CancelReasonCode | ReturnReasonCode;

const ALL_REASONS: readonly OrderReasonOption[] = [
  ...SHOPPER_CANCEL_REASONS,
  ...SHOPPER_RETURN_REASONS,
  ...ADMIN_CANCEL_REASONS,
  ...RETURN_TO_ORIGIN_REASONS,
  ...AUTOMATIC_CANCEL_REASONS,
];

/** The words of a code on any list ("Other" for "other"), or null for a code on none. */
export function reasonLabel(code: string): string | null {
  return ALL_REASONS.find((reason) => reason.code === code)?.label ?? null;
}

/** Whether `code` is on `list`. */
export function isReasonOn(list: ReasonList, code: string): boolean {
  return REASON_LISTS[list].some((reason) => reason.code === code);
}
