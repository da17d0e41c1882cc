import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { productPath } from "../../../app/lib/catalogue/catalogue";

// Shared by the wishlist and compare specs: catalogue products, toasts, and a check that a
// form post was handled by JavaScript (no page load) or by the browser (JavaScript off).

export type ListProduct = {
  _id: string;
  category: string;
  title: { shortTitle: string; longTitle: string };
  variants: { size: string; quantity: number }[];
};

export const jsOn = () => !test.info().project.name.includes("nojs");

/** The product page's canonical path, as the storefront itself builds it. */
export const productPathOf = (p: ListProduct) => productPath(p);

/** The first page of /shop (newest first, 20 a page), as the API lists it. */
export async function shopPage(request: APIRequestContext): Promise<ListProduct[]> {
  const response = await request.post("/userapp/product/list", {
    data: { query: {}, options: { page: 1, limit: 20, sort: { createdAt: -1 } } },
  });
  return (await response.json()).data.data;
}

/** The wishlist's 'Add to cart' adds the default size (M, else the first): these can be added. */
export const defaultSizeInStock = (p: ListProduct) =>
  (p.variants.find((v) => v.size === "M") ?? p.variants[0])?.quantity > 0;

export const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
export const errorToast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

/**
 * Waits until React has hydrated the page (with JavaScript on), so clicks go through the router.
 * React marks the elements it hydrates while it renders, before its effects (the listeners that
 * route app links and open Quick View) run; on a storefront page the header's search box becomes
 * a combobox in the render after them, so that is waited for as well where there is one.
 */
export async function ready(page: Page) {
  if (!jsOn()) return;
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    const search = document.getElementById("site-search");
    return (
      !!main &&
      Object.keys(main).some((key) => key.startsWith("__reactFiber")) &&
      (search === null || search.getAttribute("role") === "combobox")
    );
  });
}

/**
 * Marks the loaded document; `expectSameDocument` then says whether a post was handled in place
 * (JavaScript on: fetcher or router form) or by a full page load (JavaScript off).
 */
export async function markDocument(page: Page) {
  if (jsOn()) await page.evaluate(() => ((window as unknown as { __listsMark: number }).__listsMark = 1));
}

export async function expectSameDocument(page: Page) {
  if (!jsOn()) return;
  expect(await page.evaluate(() => (window as unknown as { __listsMark?: number }).__listsMark)).toBe(1);
}

/** A form post with the browser's own session (and the site's Origin), without a page: quick set-up. */
export async function postForm(page: Page, path: string, form: Record<string, string>) {
  const response = await page.request.post(path, {
    form,
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}
