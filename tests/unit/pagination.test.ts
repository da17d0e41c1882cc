import { describe, expect, test } from "vitest";
import { paginationItems } from "~/components/shop/pagination-model";

/** The model as the shopper reads it: "1 2 … 10". */
function shown(current: number, total: number): string {
  return paginationItems(current, total)
    .map((item) => (item.kind === "gap" ? "…" : String(item.page)))
    .join(" ");
}

describe("paginationItems", () => {
  test("is hidden for one page or fewer", () => {
    expect(paginationItems(1, 0)).toEqual([]);
    expect(paginationItems(1, 1)).toEqual([]);
  });

  test("shows every page when there are few", () => {
    expect(shown(1, 2)).toBe("1 2");
    expect(shown(2, 3)).toBe("1 2 3");
    expect(shown(3, 5)).toBe("1 2 3 4 5");
  });

  test("keeps the first and last pages and the current page's neighbours, with gaps between", () => {
    expect(shown(1, 10)).toBe("1 2 … 10");
    expect(shown(5, 10)).toBe("1 … 4 5 6 … 10");
    expect(shown(10, 10)).toBe("1 … 9 10");
    expect(shown(6, 12)).toBe("1 … 5 6 7 … 12");
  });

  test("a gap of a single page shows that page instead of an ellipsis", () => {
    expect(shown(3, 10)).toBe("1 2 3 4 … 10");
    expect(shown(4, 10)).toBe("1 2 3 4 5 … 10");
    expect(shown(7, 10)).toBe("1 … 6 7 8 9 10");
    expect(shown(4, 7)).toBe("1 2 3 4 5 6 7");
  });

  test("a current page out of range is treated as the nearest end", () => {
    expect(shown(0, 10)).toBe("1 2 … 10");
    expect(shown(99, 10)).toBe("1 … 9 10");
  });

  test("gaps have distinct keys and pages are never repeated", () => {
    for (let total = 2; total <= 30; total++) {
      for (let current = 1; current <= total; current++) {
        const items = paginationItems(current, total);
        const pages = items.flatMap((item) => (item.kind === "page" ? [item.page] : []));
        expect(new Set(pages).size).toBe(pages.length);
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
        for (const p of [current - 1, current, current + 1]) if (p >= 1 && p <= total) expect(pages).toContain(p);
        const keys = items.flatMap((item) => (item.kind === "gap" ? [item.key] : []));
        expect(new Set(keys).size).toBe(keys.length);
        // Never two gaps in a row, never a gap hiding just one page.
        items.forEach((item, i) => {
          if (item.kind !== "gap") return;
          const before = items[i - 1];
          const after = items[i + 1];
          expect(before?.kind).toBe("page");
          expect(after?.kind).toBe("page");
          if (before?.kind === "page" && after?.kind === "page") expect(after.page - before.page).toBeGreaterThan(2);
        });
      }
    }
  });
});

// The shop's pagination (a kept part) builds its links from the first page's href alone, without
// shop-params: each must be the canonical href shopHref gives for that page.
describe("ShopPagination's links", () => {
  test("are shopHref of each page, with filters, a search and the plain shop", async () => {
    const { createElement } = await import("react");
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { ShopPagination } = await import("~/components/shop/pagination-part");
    const { DEFAULT_PARAMS, shopHref, withPage } = await import("~/lib/catalogue/shop-params");
    const cases = [
      DEFAULT_PARAMS,
      { ...DEFAULT_PARAMS, category: ["Home Decor"], sort: "price-asc" as const, limit: 24, minPrice: 500 },
      { ...DEFAULT_PARAMS, search: "tv & audio", exact: true, page: 4 },
    ];
    for (const params of cases) {
      const html = renderToStaticMarkup(
        createElement(ShopPagination, { href: shopHref(withPage(params, 1)), page: params.page, pageCount: 9 }),
      );
      const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));
      expect(hrefs.length).toBeGreaterThanOrEqual(3);
      for (const href of hrefs) {
        const page = Number(new URL(href, "http://shop.invalid").searchParams.get("page") ?? 1);
        expect(href).toBe(shopHref(withPage(params, page)));
      }
    }
  });
});
