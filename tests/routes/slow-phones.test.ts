import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferredModules } from "../../app/entry.server";
import { BOOT_SCRIPT, DEFERRED_MODULE_TYPE } from "../../app/lib/boot-script";
import { createTestApi, insertProduct } from "../api/helpers";
import { createTestSite } from "./site-harness";

// Slow phones (docs/decisions/011-slow-phones.md): the JavaScript only after the page has loaded and painted.

const SHOP = "http://shop.test";
const api = await createTestApi();
for (let i = 0; i < 3; i++) await insertProduct(api.db);
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
});

describe("the modules' rewrite", () => {
  const page =
    '<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></head>' +
    '<body>ünïcødé <p>rel="modulepreload" type="module"</p><link rel="preload" href="/c.svg"/>' +
    '<script nonce="n">window.x=1</script><script nonce="n" type="module" async="">import "/a.js";</script></body></html>';
  const expected = page
    .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" media="not all"')
    .replace(' type="module" async="">', ` type="${DEFERRED_MODULE_TYPE}">`);

  const rewrite = (chunks: (string | Buffer)[]) => text(Readable.from(chunks).pipe(deferredModules()));

  it("rewrites every modulepreload link and the module script, and nothing else, in one chunk", async () => {
    expect(await rewrite([page])).toBe(expected);
  });

  it("gives the same bytes however the stream is cut, even inside a link or a character", async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toBe(expected);
    }
    // And byte by byte.
    expect(await rewrite([...bytes].map((byte) => Buffer.from([byte])))).toBe(expected);
  });

  it("passes a stream without links through whole, and an empty one", async () => {
    expect(await rewrite(["<p>no links</p>", "<p>here</p>"])).toBe("<p>no links</p><p>here</p>");
    expect(await rewrite([])).toBe("");
  });
});
