import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildIfNeeded } from "../server/build";
import { buildBaseline, scriptUrls, start } from "./pages";

/**
 * Slow phones: Lighthouse 12 in its default mode (a Moto G Power-sized phone, simulated slow 4G
 * and a 4× slower CPU) on home, shop and a product page of a freshly started production server
 * (`npm start` with its own data directory, port and BUILD_DIR), driving Debian's Chromium.
 * Each page runs BENCH_LIGHTHOUSE_RUNS times (default 3); the medians are printed, as the
 * figures of one run move by a few points on a busy machine. BENCH_LIGHTHOUSE_PORT fixes the
 * port (default: a free one); BENCH_LIGHTHOUSE_SAVE keeps the reports. Also the JavaScript a page makes a phone download: its files and
 * its inline scripts (React Router's loader data), each gzip -9. The empty React Router page
 * (bench/baseline, behind the same server stack) runs first in the same Chromium, so its figures
 * stand beside the shop's from the same minutes of a shared machine (issue 41).
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
  /** Total Blocking Time, milliseconds (simulated 4× slower CPU). */
  tbtMs: number;
  /** Cumulative Layout Shift. */
  cls: number;
  /** The main thread's tasks of 50 ms or more in the run with the median blocking time: how many, the longest (ms) and what ran it. */
  longTasks: { count: number; longestMs: number; longestUrl: string };
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

type Sample = Pick<LighthouseFigures, "performance" | "accessibility" | "lcpMs" | "tbtMs" | "cls" | "longTasks">;

/** Lighthouse's "long-tasks" diagnostic (tasks of 50 ms or more on the main thread, CPU slowed 4×), summed up. */
function longTasksOf(details: unknown): LighthouseFigures["longTasks"] {
  const items = ((details as { items?: { url?: string; duration?: number }[] } | undefined)?.items ?? []).filter(
    (item) => typeof item.duration === "number",
  );
  const longest = items.reduce<{ url?: string; duration?: number } | undefined>(
    (best, item) => (!best || item.duration! > best.duration! ? item : best),
    undefined,
  );
  return {
    count: items.length,
    longestMs: Math.round(longest?.duration ?? 0),
    longestUrl: (longest?.url ?? "").replace(/^https?:\/\/[^/]+/, ""),
  };
}

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
  let baselineChild: ChildProcess | undefined;
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
    buildBaseline();
    const baseline = await start(["bench/serve-baseline.ts"], {});
    baselineChild = baseline.child;
    const pages = [
      { route: "empty React Router page", path: "/", origin: baseline.origin },
      { route: "home", path: "/", origin },
      { route: "shop", path: "/shop", origin },
      { route: "product", path: productPath, origin },
    ];
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      // BENCH_LIGHTHOUSE_CHROME_PORT fixes Chromium's debugging port (default: a free one).
      port: Number(process.env.BENCH_LIGHTHOUSE_CHROME_PORT) || undefined,
      chromeFlags: ["--headless", "--no-sandbox", "--disable-background-networking"],
    });
    const figures: LighthouseFigures[] = [];
    for (const page of pages) {
      const samples: Sample[] = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await audit(chrome.port, page.origin + page.path);
        if (saveDir) {
          const name = `${page.route.replace(/\W+/g, "-")}-${i + 1}.json`;
          fs.writeFileSync(path.join(saveDir, name), JSON.stringify(lhr));
        }
        const { categories, audits } = lhr;
        samples.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
          tbtMs: audits["total-blocking-time"]?.numericValue ?? NaN,
          cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
          longTasks: longTasksOf(audits["long-tasks"]?.details),
        });
      }
      const tbtMs = median(samples.map((s) => s.tbtMs));
      const medianRun = samples.reduce((best, s) =>
        Math.abs(s.tbtMs - tbtMs) < Math.abs(best.tbtMs - tbtMs) ? s : best,
      );
      figures.push({
        route: page.route,
        path: page.path,
        runs,
        performance: median(samples.map((s) => s.performance)),
        accessibility: median(samples.map((s) => s.accessibility)),
        lcpMs: median(samples.map((s) => s.lcpMs)),
        tbtMs,
        cls: median(samples.map((s) => s.cls)),
        longTasks: medianRun.longTasks,
        ...(await scriptWeight(page.origin, page.path)),
      });
    }
    return figures;
  } finally {
    await chrome?.kill();
    if (baselineChild) await stopChild(baselineChild);
    if (shop) await stopChild(shop);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
