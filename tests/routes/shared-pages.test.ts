import { gunzipSync, gzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { users } from "../../api/db/schema";
import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../api/seed/catalogue";
import { createSharedPages, keepSharedPage, neutralRoot } from "../../app/lib/platform/shared-page.server";
import { EMPTY_CART, type RootData } from "../../app/lib/page/root-data";
import { SHOPPER_FILL } from "../../app/components/layout/shopper-parts.server";
import { createTestApi } from "../api/helpers";
import { formPost, nextCookies, signedInShopper } from "./harness";
import { createTestSite } from "./site-harness";

// A signed-in shopper's /shop is filled into one page rendered for every signed-in shopper
// (app/lib/platform/shared-page.server.tsx). Each answer must be the page React renders for that
// shopper in full: the same site with sharing off renders it so.

const SHOP = "http://shop.test";
const api = await createTestApi();
await seedCatalogue(api.db, {});
const shared = await createTestSite({ api });
const full = await createTestSite({ api, sharedPages: false });

const get = async (
  site: { fetch: (request: Request) => Response | Promise<Response> },
  path: string,
  cookie: string,
  encoding = "identity",
) => site.fetch(new Request(`${SHOP}${path}`, { headers: { cookie, "accept-encoding": encoding } }));

const PADDING = /<!-- {2,}-->/g;
const padded = (html: string) => /<!-- {2,}-->/.test(html);
/** The page without what differs per answer by design: its nonces (each answer has its own) and the padding. */
const comparable = (html: string) =>
  html
    .replaceAll(/nonce="[^"]*"/g, 'nonce=""')
    .replaceAll(PADDING, "")
    .replaceAll(/" +(?= |\/?>)/g, '"');

async function shopper(firstName: string, lists: { wished?: number[]; compared?: number[]; inCart?: number[] }) {
  const signedIn = await signedInShopper(api, { firstName, lastName: "Shopper" });
  const token = (
    await api.call("POST", "/userapp/auth/login", { body: { username: signedIn.email, password: signedIn.password } })
  ).body.data.token as string;
  const listed = (await api.call("POST", "/userapp/product/list", { body: { options: { limit: 20 } } })).body.data
    .data as { _id: string; variants: { size: string; quantity: number }[] }[];
  for (const index of lists.wished ?? [])
    await api.call("POST", "/userapp/wishlist/create", { token, body: { productId: listed[index]._id } });
  for (const index of lists.compared ?? [])
    await api.call("POST", "/userapp/compare/add", { token, body: { productId: listed[index]._id } });
  for (const index of lists.inCart ?? []) {
    const product = listed[index];
    const size = product.variants.find((v) => v.quantity > 0)!.size;
    await api.call("POST", "/userapp/cart/create", {
      token,
      body: { products: [{ productId: product._id, size, qty: 2 }] },
    });
  }
  return signedIn.cookie;
}

const meera = await shopper("Meera", { wished: [0, 2, 5], compared: [0, 1], inCart: [3, 4] });
const asha = await shopper("Asha", {});
const ravi = await shopper("Ravi", { wished: [19, 1, 2], compared: [19, 7, 8, 9] });

describe("a signed-in shopper's /shop", () => {
  it("is the page React renders for that shopper, whoever asked before", async () => {
    for (const path of ["/shop", "/shop?category=Fashion&sort=price-asc", "/shop?page=2"]) {
      for (const [name, cookie] of Object.entries({ meera, asha, ravi, meeraAgain: meera })) {
        const answer = await get(shared, path, cookie);
        expect(answer.status).toBe(200);
        const html = await answer.text();
        // Filled in, not rendered in full: the padding is there.
        expect(padded(html), `${name} on ${path}`).toBe(true);
        expect(comparable(html), `${name} on ${path}`).toBe(comparable(await (await get(full, path, cookie)).text()));
        // The nonces are the answer's own, and its policy's.
        const nonce = answer.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1];
        const nonces = new Set([...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]));
        expect([...nonces]).toEqual([nonce]);
      }
    }
  });

  it("shows nobody else's name, counts or marks", async () => {
    await get(shared, "/shop", meera);
    const html = await (await get(shared, "/shop", asha)).text();
    expect(html).toContain("Hi, Asha");
    expect(html).not.toContain("Meera");
    expect(html).not.toMatch(/aria-pressed="true"/);
    expect(html).not.toMatch(/(Cart|Wishlist|Compare), \d+ items?/);
    const ravis = await (await get(shared, "/shop", ravi)).text();
    expect(ravis.match(/data-wished="true"/g)).toHaveLength(3);
    expect(ravis).toContain("Compare, 4 items");
  });

  it("leaves as gzip compressed once, the same page, no larger than gzip -9 of it by more than a fifth", async () => {
    const path = "/shop?category=Electronics";
    const plain = await (await get(shared, path, meera)).text();
    // The second use starts its compression, in the background; the answers are plain until it is done.
    let answer = await get(shared, path, meera, "gzip, br");
    for (let waited = 0; answer.headers.get("content-encoding") !== "gzip" && waited < 100; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await get(shared, path, meera, "gzip, br");
    }
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    expect(answer.headers.get("vary")).toMatch(/Accept-Encoding/);
    const body = Buffer.from(await answer.arrayBuffer());
    const text = gunzipSync(body).toString();
    expect(comparable(text)).toBe(comparable(plain));
    expect(text.replaceAll(/nonce="[^"]*"/g, "")).toBe(plain.replaceAll(/nonce="[^"]*"/g, ""));
    expect(body.length).toBeLessThan(gzipSync(text, { level: 9 }).length * 1.2);
    // Every shopper's compressed answer is their own page, whatever the cards before each switch show.
    for (const cookie of [asha, ravi, meera]) {
      const compressed = await get(shared, path, cookie, "gzip");
      expect(compressed.headers.get("content-encoding")).toBe("gzip");
      const theirs = gunzipSync(Buffer.from(await compressed.arrayBuffer())).toString();
      expect(comparable(theirs)).toBe(comparable(await (await get(full, path, cookie)).text()));
    }
  });

  it("is rendered in full for a name too long for its room, and for a page with a toast", async () => {
    // Sign-up takes 100 characters at most: a longer name comes from elsewhere (an old account).
    const long = await shopper("Long", { wished: [1] });
    const name = "W".repeat(2_000);
    await api.db
      .update(users)
      .set({ name: `${name} Shopper` })
      .where(eq(users.firstName, "Long"));
    const html = await (await get(shared, "/shop", long)).text();
    expect(padded(html)).toBe(false);
    expect(html).toContain(`Hi, ${name}`);
    expect(comparable(html)).toBe(comparable(await (await get(full, "/shop", long)).text()));

    // Without JavaScript a wishlist form posts and comes back to /shop with a toast.
    const listed = (await api.call("POST", "/userapp/product/list", { body: { options: { limit: 20 } } })).body.data
      .data as { _id: string }[];
    const posted = await shared.fetch(
      formPost("/wishlist", { intent: "add", productId: listed[3]._id, redirectTo: "/shop" }, asha),
    );
    expect(posted.status).toBe(303);
    const withToast = await (await get(shared, "/shop", nextCookies(posted.headers, asha))).text();
    expect(padded(withToast)).toBe(false);
    expect(withToast).toContain("Added to wishlist");
  });
});

describe("the kept pages", () => {
  const root: RootData = {
    user: { id: "u", name: "Asha Rao", email: "a@example.test" },
    cart: EMPTY_CART,
    wishlistIds: [],
    compareIds: [],
    supportEmail: "support@example.test",
    toast: null,
  };
  const page = (n: number) =>
    keepSharedPage(
      `<html><body>${"x".repeat(n)}<shopper-hole data-tail=""></shopper-hole></body></html>`,
      "",
      root,
      SHOPPER_FILL,
    )!;

  it("are dropped oldest first beyond their bound", () => {
    const pages = createSharedPages({ maxBytes: 2_500 });
    pages.keep("a", page(1_000));
    pages.keep("b", page(1_000));
    pages.keep("c", page(1_000));
    expect([pages.use("a"), pages.size]).toEqual([undefined, 2]);
    expect(pages.use("c")).toBeDefined();
  });

  it("are not kept from a document with a mark they do not know, or without its scripts' place", () => {
    const unknown = `<html><body><shopper-hole data-part="nobody"></shopper-hole><shopper-hole data-tail=""></shopper-hole></body></html>`;
    expect(keepSharedPage(unknown, "", neutralRoot(root), SHOPPER_FILL)).toBeNull();
    expect(keepSharedPage("<html><body></body></html>", "", neutralRoot(root), SHOPPER_FILL)).toBeNull();
  });
});
