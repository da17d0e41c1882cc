import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { createTestApi, insertProduct } from "../api/helpers";
import { signedInShopper } from "./harness";
import { createTestSite } from "./site-harness";

/**
 * Hostile and random URLs against every page route of app/routes.ts, through the real site
 * (server/site.ts, the React Router build, the API on an in-memory database): none may answer
 * 5xx, nor log an error (tests/setup.ts fails the test on console.error). Seeded, so a failure
 * names the request that reproduces it.
 */
/** FUZZ_SEED=n explores other sequences; the default is the one the suite runs. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const REQUESTS = 300;

/** mulberry32: small, fast and deterministic. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const api = await createTestApi();
const productIds = [
  await insertProduct(api.db, { category: "Electronics" }),
  await insertProduct(api.db, { category: "Fashion" }),
];
const shopper = await signedInShopper(api);
const site = await createTestSite({ api, pageCacheMs: 5_000 });

const random = prng(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const chance = (p: number) => random() < p;

const NUMBERS = [
  "0",
  "1",
  "2",
  "-1",
  "-0",
  "1e21",
  "1e308",
  "1e309",
  "-1e21",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "1.5",
  "9".repeat(400),
  "00001",
  " 3 ",
  "",
  "1,000",
  "२",
];
const WORDS = [
  "",
  "Electronics",
  "Home Decor",
  "M",
  "free",
  "men",
  "price-asc",
  "__proto__",
  "constructor",
  "toString",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%",
  "%zz",
  "%E0%A4%A",
  "%00",
  "\u202e\u0000\u0007",
  "😀".repeat(50),
  "x".repeat(5_000),
  "a=b&c=d",
  "//evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "/\\evil.example",
  "null",
  "undefined",
  "[]",
  "{}",
];
const KEYS = [
  "page",
  "limit",
  "minPrice",
  "maxPrice",
  "size",
  "category",
  "subCategory",
  "brand",
  "productType",
  "productSubType",
  "gender",
  "sort",
  "search",
  "redirectTo",
  "id",
  "productId",
  "qty",
  "addressId",
  "_routes",
  "index",
  "step",
  "buyNow",
  "edit",
  "q",
  "x".repeat(300),
];
const SEGMENTS = [
  "",
  "x",
  "..",
  "%2e%2e",
  "%2F",
  "%5C",
  "%00",
  ".",
  "index",
  "data",
  "a".repeat(3_000),
  "😀",
  "%F0%9F%98%80",
  "new",
  "edit",
  "0",
  "-1",
  "1e21",
  "ffffffffffffffffffffffff",
  "000000000000000000000000",
];

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Every route's full pattern, read from app/routes.ts itself, so that a new route is fuzzed too. */
function patterns(entries: readonly RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    return [...(entry.path || entry.index ? [path || "/"] : []), ...patterns(entry.children ?? [], path)];
  });
}
const ROUTES = [...new Set(patterns(routes as RouteEntry[]))];

/** A URL for one of the routes: its parameters filled with hostile segments, or ids known to the database now and then. */
function routePath(): string {
  const known = () => (chance(0.5) ? pick(productIds) : pick(SEGMENTS));
  const pattern = pick(ROUTES);
  return pattern
    .split("/")
    .map((part) => {
      if (part.startsWith(":")) return known();
      // A splat: the product route's category/title/id, or any depth of junk.
      if (part === "*")
        return Array.from({ length: Math.floor(random() * 4) }, () => pick(SEGMENTS))
          .concat(known())
          .join("/");
      return part;
    })
    .join("/");
}

function hostilePath(): string {
  let path = routePath();
  if (chance(0.1)) path = path.replace(/\/$/, "") + "/";
  if (chance(0.1)) path = `/${path}`;
  if (chance(0.1)) path += `/${pick(SEGMENTS)}`;
  // React Router's data requests for client navigation.
  if (chance(0.15)) path = path === "/" ? "/_root.data" : `${path.replace(/\/$/, "")}.data`;
  return path;
}

function hostileQuery(): string {
  const params: string[] = [];
  const count = Math.floor(random() * 6);
  for (let i = 0; i < count; i++) {
    const key = pick(KEYS);
    const value = chance(0.5) ? pick(NUMBERS) : pick(WORDS);
    // Most values encoded as a browser would, some raw (broken escapes, stray & and =).
    const text = chance(0.7) ? `${encodeURIComponent(key)}=${encodeURIComponent(value)}` : `${key}=${value}`;
    // Now and then one short pair thousands of times ("size=M&size=M&…", up to ~100 KB).
    params.push(
      chance(0.05) && text.length <= 12
        ? Array(1_000 + Math.floor(random() * 9_000))
            .fill(text)
            .join("&")
        : text,
    );
  }
  return params.length ? `?${params.join("&")}` : "";
}

function cookie(): string | undefined {
  return pick([
    undefined,
    undefined,
    shopper.cookie,
    shopper.cookie,
    "__session=garbage",
    `__session=${"x".repeat(4_000)}`,
    `theme=dark; ${shopper.cookie}`,
  ]);
}

describe("hostile URLs on every page route", () => {
  it(`answers ${REQUESTS} seeded random requests without a 5xx`, { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const path = hostilePath();
      const query = hostileQuery();
      const headers: Record<string, string> = {};
      const sent = cookie();
      if (sent) headers.cookie = sent;
      const method = chance(0.1) ? "HEAD" : "GET";
      let url: string;
      try {
        url = new URL(`http://shop.test${path}${query}`).href;
      } catch {
        continue; // not even a URL: no client could send it
      }
      const response = await site.from("203.0.113.200", new Request(url, { method, headers }));
      await response.arrayBuffer();
      if (response.status >= 500)
        failures.push(`#${i} ${method} ${url.slice(0, 300)} cookie=${sent?.slice(0, 20)} → ${response.status}`);
    }
    expect(failures).toEqual([]);
    // The route table was read: every page of the shop is among the patterns.
    expect(ROUTES).toEqual(
      expect.arrayContaining([
        "/",
        "/shop",
        "/product/*",
        "/myaccount/orders/:id",
        "/checkout",
        "/resources/quick-view/:id",
      ]),
    );
  });
});
