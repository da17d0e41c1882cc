import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildIfNeeded } from "../server/build";

/**
 * Page weight and server-render speed of the shop against an empty React Router app
 * (bench/baseline) of the same versions behind the same server, measured in one run.
 */
const root = path.resolve(import.meta.dirname, "..");
const tsx = path.join(root, "node_modules/.bin/tsx");

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `tsx <args>` and waits until it listens, on `port` or a free one. */
export async function start(
  args: string[],
  env: Record<string, string>,
  port?: number,
): Promise<{ child: ChildProcess; origin: string }> {
  port ??= await freePort();
  const child = spawn(tsx, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 240_000;
  while (!/listening|is open/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`Server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, origin: `http://127.0.0.1:${port}` };
}

/** Every JavaScript file a browser downloads for the page: module scripts, modulepreloads and inline imports. */
export function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+)"[^>]+rel="modulepreload"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/[^"']+\.js)["']/g)) urls.add(m[1]);
  return [...urls].filter((u) => u.endsWith(".js"));
}

export type PageWeight = { route: string; path: string; jsFiles: number; jsGzip: number; htmlGzip: number };

async function weigh(origin: string, route: string, pagePath: string): Promise<PageWeight> {
  const html = await (await fetch(origin + pagePath, { headers: { "accept-encoding": "identity" } })).text();
  let jsGzip = 0;
  const urls = scriptUrls(html);
  for (const url of urls) {
    const body = Buffer.from(
      await (await fetch(origin + url, { headers: { "accept-encoding": "identity" } })).arrayBuffer(),
    );
    jsGzip += gzipSync(body, { level: 9 }).length;
  }
  return {
    route,
    path: pagePath,
    jsFiles: urls.length,
    jsGzip,
    htmlGzip: gzipSync(Buffer.from(html), { level: 9 }).length,
  };
}

/** Requests per second over `seconds` with `connections` concurrent keep-alive clients. */
async function requestsPerSecond(
  url: string,
  seconds = 5,
  connections = 8,
  headers: Record<string, string> = {},
): Promise<number> {
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const response = await fetch(url, { headers: { "accept-encoding": "gzip, br", ...headers } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** A shopper signed in through the login form, with three products in each of the cart, the wishlist and compare. */
async function signedInCookie(
  origin: string,
  products: { _id: string; variants: { size: string }[] }[],
): Promise<string> {
  const email = `bench-${Date.now()}@example.test`;
  const password = "correct horse battery";
  const json = { "content-type": "application/json" };
  await fetch(`${origin}/userapp/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password, firstName: "Bench", lastName: "Shopper" }),
  });
  const login = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c.startsWith("__session="))
    .join("; ");
  if (!cookie) throw new Error(`Signing in failed: ${login.status}`);
  const signedIn = await (
    await fetch(`${origin}/userapp/auth/login`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ username: email, password }),
    })
  ).json();
  const auth = { ...json, authorization: `Bearer ${signedIn.data.token}` };
  for (const p of products.slice(0, 3)) {
    await fetch(`${origin}/userapp/cart/create`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ products: [{ productId: p._id, size: p.variants[0].size, qty: 1 }] }),
    });
    await fetch(`${origin}/userapp/wishlist/create`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ productId: p._id }),
    });
    await fetch(`${origin}/userapp/compare/add`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ productId: p._id }),
    });
  }
  return cookie;
}

/**
 * Each page's requests per second, measured in interleaved rounds so that a burst of other work
 * on the machine weighs on every page alike; the sum over the rounds.
 */
async function sideBySide(
  targets: Record<string, { url: string; headers?: Record<string, string> }>,
  rounds = 2,
  seconds = 4,
) {
  const totals: Record<string, number> = Object.fromEntries(Object.keys(targets).map((name) => [name, 0]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, { url, headers }] of Object.entries(targets))
      totals[name] += (await requestsPerSecond(url, seconds, 8, headers)) / rounds;
  }
  return totals;
}

export async function stop(servers: { child: ChildProcess }[]) {
  await Promise.all(
    servers.map(({ child }) =>
      child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise((resolve) => {
            child.once("exit", resolve);
            child.kill("SIGTERM");
          }),
    ),
  );
}

/** Builds the empty React Router app (bench/baseline) into build/bench-baseline, after the shop's own build. */
export function buildBaseline() {
  // The shop's build empties build/, the baseline's home too: build the shop first.
  buildIfNeeded(root);
  const built = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/@react-router/dev/bin.js"), "build", "bench/baseline"],
    { cwd: root, encoding: "utf8" },
  );
  if (built.status !== 0) throw new Error(`Building the baseline failed:\n${built.stdout}${built.stderr}`);
}

export async function measurePages() {
  buildBaseline();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-bench-"));
  // Reachable by the embedded server's system user when the bench runs as root (api/db/embedded.ts).
  fs.chmodSync(dataDir, 0o755);
  // Every server started is stopped at the end, also when a later one fails to start.
  const servers: { child: ChildProcess }[] = [];
  const launch = async (args: string[], env: Record<string, string>) => {
    const server = await start(args, env);
    servers.push(server);
    return server;
  };
  try {
    const shop = await launch(["server/main.ts"], {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SESSION_SECRET: "bench",
      PAGE_CACHE_SECONDS: "0",
    });
    const baseline = await launch(["bench/serve-baseline.ts"], { PAGE_CACHE_SECONDS: "0" });
    const list = await (
      await fetch(`${shop.origin}/userapp/product/list`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ options: { limit: 3 } }),
      })
    ).json();
    const product = list.data.data[0];
    const productPath = await fetch(`${shop.origin}/product/x/x/${product._id}`, { redirect: "manual" }).then(
      (r) => new URL(r.headers.get("location") ?? `/product/x/x/${product._id}`, shop.origin).pathname,
    );
    const weights = [
      await weigh(baseline.origin, "empty React Router route", "/"),
      await weigh(shop.origin, "home", "/"),
      await weigh(shop.origin, "shop", "/shop"),
      await weigh(shop.origin, "product", productPath),
    ];
    const cookie = { cookie: await signedInCookie(shop.origin, list.data.data) };
    const shopHtml = await (await fetch(`${shop.origin}/shop`, { headers: cookie })).text();
    const html = {
      shopKb: Buffer.byteLength(shopHtml) / 1024,
      cards: (shopHtml.match(/data-product-card/g) ?? []).length,
    };
    // Every request rendered: what a burst of different URLs, or signed-in shoppers, cost.
    const rendered = await sideBySide({
      empty: { url: `${baseline.origin}/` },
      shop: { url: `${shop.origin}/shop` },
      signedInShop: { url: `${shop.origin}/shop`, headers: cookie },
      product: { url: `${shop.origin}${productPath}` },
      signedInProduct: { url: `${shop.origin}${productPath}`, headers: cookie },
    });
    await stop([shop, baseline]);
    // As served to guests: the same servers with the default page micro-cache (server/page-cache.ts).
    const cachedShop = await launch(["server/main.ts"], {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SESSION_SECRET: "bench",
    });
    const cachedBaseline = await launch(["bench/serve-baseline.ts"], {});
    const cached = {
      empty: await requestsPerSecond(`${cachedBaseline.origin}/`),
      shop: await requestsPerSecond(`${cachedShop.origin}/shop`),
    };
    await stop([cachedShop, cachedBaseline]);
    return { weights, rendered, cached, html };
  } finally {
    await stop(servers);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
