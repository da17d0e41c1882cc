import { describe, expect, test } from "vitest";
import {
  canonicalRedirect,
  clampPriceRange,
  clampTypedPrice,
  clearFilters,
  DEFAULT_PARAMS,
  hasFilters,
  highestPriceOf,
  parseShopParams,
  priceCeiling,
  productListBody,
  readPageNumber,
  shopHref,
  shopSearch,
  shownRange,
  toggleValue,
  withChanges,
  withPage,
} from "~/lib/catalogue/shop-params";

const parse = (query: string) => parseShopParams(new URLSearchParams(query));

describe("parseShopParams", () => {
  test("an empty URL is the default listing: newest first, 20 a page, page 1", () => {
    expect(parse("")).toEqual(DEFAULT_PARAMS);
    expect(DEFAULT_PARAMS).toMatchObject({ sort: "newest", limit: 20, page: 1 });
  });

  test("reads every filter, list filters as lists", () => {
    const params = parse(
      "search=%20blue%20%20shirt%20&category=Fashion&category=Home+Decor&subCategory=Casual+Wear&brand=Nike&brand=Puma" +
        "&productType=Clothing&productSubType=T-Shirts&size=M&size=XL&gender=women&minPrice=500&maxPrice=2500" +
        "&minRating=4&sort=price-asc&limit=24&page=3",
    );
    expect(params).toEqual({
      search: "blue shirt",
      category: ["Fashion", "Home Decor"],
      subCategory: ["Casual Wear"],
      brand: ["Nike", "Puma"],
      productType: ["Clothing"],
      productSubType: ["T-Shirts"],
      size: ["M", "XL"],
      gender: "women",
      minPrice: 500,
      maxPrice: 2500,
      minRating: 4,
      sort: "price-asc",
      limit: 24,
      page: 3,
    });
  });

  test("normalises bad values instead of failing", () => {
    const params = parse("page=abc&limit=7&sort=foo&minPrice=-5&maxPrice=lots&gender=robots");
    expect(params).toEqual(DEFAULT_PARAMS);
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=-3").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("limit=100").limit).toBe(20);
    expect(parse("limit=32").limit).toBe(32);
    expect(parse("sort=__proto__").sort).toBe("newest");
    expect(parse("sort=toString").sort).toBe("newest");
    expect(parse("gender=MEN").gender).toBe("men");
  });

  test('reads "4★ & above" as minRating=4, and no other rating', () => {
    expect(parse("minRating=4").minRating).toBe(4);
    expect(parse("minRating=%204%20").minRating).toBe(4);
    for (const raw of ["", "3", "5", "4.5", "four", "0", "-4", "4e0x"])
      expect(parse(`minRating=${raw}`).minRating).toBeNull();
  });

  test("reads page numbers as whole numbers from 1 to 100,000, whatever the URL holds", () => {
    for (const [raw, page] of [
      [null, 1],
      ["", 1],
      ["3", 3],
      [" 4 ", 4],
      ["1e21", 1],
      ["-1", 1],
      ["0", 1],
      ["NaN", 1],
      ["Infinity", 1],
      ["0x10", 1],
      ["2.5", 1],
      ["99999999999", 100_000],
      ["9".repeat(400), 100_000],
      ["100000", 100_000],
      ["100001", 100_000],
    ] as const) {
      expect(readPageNumber(raw), String(raw)).toBe(page);
    }
    expect(parse("page=1e21").page).toBe(1);
    expect(parse("page=99999999999").page).toBe(100_000);
    expect(parse(`${"size=M&".repeat(10_000)}limit=99999999999`)).toMatchObject({ size: ["M"], limit: 20 });
    expect(parse(`size=${"x".repeat(100_000)}`).size).toEqual([]);
    expect(parse("minPrice=NaN&maxPrice=Infinity")).toMatchObject({ minPrice: null, maxPrice: null });
  });

  test("drops blank and repeated list values but keeps values beyond the fixed lists", () => {
    expect(parse("brand=&brand=Nike&brand=Nike&brand=%20%20&brand=Levi%27s").brand).toEqual(["Nike", "Levi's"]);
  });

  test("orders the price bounds, and a minimum at or under ₹200 is no bound", () => {
    expect(parse("minPrice=5000&maxPrice=1000")).toMatchObject({ minPrice: 1000, maxPrice: 5000 });
    expect(parse("minPrice=200").minPrice).toBeNull();
    expect(parse("minPrice=150&maxPrice=900")).toMatchObject({ minPrice: null, maxPrice: 900 });
    expect(parse("minPrice=201").minPrice).toBe(201);
    expect(parse("minPrice=499.6").minPrice).toBe(500);
    expect(parse("maxPrice=-10").maxPrice).toBe(0);
  });
});

describe("price range", () => {
  test("the ceiling is the top selling price rounded up to ₹100", () => {
    expect(priceCeiling(149_999)).toBe(150_000);
    expect(priceCeiling(150_000)).toBe(150_000);
    expect(priceCeiling(250)).toBe(300);
    expect(priceCeiling(50)).toBe(300);
    expect(priceCeiling(null)).toBe(10_000);
    expect(priceCeiling(Number.NaN)).toBe(10_000);
  });

  test("the highest price is read across every variant", () => {
    expect(highestPriceOf([])).toBeNull();
    expect(
      highestPriceOf([
        { variants: [{ price: { cost: 55_499 } }, { price: { cost: 80_659 } }] },
        { variants: [{ price: { cost: 48_999 } }, { price: { cost: 149_999 } }] },
      ]),
    ).toBe(149_999);
  });

  test("bounds are clamped to the ceiling, and a maximum at the ceiling is open", () => {
    const clamp = (query: string) => clampPriceRange(parse(query), 10_000);
    expect(clamp("maxPrice=9999999")).toMatchObject({ minPrice: null, maxPrice: null });
    expect(clamp("minPrice=9999999")).toMatchObject({ minPrice: 10_000, maxPrice: null });
    expect(clamp("minPrice=9999999&maxPrice=500")).toMatchObject({ minPrice: 500, maxPrice: null });
    expect(clamp("minPrice=1000&maxPrice=4000")).toMatchObject({ minPrice: 1000, maxPrice: 4000 });
  });

  test("typed values: clamped to 0..ceiling, blanks read as the ends, the edited bound cannot pass the other", () => {
    expect(clampTypedPrice("min", "", 5000, 10_000)).toBe(200);
    expect(clampTypedPrice("max", "", 200, 10_000)).toBe(10_000);
    expect(clampTypedPrice("max", "9999999", 200, 10_000)).toBe(10_000);
    expect(clampTypedPrice("min", "-5", 5000, 10_000)).toBe(0);
    expect(clampTypedPrice("min", "7000", 5000, 10_000)).toBe(5000);
    expect(clampTypedPrice("max", "300", 1000, 10_000)).toBe(1000);
    expect(clampTypedPrice("min", "abc", 5000, 10_000)).toBe(200);
  });
});

describe("shopSearch / shopHref", () => {
  test("the default listing is the plain shop", () => {
    expect(shopHref(DEFAULT_PARAMS)).toBe("/shop");
  });

  test("writes a canonical URL: defaults left out, keys in a fixed order", () => {
    const params = parse(
      "page=2&sort=rating&minRating=4&brand=Sony&category=Electronics&limit=28&gender=men&minPrice=300&search=tv",
    );
    expect(shopSearch(params)).toBe(
      "?search=tv&category=Electronics&brand=Sony&gender=men&minPrice=300&minRating=4&sort=rating&limit=28&page=2",
    );
    expect(shopHref(params, { withLimit: false })).not.toContain("limit=");
  });

  test("reading what it wrote gives the same state", () => {
    const params = parse(
      "search=a+b&category=Home+Decor&size=free&size=M&maxPrice=900&minRating=4&sort=discount&limit=32&page=4",
    );
    expect(parse(shopSearch(params).slice(1))).toEqual(params);
  });
});

describe("changes", () => {
  const onPage3 = parse("category=Fashion&sort=price-desc&limit=24&page=3");

  test("a filter change resets to page 1 and keeps the rest", () => {
    expect(toggleValue(onPage3, "brand", "Nike")).toMatchObject({
      brand: ["Nike"],
      category: ["Fashion"],
      sort: "price-desc",
      limit: 24,
      page: 1,
    });
    expect(toggleValue(onPage3, "category", "Fashion")).toMatchObject({ category: [], page: 1 });
    expect(withChanges(onPage3, { gender: "women" }).page).toBe(1);
    expect(withChanges(onPage3, { sort: "rating" }).page).toBe(1);
    expect(withChanges(onPage3, { minRating: 4 })).toMatchObject({ minRating: 4, category: ["Fashion"], page: 1 });
  });

  test("paging keeps every filter", () => {
    expect(shopHref(withPage(onPage3, 4))).toBe("/shop?category=Fashion&sort=price-desc&limit=24&page=4");
    expect(shopHref(withPage(onPage3, 1))).toBe("/shop?category=Fashion&sort=price-desc&limit=24");
  });

  test("clearing keeps the search text, sort and page size", () => {
    const params = parse("search=shoe&brand=Nike&gender=men&minPrice=900&sort=rating&limit=24&page=2");
    expect(hasFilters(params)).toBe(true);
    expect(clearFilters(params)).toEqual({ ...DEFAULT_PARAMS, search: "shoe", sort: "rating", limit: 24 });
    expect(hasFilters(DEFAULT_PARAMS)).toBe(false);
    expect(hasFilters(parse("minRating=4"))).toBe(true);
    expect(clearFilters(parse("minRating=4&sort=price-asc"))).toEqual({ ...DEFAULT_PARAMS, sort: "price-asc" });
  });
});

describe("productListBody", () => {
  test("no filters is an empty query, newest first", () => {
    expect(productListBody(DEFAULT_PARAMS)).toEqual({
      query: {},
      options: { page: 1, limit: 20, sort: { createdAt: -1 } },
      isCountOnly: false,
    });
  });

  test("maps every filter and sort onto the API's query and options", () => {
    const body = productListBody(
      parse(
        "search=tv&category=Televisions&size=55+inch&gender=unisex&minPrice=20000&minRating=4&sort=price-asc&limit=24&page=2",
      ),
    );
    expect(body).toEqual({
      query: {
        search: "tv",
        category: ["Televisions"],
        size: ["55 inch"],
        gender: "unisex",
        minRating: 4,
        priceRange: { min: 20000 },
      },
      options: { page: 2, limit: 24, sort: { price: 1 } },
      isCountOnly: false,
    });
    expect(productListBody(parse("maxPrice=900")).query).toEqual({ priceRange: { max: 900 } });
    expect(productListBody(parse("sort=price-desc")).options.sort).toEqual({ price: -1 });
    expect(productListBody(parse("sort=discount")).options.sort).toEqual({ discount: -1 });
    expect(productListBody(parse("sort=rating")).options.sort).toEqual({ rating: -1 });
  });
});

describe("shownRange", () => {
  test("'Showing X–Y of N' numbers", () => {
    expect(shownRange(240, 1, 20)).toEqual({ first: 1, last: 20 });
    expect(shownRange(240, 12, 20)).toEqual({ first: 221, last: 240 });
    expect(shownRange(45, 2, 24)).toEqual({ first: 25, last: 45 });
    expect(shownRange(0, 1, 20)).toEqual({ first: 0, last: 0 });
  });
});

describe("canonicalRedirect", () => {
  const check = (query: string) => {
    const url = new URL(`http://shop.test/shop${query}`);
    return canonicalRedirect(url, clampPriceRange(parseShopParams(url.searchParams), 10_000));
  };

  test("a clean URL stays", () => {
    expect(check("")).toBeNull();
    expect(check("?category=Fashion&sort=rating&page=2")).toBeNull();
    expect(check("?category=Home%20Decor")).toBeNull();
    expect(check("?category=Fashion&utm_source=mail")).toBeNull();
    expect(check("?page=2&limit=24&sort=price-asc&category=Fashion")).toBeNull();
  });

  test("anything else goes to the clean URL", () => {
    expect(check("?sort=rating&category=Fashion&category=Fashion")).toBe("/shop?category=Fashion&sort=rating");
    expect(check("?page=abc&limit=7&sort=foo&minPrice=-5")).toBe("/shop");
    expect(check("?search=&gender=&minPrice=200&maxPrice=10000&sort=newest&limit=20&brand=Sony")).toBe(
      "/shop?brand=Sony",
    );
    expect(check("?utm_source=mail&page=1")).toBe("/shop?utm_source=mail");
  });

  test("a data request (client-side navigation) redirects to the page, not to its data URL", () => {
    const data = new URL("http://shop.test/shop.data?sort=foo&category=Fashion&_routes=routes%2Fshop");
    expect(canonicalRedirect(data, parseShopParams(data.searchParams))).toBe("/shop?category=Fashion");
    const clean = new URL("http://shop.test/shop.data?category=Fashion&_routes=routes%2Fshop");
    expect(canonicalRedirect(clean, parseShopParams(clean.searchParams))).toBeNull();
  });
});
