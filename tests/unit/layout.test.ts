import { describe, expect, it } from "vitest";
import { CATEGORY_LABELS } from "../../app/components/layout/menu-names";
import { HOME_PARTS } from "../../app/components/home/home-parts";
import { POPULAR_CATEGORIES } from "../../app/components/home/popular-categories";
import { TILES } from "../../app/components/home/popular-category-tile";
import { CATEGORY_BAR, CATEGORY_MENUS, shopHref } from "../../app/components/layout/navigation";
import { readStorefrontConfig } from "../../app/lib/platform/config.server";
import { accountHref, shopperLinks, shortcutName } from "../../app/components/layout/shopper-links";
import { SHOP_NAME, absoluteUrl, seo } from "../../app/lib/page/seo";
import { EMPTY_CART, type RootData } from "../../app/lib/page/root-data";

const args = (origin: unknown) => ({
  matches: [
    { id: "root", loaderData: { origin } },
    { id: "routes/shop", loaderData: {} },
  ],
});

describe("seo", () => {
  it("builds title, description, canonical link, Open Graph and Twitter tags on the public origin", () => {
    const tags = seo(args("https://mart.example.in"), {
      title: "Shop",
      description: "Every product.",
      path: "/shop?category=Fashion",
      image: "/media/art/shirt.svg",
    });
    expect(tags).toEqual([
      { title: `Shop | ${SHOP_NAME}` },
      { name: "description", content: "Every product." },
      { tagName: "link", rel: "canonical", href: "https://mart.example.in/shop?category=Fashion" },
      { property: "og:site_name", content: SHOP_NAME },
      { property: "og:type", content: "website" },
      { property: "og:title", content: "Shop" },
      { property: "og:description", content: "Every product." },
      { property: "og:url", content: "https://mart.example.in/shop?category=Fashion" },
      { property: "og:locale", content: "en_IN" },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: "Shop" },
      { name: "twitter:description", content: "Every product." },
      { property: "og:image", content: "https://mart.example.in/media/art/shirt.svg" },
      { name: "twitter:image", content: "https://mart.example.in/media/art/shirt.svg" },
    ]);
  });

  it("takes the Open Graph type, and keeps the shop name alone as a title", () => {
    const tags = seo(args("http://shop.test"), { title: SHOP_NAME, description: "d", path: "/", type: "product" });
    expect(tags).toContainEqual({ title: SHOP_NAME });
    expect(tags).toContainEqual({ property: "og:type", content: "product" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary" });
  });

  it("stays relative without meta args or root data (an error render)", () => {
    expect(seo({ title: "T", description: "d", path: "/shop" })).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "/shop",
    });
    expect(seo({ matches: [] }, { title: "T", description: "d", path: "/shop" })).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "/shop",
    });
    expect(seo(args(undefined), { title: "T", description: "d", path: "shop" })).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "/shop",
    });
  });

  it("leaves absolute image URLs as they are", () => {
    expect(absoluteUrl("https://a.in/", "https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
    expect(absoluteUrl("https://a.in/", "/x")).toBe("https://a.in/x");
  });
});

describe("readStorefrontConfig", () => {
  it("defaults: the request's origin and a reserved example support address", () => {
    expect(readStorefrontConfig({})).toMatchObject({ publicOrigin: null, supportEmail: "support@example.com" });
    expect(readStorefrontConfig({ PUBLIC_ORIGIN: "", SUPPORT_EMAIL: " " })).toMatchObject({
      publicOrigin: null,
      supportEmail: "support@example.com",
    });
  });

  it("reads PUBLIC_ORIGIN as an origin and derives the support address from its domain", () => {
    expect(readStorefrontConfig({ PUBLIC_ORIGIN: "https://www.mart.example.in/some/path" })).toMatchObject({
      publicOrigin: "https://www.mart.example.in",
      supportEmail: "support@mart.example.in",
    });
    expect(readStorefrontConfig({ PUBLIC_ORIGIN: "http://127.0.0.1:3000" }).supportEmail).toBe("support@example.com");
  });

  it("takes SUPPORT_EMAIL as given", () => {
    expect(readStorefrontConfig({ SUPPORT_EMAIL: "help@mart.in" }).supportEmail).toBe("help@mart.in");
  });

  it("refuses malformed values with a readable message", () => {
    expect(() => readStorefrontConfig({ PUBLIC_ORIGIN: "mart.in" })).toThrow(/PUBLIC_ORIGIN must be an http\(s\) URL/);
    expect(() => readStorefrontConfig({ PUBLIC_ORIGIN: "ftp://mart.in" })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => readStorefrontConfig({ SUPPORT_EMAIL: "not an email" })).toThrow(
      /SUPPORT_EMAIL must be an email address/,
    );
  });
});

describe("shopHref and the menus", () => {
  it("writes the shop page's query: repeated params for lists, + for spaces", () => {
    expect(shopHref()).toBe("/shop");
    expect(shopHref({ category: ["Fashion"], subCategory: ["Casual Wear"], gender: "men" })).toBe(
      "/shop?category=Fashion&subCategory=Casual+Wear&gender=men",
    );
    expect(shopHref({ brand: ["Sony", "JBL"], search: "tv & audio" })).toBe(
      "/shop?brand=Sony&brand=JBL&search=tv+%26+audio",
    );
  });

  it("links every menu entry to a filtered /shop", () => {
    const hrefs = CATEGORY_MENUS.flatMap((menu) => [
      menu.href,
      ...menu.groups.flatMap((group) => [
        group.title?.href ?? menu.href,
        ...group.columns.flatMap((c) => [c.heading.href, ...c.links.map((l) => l.href)]),
      ]),
    ]);
    hrefs.push(...CATEGORY_BAR.flatMap((entry) => [entry.category.href, ...entry.subCategories.map((s) => s.href)]));
    for (const href of hrefs) expect(href).toMatch(/^\/shop\?category=[^&]+/);
    expect(CATEGORY_MENUS.map((menu) => menu.label)).toEqual(["Electronics", "Fashion", "Home Decor", "Televisions"]);
    // The header names its prerendered menus by these labels (menu-names.ts, without the menus' code).
    expect(CATEGORY_MENUS.map((menu) => menu.label)).toEqual(CATEGORY_LABELS);
    const fashion = CATEGORY_MENUS[1];
    expect(fashion.groups.map((g) => g.title?.label)).toEqual(["Men's", "Women's"]);
    expect(fashion.groups[0].columns.map((c) => c.heading.label)).toEqual(["Casual Wear", "Formal Wear"]);
    expect(fashion.groups[0].columns[0].links[1]).toEqual({
      label: "Jeans",
      href: "/shop?category=Fashion&subCategory=Casual+Wear&productSubType=Jeans&gender=men",
    });
  });
});

describe("shopper links", () => {
  const guest: RootData = {
    user: null,
    cart: EMPTY_CART,
    wishlistIds: [],
    compareIds: [],
    supportEmail: "s@example.com",
    toast: null,
  };
  const shopper: RootData = {
    user: { id: "u1", name: "Asha Rao", email: "asha@example.com" },
    cart: { totalAmount: 2598, totalQuantity: 3, lines: [] },
    wishlistIds: ["p1"],
    compareIds: ["p1", "p2"],
    supportEmail: "s@example.com",
    toast: null,
  };

  it("send a guest to log in, then on to the page asked for", () => {
    expect(shopperLinks(guest)).toEqual({
      compare: { href: "/login?redirectTo=%2Fcompare", title: "Login to Compare", label: "Compare", count: 0 },
      wishlist: { href: "/login?redirectTo=%2Fwishlist", title: "Login to view Wishlist", label: "Wishlist", count: 0 },
      cart: { href: "/login?redirectTo=%2Fmycart", title: "Login to view Cart", label: "Cart", count: 0 },
    });
    expect(accountHref(guest, "/myaccount/orders")).toBe("/login?redirectTo=%2Fmyaccount%2Forders");
  });

  it("take a signed-in shopper straight there, with counts", () => {
    const links = shopperLinks(shopper);
    expect(links.compare).toMatchObject({ href: "/compare", count: 2 });
    expect(links.wishlist).toMatchObject({ href: "/wishlist", count: 1 });
    expect(links.cart).toMatchObject({ href: "/mycart", count: 3 });
    expect(accountHref(shopper, "/myaccount/orders")).toBe("/myaccount/orders");
    expect(shortcutName(links.cart)).toBe("Cart, 3 items");
    expect(shortcutName(links.wishlist)).toBe("Wishlist, 1 item");
    expect(shortcutName(shopperLinks(guest).cart)).toBe("Login to view Cart");
  });
});

describe("the header for a signed-in shopper", () => {
  it("shows their name, counts and cart total, and signs out through a POST form to /logout", async () => {
    const { createElement } = await import("react");
    const { renderToString } = await import("react-dom/server");
    const { createStaticHandler, createStaticRouter, StaticRouterProvider } = await import("react-router");
    const { SiteHeader } = await import("../../app/components/layout/site-header");
    // Its account and phone menus are kept parts (decision 055), which the server renders by name.
    const { KeptContext } = await import("../../app/lib/platform/kept");
    const { keptRenderer } = await import("../../app/lib/platform/kept.server");
    const { KEPT_PARTS } = await import("../../app/components/kept-parts");
    const root: RootData = {
      user: { id: "u1", name: "Asha Rao", email: "asha@example.com" },
      cart: { totalAmount: 259800, totalQuantity: 3, lines: [] },
      wishlistIds: ["p1"],
      compareIds: ["p1", "p2"],
      supportEmail: "help@mart.example.in",
      toast: null,
    };
    // Rendered as the server renders it: a static data router on a real Request.
    const handler = createStaticHandler([{ path: "*", element: createElement(SiteHeader, { root }) }]);
    const context = await handler.query(new Request("http://shop.test/shop?category=Fashion"));
    if (context instanceof Response) throw new Error("unexpected redirect");
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      createElement(
        KeptContext.Provider,
        { value: keptRenderer(KEPT_PARTS) },
        createElement(StaticRouterProvider, { router, context, hydrate: false }),
      ),
    );

    expect(html).toContain("Hi, Asha");
    expect(html).toContain("₹2,59,800");
    expect(html).toContain('href="/compare"');
    expect(html).toContain('href="/wishlist"');
    expect(html).toContain('href="/mycart"');
    expect(html).toContain('href="/myaccount/profile"');
    expect(html).toContain("Cart, 3 items");
    expect(html).not.toContain("/login?redirectTo");
    expect(html).toMatch(
      /<form method="post" action="\/logout"[^>]*><input type="hidden" name="redirectTo" value="\/shop\?category=Fashion"\/><button type="submit"[^>]*>Logout<\/button><\/form>/,
    );
    expect(html).toContain('href="mailto:help@mart.example.in"');
  });
});

// Home names its Popular Categories tiles by number (`category-tile:N`, prerendered parts whose
// content home-parts.tsx renders from TILES): a tile left out would never show, one too many fail the render.
describe("home's Popular Categories parts", () => {
  it("are as many as the tiles, each a link to the shop filtered by its category", () => {
    expect(POPULAR_CATEGORIES).toBe(TILES.length);
    const parts = Object.keys(HOME_PARTS).filter((name) => name.startsWith("category-tile:"));
    expect(parts).toEqual(TILES.map((_, index) => `category-tile:${index}`));
    expect(TILES.map((tile) => tile.name)).toEqual(["Electronics", "Fashion", "Home Decor", "Televisions"]);
  });
});
