import { apiContext } from "./harness";
import { beforeAll, describe, expect, test } from "vitest";
import { seedCatalogue } from "../../api/seed/catalogue";
import { loader } from "~/routes/shop";
import { createTestApi, type TestApi } from "../api/helpers";
import { createTestSite, type TestSite } from "./site-harness";

// "Showing results for …": the shop's loader and its server-rendered page, for a misspelt search.

let api: TestApi;
let site: TestSite;

beforeAll(async () => {
  api = await createTestApi();
  await seedCatalogue(api.db, {});
  site = await createTestSite({ api });
});

type ShopData = Exclude<Awaited<ReturnType<typeof loader>>["data"], undefined>;

async function load(query: string): Promise<ShopData> {
  const result = await loader({
    request: new Request(`http://localhost/shop${query}`),
    params: {},
    context: apiContext((r: Request) => api.app.fetch(r)),
  } as never);
  return (result as { data: ShopData }).data;
}

async function page(path: string): Promise<string> {
  const response = await site.fetch(new Request(`http://shop.test${path}`));
  expect(response.status).toBe(200);
  return response.text();
}

describe("a misspelt search on /shop", () => {
  test("the loader answers for what was meant, and says what was typed", async () => {
    const data = await load("?search=samsng+tv");
    expect(data.correction).toEqual({ search: "samsung tv", original: "samsng tv" });
    expect(data.itemCount).toBeGreaterThan(0);
    expect(data.products.every((p) => p.brand === "Samsung")).toBe(true);
  });

  test("the page: 'Showing results for' the correction, and 'Search instead for' a link to the search as typed", async () => {
    const html = await page("/shop?search=samsng+tv");
    expect(html).toContain("Showing results for <strong");
    expect(html).toMatch(/Showing results for <strong[^>]*>samsung tv<\/strong>/);
    expect(html).toMatch(
      /Search instead for(?:<!-- -->| )*<a[^>]*href="\/shop\?search=samsng\+tv&amp;exact=1"[^>]*>samsng tv<\/a>/,
    );
    expect(html).toContain("Search results for “samsung tv”");
  });

  test("the search as typed (exact=1): nothing found, no correction", async () => {
    const data = await load("?search=samsng+tv&exact=1");
    expect(data.correction).toBeNull();
    expect(data.itemCount).toBe(0);
    const html = await page("/shop?search=samsng+tv&exact=1");
    expect(html).not.toContain("Showing results for");
    expect(html).toContain("No products found.");
  });

  test("a search that finds nothing offers the closest suggestions and the categories, in the server's HTML", async () => {
    const data = await load("?search=samsng+tv&exact=1");
    expect(data.emptySearch?.suggestions).toContainEqual(expect.objectContaining({ type: "brand", value: "Samsung" }));
    expect(data.emptySearch?.categories).toEqual(
      expect.arrayContaining(["Electronics", "Fashion", "Home Decor", "Televisions"]),
    );
    const html = await page("/shop?search=samsng+tv&exact=1");
    expect(html).toContain("Closest to your search");
    expect(html).toMatch(
      /<a[^>]*href="\/shop\?brand=Samsung"[^>]*><span class="sr-only">Brand(?:<!-- -->)?: <\/span>Samsung<\/a>/,
    );
    expect(html).toContain("Browse a category");
    expect(html).toMatch(/data-testid="empty-search"[\s\S]*href="\/shop\?category=Home\+Decor"/);

    // Nothing close at all: the categories still.
    const nothing = await load("?search=zzqxvkj");
    expect(nothing.itemCount).toBe(0);
    expect(nothing.emptySearch).toEqual({ suggestions: [], categories: data.emptySearch?.categories });
    const bare = await page("/shop?search=zzqxvkj");
    expect(bare).toContain("No products found.");
    expect(bare).not.toContain("Closest to your search");
    expect(bare).toContain("Browse a category");
  });

  test("an empty list without a search (filters only) says so, without suggestions", async () => {
    const data = await load("?category=Televisions&brand=Nobody");
    expect(data.itemCount).toBe(0);
    expect(data.emptySearch).toBeNull();
  });

  test("exact=1 without a search, or a search that finds enough: no message, and a clean URL", async () => {
    expect((await load("?search=samsung")).correction).toBeNull();
    await expect(load("?exact=1")).rejects.toSatisfy(
      (thrown: unknown) => thrown instanceof Response && thrown.headers.get("Location") === "/shop",
    );
    expect(await page("/shop?search=samsung")).not.toContain("Showing results for");
  });

  test("filters are kept, on both links", async () => {
    const html = await page("/shop?search=samsng&category=Televisions");
    expect(html).toMatch(/Showing results for <strong[^>]*>samsung<\/strong>/);
    expect(html).toContain('href="/shop?search=samsng&amp;exact=1&amp;category=Televisions"');
  });

  test("the header's box: a combobox only with JavaScript, a plain search form to /shop without", async () => {
    const html = await page("/");
    const input = html.match(/<input[^>]*id="site-search"[^>]*>/)?.[0] ?? "";
    expect(input).toContain('name="search"');
    expect(input).not.toContain('role="combobox"');
    expect(html).toMatch(/<form[^>]*action="\/shop"[^>]*role="search"|<form[^>]*role="search"[^>]*action="\/shop"/);
  });
});
