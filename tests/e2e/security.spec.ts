import { type APIResponse, expect, test } from "./support/test";
import { ready } from "./support/lists";

// Security headers and the cache policy (issue 3, items 8 and 9), checked on the real build.

/** Pages of each kind: home, the shop, a product, the 404 page. */
async function samplePages(request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const product = [...sitemap.matchAll(/<loc>[^<]*?(\/product\/[^<]+)<\/loc>/g)][0]?.[1];
  expect(product, "the sitemap lists products").toBeTruthy();
  return ["/", "/shop?category=Fashion", product!, "/no-such-page"];
}

function cspNonce(response: APIResponse): string {
  const policy = response.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce, `a nonce in the CSP of ${response.url()}`).toBeTruthy();
  return nonce!;
}

test("every HTML page carries the security headers", async ({ request }) => {
  for (const path of await samplePages(request)) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["content-type"], path).toBe("text/html; charset=utf-8");
    const policy = headers["content-security-policy"];
    expect(policy, path).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic' 'self'/);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    for (const directive of [
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "img-src 'self' data:",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/);
    expect(headers["x-frame-options"]).toBe("DENY");
  }
});

test("each response has its own nonce, and every script and module preload carries it", async ({ request }) => {
  const seen = new Set<string>();
  for (const path of await samplePages(request)) {
    const response = await request.get(path);
    const nonce = cspNonce(response);
    seen.add(nonce);
    const html = await response.text();
    // JSON-LD is data, not script: CSP does not apply to it.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !tag.includes("application/ld+json"));
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
    const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
    expect(preloads.length, path).toBeGreaterThan(0);
    for (const tag of preloads) expect(tag, path).toContain(`nonce="${nonce}"`);
  }
  expect(seen.size).toBe(4);
});

test("with JavaScript on, the app hydrates and navigates without a CSP violation or console error", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "CSP violations and hydration concern pages that run JavaScript");
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const w = window as unknown as { __violations?: string[] };
      (w.__violations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const violations = () => page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);

  await page.goto("/");
  // React Router marks the document once its client entry has run; React, the main element once hydrated.
  await page.waitForFunction(() => "__reactRouterRouteModules" in window && document.readyState === "complete");
  await ready(page);
  await page.evaluate(() => ((window as unknown as { __stillHere: boolean }).__stillHere = true));

  // A client-side navigation loads the next route's modules under the policy ('strict-dynamic').
  const bar = page.getByRole("navigation", { name: "Categories", exact: true });
  await bar.getByRole("link", { name: "Formal Wear" }).click();
  await expect(page).toHaveURL(/\/shop\?category=Fashion&subCategory=Formal\+Wear$/);
  // The address changes before React renders the route (in a transition): until the shop shows, the
  // header's box searches from the page still shown, the whole shop, as a shopper looking at it would.
  await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);

  // Hydrated, the header's search box is the suggestions' combobox (site-search.tsx).
  const search = page.getByRole("combobox", { name: "Search for products" });
  await search.fill("lamp");
  await search.press("Enter");
  // On /shop the search applies like a filter: the category chosen before stays (docs/decisions/013-forgiving-search.md).
  await expect(page).toHaveURL(/\/shop\?search=lamp&category=Fashion&subCategory=Formal\+Wear$/);
  expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
  await page.waitForLoadState("networkidle");

  expect(await violations()).toEqual([]);
  expect(problems).toEqual([]);
});

test("hashed assets are immutable for a year and served compressed", async ({ request }) => {
  const html = await (await request.get("/")).text();
  // Not the client entry: it only imports the framework and shared files, and a file of 512 bytes
  // or less is served as it is (server/static.ts).
  const script = /<link rel="modulepreload"[^>]* href="(\/assets\/(?!entry\.client-)[^"]+\.js)"/.exec(html)?.[1];
  // React Router marks a stylesheet that a lazy chunk imports too with a trailing "#" (no request carries it).
  const stylesheet = /<link[^>]*rel="stylesheet" href="(\/assets\/[^"#]+\.css)#?"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  expect(stylesheet).toBeTruthy();
  for (const asset of [script!, stylesheet!]) {
    for (const encoding of ["br", "gzip"]) {
      const response = await request.get(asset, { headers: { "Accept-Encoding": encoding } });
      expect(response.status(), asset).toBe(200);
      const headers = response.headers();
      expect(headers["cache-control"], asset).toBe("public, max-age=31536000, immutable");
      expect(headers["content-encoding"], `${asset} as ${encoding}`).toBe(encoding);
      expect(headers["vary"]).toContain("Accept-Encoding");
      expect(headers["x-content-type-options"]).toBe("nosniff");
    }
  }
});

test("catalogue pages are publicly cacheable; a session cookie makes any page private", async ({
  request,
  baseURL,
}) => {
  const guest = await request.get("/shop?category=Electronics");
  expect(guest.headers()["cache-control"]).toMatch(/^public, .*stale-while-revalidate=\d+/);
  expect(guest.headers()["vary"]).toContain("Cookie");

  const signedIn = await request.get("/shop?category=Electronics", { headers: { Cookie: "__session=anything" } });
  expect(signedIn.headers()["cache-control"]).toBe("private, no-store");

  // The single-fetch data request behind a client-side navigation follows the same rule.
  const data = await request.get("/shop.data?category=Electronics", { headers: { Cookie: "__session=anything" } });
  expect(data.headers()["cache-control"]).toBe("private, no-store");

  const notFound = await request.get("/no-such-page");
  expect(notFound.status()).toBe(404);
  expect(notFound.headers()["cache-control"]).not.toMatch(/public/);
  expect(baseURL).toBeTruthy();
});

test("/robots.txt and /sitemap.xml are served with their types", async ({ request, baseURL }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  expect(sitemap.headers()["cache-control"]).toMatch(/^public/);
  const locs = (await sitemap.text()).match(/<loc>/g) ?? [];
  expect(locs.length).toBe(6 + 240);
});
