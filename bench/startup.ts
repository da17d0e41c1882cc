import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Start-up on a fresh clone (BENCH_ONLY=startup): the tree (BENCH_STARTUP_TREE, default this one;
 * BENCH_STARTUP_REF, a commit to clone instead) is cloned into a temporary folder, or, when the
 * tree has changes not committed, its files are copied (tracked and untracked, nothing ignored:
 * no node_modules, build or data). Then, timed: `npm ci`; `npm start` to the first full /shop
 * (200 with product cards: build, database set-up, migrations and seed); after SIGTERM, a later
 * `npm start` to /shop again. Figures only.
 */
const root = path.resolve(import.meta.dirname, "..");

export type StartupFigures = {
  tree: string;
  source: string;
  npmCiSeconds: number;
  firstStartSeconds: number;
  laterStartSeconds: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

function git(cwd: string, args: string[]) {
  const r = spawnSync("git", args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${r.stderr}`);
  return r.stdout;
}

/** A fresh clone of the tree (or of `ref` in it) in `target`; the working tree's files when it has uncommitted changes. */
function freshClone(tree: string, target: string, ref?: string): string {
  const dirty = !ref && git(tree, ["status", "--porcelain"]).trim() !== "";
  if (!dirty) {
    git(os.tmpdir(), ["clone", "--quiet", "--no-hardlinks", tree, target]);
    if (ref) git(target, ["checkout", "--quiet", ref]);
    return `git clone${ref ? ` at ${ref}` : ""} (${git(target, ["rev-parse", "--short", "HEAD"]).trim()})`;
  }
  fs.mkdirSync(target, { recursive: true });
  const files = git(tree, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"]).split("\0").filter(Boolean);
  for (const file of files) {
    const from = path.join(tree, file);
    if (!fs.existsSync(from) || !fs.statSync(from).isFile()) continue;
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.copyFileSync(from, path.join(target, file));
  }
  return "a copy of the working tree (uncommitted changes: tracked and untracked files, no node_modules, build or data)";
}

async function startToShop(dir: string, port: number): Promise<{ child: ChildProcess; seconds: number }> {
  const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), HOST: "127.0.0.1" };
  for (const name of ["DATABASE_URL", "WEB_CONCURRENCY", "DATA_DIR", "BUILD_DIR", "NODE_OPTIONS", "NODE_ENV"])
    delete env[name];
  const started = performance.now();
  const child = spawn("npm", ["start"], { cwd: dir, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
  child.stderr!.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
  const until = performance.now() + 900_000;
  for (;;) {
    if (child.exitCode !== null || performance.now() > until)
      throw new Error(`npm start gave no full /shop:\n${output}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/shop`, { signal: AbortSignal.timeout(10_000) });
      const html = await r.text();
      if (r.status === 200 && html.includes("data-product-card"))
        return { child, seconds: (performance.now() - started) / 1000 };
    } catch {
      // not yet
    }
    await sleep(200);
  }
}

async function stopGroup(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid!, "SIGTERM");
  await Promise.race([exited, sleep(30_000)]);
  if (child.exitCode === null && child.signalCode === null) {
    process.kill(-child.pid!, "SIGKILL");
    await exited;
  }
}

export async function measureStartup(
  options: { tree?: string; ref?: string; log?: (line: string) => void } = {},
): Promise<StartupFigures> {
  const tree = path.resolve(options.tree ?? process.env.BENCH_STARTUP_TREE ?? root);
  const ref = options.ref ?? process.env.BENCH_STARTUP_REF;
  const log = options.log ?? ((line: string) => console.error(line));
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-clone-"));
  // The clone's data/ must be reachable by the embedded server's system user when run as root.
  fs.chmodSync(base, 0o755);
  const dir = path.join(base, "storefront");
  let port = 3790;
  while (!(await portFree(port))) port++;
  try {
    const source = freshClone(tree, dir, ref);
    log(`startup: ${source} in ${dir}; npm ci…`);
    const ciStarted = performance.now();
    const ci = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], {
      cwd: dir,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (ci.status !== 0) throw new Error(`npm ci failed:\n${ci.stdout}${ci.stderr}`);
    const npmCiSeconds = (performance.now() - ciStarted) / 1000;
    log(`startup: npm ci ${npmCiSeconds.toFixed(1)} s; npm start…`);
    const first = await startToShop(dir, port);
    await stopGroup(first.child);
    log(`startup: first start ${first.seconds.toFixed(1)} s; again…`);
    const later = await startToShop(dir, port);
    await stopGroup(later.child);
    return {
      tree,
      source,
      npmCiSeconds,
      firstStartSeconds: first.seconds,
      laterStartSeconds: later.seconds,
    };
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

export function printStartup(s: StartupFigures) {
  console.log(`\nStart-up on a fresh clone: ${s.source}:\n`);
  console.log("| npm ci (s) | first npm start to a full /shop (s) | later start (s) |");
  console.log("|---:|---:|---:|");
  console.log(
    `| ${s.npmCiSeconds.toFixed(1)} | ${s.firstStartSeconds.toFixed(1)} | ${s.laterStartSeconds.toFixed(1)} |`,
  );
}
