import { describe, expect, it } from "vitest";
import { generateMerchants, generateProducts } from "../../api/seed/catalogue";
import { bandOf, kindOf, textsFor, TITLES } from "../../api/seed/sample-review-texts";
import { MAX_SAMPLE_REVIEWS } from "../../api/seed/sample-reviews";

// The seed's sample reviews (decision 047), generated in memory: texts that fit the product's
// kind, none twice on one product, dated across the product's listed life. What the database and
// the shop make of them: tests/unit/seed.test.ts, tests/api/sample-reviews.test.ts.

const now = new Date("2025-03-01T06:30:00.000Z");
const catalogue = [1, 7].flatMap((seed) => [
  ...generateProducts({ products: 600, seed, now }, generateMerchants(seed, now)),
]);

/** Words that fit only some kinds of product: a text with one of them is on the wrong product. */
const WEARABLE = /\b(fits?|fabric|stitch\w*|true to (UK )?size|wash\w*|sole|toe|heel)\b/i;
const ELECTRIC = /\b(battery|bluetooth|pairing|pairs|charg\w*|bass|apps?|wi-fi|pixels?|bulb|remote)\b/i;

describe("the seed's sample reviews", () => {
  it("marks every one a sample, never verified, with no author account", () => {
    const reviews = catalogue.flatMap((row) => row.reviews);
    expect(reviews.length).toBeGreaterThan(1000);
    for (const review of reviews) expect(review).toMatchObject({ sample: true, verified: false, userId: null });
  });

  it("gives each product texts and titles of its kind and stars, none twice on one product", () => {
    const kinds = new Set<string>();
    for (const { product, reviews } of catalogue) {
      if (reviews.length === 0) continue;
      const kind = kindOf(product);
      kinds.add(kind);
      expect(reviews.length).toBeLessThanOrEqual(MAX_SAMPLE_REVIEWS);
      for (const review of reviews) {
        expect(textsFor(kind, bandOf(review.stars))).toContain(review.body);
        expect(TITLES[bandOf(review.stars)]).toContain(review.title);
      }
      expect(new Set(reviews.map((review) => review.body)).size).toBe(reviews.length);
      expect(new Set(reviews.map((review) => review.title)).size).toBe(reviews.length);
      const texts = reviews.map((review) => review.body!).join(" ");
      // Headphones are not praised for their fit, nor a T-shirt for its battery.
      if (product.category !== "Fashion" && product.productSubType !== "Cushions") expect(texts).not.toMatch(WEARABLE);
      if (product.category === "Fashion" || product.category === "Home Decor") {
        if (product.productSubType !== "Lamps") expect(texts).not.toMatch(ELECTRIC);
      }
    }
    // Every kind of the catalogue has texts of its own, not the fallbacks.
    expect([...kinds].sort()).toEqual(
      [
        "audio",
        "bags",
        "charging",
        "clothing",
        "cushion",
        "lamp",
        "shoes",
        "smartwatch",
        "television",
        "wallArt",
        "watch",
      ].sort(),
    );
  });

  it("keeps the headphones' texts off clothes and the clothes' off headphones", () => {
    const audio = textsFor("audio", "high").join(" ");
    expect(audio).not.toContain("Fits well");
    expect(textsFor("clothing", "high").join(" ")).not.toMatch(ELECTRIC);
  });

  it("dates them across the product's listed life: after it was listed, before now, spread out", () => {
    let spread = 0;
    for (const { product, reviews } of catalogue) {
      const listed = product.createdAt!.getTime();
      for (const review of reviews) {
        expect(review.createdAt!.getTime()).toBeGreaterThan(listed);
        expect(review.createdAt!.getTime()).toBeLessThan(now.getTime());
      }
      if (reviews.length >= 4) {
        const times = reviews.map((review) => review.createdAt!.getTime()).sort((a, b) => a - b);
        // Each in its own share of the life: the first in its first half, the last in its second.
        expect(times[0] - listed).toBeLessThan((now.getTime() - listed) / 2);
        expect(times.at(-1)! - listed).toBeGreaterThan((now.getTime() - listed) / 2);
        spread++;
      }
    }
    expect(spread).toBeGreaterThan(100);
  });
});
