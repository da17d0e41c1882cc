import { beforeAll, describe, expect, test } from "vitest";
import { seedCatalogue } from "../../api/seed/catalogue";
import { FEW_RESULTS } from "../../api/lib/search/search-fallback";
import { pageFindsFamily, SEARCH_TYPOS } from "../../bench/search-typos";
import { createTestApi, insertProduct, type TestApi } from "./helpers";

// The search that forgives (api/lib/search/search-fallback.ts) on the deterministic seeded catalogue.

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
  await seedCatalogue(api.db, {});
});

type Listed = {
  brand: string;
  category: string;
  subCategory: string;
  productSubType: string;
  title: { shortTitle: string };
};

async function list(search: string, options: Record<string, unknown> = {}) {
  const response = await api.call("POST", "/userapp/product/list", {
    body: { query: { search }, options: { limit: 20, ...options } },
  });
  expect(response.status).toBe(200);
  return response.body.data as {
    data: Listed[];
    paginator: { itemCount: number };
    correction?: { search: string; original: string };
  };
}

describe("the typo fallback", () => {
  test("a misspelt brand is answered for the brand, and says so", async () => {
    const page = await list("samsng");
    expect(page.correction).toEqual({ search: "samsung", original: "samsng" });
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((p) => p.brand === "Samsung")).toBe(true);
    expect(page.paginator.itemCount).toBe((await list("samsung")).paginator.itemCount);
  });

  test("only the misspelt term is corrected; the others stay as typed", async () => {
    const page = await list("samsng tv");
    expect(page.correction).toEqual({ search: "samsung tv", original: "samsng tv" });
    expect(page.data.every((p) => p.brand === "Samsung" && p.category === "Televisions")).toBe(true);
  });

  test("spacing and plurals: words run together are split, a form the catalogue lacks finds the one it has", async () => {
    expect((await list("powerbank")).correction?.search).toBe("power bank");
    expect((await list("tshirt")).correction?.search).toBe("t-shirt");
    expect((await list("tvs")).correction?.search).toBe("tv");
    // These already match as typed: nothing to correct.
    for (const search of ["head phones", "headphone", "t shirt", "ear buds"]) {
      const page = await list(search);
      expect(page.correction, search).toBeUndefined();
      expect(page.paginator.itemCount, search).toBeGreaterThanOrEqual(FEW_RESULTS);
    }
  });

  test("a search that finds enough is never corrected", async () => {
    const page = await list("samsung");
    expect(page.correction).toBeUndefined();
    expect(page).not.toHaveProperty("correction");
  });

  test("exact: the search as typed, even when it finds nothing", async () => {
    const page = await list("samsng", { exact: true });
    expect(page.correction).toBeUndefined();
    expect(page.paginator.itemCount).toBe(0);
    // Anything but `true` is no: the fallback stays on.
    expect((await list("samsng", { exact: false })).correction?.search).toBe("samsung");
    const refused = await api.call("POST", "/userapp/product/list", {
      body: { query: { search: "samsng" }, options: { exact: "yes" } },
    });
    expect(refused.status).toBe(422);
  });

  test("what the shop does not sell stays not found: no wrong guess", async () => {
    for (const search of ["kurtas", "saree", "refrigerator", "xyzzy", "qqqqqq"]) {
      const page = await list(search);
      expect(page.correction, search).toBeUndefined();
      expect(page.paginator.itemCount, search).toBe(0);
    }
  });

  test("numbers, short words and terms that are words are never corrected", async () => {
    // A phone number that matches no merchant, a two-letter term, two real words that find nothing together.
    for (const search of ["99999999", "zq", "cotton televisions"]) {
      const page = await list(search);
      expect(page.correction, search).toBeUndefined();
    }
  });

  test("filters stay: the corrected search is listed within them", async () => {
    const response = await api.call("POST", "/userapp/product/list", {
      body: { query: { search: "samsng", category: ["Televisions"] }, options: { limit: 50 } },
    });
    expect(response.body.data.correction).toEqual({ search: "samsung", original: "samsng" });
    expect(response.body.data.data.every((p: Listed) => p.brand === "Samsung" && p.category === "Televisions")).toBe(
      true,
    );
  });

  test("the count endpoints count the search as typed", async () => {
    const count = await api.call("POST", "/userapp/product/count", { body: { query: { search: "samsng" } } });
    expect(count.body.data.count).toBe(0);
    const countOnly = await api.call("POST", "/userapp/product/list", {
      body: { query: { search: "samsng" }, isCountOnly: true },
    });
    expect(countOnly.body.data).toEqual({ totalRecords: 0 });
  });

  test("hostile text: wildcards, quotes, markup, emoji and long words find nothing or what they say, never an error", async () => {
    for (const search of [
      "%%%",
      "___",
      "\\",
      "'; drop table products; --",
      "<script>alert(1)</script>",
      "📺📺",
      "ß".repeat(60),
      "a-".repeat(100),
    ]) {
      const page = await list(search);
      expect(page.paginator.itemCount, search).toBeGreaterThanOrEqual(0);
    }
  });

  test("the search's limits hold with the fallback: 200 characters, and only the first ten terms", async () => {
    expect((await list(`samsng ${"x".repeat(193)}`)).paginator.itemCount).toBe(0);
    const tooLong = await api.call("POST", "/userapp/product/list", { body: { query: { search: "s".repeat(201) } } });
    expect(tooLong.status).toBe(422);
    // An eleventh term is ignored, misspelt or not: ten words that find Samsung, then a typo.
    const ten = Array(10).fill("samsung").join(" ");
    const page = await list(`${ten} qwxzv`);
    expect(page.correction).toBeUndefined();
    expect(page.paginator.itemCount).toBe((await list("samsung")).paginator.itemCount);
    // A typo among the first ten is corrected, the rest of the search kept.
    expect((await list(`samsng ${Array(9).fill("samsung").join(" ")}`)).correction?.search).toBe(
      `samsung ${Array(9).fill("samsung").join(" ")}`,
    );
  });

  test(`the fixed test set: at least 90% find what was meant on page 1 (bench/search-typos.ts)`, async () => {
    let found = 0;
    const missed: string[] = [];
    for (const typo of SEARCH_TYPOS) {
      const page = await list(typo.query);
      if (pageFindsFamily(page.data, typo.family)) found++;
      else missed.push(typo.query);
    }
    expect(SEARCH_TYPOS.length).toBeGreaterThanOrEqual(40);
    expect(found / SEARCH_TYPOS.length, `missed: ${missed.join(", ")}`).toBeGreaterThanOrEqual(0.9);
  });

  test("a word added to the catalogue is found as typed at once, and corrected towards", async () => {
    await insertProduct(api.db, { shortTitle: "Zorblax Pillow", longTitle: "Zorblax Pillow", brand: "Zorblax" });
    expect((await list("zorblax")).paginator.itemCount).toBe(1);
    // One product is fewer than FEW_RESULTS, but the corrected search finds no more: answered as typed.
    expect((await list("zorblax")).correction).toBeUndefined();
    expect((await list("zorblx")).correction?.search).toBe("zorblax");
  });
});
