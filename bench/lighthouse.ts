import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildIfNeeded } from "../server/build";
import { scriptUrls } from "./pages";

/**
 * Slow phones: Lighthouse 12 in its default mode (a Moto G Power-sized phone, simulated slow 4G
 * and a 4× slower CPU) on home, shop and a product page of a freshly started production server
 * (`npm start` with its own data directory, port and BUILD_DIR), driving Debian's Chromium.
 * Each page runs BENCH_LIGHTHOUSE_RUNS times (default 3); the medians are printed, as the
 * figures of one run move by a few points on a busy machine. BENCH_LIGHTHOUSE_PORT fixes the
 * port (default: a free one); BENCH_LIGHTHOUSE_SAVE keeps the reports. Also the JavaScript a page makes a phone download: its files and
 * its inline scripts (React Router's loader data), each gzip -9.
 */
const root = path.resolve(import.meta.dirname, "..");
const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";

export type LighthouseFigures = {
  route: string;
  path: string;
  runs: number;
  performance: number;
  accessibility: number;
  /** Largest Contentful Paint, milliseconds (simulated slow 4G). */
  lcpMs: number;
  /** Gzip -9 of the JS files and of the page's inline scripts (loader data included), bytes. */
  jsFilesGzip: number;
  inlineScriptGzip: number;
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `npm start` (node --import tsx server/main.ts) on its own data directory and port, with the build made beforehand. */
async function startShop(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts", "--no-build"], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SESSION_SECRET: "bench",
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 240_000;
  while (!/is open/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`The shop did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The page's JavaScript as a phone downloads it: each file gzip -9, and its inline scripts together gzip -9. */
export async function scriptWeight(origin: string, pagePath: string) {
  const html = await (await fetch(origin + pagePath, { headers: { "accept-encoding": "identity" } })).text();
  let jsFilesGzip = 0;
  for (const url of scriptUrls(html)) {
    const body = Buffer.from(
      await (await fetch(origin + url, { headers: { "accept-encoding": "identity" } })).arrayBuffer(),
    );
    jsFilesGzip += gzipSync(body, { level: 9 }).length;
  }
  const inline = [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g),
  ]
    .map((m) => m[1])
    .join("\n");
  return { jsFilesGzip, inlineScriptGzip: inline ? gzipSync(Buffer.from(inline), { level: 9 }).length : 0 };
}

/**
 * One Lighthouse run with its defaults: mobile form factor and screen, simulated slow 4G, 4× CPU
 * slowdown. A guest's page is asked for once first: a shop with guests has it in the page
 * micro-cache (server/page-cache.ts), and Lighthouse takes the observed server time as is. A run
 * whose trace Chromium failed to record (NO_NAVSTART and the like, now and then on a busy
 * machine) is run again, up to three times.
 */
async function audit(port: number, url: string) {
  for (let attempt = 1; ; attempt++) {
    // A warm-up that fails (a connection the server closed meanwhile) only leaves the page uncached.
    await fetch(url)
      .then((response) => response.arrayBuffer())
      .catch(() => null);
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
    const error = result ? result.lhr.runtimeError : { code: "NO_RESULT", message: "Lighthouse gave no result" };
    if (result && !error) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${error?.code} ${error?.message}`);
  }
}

export async function measureLighthouse(): Promise<LighthouseFigures[]> {
  buildIfNeeded(root);
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
  // BENCH_LIGHTHOUSE_SAVE=<folder> keeps each run's report (JSON), to read what held a page back.
  const saveDir = process.env.BENCH_LIGHTHOUSE_SAVE;
  if (saveDir) fs.mkdirSync(saveDir, { recursive: true });
  const port = Number(process.env.BENCH_LIGHTHOUSE_PORT) || (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-lighthouse-"));
  // Reachable by the embedded server's system user when the bench runs as root (api/db/embedded.ts).
  fs.chmodSync(dataDir, 0o755);
  let shop: ChildProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    shop = await startShop(port, dataDir);
    const list = await (
      await fetch(`${origin}/userapp/product/list`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ options: { limit: 1, sort: { createdAt: -1 } } }),
      })
    ).json();
    const id = list.data.data[0]._id as string;
    const productPath = await fetch(`${origin}/product/x/x/${id}`, { redirect: "manual" }).then(
      (r) => new URL(r.headers.get("location") ?? `/product/x/x/${id}`, origin).pathname,
    );
    const pages = [
      { route: "home", path: "/" },
      { route: "shop", path: "/shop" },
      { route: "product", path: productPath },
    ];
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      // BENCH_LIGHTHOUSE_CHROME_PORT fixes Chromium's debugging port (default: a free one).
      port: Number(process.env.BENCH_LIGHTHOUSE_CHROME_PORT) || undefined,
      chromeFlags: ["--headless", "--no-sandbox", "--disable-background-networking"],
    });
    const figures: LighthouseFigures[] = [];
    for (const page of pages) {
      const samples: { performance: number; accessibility: number; lcpMs: number }[] = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await audit(chrome.port, origin + page.path);
        if (saveDir) fs.writeFileSync(path.join(saveDir, `${page.route}-${i + 1}.json`), JSON.stringify(lhr));
        const { categories, audits } = lhr;
        samples.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
        });
      }
      figures.push({
        ...page,
        runs,
        performance: median(samples.map((s) => s.performance)),
        accessibility: median(samples.map((s) => s.accessibility)),
        lcpMs: median(samples.map((s) => s.lcpMs)),
        ...(await scriptWeight(origin, page.path)),
      });
    }
    return figures;
  } finally {
    await chrome?.kill();
    if (shop) await stopChild(shop);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
