/**
 * The money of promotions, in one place and pure (issue "Coupons and offers", docs/decisions/050):
 * what a promotion takes off, which lines it applies to, and how its discount is split over them.
 * Whole rupees throughout. The database side (which promotions apply, their uses) is ./promotions.ts.
 *
 * - A percent discount is floored to the rupee, then capped by `maxDiscount`; a flat one is its value.
 *   Neither is ever more than what the eligible lines still cost.
 * - The minimum cart value is on the eligible lines as priced, before any promotion.
 * - Line-level promotions (those that name what they include) apply first, order-level ones
 *   after, on what the lines cost after the line-level ones; within a level, the offer before the code.
 * - A discount is split over its eligible lines in proportion to what each still costs, in whole
 *   rupees by the largest remainder, so the lines add up to it exactly and no line goes below zero.
 * - The platform fee is no line: it is never discounted.
 */
import type { PromotionScope } from "../../db/schema";

/** An order line as promotions see it: what it is, and what it costs (cost × qty). */
export type PromoLine = {
  /** Unique within the order (product and size). */
  key: string;
  productId: string;
  category: string;
  brand: string;
  amount: number;
};

/** What a promotion's money depends on (a row of `promotions`, or its test double). */
export type PromotionTerms = {
  id: string;
  kind: "code" | "offer";
  discountType: "percent" | "flat";
  discountValue: number;
  maxDiscount: number | null;
  minCartValue: number;
  scope: PromotionScope;
};

const named = (list: { categories: string[]; brands: string[]; productIds: string[] }, line: PromoLine) =>
  list.categories.includes(line.category) ||
  list.brands.includes(line.brand) ||
  list.productIds.includes(line.productId);

const namesAny = (list: { categories: string[]; brands: string[]; productIds: string[] }) =>
  list.categories.length + list.brands.length + list.productIds.length > 0;

/** Whether a promotion applies to a line: every line unless `include` names some; never one `exclude` names. */
export function inScope(scope: PromotionScope, line: PromoLine): boolean {
  if (named(scope.exclude, line)) return false;
  return !namesAny(scope.include) || named(scope.include, line);
}

/** Line-level: the promotion names the products, brands or categories it is for. */
export const isLineLevel = (scope: PromotionScope) => namesAny(scope.include);

/** What a promotion takes off `base` rupees: never below 0, never above `base`. */
export function discountOn(
  terms: Pick<PromotionTerms, "discountType" | "discountValue" | "maxDiscount">,
  base: number,
) {
  if (base <= 0) return 0;
  const raw = terms.discountType === "percent" ? Math.floor((base * terms.discountValue) / 100) : terms.discountValue;
  const capped =
    terms.discountType === "percent" && terms.maxDiscount !== null ? Math.min(raw, terms.maxDiscount) : raw;
  return Math.max(0, Math.min(capped, base));
}

/**
 * Splits `total` rupees over lines costing `amounts`, in proportion, in whole rupees: each line
 * takes the floor of its share, and the rupees left go one each to the lines with the largest
 * remainders (the earlier line on a tie). The parts add up to `total`; with `total` at most the
 * sum of `amounts`, no part is above its line's amount.
 */
export function splitByLargestRemainder(total: number, amounts: readonly number[]): number[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return amounts.map(() => 0);
  if (total >= sum) return amounts.slice();
  // Integers throughout: share = total × amount / sum, as a quotient and a remainder.
  const parts = amounts.map((amount) => Math.floor((total * amount) / sum));
  const remainders = amounts.map((amount, index) => ({ index, rest: (total * amount) % sum }));
  let left = total - parts.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of remainders) {
    if (left <= 0) break;
    parts[index] += 1;
    left -= 1;
  }
  return parts;
}

/** One promotion as it applied: what it took off in all and from each line (by key). */
export type AppliedPromotion<T extends PromotionTerms = PromotionTerms> = {
  promotion: T;
  discount: number;
  lines: Map<string, number>;
};

/** Why a promotion gave nothing: no line is in its scope, or the lines in it cost less than its minimum. */
export type MoneyRefusal = "PROMO_NOT_ELIGIBLE" | "PROMO_MIN_CART";

/** Whether `terms` can apply to these lines at all (scope and minimum cart value), before any other promotion. */
export function moneyRefusal(terms: PromotionTerms, lines: readonly PromoLine[]): MoneyRefusal | null {
  const eligible = lines.filter((line) => inScope(terms.scope, line) && line.amount > 0);
  if (eligible.length === 0) return "PROMO_NOT_ELIGIBLE";
  const value = eligible.reduce((sum, line) => sum + line.amount, 0);
  return value < terms.minCartValue ? "PROMO_MIN_CART" : null;
}

/** The order's promotions applied together: each one's part, each line's discount, and the total. */
export type PricedPromotions<T extends PromotionTerms = PromotionTerms> = {
  applied: AppliedPromotion<T>[];
  lineDiscounts: Map<string, number>;
  total: number;
};

/**
 * Applies promotions to the lines in the order the rules say (line-level before order-level, the
 * offer before the code), each on what the lines cost after the ones before it. A promotion that
 * cannot apply (moneyRefusal) gives 0 and is left out.
 */
export function applyPromotions<T extends PromotionTerms>(
  lines: readonly PromoLine[],
  promotions: readonly T[],
): PricedPromotions<T> {
  const rank = (terms: T) => (isLineLevel(terms.scope) ? 0 : 2) + (terms.kind === "offer" ? 0 : 1);
  const ordered = promotions.slice().sort((a, b) => rank(a) - rank(b));
  const lineDiscounts = new Map(lines.map((line) => [line.key, 0]));
  const applied: AppliedPromotion<T>[] = [];
  for (const terms of ordered) {
    if (moneyRefusal(terms, lines)) continue;
    const eligible = lines.filter((line) => inScope(terms.scope, line));
    const left = eligible.map((line) => line.amount - lineDiscounts.get(line.key)!);
    const discount = discountOn(
      terms,
      left.reduce((a, b) => a + b, 0),
    );
    if (discount <= 0) continue;
    const parts = splitByLargestRemainder(discount, left);
    const mine = new Map<string, number>();
    eligible.forEach((line, index) => {
      mine.set(line.key, parts[index]);
      lineDiscounts.set(line.key, lineDiscounts.get(line.key)! + parts[index]);
    });
    applied.push({ promotion: terms, discount, lines: mine });
  }
  const total = applied.reduce((sum, one) => sum + one.discount, 0);
  return { applied, lineDiscounts, total };
}

/**
 * The automatic offer an order gets, of those that apply: the one that takes the most off (with
 * the code, when there is one, applied beside it), the first listed on a tie. Null when none gives anything.
 */
export function bestOffer<T extends PromotionTerms>(lines: readonly PromoLine[], offers: readonly T[], code: T | null) {
  let best: { offer: T; discount: number } | null = null;
  for (const offer of offers) {
    const priced = applyPromotions(lines, code ? [offer, code] : [offer]);
    const mine = priced.applied.find((one) => one.promotion === offer)?.discount ?? 0;
    if (mine > 0 && (!best || mine > best.discount)) best = { offer, discount: mine };
  }
  return best?.offer ?? null;
}
