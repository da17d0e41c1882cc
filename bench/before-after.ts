import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildTreeIfNeeded, measureSoak, printSoak, type SoakFigures } from "./soak";
import { measureStartup, printStartup, type StartupFigures } from "./startup";

/**
 * Before and after, side by side in one run (BENCH_ONLY=compare): "before" is the commit whose
 * default database was PGlite (BENCH_BEFORE_REF, default 4ea613b), checked out beside as a git
 * worktree (or BENCH_BEFORE_TREE, a checkout made beforehand) with this repository's
 * node_modules linked in; "after" is this tree. Each part runs for one tree, then the other:
 *
 * - soak: bench/soak.ts, BENCH_SOAK_STARTS fresh starts of each tree;
 * - list: each tree's own `BENCH_ONLY=list` (product/list p50/p95/p99 at BENCH_SIZES);
 * - load: each tree's own `BENCH_ONLY=load` (product/list under 50 connections);
 * - pages1, pages2: each tree's own `BENCH_ONLY=pages` with WEB_CONCURRENCY 1, then 2;
 * - startup: bench/startup.ts on a fresh clone of each.
 *
 * BENCH_COMPARE_PARTS chooses parts (default all, in that order; "startup:before" runs a part for
 * one tree only); BENCH_COMPARE_UNTIL (an ISO
 * time) leaves out the parts not begun by then. A tree's bench that ends with PGlite's stall
 * watchdog ("WEDGED"), or gives no figures within BENCH_COMPARE_PART_MINUTES (default 20), is
 * reported as wedged. Figures only.
 */
const root = path.resolve(import.meta.dirname, "..");
const beforeRef = process.env.BENCH_BEFORE_REF ?? "4ea613b";
const partNames = (process.env.BENCH_COMPARE_PARTS ?? "soak,list,load,pages1,pages2,startup").split(",");
const until = process.env.BENCH_COMPARE_UNTIL ? Date.parse(process.env.BENCH_COMPARE_UNTIL) : Infinity;
const partMinutes = Number(process.env.BENCH_COMPARE_PART_MINUTES ?? 20);
const sizes = process.env.BENCH_SIZES ?? "1000,10000,100000";
const parallel = process.env.BENCH_COMPARE_PARALLEL === "1";
const soakUntil = process.env.BENCH_SOAK_UNTIL ? Date.parse(process.env.BENCH_SOAK_UNTIL) : until;
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

type Side = "before" | "after";
type BenchRun = { ok: boolean; wedged?: string; output: string; seconds: number };

function checkOutBefore(): { tree: string; remove: () => void } {
  if (process.env.BENCH_BEFORE_TREE) return { tree: path.resolve(process.env.BENCH_BEFORE_TREE), remove: () => {} };
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-compare-"));
  const tree = path.join(base, "storefront-before");
  const added = spawnSync("git", ["worktree", "add", "--detach", tree, beforeRef], { cwd: root, encoding: "utf8" });
  if (added.status !== 0) throw new Error(`git worktree add failed: ${added.stderr}`);
  fs.symlinkSync(path.join(root, "node_modules"), path.join(tree, "node_modules"));
  return {
    tree,
    remove() {
      spawnSync("git", ["worktree", "remove", "--force", tree], { cwd: root });
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

/** `tsx bench/run.ts` of a tree with BENCH_ONLY=`only`, its output captured. */
function runTreeBench(tree: string, only: string, env: Record<string, string>): Promise<BenchRun> {
  const started = performance.now();
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env, BENCH_ONLY: only };
  delete childEnv.DATABASE_URL;
  const child: ChildProcess = spawn(path.join(tree, "node_modules/.bin/tsx"), ["bench/run.ts"], {
    cwd: tree,
    env: childEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // gone
      }
    }, partMinutes * 60_000);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      const wedgedLine = output.split("\n").find((line) => line.startsWith("WEDGED:"));
      if (wedgedLine) resolve({ ok: false, wedged: wedgedLine, output, seconds });
      else if (signal === "SIGKILL" && seconds >= partMinutes * 60 - 1)
        resolve({ ok: false, wedged: `no end in ${partMinutes} min`, output, seconds });
      else resolve({ ok: code === 0, output, seconds });
    });
  });
}

/** The cells of the markdown table rows whose first cell matches. */
function rows(output: string, first: RegExp): string[][] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
    .filter((cells) => first.test(cells[0] ?? ""));
}

const results: Record<string, Record<Side, string>> = {};
const notes: string[] = [];
const set = (row: string, side: Side, value: string) => {
  results[row] ??= { before: "not run", after: "not run" };
  results[row][side] = value;
};
const wedgedCell = (run: BenchRun) =>
  `wedged (1 run of 1${run.wedged?.includes("inside PGlite") ? ", inside PGlite" : ""}; ${run.wedged?.startsWith("WEDGED") ? "stall watchdog after 120 s" : run.wedged})`;

const before = checkOutBefore();
const trees: Record<Side, string> = { before: before.tree, after: root };
const soaks: Partial<Record<Side, SoakFigures>> = {};
const startups: Partial<Record<Side, StartupFigures>> = {};
console.log(
  `Before and after, side by side: before = ${beforeRef} (${trees.before}), after = this tree (${root}); ` +
    `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, ${new Date().toISOString()}, ` +
    `load average ${os.loadavg()[0].toFixed(2)}`,
);
/** One part for one tree; its figures go into the table. */
async function runPart(part: string, side: Side) {
  if (Date.now() > until) {
    notes.push(`${part} (${side}): not run, past BENCH_COMPARE_UNTIL`);
    return;
  }
  log(`${part}, ${side}…`);
  const tree = trees[side];
  if (part === "soak") {
    const s = await measureSoak({
      tree,
      log: (line) => log(`${side}: ${line}`),
      portOffset: side === "before" ? 50 : 0,
      until: soakUntil,
    });
    soaks[side] = s;
    printSoak(s);
    set("soak: fresh starts", side, String(s.starts));
    set("soak: freezes", side, `${s.freezes}${s.frozenAt.length ? ` (at request ${s.frozenAt.join(", ")})` : ""}`);
    set("soak: wrong answers", side, String(s.wrongAnswers));
    set("soak: starts that never became ready", side, String(s.failedStarts));
    set("soak: median time to first /readyz (s)", side, (s.medianReadyMs / 1000).toFixed(1));
  } else if (part === "startup") {
    try {
      const s = await measureStartup({ tree, ref: side === "before" ? beforeRef : undefined, log });
      startups[side] = s;
      printStartup(s);
      set("fresh clone: npm ci (s)", side, s.npmCiSeconds.toFixed(0));
      set("fresh clone: first npm start to a full /shop (s)", side, s.firstStartSeconds.toFixed(0));
      set("later npm start to a full /shop (s)", side, s.laterStartSeconds.toFixed(0));
    } catch (error) {
      notes.push(`startup (${side}) failed: ${String(error).slice(0, 300)}`);
      set("fresh clone: first npm start to a full /shop (s)", side, "failed");
    }
  } else if (part === "list" || part === "load" || part === "pages1" || part === "pages2") {
    const only = part.startsWith("pages") ? "pages" : part;
    const workers = part === "pages2" ? "2" : "1";
    const run = await runTreeBench(tree, only, { BENCH_SIZES: sizes, WEB_CONCURRENCY: workers });
    console.log(
      `\n${side}, BENCH_ONLY=${only}${only === "pages" ? ` WEB_CONCURRENCY=${workers}` : ""} (${run.seconds.toFixed(0)} s):`,
    );
    console.log(run.output.trim());
    if (part === "list") {
      const found = rows(run.output, /^[\d,]+$/);
      for (const size of sizes.split(",").map(Number)) {
        const row = found.find((cells) => Number(cells[0].replace(/,/g, "")) === size);
        set(
          `product/list p50 / p95 / p99 (ms), ${size.toLocaleString("en-IN")} products`,
          side,
          row ? `${row[1]} / ${row[2]} / ${row[3]}` : run.wedged ? wedgedCell(run) : "no figures",
        );
      }
    } else if (part === "load") {
      const row = rows(run.output, /^\d+$/).find((cells) => cells.length === 7);
      set(
        "product/list, 50 connections: requests/s, p50 / p95 / p99 (ms), errors",
        side,
        row
          ? `${row[2]}/s, ${row[3]} / ${row[4]} / ${row[5]}, ${row[1]} errors`
          : run.wedged
            ? wedgedCell(run)
            : "no figures",
      );
    } else {
      const ratio = (name: RegExp) => rows(run.output, name)[0]?.[2];
      const shop = ratio(/^\/shop \(20 products\), signed in$/);
      const product = ratio(/^product page, signed in$/);
      const label = `WEB_CONCURRENCY=${workers}: signed-in /shop / product page × the empty page`;
      set(label, side, shop ? `${shop} / ${product}` : run.wedged ? wedgedCell(run) : "no figures");
      if (side === "before" && workers === "2")
        notes.push(
          "before: PGlite runs one process; WEB_CONCURRENCY=2 is ignored there (api/runtime.ts at " +
            `${beforeRef}: "PGlite is an embedded database one process owns")`,
        );
    }
    if (run.wedged) notes.push(`${part} (${side}): ${run.wedged}`);
    else if (!run.ok)
      notes.push(`${part} (${side}): the bench failed: ${run.output.trim().split("\n").slice(-3).join(" | ")}`);
  } else notes.push(`unknown part ${part}`);
}

try {
  log(`building the before tree if it has no build…`);
  buildTreeIfNeeded(trees.before);
  // The parts one after the other, after then before; with BENCH_COMPARE_PARALLEL=1 the two trees'
  // soaks run at once, beside the other parts (a busy machine: their figures are slower for it).
  const lanes: string[][] = parallel
    ? [partNames.filter((p) => p === "soak"), partNames.filter((p) => p !== "soak")]
    : [partNames];
  await Promise.all(
    lanes.map(async (lane) => {
      for (const part of lane) {
        if (parallel && part === "soak")
          await Promise.all((["after", "before"] as Side[]).map((side) => runPart(part, side)));
        else {
          // "startup:before": that part for one tree only.
          const [name, only] = part.split(":");
          for (const side of ["after", "before"] as Side[]) if (!only || only === side) await runPart(name, side);
        }
      }
    }),
  );
} finally {
  before.remove();
}

console.log(`\nBefore (${beforeRef}, PGlite) and after (the embedded PostgreSQL 17), ${new Date().toISOString()}:\n`);
console.log("| | before: PGlite | after: embedded PostgreSQL |");
console.log("|---|---:|---:|");
for (const [row, { before: b, after: a }] of Object.entries(results)) console.log(`| ${row} | ${b} | ${a} |`);
console.log("| CI on a clean clone | (measured by the lead) | (measured by the lead) |");
for (const note of notes) console.log(`- ${note}`);
