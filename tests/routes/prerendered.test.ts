import { createElement as h, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HOME_PARTS } from "../../app/components/home/home-parts";
import { LAYOUT_PARTS } from "../../app/components/layout/parts";
import { CATEGORY_BAR, CATEGORY_MENUS } from "../../app/components/layout/navigation";
import { prerenderer } from "../../app/lib/platform/prerender.server";
import { Prerendered, PrerenderContext } from "../../app/lib/platform/prerendered";
import { createTestApi, insertProduct } from "../api/helpers";
import { createTestSite } from "./site-harness";

// Parts that depend on nothing but the code, rendered once per process (app/lib/platform/prerendered.tsx).
// That they stay whole once the browser has hydrated is tests/e2e/layout.spec.ts's.

/** A part like the menus: links, adjacent texts React separates, an apostrophe and an ampersand. */
function Menu({ label }: { label: string }) {
  return h(
    Fragment,
    null,
    h("a", { href: `/shop?category=${label}&sort=newest` }, "All ", label),
    h("ul", null, h("li", null, h("a", { href: "/x" }, "Men's"))),
  );
}
/** The parts by name; in the browser they load lazily, here nothing is ever loaded. */
const parts = { "test:Fashion": () => h(Menu, { label: "Fashion" }), "test:TV": () => h(Menu, { label: "TV" }) };
const load = () => Promise.reject(new Error("a test loads no parts"));
const part = (label: string) => h(Prerendered, { as: "li", className: "menu static", part: `test:${label}`, load });

describe("a prerendered part", () => {
  it("is the part's markup in its element", () => {
    const prerendered = renderToString(
      h(PrerenderContext.Provider, { value: prerenderer({ parts, remember: true }) }, h("ul", null, part("Fashion"))),
    );
    expect(prerendered).toBe(
      '<ul><li class="menu static" data-prerendered="test:Fashion"><a href="/shop?category=Fashion&amp;sort=newest">' +
        'All <!-- -->Fashion</a><ul><li><a href="/x">Men&#x27;s</a></li></ul></li></ul>',
    );
  });

  it("is rendered once per process when remembered, and every time when not", () => {
    for (const [remember, renders] of [
      [true, 1],
      [false, 3],
    ] as const) {
      let calls = 0;
      const counted = { "test:TV": () => (calls++, h(Menu, { label: "TV" })) };
      const provider = h(PrerenderContext.Provider, { value: prerenderer({ parts: counted, remember }) }, part("TV"));
      const pages = [1, 2, 3].map(() => renderToString(h("ul", null, provider)));
      expect(new Set(pages).size).toBe(1);
      expect(calls).toBe(renders);
    }
  });
});

const api = await createTestApi();
await insertProduct(api.db);
const site = await createTestSite({ api });

describe("the header's category menus", () => {
  it("come prerendered in every page, for wide screens and phones, with every entry", async () => {
    const html = await (await site.fetch(new Request("http://shop.test/shop"))).text();
    // Each part's markup runs to the next part (the last to the header's end).
    const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
    const starts = [...header.matchAll(/ data-prerendered="([^"]+)">/g)];
    const parts = starts.map((match, i) => [match[1], header.slice(match.index, starts[i + 1]?.index)]);
    const names = parts.map(([name]) => name);
    expect(names.sort()).toEqual(
      CATEGORY_MENUS.flatMap((menu) => [`header-menu:${menu.label}`, `mobile-menu:${menu.label}`]).sort(),
    );
    const markupOf = (name: string) => parts.find(([part]) => part === name)?.[1] ?? "";
    const linksTo = (markup: string, href: string) => markup.includes(`href="${href.replaceAll("&", "&amp;")}"`);
    for (const menu of CATEGORY_MENUS) {
      const columns = menu.groups.flatMap((group) =>
        group.columns.flatMap((column) => [column.heading.href, ...column.links.map((link) => link.href)]),
      );
      // On wide screens a group's title (Men's, Women's) is a link too; on phones it opens the group.
      const titles = menu.groups.flatMap((group) => (group.title ? [group.title.href] : []));
      for (const href of [menu.href, ...columns, ...titles]) {
        expect(linksTo(markupOf(`header-menu:${menu.label}`), href), href).toBe(true);
      }
      for (const href of [menu.href, ...columns]) {
        expect(linksTo(markupOf(`mobile-menu:${menu.label}`), href), href).toBe(true);
      }
    }
  });
});

describe("the layout's other parts", () => {
  it("come prerendered in every page, each a part the server knows, the menus' code not in the page's", async () => {
    const html = await (await site.fetch(new Request("http://shop.test/shop"))).text();
    const names = [...html.matchAll(/ data-prerendered="([^"]+)"/g)].map((match) => match[1]);
    expect(names).toEqual(expect.arrayContaining(["icon-sprite", "category-bar", "footer-categories"]));
    for (const name of names) expect(Object.keys(LAYOUT_PARTS)).toContain(name);
    // The sprite's symbols, the bar's subcategories and the footer's categories are in the markup.
    expect(html).toMatch(
      /<svg aria-hidden="true" width="0" height="0" class="absolute" data-prerendered="icon-sprite"><symbol id="i-search"/,
    );
    for (const entry of CATEGORY_BAR) {
      for (const link of [entry.category, ...entry.subCategories]) expect(html).toContain(`>${link.label}</a>`);
    }
    const footer = html.slice(html.indexOf('data-prerendered="footer-categories"'));
    for (const menu of CATEGORY_MENUS) expect(footer).toContain(`href="${menu.href.replaceAll("&", "&amp;")}"`);
  });
});

describe("home's parts", () => {
  it("are the hero slides' art, each in its slide's art box, named in slide order", async () => {
    const html = await (await site.fetch(new Request("http://shop.test/"))).text();
    const art = [...html.matchAll(/data-prerendered="(hero-art:\d)"><svg viewBox="0 0 320 240"/g)].map((m) => m[1]);
    expect(art).toEqual(["hero-art:0", "hero-art:1", "hero-art:2"]);
    for (const name of art) expect(Object.keys(HOME_PARTS)).toContain(name);
  });
});
