import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../api/seed/catalogue";
import { FIRST_SCREEN_CARDS, HOME_LIST_LIMIT } from "../../app/routes/home";
import { wantsSaveData } from "../../app/lib/platform/save-data";
import { createTestApi } from "../api/helpers";
import { createTestSite } from "./site-harness";

// Save-Data (app/lib/platform/save-data.ts): with `Save-Data: on` the pages leave out what only decorates,
// say so with Vary: Save-Data, and the page micro-cache never hands one version to the other.

const SHOP = "http://shop.test";
const api = await createTestApi();
await seedCatalogue(api.db, {});
const site = await createTestSite({ api });

const get = (
  s: { fetch: (request: Request) => Response | Promise<Response> },
  path: string,
  headers: Record<string, string> = {},
) => Promise.resolve(s.fetch(new Request(`${SHOP}${path}`, { headers })));

const count = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].length;
/** The product cards' pictures, and their hover galleries (the picture's link says how many images). */
const cardImages = (html: string) => count(html, /<img[^>]*class="card-image"/g);
const galleries = (html: string) => count(html, /data-gallery="\d+"/g);
/** The hero slides that carry their art (an <svg> in the slide's art box, a prerendered part). */
const heroArt = (html: string) =>
  [
    ...html.matchAll(
      /data-hero-slide="(\d)"[\s\S]*?<div class="hidden shrink-0 sm:block[^"]*" aria-hidden="true"[^>]*>(<svg)?/g,
    ),
  ]
    .filter((m) => m[2])
    .map((m) => Number(m[1]));

describe("the Save-Data header", () => {
  it("is on only for the token on, in any case, with or without parameters", () => {
    for (const value of ["on", "On", "ON", " on ", "on;", "on; foo=bar"])
      expect(wantsSaveData(new Headers({ "save-data": value })), value).toBe(true);
    for (const value of ["", "off", "1", "true", "onn", "no; on", "o n"])
      expect(wantsSaveData(new Headers({ "save-data": value })), value).toBe(false);
    expect(wantsSaveData(new Headers())).toBe(false);
  });
});

describe("the home page", () => {
  it("keeps its decorations without Save-Data: every card's picture, hover galleries, every hero slide's art", async () => {
    const response = await get(site, "/");
    expect(response.status).toBe(200);
    expect(response.headers.get("vary")).toMatch(/\bSave-Data\b/);
    const html = await response.text();
    expect(html).not.toContain("data-save-data");
    expect(cardImages(html)).toBe(3 * HOME_LIST_LIMIT);
    expect(galleries(html)).toBeGreaterThan(0);
    expect(heroArt(html)).toEqual([0, 1, 2]);
  });

  it("leaves them out with Save-Data: pictures beyond the first screen, hover galleries, the later slides' art", async () => {
    const response = await get(site, "/", { "save-data": "on" });
    expect(response.status).toBe(200);
    expect(response.headers.get("vary")).toMatch(/\bSave-Data\b/);
    const html = await response.text();
    expect(html).toMatch(/<html lang="en-IN" data-save-data="on"/);
    expect(cardImages(html)).toBe(3 * FIRST_SCREEN_CARDS);
    expect(galleries(html)).toBe(0);
    expect(heroArt(html)).toEqual([0]);
    // Every product is still there, and still a link to its page.
    expect(count(html, /data-product-card=/g)).toBe(3 * HOME_LIST_LIMIT);
    expect(count(html, /<h3 class="card-title"><a href="\/product\//g)).toBe(3 * HOME_LIST_LIMIT);
  });
});

describe("the shop", () => {
  it("shows every card's picture, without hover galleries, with Save-Data", async () => {
    const normal = await (await get(site, "/shop")).text();
    const saving = await get(site, "/shop", { "save-data": "on" });
    expect(saving.headers.get("vary")).toMatch(/\bSave-Data\b/);
    const html = await saving.text();
    expect(cardImages(normal)).toBe(20);
    expect(galleries(normal)).toBeGreaterThan(0);
    expect(cardImages(html)).toBe(20);
    expect(galleries(html)).toBe(0);
  });

  it("answers its .data requests alike with or without Save-Data (loaders never read it)", async () => {
    // The clock of the NEW badges aside, which moves between the two requests.
    const withoutClock = (text: string) => text.replace(/"now","[^"]+"/, '"now",""');
    const plain = withoutClock(await (await get(site, "/shop.data")).text());
    const saving = withoutClock(await (await get(site, "/shop.data", { "save-data": "on" })).text());
    // The cards' pictures are in the data (the hover gallery), as they are for every shopper.
    expect(plain).toContain('"images"');
    expect(plain).toContain("/media/art/");
    expect(saving).toBe(plain);
  });
});

describe("the page micro-cache", () => {
  const isSaving = (html: string) => html.includes('data-save-data="on"');

  it("never serves a Save-Data page to a normal request, or the reverse, whichever came first", async () => {
    for (const [first, second] of [
      [{}, { "save-data": "on" }],
      [{ "save-data": "on" }, {}],
    ] as Record<string, string>[][]) {
      const cached = await createTestSite({ api, pageCacheMs: 60_000 });
      for (const path of ["/", "/shop", "/shop?category=Fashion"]) {
        for (let round = 0; round < 3; round++) {
          for (const headers of [first, second, { "save-data": "On" }, { "save-data": "off" }]) {
            const response = await get(cached, path, headers);
            expect(response.headers.get("cache-control"), path).toMatch(/\bpublic\b/);
            expect(isSaving(await response.text()), `${path} ${JSON.stringify(headers)}`).toBe(
              wantsSaveData(new Headers(headers)),
            );
          }
        }
      }
    }
  });

  it("serves the compressed page from the cache to both, each its own", async () => {
    const cached = await createTestSite({ api, pageCacheMs: 60_000 });
    for (let round = 0; round < 4; round++) {
      for (const saving of [false, true]) {
        const headers: Record<string, string> = { "accept-encoding": "gzip", ...(saving ? { "save-data": "on" } : {}) };
        const response = await get(cached, "/shop", headers);
        const html = await new Response(response.body!.pipeThrough(new DecompressionStream("gzip"))).text();
        expect(response.headers.get("vary")).toMatch(/\bSave-Data\b/);
        expect(isSaving(html), `round ${round}, Save-Data ${saving}`).toBe(saving);
      }
      // Let the background compression of the stored pages finish.
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
});
