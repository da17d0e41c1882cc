import { gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { catalogueChanged } from "../../api/platform/catalogue-version";
import { createPageCache } from "../../server/page-cache";
import { createNonce } from "../../server/security-headers";

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

  it("answers guests who accept gzip with the page compressed once, around a fresh nonce each time", async () => {
    const cache = createPageCache({ ttlMs: 5000 });
    // Long enough that later pieces reach back past deflate's 32 KB window.
    const rows = Array.from({ length: 1500 }, (_, i) => `<li>Product ${i}: ₹${i * 100}</li>`).join("");
    const render = async (nonce: string) =>
      new Response(
        `<link nonce="${nonce}"/><ul>${rows}</ul><script nonce="${nonce}">a</script>${rows}<script nonce="${nonce}">b</script>`,
        {
          headers: {
            "content-type": "text/html",
            "content-security-policy": `script-src 'nonce-${nonce}'`,
            "cache-control": "public, max-age=60",
            vary: "Cookie",
          },
        },
      );
    const gzipRequest = () => page({ headers: { "accept-encoding": "gzip, deflate, br" } });
    // Nonces as the site makes them: all of one length, which the compressed page relies on.
    const first = createNonce();
    await cache.serve(gzipRequest(), render, first);
    // The page is compressed in the background; until then answers are plain text.
    await vi.waitFor(async () =>
      expect((await cache.serve(gzipRequest(), render, "n")).headers.get("content-encoding")).toBe("gzip"),
    );

    const answers = await Promise.all([
      cache.serve(gzipRequest(), render, "n"),
      cache.serve(gzipRequest(), render, "n"),
    ]);
    const nonces = new Set<string>();
    for (const answer of answers) {
      const compressed = Buffer.from(await answer.arrayBuffer());
      expect(answer.headers.get("content-length")).toBe(String(compressed.length));
      expect(answer.headers.get("vary")).toBe("Cookie, Accept-Encoding");
      const body = gunzipSync(compressed).toString();
      const nonce = /nonce="([^"]+)"/.exec(body)![1];
      expect(body).toBe(await (await render(nonce)).text());
      expect(answer.headers.get("content-security-policy")).toBe(`script-src 'nonce-${nonce}'`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(2);
    expect(nonces.has(first)).toBe(false);

    // Without gzip in Accept-Encoding (or refused with q=0) the page comes as text.
    for (const encoding of ["identity", "gzip;q=0, deflate"]) {
      const plain = await cache.serve(page({ headers: { "accept-encoding": encoding } }), render, "n");
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(await plain.text()).toContain("Product 1499");
    }
  });

  it("never serves a page, fresh or stale, rendered before the catalogue's last change", async () => {
    let clock = 0;
    let version = 0;
    const cache = createPageCache({ ttlMs: 1000, staleMs: 5000, now: () => clock, catalogueVersion: () => version });
    const { render, calls } = fakeRender();
    await cache.serve(page(), render, "n");
    expect(await (await cache.serve(page(), render, "n")).text()).toContain("render 1");
    version++; // an admin changed the catalogue: the fresh page goes
    expect(await (await cache.serve(page(), render, "n")).text()).toContain("render 2");
    expect(await (await cache.serve(page(), render, "n")).text()).toContain("render 2");
    clock = 2000; // stale now, which would be served while it renders again, but not once the catalogue changed
    version++;
    expect(await (await cache.serve(page(), render, "n")).text()).toContain("render 3");
    expect(calls()).toBe(3);

    // A render that began before a change is answered, but not kept.
    let release = () => {};
    const slow = async (nonce: string) => {
      await new Promise<void>((resolve) => (release = resolve));
      return render(nonce);
    };
    const other = new Request("http://shop.test/product/1");
    const pending = cache.serve(other, slow, "n");
    await Promise.resolve();
    version++;
    release();
    expect(await (await pending).text()).toContain("render 4");
    expect(await (await cache.serve(other, render, "n")).text()).toContain("render 5");
    expect(await (await cache.serve(other, render, "n")).text()).toContain("render 5");
  });

  it("follows this process's catalogue version by default (api/platform/catalogue-version.ts)", async () => {
    const cache = createPageCache({ ttlMs: 5000 });
    const { render, calls } = fakeRender();
    await cache.serve(page(), render, "n");
    await cache.serve(page(), render, "n");
    expect(calls()).toBe(1);
    catalogueChanged();
    expect(await (await cache.serve(page(), render, "n")).text()).toContain("render 2");
  });

  it("is off with a zero lifetime", async () => {
    const cache = createPageCache({ ttlMs: 0 });
    const { render, calls } = fakeRender();
    await cache.serve(page(), render, "n");
    await cache.serve(page(), render, "n");
    expect(calls()).toBe(2);
  });
});
