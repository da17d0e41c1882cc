import { describe, expect, test } from "vitest";
import { nameMatches, normaliseSuggestQuery } from "../../api/lib/search/product-suggest";
import { cleanWord, editDistance } from "../../api/lib/search/search-fallback";
import { pageFindsFamily } from "../../bench/search-typos";
import { DEFAULT_PARAMS, parseShopParams, productListBody, shopSearch, withChanges } from "~/lib/catalogue/shop-params";

describe("edit distance (optimal string alignment)", () => {
  test.each([
    ["samsng", "samsung", 1],
    ["nkie", "nike", 1],
    ["tshirt", "t-shirt", 1],
    ["headfones", "headphones", 2],
    ["", "abc", 3],
    ["same", "same", 0],
    ["ab", "ba", 1],
  ])("%s → %s: %i", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

test("a vocabulary word loses the punctuation the split on spaces left on it", () => {
  expect(cleanWord("(navy")).toBe("navy");
  expect(cleanWord("fabric,")).toBe("fabric");
  expect(cleanWord("t-shirts,")).toBe("t-shirts");
  expect(cleanWord("pro+")).toBe("pro+");
  expect(cleanWord("(2nd")).toBe("2nd");
});

describe("category and brand names against what is typed", () => {
  test("every word typed starts a word of the name", () => {
    expect(nameMatches("Samsung", ["sams"])).toBe(true);
    expect(nameMatches("Smart TV", ["smart", "t"])).toBe(true);
    expect(nameMatches("Home Decor", ["dec"])).toBe(true);
    expect(nameMatches("Smart TV", ["smart", "x"])).toBe(false);
    expect(nameMatches("Samsung", ["amsung"])).toBe(false);
  });
  test("or the whole name is one of the words", () => {
    expect(nameMatches("Samsung", ["samsung", "tv"])).toBe(true);
    expect(nameMatches("Home Decor", ["homedecor"])).toBe(true);
    expect(nameMatches("Samsung", [])).toBe(false);
  });
  test("the query is trimmed and its spaces collapsed", () => {
    expect(normaliseSuggestQuery("  samsung \t  tv ")).toBe("samsung tv");
  });
});

describe("the shop's exact search (Search instead for …)", () => {
  test("exact=1 holds only with a search, and goes in the list call's options", () => {
    const params = parseShopParams(new URLSearchParams("search=samsng&exact=1"));
    expect(params.exact).toBe(true);
    expect(shopSearch(params)).toBe("?search=samsng&exact=1");
    expect(productListBody(params).options).toMatchObject({ exact: true });
    expect(parseShopParams(new URLSearchParams("exact=1")).exact).toBeUndefined();
    expect(parseShopParams(new URLSearchParams("search=a&exact=yes")).exact).toBeUndefined();
    expect(productListBody(parseShopParams(new URLSearchParams("search=a"))).options).not.toHaveProperty("exact");
    expect(shopSearch({ ...DEFAULT_PARAMS, exact: true })).toBe("");
  });
  test("a new search drops it", () => {
    const params = parseShopParams(new URLSearchParams("search=samsng&exact=1&page=2"));
    expect(shopSearch({ ...withChanges(params, { search: "sony" }), exact: false })).toBe("?search=sony");
  });
});

test("a first page finds a family when at least half of it is of the family; a search for what is not sold, when empty", () => {
  const of = (brand: string) => ({
    brand,
    category: "Electronics",
    subCategory: "",
    productSubType: "",
    title: { shortTitle: brand },
  });
  expect(pageFindsFamily([of("Sony"), of("Sony"), of("JBL")], { brand: "Sony" })).toBe(true);
  expect(pageFindsFamily([of("Sony"), of("JBL"), of("JBL")], { brand: "Sony" })).toBe(false);
  expect(pageFindsFamily([], { brand: "Sony" })).toBe(false);
  expect(pageFindsFamily([], null)).toBe(true);
  expect(pageFindsFamily([of("Sony")], null)).toBe(false);
});
