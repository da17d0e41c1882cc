import { beforeAll, describe, expect, test } from "vitest";
import { seedCatalogue } from "../../api/seed/catalogue";
import { DEFAULT_SUGGESTIONS, MAX_SUGGEST_QUERY, MAX_SUGGESTIONS } from "../../api/lib/search/product-suggest";
import { createTestApi, insertProduct, type TestApi } from "./helpers";

// GET /userapp/product/suggest (api/routes/suggest.ts) on the deterministic seeded catalogue.

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
  await seedCatalogue(api.db, {});
});

type Suggestion = {
  type: "category" | "brand" | "product";
  label: string;
  filter?: string;
  value?: string;
  id?: string;
  category?: string;
};
type Answer = { query: string; correction: string | null; suggestions: Suggestion[] };

async function suggest(q: string, limit?: string) {
  const search = new URLSearchParams({ q, ...(limit !== undefined && { limit }) });
  return api.call("GET", `/userapp/product/suggest?${search}`);
}

async function suggestions(q: string, limit?: string): Promise<Answer> {
  const response = await suggest(q, limit);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

describe("GET /userapp/product/suggest", () => {
  test("brands and categories the words start, then products, at most eight", async () => {
    const answer = await suggestions("sams");
    expect(answer.query).toBe("sams");
    expect(answer.correction).toBeNull();
    expect(answer.suggestions[0]).toEqual({ type: "brand", label: "Samsung", filter: "brand", value: "Samsung" });
    const products = answer.suggestions.filter((s) => s.type === "product");
    expect(products.length).toBeGreaterThan(0);
    expect(answer.suggestions.length).toBeLessThanOrEqual(DEFAULT_SUGGESTIONS);
    for (const product of products) expect(product.label).toMatch(/^Samsung /);
    // One suggestion per title, each a real product.
    expect(new Set(products.map((p) => p.label)).size).toBe(products.length);
    const got = await api.call("GET", `/userapp/product/get/${products[0].id}`);
    expect(got.body.data.title.shortTitle).toBe(products[0].label);
    expect(got.body.data.category).toBe(products[0].category);
  });

  test("categories and sub-categories lead, by their filter", async () => {
    const answer = await suggestions("smart t");
    expect(answer.suggestions[0]).toEqual({
      type: "category",
      label: "Smart TV",
      filter: "subCategory",
      value: "Smart TV",
    });
    const home = await suggestions("home");
    expect(home.suggestions[0]).toEqual({
      type: "category",
      label: "Home Decor",
      filter: "category",
      value: "Home Decor",
    });
    // The whole name among the words: "samsung tv" still offers the brand.
    expect((await suggestions("samsung tv")).suggestions.some((s) => s.type === "brand" && s.label === "Samsung")).toBe(
      true,
    );
  });

  test("a misspelt query suggests for what it meant", async () => {
    const answer = await suggestions("samsng");
    expect(answer.correction).toBe("samsung");
    expect(answer.suggestions[0]).toMatchObject({ type: "brand", label: "Samsung" });
    expect(answer.suggestions.filter((s) => s.type === "product").every((s) => s.label.startsWith("Samsung "))).toBe(
      true,
    );
  });

  test("nothing to suggest: an empty query, or one nothing answers", async () => {
    expect(await suggestions("")).toEqual({ query: "", correction: null, suggestions: [] });
    expect(await suggestions("   ")).toEqual({ query: "", correction: null, suggestions: [] });
    expect((await api.call("GET", "/userapp/product/suggest")).body.data.suggestions).toEqual([]);
    expect((await suggestions("xyzzy")).suggestions).toEqual([]);
  });

  test("the limit: 1 to 10, above 10 clamped, anything else refused", async () => {
    expect((await suggestions("a", "3")).suggestions).toHaveLength(3);
    expect((await suggestions("a", "1")).suggestions).toHaveLength(1);
    expect((await suggestions("a", String(MAX_SUGGESTIONS))).suggestions).toHaveLength(MAX_SUGGESTIONS);
    expect((await suggestions("a", String(MAX_SUGGESTIONS + 1))).suggestions).toHaveLength(MAX_SUGGESTIONS);
    expect((await suggestions("a", "999999")).suggestions).toHaveLength(MAX_SUGGESTIONS);
    for (const limit of ["0", "-1", "2.5", "abc", "", "1e3", "9999999"]) {
      const response = await suggest("a", limit);
      expect(response.status, limit).toBe(422);
      expect(response.body.status).toBe("VALIDATION_ERROR");
      expect(response.body.data[0].path).toBe("limit");
    }
  });

  test("the query's length: 100 characters, not 101", async () => {
    expect((await suggest("s".repeat(MAX_SUGGEST_QUERY))).status).toBe(200);
    expect((await suggest(`samsung ${"x".repeat(MAX_SUGGEST_QUERY - 8)}`)).status).toBe(200);
    for (const q of ["s".repeat(MAX_SUGGEST_QUERY + 1), "ü".repeat(MAX_SUGGEST_QUERY + 1), "x ".repeat(60)]) {
      const response = await suggest(q);
      expect(response.status).toBe(422);
      expect(response.body.data).toEqual([{ path: "q", message: `At most ${MAX_SUGGEST_QUERY} characters` }]);
    }
  });

  test("hostile text: wildcards, quotes, markup and emoji answer like any text; control characters are refused", async () => {
    for (const q of [
      "%",
      "_",
      "\\",
      "%_%",
      "' or 1=1 --",
      '"; drop table products; --',
      "<script>alert(1)</script>",
      "📺",
      "../../etc/passwd",
    ]) {
      const response = await suggest(q);
      expect(response.status, q).toBe(200);
      expect(response.body.data.suggestions.length, q).toBeLessThanOrEqual(DEFAULT_SUGGESTIONS);
    }
    // "<script>" is no word of the catalogue: nothing is suggested, and nothing comes back as markup.
    expect((await suggestions("<script>")).suggestions).toEqual([]);
    for (const q of ["sams\u0000", "a\u001bb", "\u007f"]) {
      const response = await suggest(q);
      expect(response.status, JSON.stringify(q)).toBe(422);
    }
  });

  test("public and cacheable for a minute; a repeated q or an unknown parameter changes nothing", async () => {
    const response = await suggest("jbl");
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    const extra = await api.call("GET", "/userapp/product/suggest?q=jbl&sort=price&q=ignored");
    expect([200, 422]).toContain(extra.status);
    expect(response.body.data.suggestions[0]).toEqual({ type: "brand", label: "JBL", filter: "brand", value: "JBL" });
  });

  test("a brand new to the catalogue is suggested at once: the kept names follow every catalogue change", async () => {
    expect((await suggestions("zorbl")).suggestions.filter((s) => s.type === "brand")).toEqual([]);
    // insertProduct announces the change as every catalogue write does (catalogueChanged).
    await insertProduct(api.db, { brand: "Zorblax", shortTitle: "Zorblax Wireless Speaker" });
    const answer = await suggestions("zorbl");
    expect(answer.suggestions[0]).toEqual({ type: "brand", label: "Zorblax", filter: "brand", value: "Zorblax" });
  });
});
