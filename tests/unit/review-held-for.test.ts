import { describe, expect, it } from "vitest";
import { comparable, heldFor } from "../../api/lib/reviews/held-for";

// What holds a review for moderation (api/lib/reviews/held-for.ts): contact details and links,
// however they are spelt, and nothing else (docs/decisions/029-reviews.md).

describe("the hold filter", () => {
  it("holds phone numbers in any script's digits", () => {
    expect(heldFor("call ９８７６５４３２１０")).toBe("phone"); // fullwidth
    expect(heldFor("फ़ोन करें १२३४५६७८९०")).toBe("phone"); // Devanagari
    expect(heldFor("নম্বর ৯৮৭৬৫ ৪৩২১০")).toBe("phone"); // Bengali, with a space
    expect(heldFor("அழைக்க ௯௮௭௬௫௪௩௨௧௦")).toBe("phone"); // Tamil
    expect(heldFor("call 98765४३२१०")).toBe("phone"); // mixed
    expect(heldFor("call 𝟗𝟖𝟕𝟔𝟓𝟒𝟑𝟐𝟏𝟎")).toBe("phone"); // mathematical bold
    expect(heldFor("call 98765\u200b43210")).toBe("phone"); // a zero-width space between
  });

  it("holds links whose dots are spelt otherwise", () => {
    for (const text of [
      "buy at evil[.]com",
      "buy at evil(.)com",
      "buy at evil{.}com",
      "buy at evil [.] com",
      "buy at evil。com",
      "buy at evil．com",
      "buy at evil｡com",
      "buy at evil[dot]com",
      "buy at evil(dot)in",
      "visit evil dot com",
      "buy at ｅｖｉｌ．ｃｏｍ",
      "see shop dot example dot net",
      "order from evil dot in.",
      "order from evil dot in",
    ]) {
      expect(heldFor(text), text).toBe("link");
    }
  });

  it("holds email addresses whose at-signs and dots are spelt otherwise", () => {
    for (const text of [
      "user(at)gmail(dot)com",
      "user[at]gmail[dot]com",
      "user (at) gmail (dot) com",
      "user at gmail dot com",
      // Spelt out, "a at b dot com" reads as an address: held either way.
      "buy at evil dot com",
      "User AT Gmail DOT Com",
      "mail user at mail dot yahoo dot co dot in",
      "user＠gmail．com",
      "user @ gmail.com",
      "user(at)gmail[.]com",
    ]) {
      expect(heldFor(text), text).toBe("email");
    }
  });

  it("still holds the plain spellings", () => {
    expect(heldFor("Mail me at priya@example.com")).toBe("email");
    expect(heldFor("see www.deals.in")).toBe("link");
    expect(heldFor("Call +91 98765 43210")).toBe("phone");
  });

  it("leaves ordinary sentences alone, in English and Hindi", () => {
    for (const text of [
      "Meet at the store, it is cheaper at the market.",
      "Arrived at 5 pm, at last. Worth it at this price.",
      "A polka dot in blue, lovely.",
      "There is a dot in the middle of the print.",
      "Lovely dots, and the dot com era style print.",
      "Looked at it (at first) and then at the box.",
      "५ स्टार! बहुत अच्छा उत्पाद, २ दिन में पहुँचा।",
      "कीमत ₹१,९९९ थी, १०/१० देंगे।",
      "Size ४२, ordered on १२/०३/२०२४.",
      "Terrible. Broke in 2 days, ₹1,999 wasted. 0/10. Size 42.",
      "Rs 500 @ 10% off, good deal.",
      "Worth it. Fits well... really.",
    ]) {
      expect(heldFor(text), text).toBeNull();
    }
  });

  it("reads every script's digits by their value", () => {
    expect(comparable("०१२३४५६७८९ ٠١٢٣٤٥٦٧٨٩ ໐໑໒໓໔໕໖໗໘໙ ０１２３")).toBe("0123456789 0123456789 0123456789 0123");
  });
});
