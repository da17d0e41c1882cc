import { describe, expect, it } from "vitest";
import { compactManifest, documentOf, loaderDataScripts } from "../../app/entry.server";
import { BOOT_SCRIPT, DEFERRED_MODULE_TYPE } from "../../app/lib/platform/boot-script";
import { createTestApi, insertProduct } from "../api/helpers";
import { createTestSite } from "./site-harness";

// Slow phones (docs/decisions/011-slow-phones.md): the JavaScript only after the page has loaded and painted.

const SHOP = "http://shop.test";
const api = await createTestApi();
for (let i = 0; i < 3; i++) await insertProduct(api.db);
const gallery = await insertProduct(api.db, {
  images: [{ path: "/media/art/a.svg" }, { path: "/media/art/b.svg" }, { path: "/media/art/c.svg" }],
  ratingValue: 3.6,
});
const site = await createTestSite({ api });

describe("every page", () => {
  it("holds its module preloads and its module script back, and boots them from one script", async () => {
    const html = await (await site.fetch(new Request(`${SHOP}/shop`))).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
    expect(preloads.length).toBeGreaterThan(0);
    for (const link of preloads) expect(link).toMatch(/^<link rel="modulepreload" media="not all" /);
    // No script the browser would run as a module at once; React Router's one is a data block.
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    const data = [...html.matchAll(new RegExp(`<script[^>]*type="${DEFERRED_MODULE_TYPE}">([^<]*)</script>`, "g"))];
    expect(data).toHaveLength(1);
    expect(data[0][1]).toContain("window.__reactRouterRouteModules");
    // The boot script comes after it, once.
    const boot = html.indexOf(BOOT_SCRIPT);
    expect(boot).toBeGreaterThan(html.indexOf(DEFERRED_MODULE_TYPE));
    expect(html.indexOf(BOOT_SCRIPT, boot + 1)).toBe(-1);
  });

  it("carries React Router's route manifest as one line of JSON, the routes of the page in it", async () => {
    const html = await (await site.fetch(new Request(`${SHOP}/shop`))).text();
    const manifest = /window\.__reactRouterManifest = (.*);\n/.exec(html);
    expect(manifest).not.toBeNull();
    const parsed = JSON.parse(manifest![1]) as { entry: { module: string }; routes: Record<string, { id: string }> };
    expect(Object.keys(parsed.routes)).toEqual(expect.arrayContaining(["root", "routes/layout", "routes/shop"]));
    expect(parsed.entry.module).toContain("entry.client");
  });
});

describe("a product card", () => {
  it("is light: one Add To cart, its five stars one element, no gallery dots until a pointer hovers", async () => {
    const html = await (await site.fetch(new Request(`${SHOP}/shop`))).text();
    const cards = html
      .split("<article")
      .slice(1)
      .map((part) => part.slice(0, part.indexOf("</article>")));
    expect(cards).toHaveLength(4);
    for (const card of cards) {
      expect(card.match(/Add To cart/g)).toHaveLength(1);
      expect(card.match(/class="stars"/g)).toHaveLength(1);
      expect(card).toMatch(/<span role="img" aria-label="Rated [^"]+" class="stars" data-fill="\d+"><\/span>/);
      expect(card).not.toContain("card-dots");
    }
    // 3.6: three whole stars and a half, seven half stars filled.
    const galleryCard = cards.find((card) => card.includes(gallery))!;
    expect(galleryCard).toContain('aria-label="Rated 3.6 out of 5, 120 ratings" class="stars" data-fill="7"');
    // Its picture's link says it has a gallery of three, whose dots the browser draws on hover.
    expect(galleryCard).toContain('data-gallery="3"');
  });
});

describe("the route manifest", () => {
  it("is written on one line, the rest of the page as it was; a page without one is left alone", () => {
    const pretty = JSON.stringify({ entry: { module: "/e.js" }, routes: { root: { id: "root" } } }, null, 2);
    const page = `<script>;\n  window.__reactRouterManifest = ${pretty};\n  window.__reactRouterRouteModules = {};</script>`;
    expect(compactManifest(page)).toBe(
      '<script>;\n  window.__reactRouterManifest = {"entry":{"module":"/e.js"},"routes":{"root":{"id":"root"}}};\n  window.__reactRouterRouteModules = {};</script>',
    );
    expect(compactManifest("<p>no scripts</p>")).toBe("<p>no scripts</p>");
  });
});

describe("the document's assembly", () => {
  const page =
    '<html><head><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></head>' +
    '<body>ünïcødé <p>rel=&quot;modulepreload&quot; type=&quot;module&quot;</p><link rel="preload" href="/c.svg"/>' +
    '<script nonce="n">window.x=1</script><script nonce="n" type="module" async="">import "/a.js";</script></body></html>';

  it("puts the doctype first, rewrites every modulepreload link and the module script, and nothing else", () => {
    const expected =
      "<!DOCTYPE html>" +
      page
        .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" media="not all"')
        .replace(' type="module" async="">', ` type="${DEFERRED_MODULE_TYPE}">`);
    expect(documentOf(page, "").toString()).toBe(expected);
  });

  it("writes the loader data inside </body>, after everything React rendered", () => {
    const document = documentOf(page, "<script>data</script>").toString();
    expect(document.endsWith('import "/a.js";</script><script>data</script></body></html>')).toBe(true);
  });

  it("leaves a document without links or an end as it is, but for the doctype", () => {
    expect(documentOf("<p>no links</p>", "<script>x</script>").toString()).toBe(
      "<!DOCTYPE html><p>no links</p><script>x</script>",
    );
    expect(documentOf("", "").toString()).toBe("<!DOCTYPE html>");
  });
});

describe("the loader data's scripts", () => {
  it("hand React Router's stream its text, safe inside a script, then close it", () => {
    const data = '["</script><script>alert(1)</script>","a & b > c","\u2028\u2029"]';
    const scripts = loaderDataScripts(data, "n0nce");
    const [enqueue, close] = scripts.split("</script>").filter(Boolean);
    expect(close).toBe('<script nonce="n0nce">window.__reactRouterContext.streamController.close();');
    // Nothing in the data can end the script or open a comment; the browser gets the same text back.
    const body = enqueue.slice('<script nonce="n0nce">'.length);
    expect(body).not.toMatch(/[<>&\u2028\u2029]/);
    const argument = body.slice("window.__reactRouterContext.streamController.enqueue(".length, -");".length);
    expect(JSON.parse(argument)).toBe(data);
  });

  it("only closes the stream when there is no data, and leaves the nonce out when there is none", () => {
    expect(loaderDataScripts("", undefined)).toBe(
      "<script>window.__reactRouterContext.streamController.close();</script>",
    );
  });
});

describe("a page's loader data", () => {
  it("comes once, as one script inside </body>, and the document ends once", async () => {
    const html = await (await site.fetch(new Request(`${SHOP}/shop`))).text();
    expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(html.match(/streamController\.enqueue\(/g)).toHaveLength(1);
    expect(html.match(/streamController\.close\(\)/g)).toHaveLength(1);
    expect(html.indexOf("streamController.close()")).toBeLessThan(html.indexOf("</body></html>"));
    expect(html.endsWith("</script></body></html>")).toBe(true);
    expect(html.match(/<\/html>/g)).toHaveLength(1);
  });
});
