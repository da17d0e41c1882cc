import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PromotionScope } from "../../api/db/schema";
import {
  applyPromotions,
  bestOffer,
  discountOn,
  moneyRefusal,
  type PromoLine,
  type PromotionTerms,
  splitByLargestRemainder,
} from "../../api/lib/promotions/money";

const everything: PromotionScope = {
  include: { categories: [], brands: [], productIds: [] },
  exclude: { categories: [], brands: [], productIds: [] },
};

const promo = (fields: Partial<PromotionTerms> = {}): PromotionTerms => ({
  id: fields.id ?? "p",
  kind: "code",
  discountType: "percent",
  discountValue: 10,
  maxDiscount: null,
  minCartValue: 0,
  scope: everything,
  ...fields,
});

const line = (key: string, amount: number, fields: Partial<PromoLine> = {}): PromoLine => ({
  key,
  productId: key,
  category: "Fashion",
  brand: "Levis",
  amount,
  ...fields,
});

describe("what a promotion takes off", () => {
  it("floors a percentage to the rupee and caps it", () => {
    expect(discountOn(promo({ discountValue: 10 }), 999)).toBe(99);
    expect(discountOn(promo({ discountValue: 10, maxDiscount: 100 }), 5000)).toBe(100);
    expect(discountOn(promo({ discountValue: 100 }), 750)).toBe(750);
  });

  it("gives a flat amount, never more than what is left and never below zero", () => {
    expect(discountOn(promo({ discountType: "flat", discountValue: 200 }), 1500)).toBe(200);
    expect(discountOn(promo({ discountType: "flat", discountValue: 200 }), 150)).toBe(150);
    expect(discountOn(promo({ discountType: "flat", discountValue: 200 }), 0)).toBe(0);
  });
});

describe("the split over lines, by largest remainder", () => {
  it("adds up exactly where a proportional split would leave paise", () => {
    // 100 over three equal lines: 33.33 each, the first takes the spare rupee.
    expect(splitByLargestRemainder(100, [300, 300, 300])).toEqual([34, 33, 33]);
    // The largest remainder wins the spare rupee, not the first line.
    expect(splitByLargestRemainder(10, [100, 250, 650])).toEqual([1, 3, 6]);
    expect(splitByLargestRemainder(7, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(splitByLargestRemainder(0, [5, 5])).toEqual([0, 0]);
  });

  it("applies line-level promotions first, then order-level ones on what is left", () => {
    const lines = [line("shirt", 1000, { brand: "Levis" }), line("watch", 1000, { brand: "Titan" })];
    const titan = promo({
      id: "titan",
      kind: "offer",
      discountType: "flat",
      discountValue: 500,
      scope: { ...everything, include: { categories: [], brands: ["Titan"], productIds: [] } },
    });
    const tenPercent = promo({ id: "code", discountValue: 10 });
    const priced = applyPromotions(lines, [tenPercent, titan]);
    // Titan's ₹500 first; then 10% of the ₹1,500 left, not of ₹2,000 (Saleor's free orders).
    expect(priced.applied.map((one) => [one.promotion.id, one.discount])).toEqual([
      ["titan", 500],
      ["code", 150],
    ]);
    expect(priced.lineDiscounts.get("watch")).toBe(550);
    expect(priced.lineDiscounts.get("shirt")).toBe(100);
    expect(priced.total).toBe(650);
  });

  it("counts the minimum cart value on the eligible lines only, before any promotion", () => {
    const lines = [line("a", 600, { category: "Fashion" }), line("b", 600, { category: "Electronics" })];
    const fashionOnly = promo({
      minCartValue: 999,
      scope: { ...everything, include: { categories: ["Fashion"], brands: [], productIds: [] } },
    });
    expect(moneyRefusal(fashionOnly, lines)).toBe("PROMO_MIN_CART");
    expect(moneyRefusal(promo({ minCartValue: 999 }), lines)).toBeNull();
    const excluded = promo({
      scope: { ...everything, exclude: { categories: ["Fashion", "Electronics"], brands: [], productIds: [] } },
    });
    expect(moneyRefusal(excluded, lines)).toBe("PROMO_NOT_ELIGIBLE");
  });

  it("picks the larger of two competing offers", () => {
    const lines = [line("a", 2000)];
    const small = promo({ id: "small", kind: "offer", discountType: "flat", discountValue: 100 });
    const large = promo({ id: "large", kind: "offer", discountValue: 10 });
    expect(bestOffer(lines, [small, large], null)?.id).toBe("large");
    expect(bestOffer([line("a", 500)], [small, large], null)?.id).toBe("small");
  });
});

describe("property: over random carts", () => {
  const amounts = fc.array(fc.integer({ min: 0, max: 200_000 }), { minLength: 1, maxLength: 50 });

  it("the split adds up to the discount, and no line is negative or above its amount", () => {
    fc.assert(
      fc.property(amounts, fc.integer({ min: 0, max: 10_000_000 }), (list, wanted) => {
        const sum = list.reduce((a, b) => a + b, 0);
        const total = Math.min(wanted, sum);
        const parts = splitByLargestRemainder(total, list);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : total);
        parts.forEach((part, index) => {
          expect(Number.isInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
          expect(part).toBeLessThanOrEqual(list[index]);
        });
      }),
    );
  });

  const terms = fc.record({
    discountType: fc.constantFrom<"percent" | "flat">("percent", "flat"),
    discountValue: fc.integer({ min: 1, max: 100 }),
    maxDiscount: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }),
    scopeBrand: fc.option(fc.constantFrom("Levis", "Titan"), { nil: null }),
    flatScale: fc.integer({ min: 1, max: 100 }),
  });

  it("an offer and a code together never take a line below zero, and the lines add up to the total", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 50_000 }), fc.constantFrom("Levis", "Titan")), {
          minLength: 1,
          maxLength: 20,
        }),
        terms,
        terms,
        (rows, offerTerms, codeTerms) => {
          const lines = rows.map(([amount, brand], index) => line(`l${index}`, amount, { brand }));
          const make = (id: string, kind: "code" | "offer", t: typeof offerTerms) =>
            promo({
              id,
              kind,
              discountType: t.discountType,
              discountValue: t.discountType === "flat" ? t.discountValue * t.flatScale : t.discountValue,
              maxDiscount: t.maxDiscount,
              scope: t.scopeBrand
                ? { ...everything, include: { categories: [], brands: [t.scopeBrand], productIds: [] } }
                : everything,
            });
          const priced = applyPromotions(lines, [make("o", "offer", offerTerms), make("c", "code", codeTerms)]);
          let sum = 0;
          for (const one of lines) {
            const discount = priced.lineDiscounts.get(one.key)!;
            expect(discount).toBeGreaterThanOrEqual(0);
            expect(discount).toBeLessThanOrEqual(one.amount);
            sum += discount;
          }
          expect(sum).toBe(priced.total);
          for (const applied of priced.applied) {
            expect([...applied.lines.values()].reduce((a, b) => a + b, 0)).toBe(applied.discount);
            if (applied.promotion.maxDiscount !== null && applied.promotion.discountType === "percent")
              expect(applied.discount).toBeLessThanOrEqual(applied.promotion.maxDiscount);
          }
        },
      ),
    );
  });
});
