import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "../../app/entry.server";
import { createTestApi, insertProduct } from "../api/helpers";
import { createTestSite } from "./site-harness";

// Slow phones (docs/decisions/011-slow-phones.md): the JavaScript's preloads at low priority.

const SHOP = "http://shop.test";
const api = await createTestApi();
for (let i = 0; i < 3; i++) await insertProduct(api.db);
const site = await createTestSite({ api });

describe("every page", () => {
  it("preloads its JavaScript at low priority, every module", async () => {
    const html = await (await site.fetch(new Request(`${SHOP}/shop`))).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
    expect(preloads.length).toBeGreaterThan(0);
    for (const link of preloads) expect(link).toMatch(/^<link rel="modulepreload" fetchpriority="low" /);
  });
});

describe("the preloads' rewrite", () => {
  const page =
    '<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></head>' +
    '<body>ünïcødé <p>rel="modulepreload"</p><link rel="preload" href="/c.svg"/></body></html>';
  const expected = page.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

  const rewrite = (chunks: (string | Buffer)[]) => text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));

  it("rewrites every modulepreload link and nothing else, in one chunk", async () => {
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
