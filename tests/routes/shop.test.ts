import { createElement } from "react";
import { apiContext, renderPage, withheldPutBack } from "./harness";
import type { Whole } from "~/lib/platform/kept";
import type { CardProduct } from "~/lib/catalogue/catalogue";
import { beforeAll, describe, expect, test } from "vitest";
import { seedCatalogue } from "../../api/seed/catalogue";
import { samplesAsShoppersReviews } from "../support/shoppers-reviews";
import { CATALOGUE_CACHE } from "~/lib/platform/http-cache";
import { sql } from "drizzle-orm";
import { productListing } from "../../api/db/schema";
import Shop, { headers, loader, meta } from "~/routes/shop";
import { CATEGORY_BAR } from "~/components/layout/navigation";
import { createTestApi, insertProduct, type TestApi } from "../api/helpers";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
  await seedCatalogue(api.db, {});
  // The rating filter and sort need a catalogue shoppers rated: the seed's samples count in none.
  await samplesAsShoppersReviews(api.db);
});

/** An attribute's value as React escapes it (&, <, >, " and '), read back. */
const attributeText = (escaped: string) =>
  escaped.replace(
    /&(amp|lt|gt|quot|#x27);/g,
    (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'" })[name]!,
  );

type LoaderResult = Awaited<ReturnType<typeof loader>>;
type ShopData = LoaderResult["data"];

/** Runs the shop loader on a URL against the seeded API, as React Router would. */
async function load(
  query: string,
  userapp: (request: Request) => Response | Promise<Response> = (r) => api.app.fetch(r),
) {
  const context = apiContext(userapp);
  const result = (await loader({
    request: new Request(`http://localhost/shop${query}`),
    params: {},
    context,
  } as any)) as LoaderResult;
  // The filters' values and the cards' ids and titles as the server's render gets them (the
  // document's data holds their hash); each card whole again, as the page shows it.
  const whole = withheldPutBack(result.data, context) as Whole<ShopData>;
  const products: CardProduct[] = whole.products.map((card, i) => ({
    ...card,
    _id: whole.shown.ids[i],
    shortTitle: whole.shown.titles[i],
  }));
  return { data: { ...whole, products }, init: result.init, sent: result.data };
}

/** The Location of the redirect the loader throws for a URL that is not the clean one. */
async function redirectOf(query: string): Promise<string | null> {
  try {
    await load(query);
    return null;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    expect(thrown.status).toBe(302);
    return thrown.headers.get("Location");
  }
}

/** The API's own count for a query: what 'of N results' must say. */
async function countOf(query: Record<string, unknown>): Promise<number> {
  const response = await api.call("POST", "/userapp/product/count", { body: { query } });
  return response.body.data.count;
}

type ApiProduct = {
  _id: string;
  createdAt: string;
  gender: string;
  productSubType: string;
  variants: { size: string; price: { cost: number } }[];
};

/** The API's whole product behind each card: a card carries only what it shows. */
async function full(cards: { _id: string }[]): Promise<ApiProduct[]> {
  return Promise.all(
    cards.map(async ({ _id }) => (await api.call("GET", `/userapp/product/get/${_id}`)).body.data as ApiProduct),
  );
}

const lowestPrice = (p: { variants: { price: { cost: number } }[] }) =>
  Math.min(...p.variants.map((v) => v.price.cost));

describe("shop loader", () => {
  test("the plain shop: the newest 20 of the whole catalogue, and the price slider's top", async () => {
    const { data, init } = await load("");
    expect(new Headers(init?.headers ?? undefined).get("Cache-Control")).toBeNull();
    expect(data.itemCount).toBe(240);
    expect(data.pageCount).toBe(12);
    expect(data.products).toHaveLength(20);
    expect(data.params).toMatchObject({ page: 1, limit: 20, sort: "newest", category: [] });
    // The cards carry no dates (their NEW badge is decided on the server): the products' own.
    const dates = (await full(data.products)).map((p) => new Date(p.createdAt).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const all = await api.call("POST", "/userapp/product/list", { body: { options: { limit: 100, page: 1 } } });
    const rest = await Promise.all(
      [2, 3].map((page) => api.call("POST", "/userapp/product/list", { body: { options: { limit: 100, page } } })),
    );
    const every = [all, ...rest].flatMap((r) => r.body.data.data as { variants: { price: { cost: number } }[] }[]);
    const top = Math.max(...every.flatMap((p) => p.variants.map((v) => v.price.cost)));
    expect(data.ceiling).toBe(Math.ceil(top / 100) * 100);
  });

  test("filters, sort and pagination come from the URL", async () => {
    const { data } = await load("?category=Fashion&page=2&limit=24&sort=price-asc");
    const fashion = await countOf({ category: ["Fashion"] });
    expect(fashion).toBeGreaterThan(48);
    expect(data.params).toMatchObject({ category: ["Fashion"], page: 2, limit: 24, sort: "price-asc" });
    expect(data.itemCount).toBe(fashion);
    expect(data.pageCount).toBe(Math.ceil(fashion / 24));
    expect(data.products).toHaveLength(24);
    expect(data.products.every((p) => p.category === "Fashion")).toBe(true);
    const prices = (await full(data.products)).map(lowestPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // Page 2 carries on from page 1 without overlap.
    const page1 = (await load("?category=Fashion&limit=24&sort=price-asc")).data;
    expect(lowestPrice((await full([page1.products.at(-1)!]))[0])).toBeLessThanOrEqual(prices[0]);
    const ids = new Set(page1.products.map((p) => p._id));
    expect(data.products.some((p) => ids.has(p._id))).toBe(false);
  });

  test("list filters combine: several values of one filter widen, different filters narrow", async () => {
    const { data } = await load("?brand=Nike&brand=Puma&gender=men&sort=price-desc&limit=32");
    expect(data.itemCount).toBe(await countOf({ brand: ["Nike", "Puma"], gender: "men" }));
    expect(data.itemCount).toBeGreaterThan(0);
    expect(data.products.every((p) => ["Nike", "Puma"].includes(p.brand))).toBe(true);
    const products = await full(data.products);
    expect(products.every((p) => p.gender === "men")).toBe(true);
    const prices = products.map(lowestPrice);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    const sized = await load("?size=Free+Size&productSubType=Watches");
    expect(sized.data.itemCount).toBe(await countOf({ size: ["Free Size"], productSubType: ["Watches"] }));
    expect(sized.data.itemCount).toBeGreaterThan(0);
    expect(
      (await full(sized.data.products)).every(
        (p) => p.productSubType === "Watches" && p.variants.some((v) => v.size === "Free Size"),
      ),
    ).toBe(true);
  });

  test("the filters list what the catalogue holds, every subcategory the navigation shows among them", async () => {
    const { data } = await load("");
    const held = await api.call("GET", "/userapp/product/filters");
    expect(data.options).toEqual(held.body.data);
    for (const entry of CATEGORY_BAR) {
      expect(data.options.category).toContain(entry.category.label);
      for (const sub of entry.subCategories) expect(data.options.subCategory).toContain(sub.label);
    }
    // One size vocabulary, in shop order; none of the spec's sample sizes the catalogue does not sell.
    expect(data.options.size.slice(0, 5)).toEqual(["S", "M", "L", "XL", "XXL"]);
    expect(data.options.size.at(-1)).toBe("Free Size");
    for (const sample of ["free", "small", "x-large", "XXXXL"]) expect(data.options.size).not.toContain(sample);

    const page = await renderPage("/shop", createElement(Shop, { loaderData: data } as never));
    for (const value of ["Lighting", "Furnishings", "Free Size", "UK 9", "32 inch"]) {
      expect(page).toContain(`value="${value}"`);
    }
    expect(page).not.toContain('value="x-large"');
    // A value the URL selects that the catalogue lacks still shows, ticked, so it can be cleared.
    const odd = await load("?size=XXXXL");
    const oddPage = await renderPage("/shop?size=XXXXL", createElement(Shop, { loaderData: odd.data } as never));
    expect(oddPage).toMatch(/name="size"[^>]* checked=""[^>]* value="XXXXL"/);

    // Without the API's answer the panel still shows what the URL selects, and no cache keeps it.
    const failing = (request: Request) =>
      new URL(request.url).pathname.endsWith("/product/filters")
        ? new Response(JSON.stringify({ status: "SERVER_ERROR", message: "Internal server error", data: null }), {
            status: 500,
          })
        : api.app.fetch(request);
    const bare = await load("?brand=Nike", failing);
    expect(bare.data.options.brand).toEqual([]);
    expect(bare.data.itemCount).toBeGreaterThan(0);
    expect(new Headers(bare.init?.headers ?? undefined).get("Cache-Control")).toBe("no-store");
  });

  test("the filters' values are their hash alone in the document's data, whose panel shows every one, and whole for a client navigation", async () => {
    const { data, sent } = await load("?size=XXXXL");
    expect(sent.options).toEqual({ withheld: expect.any(String) });
    // The server renders the panel from the whole values, which the browser reads back from it
    // (filters-panel.tsx): each catalogue value once, and a value only the URL selects marked.
    const html = await renderPage("/shop?size=XXXXL", createElement(Shop, { loaderData: data } as never));
    for (const [key, values] of Object.entries(data.options)) {
      const shown = [...html.matchAll(new RegExp(`<input type="checkbox" name="${key}"[^>]*>`, "g"))].map((m) => m[0]);
      expect(
        shown
          .filter((input) => !input.includes("data-extra"))
          .map((input) => attributeText(/value="([^"]*)"/.exec(input)![1])),
      ).toEqual(values);
    }
    expect(html).toMatch(/name="size"[^>]* data-extra=""[^>]* value="XXXXL"/);
    // A client navigation (or a revalidation) asks for `/shop.data`: the values themselves.
    const context = apiContext((request) => api.app.fetch(request));
    const navigation = (await loader({
      request: new Request("http://localhost/shop.data?size=XXXXL"),
      params: {},
      context,
    } as any)) as LoaderResult;
    expect((navigation.data as ShopData).options).toEqual(data.options);
  });

  test("the cards' ids and titles are their hash alone in the document's data, whose cards show each one, in order, and whole for a client navigation", async () => {
    const { data, sent } = await load("");
    expect(sent.shown).toEqual({ withheld: expect.any(String) });
    expect(sent.products.every((card) => !("shortTitle" in card) && !("_id" in card))).toBe(true);
    expect(data.shown.titles).toHaveLength(20);
    // The browser reads them back from the cards (shop.tsx, sentCards), as the server rendered them.
    const html = await renderPage("/shop", createElement(Shop, { loaderData: data } as never));
    const cards = [
      ...html.matchAll(/data-product-card="([^"]*)"[\s\S]*?<h3 class="card-title"><a [^>]*>([^<]*)<\/a><\/h3>/g),
    ];
    expect(cards.map((m) => m[1])).toEqual(data.shown.ids);
    expect(cards.map((m) => attributeText(m[2]))).toEqual(data.shown.titles);
    const { body } = await api.call("POST", "/userapp/product/list", {
      body: { query: {}, options: { page: 1, limit: 20, sort: { createdAt: -1 } } },
    });
    const listed: { _id: string; title: { shortTitle: string } }[] = body.data.data;
    expect(data.shown).toEqual({
      ids: listed.map((product) => product._id),
      titles: listed.map((product) => product.title.shortTitle),
    });
    const navigation = (await loader({
      request: new Request("http://localhost/shop.data"),
      params: {},
      context: apiContext((request) => api.app.fetch(request)),
    } as any)) as LoaderResult;
    expect((navigation.data as ShopData).shown).toEqual(data.shown);
  });

  test("the price range filters on the selling price", async () => {
    const { data } = await load("?minPrice=1000&maxPrice=3000&limit=32");
    expect(data.params).toMatchObject({ minPrice: 1000, maxPrice: 3000 });
    expect(data.itemCount).toBe(await countOf({ priceRange: { min: 1000, max: 3000 } }));
    expect(data.itemCount).toBeGreaterThan(0);
    for (const product of await full(data.products)) {
      expect(product.variants.some((v) => v.price.cost >= 1000 && v.price.cost <= 3000)).toBe(true);
    }
  });

  test("a search finds matching products; nonsense finds none", async () => {
    const found = await load("?search=headphones");
    expect(found.data.itemCount).toBe(await countOf({ search: "headphones" }));
    expect(found.data.itemCount).toBeGreaterThan(0);

    const none = await load("?search=zzqxv-no-such-thing");
    expect(none.data.itemCount).toBe(0);
    expect(none.data.products).toEqual([]);
    expect(none.data.params.search).toBe("zzqxv-no-such-thing");
  });

  test("bad values, defaults and blank fields redirect to the one clean URL, never an error", async () => {
    expect(await redirectOf("?page=abc&limit=7&sort=foo&minPrice=-5&gender=robots&maxPrice=lots")).toBe("/shop");
    expect(await redirectOf("?minPrice=3000&maxPrice=1000")).toBe("/shop?minPrice=1000&maxPrice=3000");
    expect(await redirectOf("?maxPrice=99999999&category=Fashion")).toBe("/shop?category=Fashion");
    // What the filter form sends without JavaScript: every field, defaults included.
    const { data } = await load("");
    const form = `?search=&category=Fashion&gender=&minPrice=200&maxPrice=${data.ceiling}&sort=newest&limit=20`;
    expect(await redirectOf(form)).toBe("/shop?category=Fashion");
    // Keys the shop does not read (a campaign tag) are kept.
    expect(await redirectOf("?utm_source=mail&page=1")).toBe("/shop?utm_source=mail");
    // The clean URL loads as is, whatever the spelling of its spaces.
    expect((await load("?category=Home%20Decor&utm_source=mail")).data.params.category).toEqual(["Home Decor"]);
  });

  test('"4★ & above" is in the URL, narrows the list to products rated 4.0 or more, and keeps the other filters', async () => {
    const { data } = await load("?minRating=4&sort=rating");
    expect(data.params).toMatchObject({ minRating: 4, sort: "rating" });
    expect(data.itemCount).toBe(await countOf({ minRating: 4 }));
    expect(data.itemCount).toBeGreaterThan(0);
    expect(data.itemCount).toBeLessThan(await countOf({}));
    for (const card of data.products) expect(Math.round(card.ratingValue! * 10)).toBeGreaterThanOrEqual(40);

    const fashion = await load("?category=Fashion&minRating=4");
    expect(fashion.data.itemCount).toBe(await countOf({ category: ["Fashion"], minRating: 4 }));
    expect(fashion.data.itemCount).toBeLessThan(await countOf({ category: ["Fashion"] }));
    // What the form sends without JavaScript with the box ticked, and values the filter does not offer.
    expect(await redirectOf("?search=&category=Fashion&minRating=4&gender=&sort=newest&limit=20")).toBe(
      "/shop?category=Fashion&minRating=4",
    );
    expect(await redirectOf("?minRating=3")).toBe("/shop");
    expect(await redirectOf("?minRating=4.0")).toBe("/shop?minRating=4");

    // The filter panel's checkbox, which the form submits without JavaScript and applies at once with it.
    const box = /<input type="checkbox" name="minRating" class="rounded"( checked="")? value="4"\/>/;
    const ticked = await renderPage("/shop?minRating=4", createElement(Shop, { loaderData: data } as never));
    expect(ticked).toContain("4★ &amp; above");
    expect(box.exec(ticked)?.[1]).toBe(' checked=""');
    const plain = await renderPage("/shop", createElement(Shop, { loaderData: (await load("")).data } as never));
    expect(box.exec(plain)?.[1]).toBeUndefined();
    expect(box.test(plain)).toBe(true);
  });

  test("a page past the end redirects to the last page", async () => {
    const televisions = await countOf({ category: ["Televisions"] });
    const last = Math.ceil(televisions / 20);
    expect(await redirectOf("?category=Televisions&page=999")).toBe(
      `/shop?category=Televisions${last > 1 ? `&page=${last}` : ""}`,
    );
    const { data } = await load(`?category=Televisions${last > 1 ? `&page=${last}` : ""}`);
    expect(data.products.length).toBe(televisions - (last - 1) * 20);
  });

  test("a failed API call shows an empty shop that no cache keeps", async () => {
    const failing = () =>
      new Response(JSON.stringify({ status: "SERVER_ERROR", message: "Internal server error", data: null }), {
        status: 500,
      });
    const { data, init } = await load("?category=Fashion", failing);
    expect(data.products).toEqual([]);
    expect(data.itemCount).toBe(0);
    expect(data.params.category).toEqual(["Fashion"]);
    expect(new Headers(init?.headers ?? undefined).get("Cache-Control")).toBe("no-store");
    expect(headers({ loaderHeaders: new Headers(init?.headers ?? undefined) } as any)["Cache-Control"]).toBe(
      "no-store",
    );

    const unreachable = () => Promise.reject(new Error("connection refused"));
    expect((await load("", unreachable)).data.products).toEqual([]);
  });

  test("a search the API gave up on in time (503): its message on the page, not an error page", async () => {
    const slow = await createTestApi({ searchStatementTimeoutMs: 200 });
    await insertProduct(slow.db, { shortTitle: "Gadget qx01" });
    // The listing locked by a writer: the list's statement waits until the timeout cancels it.
    const { data, init } = await slow.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${productListing} in access exclusive mode`);
      return load("?search=gadget+qx01", (r) => slow.app.fetch(r));
    });
    expect(data.notice).toMatch(/too busy to answer this search/);
    expect(data.products).toEqual([]);
    expect(init?.status).toBe(503);
    expect(new Headers(init?.headers ?? undefined).get("Cache-Control")).toBe("no-store");
  });

  test("the shop is cached as a catalogue page", () => {
    expect(headers({ loaderHeaders: new Headers() } as any)["Cache-Control"]).toBe(CATALOGUE_CACHE);
  });

  test("meta: a title for the search or category, a canonical URL without sort and page size", async () => {
    const { data } = await load("?category=Fashion&sort=rating&limit=28&page=2");
    const tags = meta({ data, loaderData: data, matches: [], params: {}, location: {} } as any);
    expect(tags).toContainEqual({ title: "Fashion | Mart" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "/shop?category=Fashion&page=2" });

    const searched = (await load("?search=lamp")).data;
    expect(meta({ data: searched, loaderData: searched, matches: [] } as any)).toContainEqual({
      title: "Search results for “lamp” | Mart",
    });
  });
});
