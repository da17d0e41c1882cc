import { type AddressInfo } from "node:net";
import http, { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { like } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loginFailures } from "../../api/db/schema";
import { parseTrustProxy } from "../../api/platform/client-address";
import { createHealth, pingDatabase } from "../../api/platform/health";
import { BASELINE_SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from "../../server/security-headers";
import { remoteUserapp } from "../../server/site";
import { HIGHEST_PRICE_BODY } from "../../app/lib/catalogue/shop-params";
import { type TestApi, createTestApi, insertProduct } from "../api/helpers";
import { expectConsoleError } from "../console";
import { signedInShopper } from "./harness";
import { createTestSite, memoryLogger } from "./site-harness";

const SHOP = "http://shop.test";
/** Generous limits but per address: three failures from one address, and the fourth is refused. */
const LIMITS = { loginMaxFailures: { perAccountAddress: 100, perIp: 3, perAccount: 100, perAccountDay: 100 } };

const api = await createTestApi(LIMITS);
for (let i = 0; i < 3; i++) await insertProduct(api.db);
const site = await createTestSite({ api });
const cachedSite = await createTestSite({ api, pageCacheMs: 60_000 });
const shopper = await signedInShopper(api, { firstName: "Kavya" });
const session = shopper.cookie.slice("__session=".length);
const { logger, lines } = memoryLogger();
const logged = await createTestSite({ api, logger });
// An API whose database is closed: every query fails, so it answers 500 and logs why.
const { logger: apiLogger, lines: apiLines } = memoryLogger();
const broken = await createTestApi({ logger: apiLogger });
await broken.handle.close();

const servers: http.Server[] = [];
afterAll(() =>
  Promise.all(
    servers.map((server) => {
      server.closeAllConnections(); // fetch keeps connections alive
      return new Promise((resolve) => server.close(resolve));
    }),
  ),
);

/** Serves `fetch` on a real socket at 127.0.0.1 (an ephemeral port), as server/main.ts does. */
async function listen(fetch: (request: Request, env: any) => Response | Promise<Response>): Promise<string> {
  const server = createServer(getRequestListener(fetch));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let serial = 0;
const uniqueEmail = () => `site${++serial}.${Date.now()}@example.test`;

/** The addresses the API has counted failed sign-ins for (api/lib/accounts/throttle.ts keys them `ip:<address>`). */
async function countedAddresses(db: TestApi["db"]): Promise<string[]> {
  const rows = await db.select({ key: loginFailures.key }).from(loginFailures).where(like(loginFailures.key, "ip:%"));
  return rows.map((row) => row.key.slice(3)).sort();
}

const apiLogin = (headers: Record<string, string> = {}) =>
  new Request(`${SHOP}/userapp/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ username: uniqueEmail(), password: "wrong password" }),
  });

const formLogin = (headers: Record<string, string> = {}) =>
  new Request(`${SHOP}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: SHOP, ...headers },
    body: new URLSearchParams({ email: uniqueEmail(), password: "wrong password" }),
  });

function expectSecurityHeaders(response: Response) {
  for (const [name, value] of Object.entries(BASELINE_SECURITY_HEADERS))
    expect(response.headers.get(name), name).toBe(value);
}

describe("the client's address", () => {
  it("is the socket's peer for the API, however X-Forwarded-For and X-Real-IP are spoofed", async () => {
    const peer = "203.0.113.10";
    const spoofs: Record<string, string>[] = [
      { "x-forwarded-for": "6.6.6.1" },
      { "x-forwarded-for": "6.6.6.2, 6.6.6.3" },
      { "x-real-ip": "6.6.6.4" },
    ];
    for (const headers of spoofs) expect((await site.from(peer, apiLogin(headers))).status).toBe(400);
    // The fourth failure from the same peer is refused, whatever address it claims.
    expect((await site.from(peer, apiLogin({ "x-forwarded-for": "6.6.6.5" }))).status).toBe(429);
    // Another peer is another address.
    expect((await site.from("203.0.113.11", apiLogin({ "x-forwarded-for": peer }))).status).toBe(400);
    const counted = await countedAddresses(api.db);
    expect(counted).toContain(peer);
    expect(counted).toContain("203.0.113.11");
    expect(counted.filter((address) => address.startsWith("6.6.6."))).toEqual([]);
  });

  it("is the socket's peer for the storefront's own login, which the API counts under it", async () => {
    const peer = "203.0.113.20";
    for (const spoof of ["6.6.7.1", "6.6.7.2, 6.6.7.3", ""]) {
      const answer = await site.from(peer, formLogin(spoof ? { "x-forwarded-for": spoof } : {}));
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain("Invalid email or password");
    }
    const refused = await site.from(peer, formLogin({ "x-forwarded-for": "6.6.7.4", "x-real-ip": "6.6.7.5" }));
    expect(refused.status).toBe(429);
    const counted = await countedAddresses(api.db);
    expect(counted).toContain(peer);
    expect(counted.filter((address) => address.startsWith("6.6.7."))).toEqual([]);
  });

  it("is read from a real socket (127.0.0.1 here)", async () => {
    const origin = await listen(site.fetch);
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${origin}/userapp/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `6.6.8.${i}` },
        body: JSON.stringify({ username: uniqueEmail(), password: "wrong password" }),
      });
      expect(answer.status).toBe(400);
    }
    const counted = await countedAddresses(api.db);
    expect(counted).toContain("127.0.0.1");
    expect(counted.filter((address) => address.startsWith("6.6.8."))).toEqual([]);
  });

  it("with TRUST_PROXY, is what the trusted proxies forwarded, for the API and the storefront alike", async () => {
    const behindProxy = await createTestSite({ api, trustProxy: parseTrustProxy("10.0.0.0/8") });
    const client = "198.51.100.30";
    const forwarded = { "x-forwarded-for": `6.6.9.1, ${client}` };
    expect((await behindProxy.from("10.0.0.5", apiLogin(forwarded))).status).toBe(400);
    expect((await behindProxy.from("10.0.0.6", formLogin(forwarded))).status).toBe(400);
    expect((await behindProxy.from("10.0.0.7", formLogin(forwarded))).status).toBe(400);
    expect((await behindProxy.from("10.0.0.8", apiLogin(forwarded))).status).toBe(429);
    // A peer that is not one of the proxies is the client itself.
    expect((await behindProxy.from("198.51.100.31", apiLogin({ "x-forwarded-for": client }))).status).toBe(400);
    const counted = await countedAddresses(api.db);
    expect(counted).toContain(client);
    expect(counted).toContain("198.51.100.31");
    expect(counted.filter((address) => address.startsWith("6.6.9.") || address.startsWith("10."))).toEqual([]);

    const oneHop = await createTestSite({ api, trustProxy: parseTrustProxy("1") });
    expect((await oneHop.from("10.0.0.9", apiLogin({ "x-forwarded-for": "6.6.9.2, 198.51.100.32" }))).status).toBe(400);
    expect(await countedAddresses(api.db)).toContain("198.51.100.32");
  });

  it("goes to a remote API (USERAPP_API_URL) as X-Forwarded-For, which that API believes from the storefront alone", async () => {
    const remote = await createTestApi({ ...LIMITS, trustProxy: parseTrustProxy("127.0.0.1") });
    const apiOrigin = await listen(remote.app.fetch);
    const storefront = await createTestSite({ api, storefrontUserapp: remoteUserapp(apiOrigin) });
    const shopper = "198.51.100.40";
    for (const spoof of ["6.6.10.1", "6.6.10.2, 6.6.10.3"]) {
      expect((await storefront.from(shopper, formLogin({ "x-forwarded-for": spoof }))).status).toBe(400);
    }
    expect(await countedAddresses(remote.db)).toEqual([shopper]);
    // Straight to that API from outside, the same header names the caller's socket, not the claim.
    const direct = await fetch(`${apiOrigin}/userapp/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "6.6.10.4" },
      body: JSON.stringify({ username: uniqueEmail(), password: "wrong password" }),
    });
    expect(direct.status).toBe(400);
    // 127.0.0.1 is the trusted storefront here, so the claim is believed: that is what TRUST_PROXY says.
    expect(await countedAddresses(remote.db)).toEqual([shopper, "6.6.10.4"].sort());
  });
});

describe("the storefront's form body limit", () => {
  /** A request body that counts the chunks read from it, `chunks` of `size` bytes. */
  function countedStream(chunks: number, size: number) {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled === chunks) return controller.close();
          pulled++;
          controller.enqueue(new TextEncoder().encode(`email=${"a".repeat(size - 6)}`.slice(0, size)));
        },
      },
      // Pulled only when read, not ahead: the count is what the server read.
      { highWaterMark: 0 },
    );
    return { stream, pulled: () => pulled };
  }

  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
    new Request(`${SHOP}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: SHOP, ...headers },
      body,
      duplex: "half",
    } as RequestInit);

  async function expectTooLarge(response: Response) {
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("connection")).toBe("close");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'nonce-");
    expectSecurityHeaders(response);
    const text = await response.text();
    expect(text.length).toBeLessThan(1024);
    expect(text).toContain("64 KB");
    expect(text).not.toMatch(/at \w+ \(|node_modules|Error:/);
  }

  it("refuses a declared Content-Length over 64 KB before reading a byte", async () => {
    for (const length of [65_537, 70_000, 10 * 1024 * 1024, 2 ** 40]) {
      const body = countedStream(100, 1024);
      const answer = await site.from("203.0.113.50", post("/login", body.stream, { "content-length": String(length) }));
      await expectTooLarge(answer);
      expect(body.pulled()).toBe(0);
    }
  });

  it("stops reading a chunked body as soon as it crosses the limit", async () => {
    for (const [chunks, size] of [
      [1024, 1024],
      [100, 16 * 1024],
      [2, 65 * 1024],
    ]) {
      const body = countedStream(chunks, size);
      const answer = await site.from("203.0.113.50", post("/register", body.stream));
      await expectTooLarge(answer);
      // Read up to the limit and one chunk over, never the rest.
      expect(body.pulled()).toBe(Math.floor(65_536 / size) + 1);
      expect(body.pulled()).toBeLessThan(chunks);
    }
  });

  it("lets forms at and just under the limit through, declared or chunked", async () => {
    for (const size of [100, 60_000, 65_535, 65_536]) {
      const form = `email=nobody%40example.test&password=${"p".repeat(size - 37)}`;
      expect(form.length).toBe(size);
      const declared = await site.from("203.0.113.51", post("/login", form));
      expect(declared.status, `declared ${size}`).not.toBe(413);
      const chunked = countedStream(1, form.length);
      const streamed = await site.from("203.0.113.52", post("/login", chunked.stream));
      expect(streamed.status, `chunked ${size}`).not.toBe(413);
    }
    const over = `email=nobody%40example.test&password=${"p".repeat(65_537 - 37)}`;
    await expectTooLarge(await site.from("203.0.113.51", post("/login", over)));
  });

  it("leaves /userapp to the API's own limit, and obeys FORM_BODY_LIMIT_BYTES and per-path rules", async () => {
    const json = JSON.stringify({ username: uniqueEmail(), password: "x".repeat(200 * 1024) });
    const toApi = await site.from(
      "203.0.113.53",
      post("/userapp/auth/login", json, { "content-type": "application/json" }),
    );
    expect(toApi.status).not.toBe(413);
    expect(toApi.headers.get("content-type")).toMatch(/^application\/json/);

    // A path with a rule of its own (as back-office uploads will have) is held to that rule instead.
    const small = await createTestSite({
      api,
      formBodyLimitBytes: 2048,
      bodyLimitRules: [{ prefix: "/cart", limitBytes: 1024 * 1024 }],
    });
    expect((await small.from("203.0.113.54", post("/login", "email=a".padEnd(2048, "a")))).status).not.toBe(413);
    const refused = await small.from("203.0.113.54", post("/login", "email=a".padEnd(2049, "a")));
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain("2 KB");
    const upload = await small.from("203.0.113.54", post("/cart", `intent=add&${"x".repeat(200 * 1024)}`));
    expect(upload.status).not.toBe(413);
    await upload.text();
    expect((await small.from("203.0.113.54", post("/cart", "x".repeat(1024 * 1024 + 1)))).status).toBe(413);
  });
});

describe("hostile URLs", () => {
  it("answers a broken %-escape in any path 400, with the security headers and no stack", async () => {
    const paths = [
      "/shop/%E0%A4%A",
      "/product/%",
      "/%c0%af",
      "/%",
      "/%%",
      "/shop%",
      "/myaccount/orders/%zz",
      "/resources/quick-view/%E0",
      "/product/a/b/%ED%A0%80",
      "/assets/%ff.js",
      "/favicon.ico%",
      // Line breaks and control characters, which no route can match (React Router would log each as an error).
      "/%0A",
      "/shop%0D",
      "/%E2%80%A8",
      "/product/a%0Ab/c",
      "/login%00",
      "/%7F",
    ];
    for (const path of paths) {
      for (const method of ["GET", "POST", "HEAD"]) {
        const answer = await site.from(
          "203.0.113.60",
          new Request(`${SHOP}${path}`, { method, headers: { origin: SHOP } }),
        );
        expect(answer.status, `${method} ${path}`).toBe(400);
        expectSecurityHeaders(answer);
        expect(answer.headers.get("cache-control")).toBe("private, no-store");
        expect(answer.headers.get("x-request-id")).toBeTruthy();
        const text = await answer.text();
        if (method !== "HEAD") expect(text).toContain("broken %-escape");
        expect(text).not.toMatch(/URIError|at \w+ \(|node_modules/);
      }
    }
  });

  it("answers the API's broken paths 400 in its envelope", async () => {
    for (const path of ["/userapp/product/get/%zz", "/userapp/orders/%E0%A4%A", "/media/art/%c0%af.svg"]) {
      const answer = await site.from("203.0.113.61", new Request(`${SHOP}${path}`));
      expect(answer.status, path).toBe(400);
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await answer.json()).toMatchObject({ status: "BAD_REQUEST", data: null });
    }
  });

  it("normalises out-of-range numbers in the shop's query instead of failing", async () => {
    const queries = [
      "page=1e21",
      "page=-1",
      "page=99999999999999999999999",
      "limit=99999999999",
      "limit=-20",
      "minPrice=NaN",
      "minPrice=1e21&maxPrice=-1e21",
      "maxPrice=Infinity",
      "minPrice=0x10",
      `${"size=M&".repeat(10_000)}page=2`,
      `search=${"x".repeat(50_000)}`,
      "sort=__proto__",
      "gender=constructor",
      "category=%00&brand=%EF%BF%BF",
    ];
    for (const query of queries) {
      const answer = await site.from("203.0.113.62", new Request(`${SHOP}/shop?${query}`));
      expect(answer.status, query.slice(0, 60)).toBeLessThan(500);
      expect([200, 301, 302, 400]).toContain(answer.status);
      if (answer.status === 302) expect((answer.headers.get("location") ?? "").length).toBeLessThan(2000);
      await answer.text();
    }
  });
});

describe("the shop's price slider", () => {
  it("asks the API for the catalogue's top price once for many pages, not once per page", async () => {
    const listBodies: string[] = [];
    const counted = await createTestSite({
      api,
      storefrontUserapp: async (request, bindings) => {
        if (new URL(request.url).pathname === "/userapp/product/list") listBodies.push(await request.clone().text());
        return api.app.fetch(request, bindings);
      },
    });
    for (const page of ["/shop", "/shop?sort=price-asc", "/shop?sort=discount"])
      expect((await counted.from("203.0.113.90", new Request(`${SHOP}${page}`))).status).toBe(200);
    // One list per page, and one look-up of the dearest products in all (kept for a minute).
    expect(listBodies.filter((body) => body === JSON.stringify(HIGHEST_PRICE_BODY))).toHaveLength(1);
    expect(listBodies).toHaveLength(4);

    // A catalogue change in this process (insertProduct announces itself, as an admin's change
    // does) reaches the storefront's build, a module graph of its own: the next page asks again.
    await insertProduct(api.db, { variants: [{ size: "M", quantity: 5, mrp: 987_000, discount: 0 }] });
    const after = await counted.from("203.0.113.90", new Request(`${SHOP}/shop`));
    expect(await after.text()).toMatch(/aria-label="Maximum price slider"[^>]*max="(\d+)"/);
    expect(listBodies.filter((body) => body === JSON.stringify(HIGHEST_PRICE_BODY))).toHaveLength(2);
  });
});

describe("every loader that reads the URL", () => {
  const HOSTILE_NUMBERS = [
    "1e21",
    "-1",
    "0",
    "99999999999",
    "99999999999999999999999",
    "NaN",
    "Infinity",
    "1.5",
    "0x10",
    "",
    " 2 ",
    "9".repeat(5_000),
  ];

  it("normalises or refuses (4xx) hostile numbers and text, signed in and out, never 5xx", async () => {
    const product = (
      await api.call("POST", "/userapp/product/list", { body: { query: {}, options: { page: 1, limit: 1 } } })
    ).body.data.data[0];
    const paths = (value: string) => {
      const v = encodeURIComponent(value);
      return [
        `/shop?page=${v}&limit=${v}&minPrice=${v}&maxPrice=${v}`,
        `/wishlist?page=${v}`,
        `/myaccount/orders?page=${v}`,
        `/myaccount/orders/${v || "x"}`,
        `/checkout?buyNow=1&productId=${product._id}&qty=${v}&size=${v}`,
        `/checkout?buyNow=1&productId=${v}`,
        `/product/electronics/x/${product._id}?size=${v}&qty=${v}&image=${v}`,
        `/resources/quick-view/${v || "x"}`,
        `/login?redirectTo=${v}`,
        `/register?redirectTo=${v}`,
        `/compare?page=${v}`,
        `/sitemap.xml?page=${v}`,
      ];
    };
    const hostileText = ["/😀", "/%F0%9F%98%80", "/shop\u2028", "/é", "//evil.example", "/a b"];
    for (const cookie of [undefined, shopper.cookie]) {
      for (const value of [...HOSTILE_NUMBERS, ...hostileText]) {
        for (const path of [...paths(value), `/myaccount/addressess/${encodeURIComponent(value)}`]) {
          const answer = await site.from(
            "203.0.113.63",
            new Request(`${SHOP}${path}`, { headers: cookie ? { cookie } : {} }),
          );
          expect(answer.status, `${path.slice(0, 80)} ${cookie ? "signed in" : "guest"}`).toBeLessThan(500);
          const location = answer.headers.get("location");
          if (location) expect(location).toMatch(/^[\x21-\x7e]+$/);
          await answer.arrayBuffer();
        }
      }
    }
  });
});

describe("caching of personal pages", () => {
  /** GET /shop over a real socket with these raw header lines, so that their spelling reaches the server as sent. */
  async function rawGet(origin: string, rawHeaders: [string, string][]) {
    const url = new URL(`${origin}/shop`);
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "GET",
        setHost: true,
      });
      for (const [name, value] of rawHeaders) {
        const existing = request.getHeader(name);
        request.setHeader(
          name,
          existing === undefined ? value : [...([] as string[]).concat(existing as string), value],
        );
      }
      request.on("response", (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      });
      request.on("error", reject);
      request.end();
    });
  }

  it("is never public, however the Cookie header carries the session, with the page cache on", async () => {
    const origin = await listen(cachedSite.fetch);
    // A guest fills the cache with the public page first.
    const guest = await rawGet(origin, []);
    expect(guest.headers["cache-control"]).toMatch(/\bpublic\b/);
    const variants: [string, string][][] = [
      [["Cookie", `__session=${session}`]],
      [["cookie", `__session=${session}`]],
      [["COOKIE", `__session=${session}`]],
      [["CoOkIe", `theme=dark; __session=${session}`]],
      [["Cookie", `;__session=${session}`]],
      [["Cookie", `__session =${session}`]],
      [["Cookie", `  __session=${session}  ;`]],
      [["Cookie", `\t__session=${session}`]],
      [["Cookie", `a=1;;;__session=${session}`]],
      [
        ["Cookie", "theme=dark"],
        ["Cookie", `__session=${session}`],
      ],
      [
        ["cookie", "theme=dark"],
        ["COOKIE", `__session=${session}`],
      ],
    ];
    for (const headers of variants) {
      const answer = await rawGet(origin, headers);
      const label = JSON.stringify(headers).slice(0, 80);
      expect(answer.status, label).toBe(200);
      expect(answer.headers["cache-control"], label).toBe("private, no-store");
      expect(answer.headers["cache-control"], label).not.toMatch(/public/);
    }
    // The session was read where the cookie parser finds it, and that page stayed out of the cache.
    const signedIn = await rawGet(origin, [["Cookie", `__session=${session}`]]);
    expect(signedIn.body).toContain("Hi, Kavya");
    const guestAgain = await rawGet(origin, []);
    expect(guestAgain.headers["cache-control"]).toMatch(/\bpublic\b/);
    expect(guestAgain.body).not.toContain("Kavya");
  });

  it("is private for a request with a session cookie even when the cache holds the guest page", async () => {
    expect((await cachedSite.from("203.0.113.70", new Request(`${SHOP}/shop`))).headers.get("cache-control")).toMatch(
      /\bpublic\b/,
    );
    for (const cookie of [
      shopper.cookie,
      `x=1, __session=${session}`,
      `__session=${session}, x=1`,
      `__session=`,
      "__session",
    ]) {
      const answer = await cachedSite.from("203.0.113.70", new Request(`${SHOP}/shop`, { headers: { cookie } }));
      expect(answer.headers.get("cache-control"), cookie.slice(0, 20)).toBe("private, no-store");
      const page = await answer.text();
      if (cookie === shopper.cookie) expect(page).toContain("Hi, Kavya");
    }
  });
});

describe("HSTS", () => {
  const paths = ["/", "/shop", "/userapp/product/count", "/%", "/favicon.ico", "/healthz"];

  it("is sent on every answer in production when PUBLIC_ORIGIN is https", async () => {
    const https = await createTestSite({ api, publicOrigin: "https://shop.example.in" });
    for (const path of paths) {
      const answer = await https.from(
        "203.0.113.80",
        new Request(`https://shop.example.in${path}`, { method: path.startsWith("/userapp") ? "POST" : "GET" }),
      );
      expect(answer.headers.get("strict-transport-security"), path).toBe(STRICT_TRANSPORT_SECURITY);
      await answer.arrayBuffer();
    }
    expect(STRICT_TRANSPORT_SECURITY).toBe("max-age=31536000; includeSubDomains");
  });

  it("is not sent over http, without PUBLIC_ORIGIN, or in development", async () => {
    const sites = [
      await createTestSite({ api, publicOrigin: "http://shop.example.in" }),
      await createTestSite({ api, publicOrigin: null }),
      await createTestSite({ api }),
      await createTestSite({ api, publicOrigin: "https://shop.example.in", mode: "development" }),
    ];
    for (const candidate of sites) {
      for (const path of ["/", "/%", "/healthz"]) {
        const answer = await candidate.from("203.0.113.81", new Request(`https://shop.example.in${path}`));
        expect(answer.headers.get("strict-transport-security"), path).toBeNull();
        await answer.arrayBuffer();
      }
    }
  });
});

describe("/favicon.ico", () => {
  it("points at the SVG icon instead of rendering the 404 page", async () => {
    for (const method of ["GET", "HEAD"]) {
      const answer = await site.from("203.0.113.90", new Request(`${SHOP}/favicon.ico`, { method }));
      expect(answer.status).toBe(301);
      expect(answer.headers.get("location")).toBe("/favicon.svg");
      expect((await answer.arrayBuffer()).byteLength).toBe(0);
    }
  });
});

describe("request ids and the access log", () => {
  it("keeps a sane X-Request-Id, replaces any other, and returns it on every answer", async () => {
    const requests: [string, RequestInit?][] = [
      ["/"],
      ["/shop?search=secret+search"],
      ["/userapp/product/count", { method: "POST" }],
      ["/%"],
      ["/favicon.ico"],
      ["/healthz"],
      ["/login", { method: "POST", headers: { "content-length": "999999", origin: SHOP }, body: "x" }],
    ];
    for (const [path, init] of requests) {
      const sane = "edge-7f3a.b_9";
      const headers = new Headers(init?.headers);
      headers.set("x-request-id", sane);
      const kept = await logged.from("203.0.113.100", new Request(`${SHOP}${path}`, { ...init, headers }));
      expect(kept.headers.get("x-request-id"), path).toBe(sane);
      await kept.arrayBuffer();
      for (const insane of [
        "a".repeat(65),
        "has space",
        "semi;colon",
        "ünïcode",
        "",
        "<script>",
        "a/b",
        "%41",
        "id\t1",
        "-".repeat(65),
      ]) {
        const headers = new Headers(init?.headers);
        headers.set("x-request-id", insane);
        const replaced = await logged.from("203.0.113.100", new Request(`${SHOP}${path}`, { ...init, headers }));
        const id = replaced.headers.get("x-request-id");
        expect(id, `${path} ${JSON.stringify(insane)}`).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        );
        await replaced.arrayBuffer();
      }
    }
  });

  it("logs one line per request: method, path without the query, status, time and id; never cookies, tokens or bodies", async () => {
    lines.length = 0;
    const secretCookie = "__session=very-secret-cookie-value";
    const secretToken = "Bearer very-secret-token-value";
    const answer = await logged.from(
      "203.0.113.101",
      new Request(`${SHOP}/shop?search=private+words&email=someone%40example.test`, {
        headers: { cookie: secretCookie, authorization: secretToken, "x-request-id": "trace-1" },
      }),
    );
    await answer.text();
    const form = await logged.from("203.0.113.101", formLogin({ "x-request-id": "trace-2", cookie: secretCookie }));
    await form.text();
    const access = lines.filter((line) => line.msg === "request");
    expect(access).toHaveLength(2);
    expect(access[0]).toMatchObject({ level: 30, requestId: "trace-1", method: "GET", path: "/shop", status: 200 });
    expect(access[1]).toMatchObject({ requestId: "trace-2", method: "POST", path: "/login", status: 400 });
    for (const line of access) {
      expect(Object.keys(line).sort()).toEqual(["level", "method", "ms", "msg", "path", "requestId", "status", "time"]);
      expect(typeof line.ms).toBe("number");
    }
    const text = JSON.stringify(lines);
    for (const secret of ["very-secret", "private", "someone", "wrong password", "example.test"])
      expect(text).not.toContain(secret);
  });

  it("says so of a request whose client hung up first, at info level, not as a server failure", async () => {
    lines.length = 0;
    const gone = new Request(`${SHOP}/shop`, { headers: { "x-request-id": "trace-3" }, signal: AbortSignal.abort() });
    await (await logged.from("203.0.113.101", gone)).text();
    const access = lines.filter((line) => line.msg === "request");
    expect(access).toEqual([
      expect.objectContaining({ level: 30, requestId: "trace-3", path: "/shop", clientClosed: true }),
    ]);
  });

  it("logs health probes at debug level", async () => {
    lines.length = 0;
    await (await logged.from(null, new Request(`${SHOP}/healthz`))).text();
    expect(lines.filter((line) => line.msg === "request").map((line) => line.level)).toEqual([20]);
  });

  it("hands the id to the API, whose error lines carry it", async () => {
    const withBrokenApi = await createTestSite({ api: broken, logger });
    const answer = await withBrokenApi.from(
      "203.0.113.102",
      new Request(`${SHOP}/userapp/product/count`, { method: "POST", headers: { "x-request-id": "trace-api-1" } }),
    );
    expect(answer.status).toBe(500);
    expect(answer.headers.get("x-request-id")).toBe("trace-api-1");
    const failure = apiLines.find((line) => line.msg === "userapp request failed");
    expect(failure).toMatchObject({ requestId: "trace-api-1", path: "/userapp/product/count" });
  });
});

describe("failures", () => {
  it("log one line with the request id, and answer a page that shows no internals", async () => {
    expectConsoleError(); // the test logger writes error lines through console.error
    // An API that answers SUCCESS with nothing in it: the shop's loader cannot read it and throws.
    const garbage = await createTestSite({
      api,
      storefrontUserapp: () => Response.json({ status: "SUCCESS", message: "", data: null }),
    });
    const answer = await garbage.from(
      "203.0.113.110",
      new Request(`${SHOP}/shop`, { headers: { "x-request-id": "trace-page-1" } }),
    );
    expect(answer.status).toBe(500);
    expect(answer.headers.get("x-request-id")).toBe("trace-page-1");
    const page = await answer.text();
    expect(page).not.toMatch(/TypeError|Cannot read prop|at \w+ \(\//);
    const logged = vi.mocked(console.error).mock.calls.map((args) => JSON.parse(String(args[0])));
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: "page request failed", requestId: "trace-page-1", path: "/shop", method: "GET" }),
    );
  });
});

describe("failures outside React Router", () => {
  it("answer a small 500 without the error, and log it with the request id", async () => {
    const { logger: failureLogger, lines: failureLines } = memoryLogger();
    const failing = await createTestSite({
      api,
      logger: failureLogger,
      userapp: () => {
        throw new Error("secret internals");
      },
    });
    const answer = await failing.from(
      "203.0.113.111",
      new Request(`${SHOP}/userapp/product/count`, { headers: { "x-request-id": "trace-site-1" } }),
    );
    expect(answer.status).toBe(500);
    expect(answer.headers.get("x-request-id")).toBe("trace-site-1");
    expect(await answer.json()).toEqual({
      status: "SERVER_ERROR",
      message: expect.any(String),
      data: null,
      code: "SERVER_ERROR",
    });
    expect(failureLines).toContainEqual(
      expect.objectContaining({
        msg: "site request failed",
        requestId: "trace-site-1",
        err: expect.objectContaining({ message: "secret internals" }),
      }),
    );
  });
});

describe("/healthz and /readyz", () => {
  it("answer 200 while the process lives and the database answers", async () => {
    const health = createHealth({ ping: () => pingDatabase(api.db) });
    const withHealth = await createTestSite({ api, health });
    for (const path of ["/healthz", "/readyz"]) {
      const answer = await withHealth.from(null, new Request(`${SHOP}${path}`));
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(await answer.json()).toEqual({ status: "ok" });
    }
    const head = await withHealth.from(null, new Request(`${SHOP}/readyz`, { method: "HEAD" }));
    expect(head.status).toBe(200);
  });

  it("/readyz answers 503 while draining, /healthz still 200", async () => {
    const health = createHealth({ ping: () => pingDatabase(api.db) });
    const withHealth = await createTestSite({ api, health });
    health.setDraining();
    expect(health.draining).toBe(true);
    const ready = await withHealth.from(null, new Request(`${SHOP}/readyz`));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "draining" });
    expect((await withHealth.from(null, new Request(`${SHOP}/healthz`))).status).toBe(200);
  });

  it("/readyz answers 503 when the database fails or hangs, and logs why without details", async () => {
    const { logger: healthLogger, lines: healthLines } = memoryLogger();
    const cases = [
      createHealth({ ping: () => pingDatabase(broken.db), logger: healthLogger }),
      createHealth({ ping: () => Promise.reject(new Error("connection refused")), logger: healthLogger }),
      createHealth({ ping: () => new Promise(() => {}), timeoutMs: 50, logger: healthLogger }),
    ];
    for (const health of cases) {
      const answer = await (await createTestSite({ api, health })).from(null, new Request(`${SHOP}/readyz`));
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({ status: "unavailable" });
    }
    expect(healthLines.filter((line) => line.msg === "readiness check failed")).toHaveLength(3);
    expect(healthLines[2]).toMatchObject({ err: { message: "database ping took over 50 ms" } });
  });

  it("are only GET and HEAD, and only these two paths", async () => {
    const health = createHealth();
    expect(health.handle(new Request(`${SHOP}/healthz`, { method: "POST" }))).toBeNull();
    expect(health.handle(new Request(`${SHOP}/healthz/x`))).toBeNull();
    expect(health.handle(new Request(`${SHOP}/readyz?x=1`))).not.toBeNull();
  });
});
