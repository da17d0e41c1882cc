import { beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "../../api/seed/catalogue";
import { CATEGORY_BAR, CATEGORY_MENUS } from "../../app/components/layout/navigation";
import { type Product, productPath } from "../../app/lib/catalogue/catalogue";
import { EMPTY_CART } from "../../app/lib/page/root-data";
import { loader as rootLoader } from "../../app/root";
import { loader as notFoundLoader } from "../../app/routes/not-found";
import { DISALLOWED_PATHS, loader as robotsLoader } from "../../app/routes/robots.txt";
import { loader as sitemapLoader } from "../../app/routes/sitemap.xml";
import { storefrontContext } from "../../app/lib/platform/load-context";
import { createTestApi, type TestApi } from "../api/helpers";

type Userapp = (request: Request) => Response | Promise<Response>;

let api: TestApi;
/** Every product of the seeded catalogue, read straight from the API. */
let catalogue: Product[];

/** A route module's loader called as React Router calls it: a real Request and our load context. */
function call<T extends (args: never) => unknown>(loader: T, url: string, userapp: Userapp): ReturnType<T> {
  const args = {
    request: new Request(url),
    params: {},
    context: storefrontContext(userapp, { cspNonce: "test-nonce" }),
  };
  return loader(args as never) as ReturnType<T>;
}

/** The real API, counting the calls made to it. */
function countingApi() {
  const calls: { path: string; body: unknown }[] = [];
  const userapp: Userapp = async (request) => {
    const body = request.method === "POST" ? await request.clone().json() : undefined;
    calls.push({ path: new URL(request.url).pathname, body });
    return api.app.fetch(request);
  };
  return { calls, userapp };
}

beforeAll(async () => {
  api = await createTestApi();
  await seedCatalogue(api.db, {});
  catalogue = [];
  for (let page = 1; ; page++) {
    const { body } = await api.call("POST", "/userapp/product/list", { body: { options: { page, limit: 100 } } });
    catalogue.push(...body.data.data);
    if (!body.data.paginator.hasNextPage) break;
  }
});

describe("root loader", () => {
  it("answers the guest's RootData and the public origin without calling the API", async () => {
    const { calls, userapp } = countingApi();
    const { data } = await call(rootLoader, "http://shop.test/shop?search=tv", userapp);
    expect(data).toEqual({
      user: null,
      cart: EMPTY_CART,
      wishlistIds: [],
      compareIds: [],
      supportEmail: "support@example.com",
      toast: null,
      origin: "http://shop.test",
    });
    expect(calls).toEqual([]);
  });
});

describe("not-found route", () => {
  it("answers a real 404 status", () => {
    const result = notFoundLoader();
    expect(result.init?.status).toBe(404);
  });
});

describe("/sitemap.xml", () => {
  it("lists the home page, the shop, each category and every product's canonical URL", async () => {
    const { calls, userapp } = countingApi();
    const response = await call(sitemapLoader, "http://shop.test/sitemap.xml", userapp);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=3600/);

    const xml = await response.text();
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replaceAll("&amp;", "&"));

    expect(catalogue).toHaveLength(240);
    const expected = [
      "http://shop.test/",
      "http://shop.test/shop",
      ...CATEGORY_MENUS.map((menu) => `http://shop.test${menu.href}`),
      ...catalogue.map((product) => `http://shop.test${productPath(product)}`),
    ];
    expect(locs.slice(0, 6)).toEqual(expected.slice(0, 6));
    expect(new Set(locs)).toEqual(new Set(expected));
    expect(locs).toHaveLength(expected.length);
    expect(locs).toContain("http://shop.test/shop?category=Home+Decor");

    // Paged through the list 100 at a time: 240 products in three calls.
    expect(calls.map((c) => c.path)).toEqual(Array(3).fill("/userapp/product/list"));
    expect(calls.map((c) => (c.body as { options: { page: number; limit: number } }).options)).toMatchObject([
      { page: 1, limit: 100 },
      { page: 2, limit: 100 },
      { page: 3, limit: 100 },
    ]);
  });

  it("escapes URLs for XML", async () => {
    const xml = await (await call(sitemapLoader, "http://shop.test/sitemap.xml", (r) => api.app.fetch(r))).text();
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("answers 503 rather than a partial sitemap when the API fails", async () => {
    let n = 0;
    const failingSecondPage: Userapp = (request) =>
      ++n === 2
        ? Response.json({ status: "SERVER_ERROR", message: "Internal server error", data: null }, { status: 500 })
        : api.app.fetch(request);
    const response = await call(sitemapLoader, "http://shop.test/sitemap.xml", failingSecondPage);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("300");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("/robots.txt", () => {
  it("allows the catalogue, keeps crawlers out of personal pages and names the sitemap", async () => {
    const response = await call(robotsLoader, "http://shop.test/robots.txt", (r) => api.app.fetch(r));
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    const lines = (await response.text()).split("\n");
    expect(lines.slice(0, 2)).toEqual(["User-agent: *", "Allow: /"]);
    for (const path of ["/userapp/", "/resources/", "/myaccount", "/checkout", "/mycart"]) {
      expect(DISALLOWED_PATHS).toContain(path);
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain("Sitemap: http://shop.test/sitemap.xml");
  });
});

describe("header menus", () => {
  it("lead every entry to a /shop filter that finds products in the seeded catalogue", async () => {
    const hrefs = new Set<string>([
      ...CATEGORY_MENUS.flatMap((menu) => [
        menu.href,
        ...menu.groups.flatMap((group) => [
          ...(group.title ? [group.title.href] : []),
          ...group.columns.flatMap((column) => [column.heading.href, ...column.links.map((entry) => entry.href)]),
        ]),
      ]),
      ...CATEGORY_BAR.flatMap((entry) => [entry.category.href, ...entry.subCategories.map((sub) => sub.href)]),
    ]);
    for (const href of hrefs) {
      const params = new URL(href, "http://shop.test").searchParams;
      const query = {
        category: params.getAll("category"),
        subCategory: params.getAll("subCategory"),
        productSubType: params.getAll("productSubType"),
        brand: params.getAll("brand"),
        gender: params.get("gender"),
      };
      const { body } = await api.call("POST", "/userapp/product/list", { body: { query, options: { limit: 1 } } });
      expect(body.data.paginator.itemCount, href).toBeGreaterThan(0);
    }
  });
});
