import { describe, expect, it } from "vitest";
import { createPageCache } from "../../server/page-cache";

/** A stand-in for the storefront's render: counts calls and answers a page carrying the nonce it was given. */
function fakeRender(headers: Record<string, string> = { "cache-control": "public, max-age=60" }) {
  let calls = 0;
  const render = async (nonce: string) => {
    calls++;
    return new Response(`<script nonce="${nonce}">1</script><p>render ${calls}</p>`, {
      headers: { "content-type": "text/html", "content-security-policy": `script-src 'nonce-${nonce}'`, ...headers },
    });
  };
  return { render, calls: () => calls };
}

const page = (init?: RequestInit) => new Request("http://shop.test/shop?category=Fashion", init);

describe("the page micro-cache", () => {
  it("renders a guest's public page once and answers repeats from memory, each with a fresh nonce", async () => {
    const cache = createPageCache({ ttlMs: 5000 });
    const { render, calls } = fakeRender();
    const first = await cache.serve(page(), render, "first-nonce");
    expect(await first.text()).toContain('nonce="first-nonce"');
    const second = await cache.serve(page(), render, "unused");
    const body = await second.text();
    expect(calls()).toBe(1);
    expect(body).toContain("render 1");
    const nonce = /nonce="([^"]+)"/.exec(body)![1];
    expect(nonce).not.toBe("first-nonce");
    expect(second.headers.get("content-security-policy")).toBe(`script-src 'nonce-${nonce}'`);
  });

  it("never shares a page with or from a request that carries a cookie or a token", async () => {
    const cache = createPageCache({ ttlMs: 5000 });
    const { render, calls } = fakeRender();
    await cache.serve(page({ headers: { cookie: "__session=abc" } }), render, "n1");
    await cache.serve(page({ headers: { authorization: "Bearer x" } }), render, "n2");
    expect(cache.size).toBe(0);
    await cache.serve(page(), render, "n3");
    await cache.serve(page({ headers: { cookie: "toast=1" } }), render, "n4");
    expect(calls()).toBe(3 + 1);
  });

  it("keeps nothing private, uncacheable, failed or cookie-setting", async () => {
    const cache = createPageCache({ ttlMs: 5000 });
    const uncacheable: Record<string, string>[] = [
      { "cache-control": "private, no-store" },
      { "cache-control": "public, max-age=60", "set-cookie": "a=b" },
      { "cache-control": "no-cache" },
    ];
    for (const headers of uncacheable) {
      await cache.serve(page(), fakeRender(headers).render, "n");
    }
    const failing = async () => new Response("oops", { status: 500, headers: { "cache-control": "public" } });
    await cache.serve(page(), failing, "n");
    expect(cache.size).toBe(0);
  });

  it("serves a stale page while one request renders it anew, then the new one", async () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 1000, staleMs: 5000, now: () => clock });
    const { render, calls } = fakeRender();
    await cache.serve(page(), render, "n");
    clock = 2000;
    const stale = await Promise.all([cache.serve(page(), render, "n"), cache.serve(page(), render, "n")]);
    for (const response of stale) expect(await response.text()).toContain("render 1");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls()).toBe(2);
    expect(await (await cache.serve(page(), render, "n")).text()).toContain("render 2");
    clock = 100_000; // past stale: rendered while the shopper waits
    expect(await (await cache.serve(page(), render, "n")).text()).toContain("render 3");
  });

  it("is off with a zero lifetime", async () => {
    const cache = createPageCache({ ttlMs: 0 });
    const { render, calls } = fakeRender();
    await cache.serve(page(), render, "n");
    await cache.serve(page(), render, "n");
    expect(calls()).toBe(2);
  });
});
