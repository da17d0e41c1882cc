import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  clampQty,
  defaultSize,
  featuredVariant,
  isNew,
  priceOf,
  productPath,
  ratingOf,
  slugify,
} from "../../app/lib/catalogue/catalogue";
import { formatRupees } from "../../app/lib/page/money";

const variant = (size: string, discount: number, quantity = 5) => ({
  size,
  quantity,
  price: { mrp: 1000, cost: Math.round(1000 * (1 - discount / 100)), discount },
});

describe("slugs", () => {
  it("are lower-case, keep letters, digits and hyphens, and collapse repeats", () => {
    expect(slugify("Home Decor")).toBe("home-decor");
    expect(slugify("Boat Rockerz 450 (Black) — 40H  Playback!")).toBe("boat-rockerz-450-black-40h-playback");
    expect(slugify("A - B")).toBe("a-b");
    expect(
      productPath({
        _id: "a".repeat(24),
        category: "Home Decor",
        title: { shortTitle: "Jute Lamp & Shade", longTitle: "" },
      }),
    ).toBe(`/product/home-decor/jute-lamp-shade/${"a".repeat(24)}`);
  });
});

describe("prices and defaults", () => {
  it("shows the variant with the highest discount, cost as the selling price", () => {
    const product = { variants: [variant("S", 10), variant("M", 30), variant("L", 30)] };
    expect(featuredVariant(product)?.size).toBe("M");
    expect(priceOf(featuredVariant(product))).toEqual({ sellingPrice: 700, mrp: 1000, discount: 30 });
  });
  it("defaults size to M, else the first, else free", () => {
    expect(defaultSize({ variants: [variant("S", 0), variant("M", 0)] })).toBe("M");
    expect(defaultSize({ variants: [variant("L", 0), variant("XL", 0)] })).toBe("L");
    expect(defaultSize({ variants: [] })).toBe("free");
  });
  it("has no rating without reviews (not the spec's 5 and 100), and the average to one decimal", () => {
    expect(ratingOf({ ratingValue: null, ratingCount: null })).toBeNull();
    expect(ratingOf({ ratingValue: 3.5, ratingCount: 7 })).toEqual({ value: 3.5, count: 7 });
    expect(ratingOf({ ratingValue: 4.3333335, ratingCount: 3 })).toEqual({ value: 4.3, count: 3 });
  });
  it("marks products of the last 7 days as new", () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(isNew("2026-11-15T12:00:00Z", now)).toBe(true);
    expect(isNew("2026-11-13T12:00:00Z", now)).toBe(false);
  });
  it("clamps quantities to 1..10", () => {
    expect([clampQty(0), clampQty(11), clampQty("4"), clampQty("x"), clampQty(3.7)]).toEqual([1, 10, 4, 1, 3]);
  });
  it("formats whole rupees with lakh grouping", () => {
    expect(formatRupees(123456)).toBe("₹1,23,456");
    expect(formatRupees(0)).toBe("₹0");
    expect(formatRupees(12345678901)).toBe("₹12,34,56,78,901");
    expect(formatRupees(-1500)).toBe("-₹1,500");
  });
  it("formats rupees exactly as Intl's en-IN currency format does, without Intl", () => {
    const intl = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
    const same = (amount: number) => expect(formatRupees(amount)).toBe(intl.format(amount));
    // Every length of number, both signs, halves, -0 and the largest whole numbers a double holds exactly.
    for (const amount of [
      0, -0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 0.5, 1.5, 2.5, -0.5, -0.4, -2.5,
    ])
      same(amount);
    for (const amount of [1e15 - 1, 1e15, -1e15, 2 ** 53 - 1, -(2 ** 53 - 1)]) same(amount);
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 50), max: 2 ** 50 }), (amount) => {
        same(amount);
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: -1e14, max: 1e14, noNaN: true }), (amount) => {
        same(amount);
      }),
    );
  });
});
