import { apiContext } from "./harness";
import { beforeAll, describe, expect, it } from "vitest";
import { productJsonLd, jsonForScript } from "../../app/lib/catalogue/structured-data.server";
import type { Product } from "../../app/lib/catalogue/catalogue";
import { loader as quickViewLoader } from "../../app/routes/resources.quick-view";
import { skuOf } from "../../app/lib/catalogue/sku.server";
import { loader, shouldRevalidate } from "../../app/routes/product";
import { createTestApi, insertProduct, type TestApi } from "../api/helpers";

let api: TestApi;
let shirtId: string;
let soldOutId: string;
const shirtPath = () => `/product/fashion/classic-cotton-shirt/${shirtId}`;

type ProductLoaderArgs = Parameters<typeof loader>[0];

/** Calls the product page's loader as React Router would for `path`. */
function loadProduct(path: string, context = apiContext((request: Request) => api.app.fetch(request))) {
  const url = new URL(path, "http://shop.test");
  const splat = url.pathname.replace(/^\/product\/?/, "");
  return loader({ request: new Request(url), params: { "*": splat }, context } as unknown as ProductLoaderArgs);
}

/** The Response a loader threw (a redirect or a 404). */
async function thrown(promise: Promise<unknown>): Promise<{ status: number; location: string | null; data?: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
    const init = (error as { init?: ResponseInit; data?: unknown }).init;
    if (init) return { status: init.status ?? 200, location: null, data: (error as { data?: unknown }).data };
    throw error;
  }
  throw new Error("Expected the loader to throw");
}

beforeAll(async () => {
  api = await createTestApi();
  shirtId = await insertProduct(api.db, {
    shortTitle: "Classic Cotton Shirt!",
    longTitle: "Classic Cotton Shirt with a button-down collar",
    category: "Fashion",
    brand: "Puma",
    images: [
      { path: "/media/art/tshirt-1-0.svg" },
      { path: "/media/art/tshirt-1-1.svg" },
      { path: "/media/art/tshirt-1-2.svg" },
    ],
    ratingValue: null,
    ratingCount: null,
    variants: [
      { size: "S", quantity: 5, mrp: 1000, discount: 10 },
      { size: "M", quantity: 20, mrp: 1200, discount: 25 },
      { size: "L", quantity: 0, mrp: 1400, discount: 50 },
    ],
  });
  soldOutId = await insertProduct(api.db, {
    shortTitle: "Sold Out Lamp",
    category: "Home Decor",
    variants: [{ size: "large", quantity: 0, mrp: 2000, discount: 0 }],
  });
});

describe("product page loader", () => {
  it("answers the product on its canonical path, with the default selection", async () => {
    const context = apiContext((request: Request) => api.app.fetch(request));
    const result = await loadProduct(shirtPath(), context);
    expect(result.product._id).toBe(shirtId);
    expect(result.product.title.shortTitle).toBe("Classic Cotton Shirt!");
    // Default size: M when the product has it; no quantity in the URL; first image.
    expect(result.selection).toEqual({ size: "M", qty: null, image: 0, pin: null });
    // The search engines' data goes to the document (entry.server.tsx), on the public origin, not to the browser's data.
    expect(context.structuredData).toMatchObject({ offers: { url: `http://shop.test${shirtPath()}` } });
    expect(result).not.toHaveProperty("origin");
  });

  it("redirects a missing slug permanently to the canonical path", async () => {
    const response = await thrown(loadProduct(`/product/${shirtId}`));
    expect(response).toEqual({ status: 301, location: shirtPath() });
  });

  it("redirects wrong slugs to the canonical path and keeps the query string", async () => {
    const response = await thrown(loadProduct(`/product/x/y/${shirtId}?size=L&qty=2`));
    expect(response).toEqual({ status: 301, location: `${shirtPath()}?size=L&qty=2` });
    const trailing = await thrown(loadProduct(`${shirtPath()}/`));
    expect(trailing).toEqual({ status: 301, location: shirtPath() });
  });

  it("loads data for a client navigation (`<path>.data?_routes=…`) without redirecting to itself", async () => {
    const result = await loader({
      request: new Request(`http://shop.test${shirtPath()}.data?size=S&_routes=routes%2Fproduct`),
      params: { "*": shirtPath().replace("/product/", "") },
      context: apiContext((request: Request) => api.app.fetch(request)),
    } as unknown as ProductLoaderArgs);
    expect(result.product._id).toBe(shirtId);
    const stale = await thrown(
      loader({
        request: new Request(`http://shop.test/product/x/y/${shirtId}.data?size=S&_routes=routes%2Fproduct`),
        params: { "*": `x/y/${shirtId}` },
        context: apiContext((request: Request) => api.app.fetch(request)),
      } as unknown as ProductLoaderArgs),
    );
    expect(stale).toEqual({ status: 301, location: `${shirtPath()}?size=S` });
  });

  it("answers 404 for an unknown id", async () => {
    const response = await thrown(loadProduct("/product/fashion/anything/0123456789abcdef01234567"));
    expect(response.status).toBe(404);
  });

  it("answers 404 for a malformed or missing id, without asking the API", async () => {
    for (const path of [
      "/product/fashion/shirt/not-an-id",
      "/product/",
      `/product/x/${shirtId.toUpperCase()}`,
      "/product/x/%3Cscript%3E",
    ]) {
      const response = await thrown(loadProduct(path));
      expect(response.status, path).toBe(404);
    }
  });

  it("names each size's variant in its SKU (brand, model, product, size), one SKU per size", async () => {
    const { skus } = await loadProduct(shirtPath());
    const tail = shirtId.slice(-4).toUpperCase();
    expect(skus).toEqual({ S: `PUM-CCS-${tail}-S`, M: `PUM-CCS-${tail}-M`, L: `PUM-CCS-${tail}-L` });
    expect(
      skuOf({ _id: shirtId, brand: "Levi's", title: { shortTitle: "Levi's Men's 511 Slim Fit Jeans" } }, "32"),
    ).toBe(`LEV-511SFJ-${tail}-32`);
    const sony = { _id: shirtId, brand: "Sony", title: { shortTitle: "Sony WH-1000XM5 Wireless Headphones" } };
    expect(skuOf(sony, "Free Size")).toBe(`SON-WH1000XM5WH-${tail}-FS`);
    const frame = {
      _id: shirtId,
      brand: "American Tourister",
      title: { shortTitle: "American Tourister Executive Bag" },
    };
    expect(skuOf(frame, "30 × 40 cm")).toBe(`AT-EB-${tail}-30X40CM`);
    expect(skuOf(frame, "UK 9")).toBe(`AT-EB-${tail}-UK9`);
  });

  it("cuts the meta description to 160 characters on the server", async () => {
    expect((await loadProduct(shirtPath())).summary).toBe("A product for tests. Described for tests.");
    const long = await insertProduct(api.db, { shortTitle: "Long Story", description: "Word ".repeat(60).trim() });
    const { location } = await thrown(loadProduct(`/product/${long}`));
    const { summary } = await loadProduct(location!);
    expect(summary).toBe(`${`A product for tests. ${"Word ".repeat(60).trim()}`.slice(0, 157)}…`);
  });

  it("normalises the size, quantity and image in the query", async () => {
    expect((await loadProduct(`${shirtPath()}?size=L&qty=3&image=2`)).selection).toEqual({
      size: "L",
      qty: 3,
      image: 2,
      pin: null,
    });
    // Sizes match whatever their case; unknown sizes fall back to the default.
    expect((await loadProduct(`${shirtPath()}?size=s`)).selection.size).toBe("S");
    expect((await loadProduct(`${shirtPath()}?size=XXL`)).selection.size).toBe("M");
    // Quantities clamp to 1..10; unreadable ones are 1.
    expect((await loadProduct(`${shirtPath()}?qty=99`)).selection.qty).toBe(10);
    expect((await loadProduct(`${shirtPath()}?qty=0`)).selection.qty).toBe(1);
    expect((await loadProduct(`${shirtPath()}?qty=abc`)).selection.qty).toBe(1);
    // Images outside the gallery show the first one.
    expect((await loadProduct(`${shirtPath()}?image=7`)).selection.image).toBe(0);
    expect((await loadProduct(`${shirtPath()}?image=-1`)).selection.image).toBe(0);
  });

  it("does not reload the product when only the query changes", () => {
    const base = { currentParams: {}, nextParams: {}, defaultShouldRevalidate: true } as const;
    const url = (path: string) => new URL(path, "http://shop.test");
    const revalidate = (from: string, to: string, formMethod?: string) =>
      shouldRevalidate({ ...base, currentUrl: url(from), nextUrl: url(to), formMethod } as Parameters<
        typeof shouldRevalidate
      >[0]);
    expect(revalidate(shirtPath(), `${shirtPath()}?size=L`)).toBe(false);
    expect(revalidate(shirtPath(), `/product/home-decor/sold-out-lamp/${soldOutId}`)).toBe(true);
    expect(revalidate(shirtPath(), shirtPath(), "POST")).toBe(true);
  });
});

describe("product JSON-LD", () => {
  it("describes the chosen size's offer in INR with absolute URLs", async () => {
    const { product } = await loadProduct(shirtPath());
    const ld = productJsonLd(product, "M", "https://mart.example");
    expect(ld).toMatchObject({
      "@type": "Product",
      name: "Classic Cotton Shirt!",
      sku: `${shirtId}-M`,
      brand: { "@type": "Brand", name: "Puma" },
      image: [
        "https://mart.example/media/art/tshirt-1-0.svg",
        "https://mart.example/media/art/tshirt-1-1.svg",
        "https://mart.example/media/art/tshirt-1-2.svg",
      ],
      offers: {
        "@type": "Offer",
        priceCurrency: "INR",
        price: 900,
        availability: "https://schema.org/InStock",
        url: `https://mart.example${shirtPath()}`,
      },
    });
    // No rating of its own: the display defaults are not claimed as reviews.
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(productJsonLd(product, "L", "https://mart.example").offers.availability).toBe(
      "https://schema.org/OutOfStock",
    );
  });

  it("claims a rating only when the product has one", async () => {
    const ratedId = await insertProduct(api.db, { ratingValue: 4.5, ratingCount: 321 });
    const rated = (await api.call("GET", `/userapp/product/get/${ratedId}`)).body.data as Product;
    expect(productJsonLd(rated, "M", "")).toMatchObject({ aggregateRating: { ratingValue: 4.5, reviewCount: 321 } });
  });

  it("cannot close its script element", () => {
    expect(jsonForScript({ description: "</script><script>alert(1)</script>" })).not.toContain("<");
  });
});

describe("quick-view resource route", () => {
  type QuickViewArgs = Parameters<typeof quickViewLoader>[0];
  const quickView = (id: string) =>
    quickViewLoader({
      request: new Request(`http://shop.test/resources/quick-view/${id}`),
      params: { id },
      context: apiContext((request: Request) => api.app.fetch(request)),
    } as unknown as QuickViewArgs);

  it("answers the product as JSON", async () => {
    const response = await quickView(shirtId);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("public");
    const body = await response.json();
    expect(body.product._id).toBe(shirtId);
    expect(body.product.variants.map((v: { size: string }) => v.size)).toEqual(["S", "M", "L"]);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["0123456789abcdef01234567", "nope"]) {
      const response = await quickView(id);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ product: null });
    }
  });
});
