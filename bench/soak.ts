import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * The soak (BENCH_ONLY=soak): STARTS fresh starts of a tree's shop (BENCH_SOAK_TREE, default this
 * one), each in a new temporary DATA_DIR on the default database, `node --import tsx server/main.ts
 * --no-build` as `npm start` runs it, on a port of 3700–3799. Each is browsed as a shopper would:
 * /, /shop, a product page, then REQUESTS requests interleaving misspelt searches on /shop with
 * pages and search suggestions (GET /userapp/product/suggest). Every request has a deadline: one
 * past it is a freeze (the start is ended with SIGKILL and counted). A wrong answer is a non-200,
 * a misspelt search whose page says "No products found." or shows no correction ("Showing results
 * for …", data-testid="search-correction") and no product cards, or suggestions with none for a
 * misspelt query. Figures only: never a pass/fail test.
 */
const root = path.resolve(import.meta.dirname, "..");

/** Misspellings the seeded catalogue corrects (api/lib/search/search-fallback.ts). */
export const MISSPELT = ["samsng", "hedphones", "sonyy", "laptp", "bluetoth", "earbudz", "headfones", "smartwatsh"];
const PAGES = ["/shop", "/", "/shop?page=2", "/shop?sort=price-asc"];

export type SoakStart = {
  /** Milliseconds from spawning the process to the first 200 of /readyz; undefined when it never came. */
  readyMs?: number;
  requests: number;
  freeze?: string;
  wrong: string[];
  failedStart?: string;
};

export type SoakFigures = {
  tree: string;
  starts: number;
  freezes: number;
  /** Freezes, by the request number (1-based, of the start's requests) they came at. */
  frozenAt: number[];
  wrongAnswers: number;
  failedStarts: number;
  requests: number;
  medianReadyMs: number;
  deadlineMs: number;
  details: string[];
};

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

async function soakPort(from: number): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const port = 3700 + ((from + i) % 100);
    if (await portFree(port)) return port;
  }
  throw new Error("No free port in 3700–3799");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Ends the shop's process group, and the embedded PostgreSQL server it started (its own process group). */
async function endStart(child: ChildProcess, dataDir: string, signal: "SIGTERM" | "SIGKILL") {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
  await Promise.race([exited, sleep(20_000)]);
  if (child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
    await Promise.race([exited, sleep(5_000)]);
  }
  // A shop killed with SIGKILL leaves its embedded server running (api/db/embedded.ts): end it too.
  const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
  if (fs.existsSync(pidFile)) {
    const pid = Number.parseInt(fs.readFileSync(pidFile, "utf8").split("\n")[0], 10);
    if (pid > 0) {
      try {
        process.kill(pid, "SIGQUIT");
        for (let i = 0; i < 50 && fs.existsSync(pidFile); i++) await sleep(100);
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
}

class Frozen extends Error {}

async function oneStart(
  tree: string,
  index: number,
  requests: number,
  deadlineMs: number,
  portOffset: number,
  buildDir: string,
): Promise<SoakStart> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-soak-"));
  fs.chmodSync(dataDir, 0o755);
  const port = await soakPort(portOffset + index);
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PORT: String(port),
    HOST: "127.0.0.1",
    SESSION_SECRET: "soak",
    LOG_LEVEL: "warn",
    // Every page rendered: the guest micro-cache would answer repeated pages without the database.
    PAGE_CACHE_SECONDS: "0",
    BUILD_DIR: buildDir,
  };
  delete env.WEB_CONCURRENCY;
  delete env.NODE_OPTIONS;
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts", "--no-build"], {
    cwd: tree,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
  child.stderr!.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
  const result: SoakStart = { requests: 0, wrong: [] };
  let killed = false;
  try {
    const readyBy = performance.now() + 240_000;
    while (result.readyMs === undefined) {
      if (child.exitCode !== null || performance.now() > readyBy) {
        result.failedStart = `no /readyz 200 (${child.exitCode !== null ? `exited ${child.exitCode}` : "240 s"}): ${output.trim().split("\n").slice(-3).join(" | ")}`;
        return result;
      }
      try {
        const r = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2000) });
        await r.arrayBuffer();
        if (r.status === 200) result.readyMs = performance.now() - started;
      } catch {
        // not listening yet
      }
      if (result.readyMs === undefined) await sleep(100);
    }

    /** One request with a deadline on the whole answer; past it, a freeze. */
    const ask = async (what: string, url: string, init: RequestInit = {}) => {
      result.requests++;
      try {
        const response = await fetch(origin + url, { ...init, signal: AbortSignal.timeout(deadlineMs) });
        return { status: response.status, body: await response.text() };
      } catch (error) {
        if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
          throw new Frozen(`request ${result.requests} (${what}) had no answer in ${deadlineMs / 1000} s`);
        throw error;
      }
    };
    const page = async (url: string) => {
      const r = await ask(url, url);
      if (r.status !== 200) result.wrong.push(`${url}: ${r.status}`);
      return r;
    };
    const search = async (term: string) => {
      const url = `/shop?search=${encodeURIComponent(term)}`;
      const r = await ask(url, url);
      const cards = (r.body.match(/data-product-card/g) ?? []).length;
      if (r.status !== 200) result.wrong.push(`${url}: ${r.status}`);
      else if (r.body.includes("No products found.")) result.wrong.push(`${url}: "No products found."`);
      else if (!r.body.includes('data-testid="search-correction"') || cards === 0)
        result.wrong.push(`${url}: no correction (${cards} cards)`);
    };
    const suggest = async (term: string) => {
      const url = `/userapp/product/suggest?q=${encodeURIComponent(term)}`;
      const r = await ask(url, url);
      if (r.status !== 200) return void result.wrong.push(`${url}: ${r.status}`);
      const data = (JSON.parse(r.body) as { data?: { correction: string | null; suggestions: unknown[] } }).data;
      if (!data?.suggestions.length) result.wrong.push(`${url}: no suggestions (correction ${data?.correction})`);
    };

    await page("/");
    await page("/shop");
    const list = await ask("product/list", "/userapp/product/list", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ options: { limit: 3 } }),
    });
    const id = (JSON.parse(list.body) as { data: { data: { _id: string }[] } }).data.data[0]._id;
    const product = await ask("product page", `/product/x/x/${id}`);
    if (product.status !== 200) result.wrong.push(`product page: ${product.status}`);
    const pages = [...PAGES, `/product/x/x/${id}`];
    for (let i = 0; i < requests; i++) {
      const term = MISSPELT[(index + Math.floor(i / 4)) % MISSPELT.length];
      if (i % 4 === 0) await search(term);
      else if (i % 4 === 1) await page(pages[(index + i) % pages.length]);
      else if (i % 4 === 2) await suggest(term);
      else await page(pages[(index + i + 1) % pages.length]);
    }
  } catch (error) {
    if (!(error instanceof Frozen)) throw error;
    result.freeze = error.message;
    killed = true;
    await endStart(child, dataDir, "SIGKILL");
  } finally {
    if (!killed) await endStart(child, dataDir, "SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

/** Builds the tree's storefront once (its BUILD_DIR, or build/) when it has none. */
export function buildTreeIfNeeded(tree: string) {
  const buildDir = path.resolve(tree, process.env.BUILD_DIR || "build");
  if (fs.existsSync(path.join(buildDir, "server/index.js"))) return;
  const built = spawnSync("npm", ["run", "build"], { cwd: tree, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`Building ${tree} failed:\n${built.stdout}${built.stderr}`);
}

export async function measureSoak(
  options: {
    tree?: string;
    starts?: number;
    requests?: number;
    deadlineMs?: number;
    /** Ports from 3700 + this (two soaks at once use different ones). */
    portOffset?: number;
    /** No start begins after this time (ms since the epoch): the figures count the starts made. */
    until?: number;
    log?: (line: string) => void;
  } = {},
): Promise<SoakFigures> {
  const tree = path.resolve(options.tree ?? process.env.BENCH_SOAK_TREE ?? root);
  const starts = options.starts ?? Number(process.env.BENCH_SOAK_STARTS ?? 20);
  const requests = options.requests ?? 40;
  const deadlineMs = options.deadlineMs ?? 10_000;
  const log = options.log ?? ((line: string) => console.error(line));
  // The starts serve a copy of the tree's build: a build made meanwhile in the tree (another part
  // of the bench, `npm start` after an edit) empties build/ for a while.
  buildTreeIfNeeded(tree);
  // Inside the tree's node_modules: the build's imports resolve from where it lies.
  const cache = path.join(tree, "node_modules/.cache");
  fs.mkdirSync(cache, { recursive: true });
  const buildDir = fs.mkdtempSync(path.join(cache, "storefront-soak-build-"));
  fs.cpSync(path.resolve(tree, process.env.BUILD_DIR || "build"), buildDir, { recursive: true });
  const results: SoakStart[] = [];
  try {
    for (let i = 0; i < starts; i++) {
      if (Date.now() > (options.until ?? Infinity)) break;
      const r = await oneStart(tree, i, requests, deadlineMs, options.portOffset ?? 0, buildDir);
      results.push(r);
      log(
        `soak ${i + 1}/${starts}: ${r.failedStart ?? (r.freeze ? `FROZEN, ${r.freeze}` : "ok")}, ` +
          `ready ${r.readyMs === undefined ? "–" : (r.readyMs / 1000).toFixed(1)} s, ${r.requests} requests, ${r.wrong.length} wrong` +
          (r.wrong.length ? ` (${r.wrong.slice(0, 3).join("; ")})` : ""),
      );
    }
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
  }
  const ready = results
    .map((r) => r.readyMs)
    .filter((ms): ms is number => ms !== undefined)
    .sort((a, b) => a - b);
  return {
    tree,
    starts: results.length,
    freezes: results.filter((r) => r.freeze).length,
    frozenAt: results.filter((r) => r.freeze).map((r) => r.requests),
    wrongAnswers: results.reduce((sum, r) => sum + r.wrong.length, 0),
    failedStarts: results.filter((r) => r.failedStart).length,
    requests: results.reduce((sum, r) => sum + r.requests, 0),
    medianReadyMs: ready.length ? ready[Math.floor((ready.length - 1) / 2)] : Number.NaN,
    deadlineMs,
    details: results.flatMap((r, i) => [
      ...(r.failedStart ? [`start ${i + 1}: ${r.failedStart}`] : []),
      ...(r.freeze ? [`start ${i + 1}: ${r.freeze}`] : []),
      ...r.wrong.map((w) => `start ${i + 1}: wrong: ${w}`),
    ]),
  };
}

export function printSoak(s: SoakFigures) {
  console.log(
    `\nSoak: ${s.starts} fresh starts of ${s.tree} (each a new DATA_DIR, default database), each browsed: /, /shop, a product page, ` +
      `then 40 requests interleaving misspelt searches with pages and suggestions, each with a ${s.deadlineMs / 1000} s deadline:\n`,
  );
  console.log("| starts | freezes | wrong answers | failed starts | requests | median time to first /readyz (s) |");
  console.log("|---:|---:|---:|---:|---:|---:|");
  console.log(
    `| ${s.starts} | ${s.freezes} | ${s.wrongAnswers} | ${s.failedStarts} | ${s.requests} | ${(s.medianReadyMs / 1000).toFixed(1)} |`,
  );
  if (s.frozenAt.length) console.log(`\nFroze at request ${s.frozenAt.join(", ")} of their start.`);
  for (const d of s.details.slice(0, 20)) console.log(`- ${d}`);
}
