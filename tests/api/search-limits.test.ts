import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { productListing } from "../../api/db/schema";
import { MAX_SEARCH_TERMS, MAX_TERM_LENGTH, MAX_TERM_WORDS, searchTermsOf } from "../../api/lib/search/product-search";
import { createTestApi, insertMerchant, insertProduct, type TestApi } from "./helpers";

// What one search may cost, whatever a guest types (docs/decisions/013-forgiving-search.md,
// 2026-11-26): the rules, not the times. The bench (bench/search-bounds.ts) measures the times.

let api: TestApi;
let slow: TestApi;
const LONG_WORD = "pneumonoultramicroscopicsilicovolcanoconiosisware"; // 49 characters

beforeAll(async () => {
  api = await createTestApi();
  const merchantId = await insertMerchant(api.db);
  // Sixty words that start with "qx", each held by one product, and "qx" itself by two.
  for (let i = 1; i <= 60; i++)
    await insertProduct(api.db, { merchantId, shortTitle: `Gadget qx${String(i).padStart(2, "0")}` });
  for (let i = 0; i < 2; i++) await insertProduct(api.db, { merchantId, shortTitle: "Gadget qx plain" });
  await insertProduct(api.db, { merchantId, shortTitle: `The ${LONG_WORD} kit` });
  await insertProduct(api.db, { merchantId, shortTitle: "Offer 50% off mug" });
  await insertProduct(api.db, { merchantId, shortTitle: "Mug with snake_case print" });
  slow = await createTestApi({ searchStatementTimeoutMs: 200 });
  await insertProduct(slow.db, { shortTitle: "Gadget qx01" });
});

async function list(search: string, app = api) {
  const response = await app.call("POST", "/userapp/product/list", {
    body: { query: { search }, options: { limit: 100 } },
  });
  expect(response.status).toBe(200);
  return response.body.data as { data: { title: { shortTitle: string } }[]; paginator: { itemCount: number } };
}

describe("the rules that bound a search", () => {
  test("a short term stands for at most MAX_TERM_WORDS words, the word itself first", async () => {
    expect(MAX_TERM_WORDS).toBe(50);
    // 61 words start with "qx": the word "qx" (two products) and the 49 next by product count.
    const page = await list("qx");
    expect(page.paginator.itemCount).toBe(2 + (MAX_TERM_WORDS - 1));
    expect(page.data.filter((p) => p.title.shortTitle === "Gadget qx plain")).toHaveLength(2);
    // A longer term finds all its words while they are fewer than the cap.
    expect((await list("qx0")).paginator.itemCount).toBe(9);
  });

  test("a term is cut to MAX_TERM_LENGTH characters: a 200-character word is answered, and a long word still finds itself", async () => {
    expect(searchTermsOf("x".repeat(200))).toEqual(["x".repeat(MAX_TERM_LENGTH)]);
    expect((await list("x".repeat(200))).paginator.itemCount).toBe(0);
    const long = await list(LONG_WORD);
    expect(long.data.map((p) => p.title.shortTitle)).toEqual([`The ${LONG_WORD} kit`]);
  });

  test("past MAX_SEARCH_TERMS terms are ignored", async () => {
    const terms = Array.from({ length: MAX_SEARCH_TERMS }, () => "gadget");
    expect(searchTermsOf([...terms, "nothing-has-this"].join(" "))).toHaveLength(MAX_SEARCH_TERMS);
    expect((await list([...terms, "nothing-has-this"].join(" "))).paginator.itemCount).toBe(62);
  });

  test("% and _ are literal; of the terms of marks alone, only the first counts", async () => {
    expect((await list("50%")).data.map((p) => p.title.shortTitle)).toEqual(["Offer 50% off mug"]);
    expect((await list("%")).data.map((p) => p.title.shortTitle)).toEqual(["Offer 50% off mug"]);
    expect((await list("_")).data.map((p) => p.title.shortTitle)).toEqual(["Mug with snake_case print"]);
    expect((await list("e_c")).data.map((p) => p.title.shortTitle)).toEqual(["Mug with snake_case print"]);
    expect(searchTermsOf("% _ - mug")).toEqual(["%", "mug"]);
    expect((await list("% _")).data.map((p) => p.title.shortTitle)).toEqual(["Offer 50% off mug"]);
    // One or two characters with a letter or digit match at the start of a word: "5%" is not "50%".
    expect((await list("5%")).paginator.itemCount).toBe(0);
  });
});

describe("the statement timeout", () => {
  test("a search that runs past it answers 503 with a message, and the next one is served", async () => {
    // The listing locked by a writer: the guest's statement waits until the timeout cancels it. Two
    // terms, so that the count cannot be answered from the vocabulary alone.
    await slow.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${productListing} in access exclusive mode`);
      const listed = await slow.call("POST", "/userapp/product/list", { body: { query: { search: "gadget qx01" } } });
      expect(listed.status).toBe(503);
      expect(listed.body).toMatchObject({ status: "SERVICE_UNAVAILABLE", data: null });
      expect(listed.body.message).toMatch(/too busy to answer this search/);
      expect(listed.headers.get("Retry-After")).toBe("5");
      const counted = await slow.call("POST", "/userapp/product/count", { body: { query: { search: "gadget qx01" } } });
      expect(counted.status).toBe(503);
      const suggested = await slow.call("GET", "/userapp/product/suggest?q=gadget%20qx01");
      expect(suggested.status).toBe(503);
      expect(suggested.body.status).toBe("SERVICE_UNAVAILABLE");
    });
    expect((await list("gadget", slow)).paginator.itemCount).toBe(1);
  });
});
