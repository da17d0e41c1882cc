import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productListing, products, searchTerms, variants } from "../../api/db/schema";
import { buildSearchText, priceBand, priceBandCover, priceBandTerm } from "../../api/lib/search/search-text";
import { createTestApi, insertMerchant, insertProduct } from "./helpers";
import { catalogueChanged } from "../../api/platform/catalogue-version";

// One catalogue for the file: six products with known prices, dates, ratings and merchants.
const api = await createTestApi();
const { db, call } = api;

const day = (n: number) => new Date(Date.UTC(2025, 0, n, 10, 0, 0));
const merchantA = await insertMerchant(db, { contactPhone: "9876500001", companyName: "Asha Apparel" });
const merchantB = await insertMerchant(db, { contactPhone: "9123400002", companyName: "Bharat Electronics" });

const shirt = await insertProduct(db, {
  shortTitle: "Cotton Crew T-Shirt",
  longTitle: "Nike Cotton Crew Neck T-Shirt for Men",
  tagLine: "Soft everyday cotton",
  category: "Fashion",
  subCategory: "Casual Wear",
  brand: "Nike",
  productType: "Clothing",
  productSubType: "T-Shirts",
  gender: "men",
  merchantId: merchantA,
  ratingValue: 4.5,
  createdAt: day(1),
  variants: [
    { size: "M", quantity: 10, mrp: 1000, discount: 20 }, // cost 800
    { size: "L", quantity: 5, mrp: 1000, discount: 10 }, // cost 900
  ],
});
const jeans = await insertProduct(db, {
  shortTitle: "Slim Fit Jeans",
  longTitle: "Puma Slim Fit Stretch Jeans",
  tagLine: "Denim that moves with you",
  category: "Fashion",
  subCategory: "Casual Wear",
  brand: "Puma",
  productType: "Clothing",
  productSubType: "Jeans",
  gender: "women",
  merchantId: merchantA,
  ratingValue: 3.9,
  createdAt: day(2),
  variants: [{ size: "S", quantity: 3, mrp: 2000, discount: 50 }], // cost 1000
});
const formal = await insertProduct(db, {
  shortTitle: "Formal Shirt",
  longTitle: "Adidas Formal Shirt, 100% Cotton",
  tagLine: "Office ready",
  category: "Fashion",
  subCategory: "Formal Wear",
  brand: "Adidas",
  productType: "Clothing",
  productSubType: "T-Shirts",
  gender: "men",
  merchantId: merchantB,
  ratingValue: null,
  ratingCount: null,
  createdAt: day(3),
  variants: [{ size: "XL", quantity: 0, mrp: 1500, discount: 0 }], // cost 1500
});
const headphones = await insertProduct(db, {
  shortTitle: "Rockerz Headphones",
  longTitle: "Boat Rockerz 450 Bluetooth Headphones",
  tagLine: "Forty hours of music",
  category: "Electronics",
  subCategory: "Bluetooth Headphones",
  brand: "Boat",
  productType: "Electronics",
  productSubType: "Headphones",
  gender: "unisex",
  merchantId: merchantB,
  ratingValue: 4.1,
  createdAt: day(4),
  variants: [{ size: "free", quantity: 40, mrp: 3000, discount: 40 }], // cost 1800
});
const tv = await insertProduct(db, {
  shortTitle: "Vision Smart TV",
  longTitle: "Samsung 55 inch 4K Smart TV",
  tagLine: "Cinema at home",
  category: "Televisions",
  subCategory: "Smart TV",
  brand: "Samsung",
  productType: "Electronics",
  productSubType: "Speakers",
  gender: "unisex",
  merchantId: merchantB,
  ratingValue: 4.8,
  createdAt: day(5),
  variants: [{ size: "free", quantity: 2, mrp: 60000, discount: 25 }], // cost 45000
});
const canvas = await insertProduct(db, {
  shortTitle: "Wall Canvas_Print",
  longTitle: "Philips Wall Canvas_Print of the Himalayas",
  tagLine: "Art for the living room",
  category: "Home Decor",
  subCategory: "Wall Art",
  brand: "Philips",
  productType: "Home Appliances",
  productSubType: "Lamps",
  gender: "unisex",
  merchantId: merchantA,
  ratingValue: 4.1,
  createdAt: day(6),
  variants: [{ size: "free", quantity: 7, mrp: 500, discount: 10 }], // cost 450
});

/** By date, newest first; the formal shirt is sold out. */
const byDate = [canvas, tv, headphones, formal, jeans, shirt];
/** "Newest", the default sort: by date, newest first, the sold-out formal shirt last (decision 046). */
const newestFirst = [canvas, tv, headphones, jeans, shirt, formal];

async function list(body: unknown) {
  const response = await call("POST", "/userapp/product/list", { body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.status).toBe("SUCCESS");
  return response.body.data as { data: { _id: string }[]; paginator: Record<string, unknown> };
}

const idsOf = async (body: unknown) => (await list(body)).data.map((p) => p._id);
const ids = (query: unknown, options: unknown = {}) => idsOf({ query, options });

async function expectValidationError(body: unknown, path: string) {
  const response = await call("POST", "/userapp/product/list", { body });
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  expect(response.body.status).toBe("VALIDATION_ERROR");
  expect(typeof response.body.message).toBe("string");
  expect(response.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
}

describe("POST /userapp/product/list", () => {
  it("answers the newest products first with the merchant populated and a paginator", async () => {
    const data = await list({ query: {}, options: {}, isCountOnly: false });
    expect(data.data.map((p) => p._id)).toEqual(newestFirst);
    expect(data.paginator).toEqual({
      itemCount: 6,
      perPage: 10,
      pageCount: 1,
      currentPage: 1,
      slNo: 1,
      hasPrevPage: false,
      hasNextPage: false,
      prev: null,
      next: null,
    });
    const first = data.data[4] as any;
    expect(first).toMatchObject({
      _id: shirt,
      id: shirt,
      title: { shortTitle: "Cotton Crew T-Shirt", longTitle: "Nike Cotton Crew Neck T-Shirt for Men" },
      brand: "Nike",
      merchant: { _id: merchantA, id: merchantA, company_name: "Asha Apparel" },
      variants: [
        { size: "M", quantity: 10, price: { mrp: 1000, cost: 800, discount: 20 } },
        { size: "L", quantity: 5, price: { mrp: 1000, cost: 900, discount: 10 } },
      ],
    });
  });

  it("treats an empty or missing body as the default query", async () => {
    const empty = await call("POST", "/userapp/product/list", { rawBody: "" });
    expect(empty.status).toBe(200);
    expect(empty.body.data.data.map((p: { _id: string }) => p._id)).toEqual(newestFirst);
    expect(await idsOf({})).toEqual(newestFirst);
    expect(await idsOf({ query: null, options: null })).toEqual(newestFirst);
  });

  it("pages through the list with a consistent paginator", async () => {
    const page2 = await list({ options: { page: 2, limit: 2 } });
    expect(page2.data.map((p) => p._id)).toEqual(newestFirst.slice(2, 4));
    expect(page2.paginator).toEqual({
      itemCount: 6,
      perPage: 2,
      pageCount: 3,
      currentPage: 2,
      slNo: 3,
      hasPrevPage: true,
      hasNextPage: true,
      prev: 1,
      next: 3,
    });
    const page3 = await list({ options: { page: 3, limit: 2 } });
    expect(page3.paginator).toMatchObject({ slNo: 5, hasNextPage: false, next: null, prev: 2 });

    // Numeric strings are read as numbers.
    const asStrings = await list({ options: { page: "3", limit: "2" } });
    expect(asStrings.data.map((p) => p._id)).toEqual(newestFirst.slice(4, 6));

    const beyond = await list({ options: { page: 9, limit: 2 } });
    expect(beyond.data).toEqual([]);
    expect(beyond.paginator).toMatchObject({ itemCount: 6, pageCount: 3, currentPage: 9, hasNextPage: false });
  });

  it("never repeats or skips a product across pages, even with tied sort keys", async () => {
    // Headphones and canvas share the 4.1 rating; the id breaks the tie the same way on every page.
    const seen: string[] = [];
    for (let page = 1; page <= 6; page++) seen.push(...(await ids({}, { page, limit: 1, sort: { rating: -1 } })));
    expect(seen).toEqual(await ids({}, { limit: 10, sort: { rating: -1 } }));
    expect(new Set(seen).size).toBe(6);
  });

  it("answers an empty page with itemCount 0 when nothing matches", async () => {
    const data = await list({ query: { brand: ["Nothing Such"] } });
    expect(data.data).toEqual([]);
    expect(data.paginator).toMatchObject({
      itemCount: 0,
      pageCount: 1,
      currentPage: 1,
      hasNextPage: false,
      next: null,
    });
  });

  describe("sorting", () => {
    it("sorts by selling price (the lowest variant cost) both ways", async () => {
      expect(await ids({}, { sort: { price: 1 } })).toEqual([canvas, shirt, jeans, formal, headphones, tv]);
      expect(await ids({}, { sort: { price: -1 } })).toEqual([tv, headphones, formal, jeans, shirt, canvas]);
    });

    it("sorts by discount (the highest variant discount)", async () => {
      // Highest discounts: jeans 50, headphones 40, TV 25, shirt 20 (its best variant), canvas 10, formal 0.
      expect(await ids({}, { sort: { discount: -1 } })).toEqual([jeans, headphones, tv, shirt, canvas, formal]);
      expect(await ids({}, { sort: { discount: 1 } })).toEqual([formal, canvas, shirt, tv, headphones, jeans]);
    });

    it("sorts by rating with unrated products last either way, and the id breaking ties", async () => {
      const byId = [headphones, canvas].sort();
      expect(await ids({}, { sort: { rating: -1 } })).toEqual([tv, shirt, byId[1], byId[0], jeans, formal]);
      expect(await ids({}, { sort: { rating: 1 } })).toEqual([jeans, byId[0], byId[1], shirt, tv, formal]);
      expect(await ids({}, { sort: { ratingValue: "desc" } })).toEqual(await ids({}, { sort: { rating: -1 } }));
    });

    it("sorts by title and by date", async () => {
      expect(await ids({}, { sort: { title: 1 } })).toEqual([shirt, formal, headphones, jeans, tv, canvas]);
      expect(await ids({}, { sort: { title: -1 } })).toEqual([canvas, tv, jeans, headphones, formal, shirt]);
      expect(await ids({}, { sort: { createdAt: 1 } })).toEqual([...byDate].reverse());
      expect(await ids({}, { sort: { createdAt: -1 } })).toEqual(newestFirst);
    });

    it("accepts directions as strings, Mongo's string form, and an empty sort", async () => {
      expect(await ids({}, { sort: { price: "-1" } })).toEqual(await ids({}, { sort: { price: -1 } }));
      expect(await ids({}, { sort: { price: "1" } })).toEqual(await ids({}, { sort: { price: 1 } }));
      expect(await ids({}, { sort: "-price" })).toEqual(await ids({}, { sort: { price: -1 } }));
      expect(await ids({}, { sort: "title" })).toEqual(await ids({}, { sort: { title: 1 } }));
      expect(await ids({}, { sort: {} })).toEqual(newestFirst);
    });
  });

  describe("filters", () => {
    it("filters on each list field, given as a list or a single string", async () => {
      expect(await ids({ category: ["Fashion"] })).toEqual([jeans, shirt, formal]);
      expect(await ids({ category: "Televisions" })).toEqual([tv]);
      expect(await ids({ category: ["Televisions", "Home Decor"] })).toEqual([canvas, tv]);
      expect(await ids({ subCategory: ["Casual Wear"] })).toEqual([jeans, shirt]);
      expect(await ids({ brand: ["Nike", "Boat"] })).toEqual([headphones, shirt]);
      expect(await ids({ productType: ["Electronics"] })).toEqual([tv, headphones]);
      expect(await ids({ productSubType: ["T-Shirts"] })).toEqual([shirt, formal]);
    });

    it("combines filters with AND and ignores empty lists and blanks", async () => {
      expect(await ids({ category: ["Fashion"], productSubType: ["T-Shirts"], brand: "Nike" })).toEqual([shirt]);
      expect(await ids({ category: [], brand: "", gender: "", search: "" })).toEqual(newestFirst);
    });

    it("filters on gender", async () => {
      expect(await ids({ gender: "men" })).toEqual([shirt, formal]);
      expect(await ids({ gender: "women" })).toEqual([jeans]);
    });

    it('filters on the rating ("4★ & above"): unrated products never match, other filters and sorts still apply', async () => {
      // Ratings: TV 4.8, shirt 4.5, headphones and canvas 4.1, jeans 3.9, the formal shirt none.
      expect(await ids({ minRating: 4 })).toEqual([canvas, tv, headphones, shirt]);
      expect(await ids({ minRating: "4.5" })).toEqual([tv, shirt]);
      expect(await ids({ minRating: 3.9 })).toEqual([canvas, tv, headphones, jeans, shirt]);
      expect(await ids({ minRating: 0 })).toEqual([canvas, tv, headphones, jeans, shirt]);
      expect(await ids({ minRating: 5 })).toEqual([]);
      expect(await ids({ minRating: null })).toEqual(newestFirst);
      expect(await ids({ category: "Fashion", minRating: 4 })).toEqual([shirt]);
      expect(await ids({ minRating: 4 }, { sort: { rating: 1 } })).toEqual([...[headphones, canvas].sort(), shirt, tv]);
      expect(await ids({ minRating: 4, priceRange: { max: 5000 } })).toEqual([canvas, headphones, shirt]);
      // One category alone is counted from its term, which knows nothing of ratings: not with a rating.
      const count = await call("POST", "/userapp/product/count", {
        body: { query: { category: ["Fashion"], minRating: 4 } },
      });
      expect(count.body.data).toEqual({ count: 1 });
      expect((await list({ query: { category: ["Fashion"], minRating: 4 } })).paginator.itemCount).toBe(1);
    });

    it("filters on size: a product with a variant of any listed size", async () => {
      expect(await ids({ size: ["M"] })).toEqual([shirt]);
      expect(await ids({ size: ["S", "XL"] })).toEqual([jeans, formal]);
      expect(await ids({ size: "free" })).toEqual([canvas, tv, headphones]);
    });

    it("filters on the selling price (cost) of some variant, not the MRP", async () => {
      // Jeans: MRP 2000 but sells at 1000; formal shirt sells at 1500.
      expect(await ids({ priceRange: { min: 1500, max: 2500 } })).toEqual([headphones, formal]);
      // The shirt's L variant sells at 900: inside 850..950 although its lowest price (800) is not.
      expect(await ids({ priceRange: { min: 850, max: 950 } })).toEqual([shirt]);
      expect(await ids({ priceRange: { min: 40000 } })).toEqual([tv]);
      expect(await ids({ priceRange: { max: 800 } })).toEqual([canvas, shirt]);
      expect(await ids({ priceRange: { min: "1000", max: "1000" } })).toEqual([jeans]);
      expect(await ids({ priceRange: {} })).toEqual(newestFirst);
    });

    it("reads price bounds as whole rupees and answers huge ones without failing", async () => {
      // Selling prices are whole rupees: 799.5–800.4 holds 800 (the shirt's M), 800.5–800.9 nothing.
      expect(await ids({ priceRange: { min: 799.5, max: 800.4 } })).toEqual([shirt]);
      expect(await ids({ priceRange: { min: 800.5, max: 800.9 } })).toEqual([]);
      expect(await ids({ priceRange: { min: 1e12 } })).toEqual([]);
      expect(await ids({ priceRange: { max: 1e12 } })).toEqual(newestFirst);
      expect(await ids({ size: ["M"], priceRange: { max: 1e12 } })).toEqual([shirt]);
    });

    it("matches size and price on the same variant", async () => {
      // The shirt's M sells at 800 and its L at 900: "size L up to 850" does not match.
      expect(await ids({ size: ["L"], priceRange: { max: 850 } })).toEqual([]);
      expect(await ids({ size: ["L"], priceRange: { max: 900 } })).toEqual([shirt]);
    });

    it("treats filter values as data, never as SQL", async () => {
      expect(await ids({ category: ["' OR 1=1 --"], brand: "Nike'; DROP TABLE products; --" })).toEqual([]);
      expect(await ids({})).toHaveLength(6);
    });

    it("ignores unknown query keys and options", async () => {
      const result = await ids(
        { isDeleted: false, $where: "1", category: ["Fashion"] },
        {
          collation: { locale: "en" },
          populate: [{ path: "merchant" }],
          pagination: false,
          lean: true,
          projection: { x: 1 },
        },
      );
      expect(result).toEqual([jeans, shirt, formal]);
    });
  });

  describe("search", () => {
    it("is case-insensitive over titles, tag line, brand and categories", async () => {
      expect(await ids({ search: "COTTON" })).toEqual([shirt, formal]);
      expect(await ids({ search: "himalayas" })).toEqual([canvas]);
      expect(await ids({ search: "denim" })).toEqual([jeans]);
      expect(await ids({ search: "boat" })).toEqual([headphones]);
      expect(await ids({ search: "home decor" })).toEqual([canvas]);
      expect(await ids({ search: "unisex" })).toEqual([canvas, tv, headphones]);
    });

    it("requires every term to match, in any order", async () => {
      expect(await ids({ search: "cotton formal" })).toEqual([formal]);
      expect(await ids({ search: "  formal   COTTON " })).toEqual([formal]);
      expect(await ids({ search: "cotton headphones" })).toEqual([]);
    });

    it("matches LIKE wildcards literally", async () => {
      expect(await ids({ search: "100%" })).toEqual([formal]);
      expect(await ids({ search: "%" })).toEqual([formal]);
      expect(await ids({ search: "canvas_print" })).toEqual([canvas]);
      expect(await ids({ search: "_" })).toEqual([canvas]);
      expect(await ids({ search: "\\" })).toEqual([]);
    });

    it("matches an all-digit term against the merchant's contact phone", async () => {
      expect(await ids({ search: "98765" })).toEqual([canvas, jeans, shirt]);
      expect(await ids({ search: "9123400002" })).toEqual([tv, headphones, formal]);
      expect(await ids({ search: "00002 shirt" })).toEqual([formal]);
      // Digits in the text still count: "55" is on the TV, and in no phone.
      expect(await ids({ search: "55" })).toEqual([tv]);
    });

    it("combines with filters, sort and paging", async () => {
      const data = await list({
        query: { search: "shirt", category: ["Fashion"] },
        options: { sort: { price: -1 }, limit: 1, page: 2 },
      });
      expect(data.data.map((p) => p._id)).toEqual([shirt]);
      expect(data.paginator).toMatchObject({ itemCount: 2, pageCount: 2, currentPage: 2 });
    });
  });

  it("answers only the count when isCountOnly is true", async () => {
    const all = await call("POST", "/userapp/product/list", { body: { query: {}, isCountOnly: true } });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ status: "SUCCESS", message: expect.any(String), data: { totalRecords: 6 } });
    const some = await call("POST", "/userapp/product/list", {
      body: { query: { category: "Fashion", search: "shirt" }, options: { page: 5 }, isCountOnly: true },
    });
    expect(some.body.data).toEqual({ totalRecords: 2 });
  });

  describe("invalid input", () => {
    it.each([
      [{ options: { page: "x" } }, "options.page"],
      [{ options: { page: 0 } }, "options.page"],
      [{ options: { page: 1.5 } }, "options.page"],
      [{ options: { page: true } }, "options.page"],
      [{ options: { limit: -1 } }, "options.limit"],
      [{ options: { limit: 0 } }, "options.limit"],
      [{ options: { limit: "ten" } }, "options.limit"],
      [{ options: { sort: { foo: 1 } } }, "options.sort.foo"],
      [{ options: { sort: { price: 2 } } }, "options.sort.price"],
      [{ options: { sort: { price: 1, title: 1 } } }, "options.sort"],
      [{ options: { sort: "price; DROP TABLE products" } }, "options.sort"],
      [{ options: "all" }, "options"],
      [{ query: { gender: 5 } }, "query.gender"],
      [{ query: { category: 5 } }, "query.category"],
      [{ query: { category: [1, 2] } }, "query.category.0"],
      [{ query: { priceRange: { min: "a" } } }, "query.priceRange.min"],
      [{ query: { priceRange: { min: -5 } } }, "query.priceRange.min"],
      [{ query: { priceRange: { min: 900, max: 100 } } }, "query.priceRange.min"],
      [{ query: { priceRange: 100 } }, "query.priceRange"],
      [{ query: { minRating: 6 } }, "query.minRating"],
      [{ query: { minRating: -1 } }, "query.minRating"],
      [{ query: { minRating: "four" } }, "query.minRating"],
      [{ query: { search: { $regex: ".*" } } }, "query.search"],
      [{ query: "shirts" }, "query"],
      [{ query: ["shirts"] }, "query"],
      [{ isCountOnly: "maybe" }, "isCountOnly"],
    ])("answers 422 for %j", async (body, path) => {
      await expectValidationError(body, path);
    });

    it("answers 400 for malformed JSON", async () => {
      const response = await call("POST", "/userapp/product/list", {
        rawBody: "{not json",
        headers: { "content-type": "application/json" },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: "BAD_REQUEST", data: null });
    });

    it("answers 422 for a body that is not an object", async () => {
      const response = await call("POST", "/userapp/product/list", { body: [1, 2] });
      expect(response.status).toBe(422);
      expect(response.body.status).toBe("VALIDATION_ERROR");
    });
  });
});

describe("GET /userapp/product/get/:id", () => {
  it("answers the product with its merchant", async () => {
    const response = await call("GET", `/userapp/product/get/${tv}`);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("SUCCESS");
    expect(response.body.data).toMatchObject({
      _id: tv,
      id: tv,
      category: "Televisions",
      merchant: { _id: merchantB, company_name: "Bharat Electronics" },
      variants: [{ size: "free", quantity: 2, price: { mrp: 60000, cost: 45000, discount: 25 } }],
      ratingValue: 4.8,
      createdAt: day(5).toISOString(),
    });
  });

  it.each([["0".repeat(24)], ["not-an-id"], ["ABCDEF0123456789ABCDEF01"], ["%27%20OR%201%3D1"]])(
    "answers 404 RECORD_NOT_FOUND for %s",
    async (id) => {
      const response = await call("GET", `/userapp/product/get/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        status: "RECORD_NOT_FOUND",
        message: expect.any(String),
        data: null,
        code: "NOT_FOUND",
      });
    },
  );
});

describe("POST /userapp/product/count", () => {
  it("counts every product without a body", async () => {
    const response = await call("POST", "/userapp/product/count");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "SUCCESS", message: expect.any(String), data: { count: 6 } });
  });

  it("counts the products matching a query", async () => {
    const response = await call("POST", "/userapp/product/count", {
      body: { query: { category: ["Fashion"], priceRange: { max: 1000 } } },
    });
    expect(response.body.data).toEqual({ count: 2 });
  });

  it("answers 422 for an invalid query", async () => {
    const response = await call("POST", "/userapp/product/count", { body: { query: { gender: ["men", 3] } } });
    expect(response.status).toBe(422);
    expect(response.body.status).toBe("VALIDATION_ERROR");
    expect(response.body.data[0].path).toMatch(/^query\.gender/);
  });
});

// A second catalogue of 2,503 products, large enough that both ways of answering a filtered page
// (api/lib/search/listing-planner.ts, `listPage`: walking down the sort's index, or sorting the matches)
// are exercised, and that limits above the cap can be asked for.
const big = await createTestApi();
const bigMerchant = await insertMerchant(big.db);
// 2,500 "filler" products in one statement: newest first, cheapest first.
await big.db.execute(sql`
  insert into products (id, short_title, long_title, tag_line, description, brand, category, sub_category,
    product_type, product_sub_type, gender, merchant_id, images, rating_value, rating_count, price, discount,
    search_text, created_at)
  select lpad(to_hex(i), 24, '0'), 'Filler ' || i, 'Filler ' || i, 'Filler', 'Filler', 'Sony', 'Electronics',
    'Smart TV', 'Electronics', 'Speakers', 'unisex', ${bigMerchant}, '[]'::jsonb, 4.0, 10, 100 + i, 10,
    'filler ' || i || ' sony electronics', timestamptz '2025-06-01T00:00:00Z' - i * interval '1 minute'
  from generate_series(1, 2500) as i`);
await big.db.execute(sql`
  insert into variants (product_id, size, position, quantity, mrp, discount, cost)
  select id, 'M', 0, 5, price * 2, 50, price from products where merchant_id = ${bigMerchant}`);
// Three "needles", older and dearer than every filler: last in the default and the price order.
const needles = {
  topRated: await insertProduct(big.db, {
    brand: "Needle",
    ratingValue: 4.9,
    createdAt: new Date("2024-03-01T00:00:00Z"),
    variants: [{ size: "L", quantity: 1, mrp: 90000, discount: 0 }],
  }),
  unrated: await insertProduct(big.db, {
    brand: "Needle",
    ratingValue: null,
    createdAt: new Date("2024-02-01T00:00:00Z"),
    variants: [{ size: "L", quantity: 1, mrp: 80000, discount: 0 }],
  }),
  lowRated: await insertProduct(big.db, {
    brand: "Needle",
    ratingValue: 3.0,
    createdAt: new Date("2024-01-01T00:00:00Z"),
    variants: [{ size: "XL", quantity: 1, mrp: 70000, discount: 0 }],
  }),
};

async function bigList(body: unknown) {
  const response = await big.call("POST", "/userapp/product/list", { body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as { data: { _id: string }[]; paginator: Record<string, unknown> };
}

describe("a catalogue larger than the index walk", () => {
  it("clamps limits above 100 to 100 rather than refusing them", async () => {
    const first = await bigList({ options: { limit: 500 } });
    expect(first.data).toHaveLength(100);
    expect(first.paginator).toMatchObject({ itemCount: 2503, perPage: 100, pageCount: 26, hasNextPage: true, next: 2 });
    const last = await bigList({ options: { limit: 100, page: 26 } });
    expect(last.data).toHaveLength(3);
  });

  it("finds matches that lie beyond the first rows of the sort order", async () => {
    const newest = await bigList({ query: { brand: ["Needle"] } });
    expect(newest.data.map((p) => p._id)).toEqual([needles.topRated, needles.unrated, needles.lowRated]);
    expect(newest.paginator).toMatchObject({ itemCount: 3, pageCount: 1 });

    const cheapest = await bigList({ query: { size: "L" }, options: { sort: { price: 1 } } });
    expect(cheapest.data.map((p) => p._id)).toEqual([needles.unrated, needles.topRated]);

    const bestRated = await bigList({ query: { brand: "Needle" }, options: { sort: { rating: -1 } } });
    expect(bestRated.data.map((p) => p._id)).toEqual([needles.topRated, needles.lowRated, needles.unrated]);
  });

  it("answers a filtered page near the start of the sort order with the full count", async () => {
    const page = await bigList({ query: { brand: "Sony", search: "filler" }, options: { limit: 5 } });
    expect(page.data.map((p) => p._id)).toEqual([1, 2, 3, 4, 5].map((i) => i.toString(16).padStart(24, "0")));
    expect(page.paginator).toMatchObject({ itemCount: 2500, pageCount: 500 });
  });

  it("pages through a filtered list without repeats or gaps, however each page is answered", async () => {
    const query = { brand: ["Sony", "Needle"] };
    const seen: string[] = [];
    for (let page = 1; page <= 26; page++) {
      const data = await bigList({ query, options: { sort: { price: -1 }, limit: 100, page } });
      expect(data.paginator.itemCount).toBe(2503);
      seen.push(...data.data.map((p) => p._id));
    }
    const expected = await big.db
      .select({ id: products.id })
      .from(products)
      .orderBy(desc(products.price), desc(products.id));
    expect(seen).toEqual(expected.map((row) => row.id));
  });

  it("still counts the matches on a filtered page past the end", async () => {
    const beyond = await bigList({ query: { brand: "Needle" }, options: { page: 4, limit: 1 } });
    expect(beyond.data).toEqual([]);
    expect(beyond.paginator).toMatchObject({ itemCount: 3, pageCount: 3, currentPage: 4, hasNextPage: false });
  });
});

// A third catalogue, changed by the tests below as an admin tool or a later import would: the
// product list reads product_listing, which triggers on products and variants keep in step.
const live = await createTestApi();
const liveMerchant = await insertMerchant(live.db);
/** Sizes S at ₹800 and L at ₹1,200: variants on both sides of ₹900–1,000, none inside it. */
const straddler = await insertProduct(live.db, {
  shortTitle: "Linen Kurta",
  longTitle: "Fabindia Linen Kurta",
  brand: "Fabindia",
  merchantId: liveMerchant,
  createdAt: day(10),
  variants: [
    { size: "S", quantity: 5, mrp: 800, discount: 0 },
    { size: "L", quantity: 5, mrp: 1200, discount: 0 },
  ],
});
/** The same, with an M at ₹950 in between. */
const middle = await insertProduct(live.db, {
  shortTitle: "Cotton Kurta",
  longTitle: "Fabindia Cotton Kurta",
  brand: "Fabindia",
  merchantId: liveMerchant,
  createdAt: day(11),
  variants: [
    { size: "S", quantity: 5, mrp: 800, discount: 0 },
    { size: "M", quantity: 5, mrp: 950, discount: 0 },
    { size: "L", quantity: 5, mrp: 1200, discount: 0 },
  ],
});

/** search_terms.product_count, kept by a trigger, must stay the number of listing rows holding each term. */
async function expectTermCountsKept() {
  const { rows } = (await live.db.execute(sql`
    select ${searchTerms.kind}, ${searchTerms.term}, ${searchTerms.productCount} from ${searchTerms}
    where ${searchTerms.productCount} <> (select count(*) from ${productListing} where ${productListing.terms} @> array[${searchTerms.id}])`)) as unknown as {
    rows: unknown[];
  };
  expect(rows).toEqual([]);
}

async function liveIds(query: unknown, options: unknown = {}) {
  const response = await live.call("POST", "/userapp/product/list", { body: { query, options } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.data.data as { _id: string }[]).map((p) => p._id);
}

// These write the tables directly, to test the listing's triggers: each write is then announced
// as every catalogue writer announces its own (changeCatalogue), or the API's catalogue cache
// (api/lib/catalogue/catalogue-cache.ts) would answer what it read before.
describe("a catalogue that changes", () => {
  it("matches a price range on every variant's price, not only the cheapest and the dearest", async () => {
    expect(await liveIds({ priceRange: { min: 900, max: 1000 } })).toEqual([middle]);
    expect(await liveIds({ size: ["M"], priceRange: { min: 900, max: 1000 } })).toEqual([middle]);
    expect(await liveIds({ size: ["S", "L"], priceRange: { min: 900, max: 1000 } })).toEqual([]);
    // Bounds inside the price bands the index narrows by (₹1,100–1,199 and ₹1,200–1,299).
    expect(await liveIds({ priceRange: { min: 1150, max: 1210 } })).toEqual([middle, straddler]);
    expect(await liveIds({ priceRange: { min: 1201, max: 1299 } })).toEqual([]);
    expect(await liveIds({ size: ["L"], priceRange: { min: 1199, max: 1200 } })).toEqual([middle, straddler]);
    await expectTermCountsKept();
  });

  it("follows changes to a product's text, ratings and prices", async () => {
    const fields = { shortTitle: "Khadi Kurta", longTitle: "Fabindia Khadi Kurta", tagLine: "A product for tests" };
    const [row] = await live.db.select().from(products).where(eq(products.id, straddler));
    await live.db
      .update(products)
      .set({ ...fields, ratingValue: 4.9, searchText: buildSearchText({ ...row, ...fields }) })
      .where(eq(products.id, straddler));
    catalogueChanged();
    expect(await liveIds({ search: "khadi" })).toEqual([straddler]);
    expect(await liveIds({ search: "linen" })).toEqual([]);
    expect(await liveIds({ brand: ["Fabindia"] }, { sort: { rating: -1 } })).toEqual([straddler, middle]);

    await live.db.update(variants).set({ cost: 990, mrp: 990 }).where(eq(variants.productId, straddler));
    catalogueChanged();
    expect(await liveIds({ priceRange: { min: 900, max: 1000 } })).toEqual([middle, straddler]);
    expect(await liveIds({ size: ["S"], priceRange: { min: 900, max: 1000 } })).toEqual([straddler]);
    await expectTermCountsKept();
  });

  it("follows variants added and removed", async () => {
    await live.db
      .insert(variants)
      .values({ productId: middle, size: "XXL", position: 3, quantity: 2, mrp: 1500, cost: 1500, discount: 0 });
    catalogueChanged();
    expect(await liveIds({ size: ["XXL"] })).toEqual([middle]);
    expect(await liveIds({ size: ["XXL"], priceRange: { min: 1500 } })).toEqual([middle]);

    await live.db.delete(variants).where(eq(variants.size, "XXL"));
    catalogueChanged();
    expect(await liveIds({ size: ["XXL"] })).toEqual([]);
    expect(await liveIds({ priceRange: { min: 1500 } })).toEqual([]);
    await expectTermCountsKept();
  });

  it("drops a deleted product from the list and its count", async () => {
    const gone = await insertProduct(live.db, { brand: "Fabindia", merchantId: liveMerchant, createdAt: day(12) });
    expect(await liveIds({ brand: ["Fabindia"] })).toEqual([gone, middle, straddler]);
    await live.db.delete(products).where(eq(products.id, gone));
    catalogueChanged();
    expect(await liveIds({ brand: ["Fabindia"] })).toEqual([middle, straddler]);
    // One condition on one field: answered from the term counts, which the delete brought down.
    const count = await live.call("POST", "/userapp/product/count", { body: { query: { brand: ["Fabindia"] } } });
    expect(count.body.data).toEqual({ count: 2 });
    await expectTermCountsKept();
  });

  it("leaves the listing untouched when only stock changes, as every order does", async () => {
    const version = async () =>
      (
        await live.db
          .select({ v: sql<string>`xmin::text` })
          .from(productListing)
          .where(eq(productListing.productId, middle))
      )[0].v;
    const before = await version();
    await live.db
      .update(variants)
      .set({ quantity: sql`${variants.quantity} - 1` })
      .where(eq(variants.productId, middle));
    expect(await version()).toBe(before);
  });
});

describe("price bands", () => {
  /** The prices a cover's terms stand for: "1:0000002000" is ₹2,000–2,999, "2:0000005000" ₹5,000–5,099. */
  function covered(terms: string[]): [number, number][] {
    return terms.map((term) => {
      const [digits, start] = term.split(":").map(Number);
      const length = String(start).length;
      return [start, start + (length <= digits ? 1 : 10 ** (length - digits)) - 1];
    });
  }

  it("covers a range with few bands, coarse inside and fine at the edges", () => {
    expect(priceBandCover(2000, 5000)).toEqual(["1:0000002000", "1:0000003000", "1:0000004000", "2:0000005000"]);
    expect(priceBandCover(500, 999)).toHaveLength(5);
    expect(priceBandCover(1234, 1567)).toEqual(["2:0000001200", "2:0000001300", "2:0000001400", "2:0000001500"]);
    expect(priceBandCover(0, 2 ** 31 - 1).length).toBeLessThan(100);
  });

  it("puts every price of a range in one of its bands, and no band wholly outside it", () => {
    const ranges: [number, number][] = [
      [0, 0],
      [0, 9],
      [7, 7],
      [95, 105],
      [99, 100],
      [199, 1999],
      [500, 999],
      [999, 1000],
      [1234, 98765],
      [149999, 150001],
    ];
    for (const [low, high] of ranges) {
      const bands = covered(priceBandCover(low, high));
      for (const [start, end] of bands)
        expect(end >= low && start <= high, `${low}..${high}: ${start}..${end}`).toBe(true);
      for (let price = low; price <= high; price += Math.max(1, Math.floor((high - low) / 500))) {
        expect(
          bands.some(([start, end]) => start <= price && price <= end),
          `${price} in ${low}..${high}`,
        ).toBe(true);
        // The band a product stores for this price is one the cover asks for, at one of the two levels.
        const stored = ([1, 2] as const).map((digits) => priceBandTerm(priceBand(price, digits), digits));
        expect(
          stored.some((term) => priceBandCover(low, high).includes(term)),
          `${price} stored as ${stored}`,
        ).toBe(true);
      }
    }
  });
});
