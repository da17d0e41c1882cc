/**
 * The rules a promotion is held to, each with its refusal code and its words (issue "Coupons and
 * offers"): the code's state and dates, the payment method, and the money rules of ./money.ts.
 * Pure; the shopper's history (first order, uses per shopper) is read by ./promotions.ts.
 */
import { formatRupees } from "../../contract";
import type { PROMO_REFUSALS } from "../../contract/refusals";
import type { promotions } from "../../db/schema";

/** How an order is paid (api/lib/orders/order-json.ts names the same two; kept here so that module can read promotions). */
export type PaymentMethod = "cod" | "Upi";

export type PromotionRow = typeof promotions.$inferSelect;

export type PromoRefusalCode = (typeof PROMO_REFUSALS)[number];

/** What the shopper reads for each payment method a promotion may be limited to. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = { Upi: "Online Payment", cod: "Cash on Delivery" };

/** The words of a refusal, for the promotion it is about (null: no such code). */
export function refusalMessage(code: PromoRefusalCode, promotion: PromotionRow | null): string {
  switch (code) {
    case "PROMO_UNKNOWN":
      return "This code is not valid";
    case "PROMO_PAUSED":
      return "This code is paused for now";
    case "PROMO_NOT_STARTED":
      return "This code is not valid yet";
    case "PROMO_EXPIRED":
      return "This code has expired";
    case "PROMO_EXHAUSTED":
      return "This code has been used up";
    case "PROMO_USED":
      return "You have used this code already";
    case "PROMO_FIRST_ORDER":
      return "This code is for your first order";
    case "PROMO_PAYMENT_METHOD":
      return `This code is for ${PAYMENT_METHOD_NAMES[(promotion?.paymentMethod ?? "Upi") as PaymentMethod]}`;
    case "PROMO_MIN_CART":
      return `This code needs a cart of ${formatRupees(promotion?.minCartValue ?? 0)} or more`;
    case "PROMO_NOT_ELIGIBLE":
      return "This code does not apply to the products in your cart";
  }
}

/**
 * Refusals that last whatever the cart and the payment method: the code is gone for this shopper.
 * A code refused for one of these leaves the cart (with its message); one refused for the cart
 * or the payment method stays, shown with why it does not apply now.
 */
export const LASTING_REFUSALS: ReadonlySet<PromoRefusalCode> = new Set([
  "PROMO_UNKNOWN",
  "PROMO_EXPIRED",
  "PROMO_EXHAUSTED",
  "PROMO_USED",
  "PROMO_FIRST_ORDER",
]);

/**
 * The promotion's own state at `now`: paused, ended, before its start or after its end (the end
 * is exclusive), or every use taken.
 */
export function stateRefusal(promotion: PromotionRow, now: Date): PromoRefusalCode | null {
  if (promotion.status === "ended") return "PROMO_EXPIRED";
  if (promotion.status === "paused") return "PROMO_PAUSED";
  if (now.getTime() < promotion.startsAt.getTime()) return "PROMO_NOT_STARTED";
  if (promotion.endsAt && now.getTime() >= promotion.endsAt.getTime()) return "PROMO_EXPIRED";
  if (promotion.totalUses !== null && promotion.usesCount >= promotion.totalUses) return "PROMO_EXHAUSTED";
  return null;
}

/** A promotion for one payment method, asked about another (null: the method is not chosen yet). */
export function paymentRefusal(promotion: PromotionRow, method: PaymentMethod | null): PromoRefusalCode | null {
  return method && promotion.paymentMethod && promotion.paymentMethod !== method ? "PROMO_PAYMENT_METHOD" : null;
}

/** Codes are case-insensitive and trimmed: stored and compared upper-case. */
export const normaliseCode = (typed: string) => typed.trim().toUpperCase();
