import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type CDPSession, chromium } from "playwright";

/**
 * What a page's main thread does while it loads, from a Chromium performance trace (issue 41: "measure
 * each step's long tasks in a trace, not by guess"). Playwright drives Debian's Chromium with a
 * phone's screen (412 × 823, as Lighthouse's mobile profile) and the CPU slowed 4× through CDP
 * (`Emulation.setCPUThrottlingRate`); the network is not slowed, so the figures are the CPU's alone.
 * Each page is traced BENCH_TRACE_RUNS times (default 3), pages interleaved, the empty React Router
 * page first in each round; the run with the median blocking time is reported.
 *
 * For each page: the tasks of 50 ms or more after the first contentful paint, their blocking time
 * (the part over 50 ms, summed, as Lighthouse's TBT, but observed under real throttling rather than
 * simulated), and what the main thread did in them: each script file's evaluation and the
 * JavaScript sampled in each file (the framework chunk is React's work: hydration and commits),
 * style, layout, paint and garbage collection.
 *
 *   npx tsx bench/main-thread.ts NAME=URL [NAME=URL …]
 *
 * BENCH_TRACE_SAVE=<folder> keeps each trace (open it in Chromium's Performance panel).
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "toplevel",
  "v8.execute",
  "v8",
  "blink.user_timing",
  "loading",
  "disabled-by-default-v8.cpu_profiler",
  // BENCH_TRACE_INVALIDATIONS=1: also what made style and layout dirty (slows the page a little).
  ...(process.env.BENCH_TRACE_INVALIDATIONS ? ["disabled-by-default-devtools.timeline.invalidationTracking"] : []),
];

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time: how long the thread ran during the event. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      frame?: string;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
      [key: string]: unknown;
    };
    [key: string]: unknown;
  };
};
type ProfileNode = { id: number; parent?: number; callFrame: { url: string; functionName: string } };

export type MainThreadFigures = {
  name: string;
  /** Blocking time (ms over 50 in each task after the first contentful paint), throttled 4×, by the clock. */
  blockingMs: number;
  /**
   * The same from each task's thread time (the trace's `tdur`): the time the main thread ran, still
   * slowed 4×, without the time other processes of a busy machine held the CPU. Steadier than the clock.
   */
  cpuBlockingMs: number;
  /** The tasks of 50 ms or more of thread time. */
  cpuLongTasks: number[];
  longTasks: number[];
  /** Milliseconds of main-thread work after the first contentful paint, by kind, inside the long tasks. */
  inLongTasks: Record<string, number>;
  /** The same for all the work after the first contentful paint. */
  afterPaint: Record<string, number>;
  /** Each long task: when it started (ms after the first contentful paint), how long it took, and its three largest kinds of work. */
  tasks: { atMs: number; ms: number; top: string }[];
};

async function record(cdp: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: CATEGORIES }, transferMode: "ReportEvents" });
  await load();
  await cdp.send("Tracing.end");
  await done;
  return events;
}

/** The short name of a script: its file, with the hash of the build left out. */
const fileOf = (url: string) => {
  if (!url) return "(no file)";
  const base =
    url
      .replace(/[?#].*$/, "")
      .split("/")
      .pop() || url;
  return base.replace(/-[\w-]{8}\.js$/, ".js");
};

function add(into: Record<string, number>, key: string, us: number) {
  into[key] = (into[key] ?? 0) + us / 1000;
}

/** Where each microsecond of the main thread went, by the innermost event that holds it (self time). */
const KINDS: [RegExp, string | ((e: TraceEvent) => string)][] = [
  [/^(EvaluateScript|v8\.evaluateModule)$/, (e) => `evaluate ${fileOf(e.args?.data?.url ?? "")}`],
  [/^(v8\.compile|v8\.compileModule|v8\.parseOnBackground|v8\.produceCache|CompileScript)$/, "compile"],
  [/^(Layout)$/, "layout"],
  [/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)$/, "style"],
  [/^(Paint|PaintImage|RasterTask|UpdateLayer|UpdateLayerTree|Layerize|PrePaint|Commit|CompositeLayers)$/, "paint"],
  [/^(MinorGC|MajorGC|V8\.GC.*|BlinkGC.*|ScavengeTask)$/, "GC"],
  [/^(ParseHTML)$/, "parse HTML"],
  [/^(HitTest|EventDispatch)$/, "events"],
];

function kindOf(e: TraceEvent): string | null {
  for (const [pattern, kind] of KINDS) if (pattern.test(e.name)) return typeof kind === "string" ? kind : kind(e);
  return null;
}

export function analyse(name: string, events: TraceEvent[]): MainThreadFigures {
  // The page's main thread: the renderer's CrRendererMain with the most work.
  const threadNames = events.filter((e) => e.ph === "M" && e.name === "thread_name");
  const mains = threadNames.filter((e) => e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`);
  const work = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === "X" && e.name === "RunTask" && mains.includes(key)) work.set(key, (work.get(key) ?? 0) + (e.dur ?? 0));
  }
  const main = [...work.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const [pid, tid] = (main ?? "0:0").split(":").map(Number);
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === pid)?.ts ?? 0;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur !== undefined);
  const tasks = onMain.filter((e) => e.name === "RunTask" && e.ts + e.dur! > fcp).sort((a, b) => a.ts - b.ts);
  const longTasks = tasks.filter((t) => t.dur! >= 50_000);
  const blockingMs = longTasks.reduce((sum, t) => sum + (t.dur! - 50_000) / 1000, 0);
  const cpuLong = tasks.filter((t) => (t.tdur ?? t.dur!) >= 50_000);
  const cpuBlockingMs = cpuLong.reduce((sum, t) => sum + ((t.tdur ?? t.dur!) - 50_000) / 1000, 0);

  // Self time of each classified event (its time less that of classified events inside it).
  const classified = onMain
    .filter((e) => e.name !== "RunTask" && kindOf(e))
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  type Span = { start: number; end: number; kind: string };
  const spans: Span[] = [];
  const stack: (Span & { self: number })[] = [];
  const flush = (until: number) => {
    while (stack.length && stack[stack.length - 1].end <= until) {
      const top = stack.pop()!;
      spans.push({ start: top.start, end: top.start + top.self, kind: top.kind });
    }
  };
  for (const e of classified) {
    flush(e.ts);
    const span = { start: e.ts, end: e.ts + e.dur!, kind: kindOf(e)!, self: e.dur! };
    if (stack.length) stack[stack.length - 1].self -= Math.min(e.dur!, stack[stack.length - 1].end - e.ts);
    stack.push(span);
  }
  flush(Infinity);

  // JavaScript by file, from the sampling profiler: each sample's innermost frame with a file.
  const samples: { ts: number; file: string | null; ms: number }[] = [];
  const nodes = new Map<number, ProfileNode>();
  const profile = events.filter((e) => e.pid === pid && (e.name === "Profile" || e.name === "ProfileChunk"));
  let time = 0;
  for (const e of profile) {
    if (e.name === "Profile") time = (e.args?.data as { startTime?: number } | undefined)?.startTime ?? time;
    const chunk = e.args?.data;
    for (const node of chunk?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = chunk?.cpuProfile?.samples ?? [];
    const deltas = chunk?.timeDeltas ?? [];
    ids.forEach((id, i) => {
      time += deltas[i] ?? 0;
      let node = nodes.get(id);
      while (node && !node.callFrame.url) node = node.parent !== undefined ? nodes.get(node.parent) : undefined;
      const fn = nodes.get(id)?.callFrame.functionName ?? "";
      const idle = fn === "(idle)" || fn === "(program)" || fn === "(garbage collector)";
      samples.push({ ts: time, file: idle ? null : node ? fileOf(node.callFrame.url) : "(native)", ms: 0 });
    });
  }
  // A sample stands for the time until the next one (at most 10 ms: the profiler's gaps are not JavaScript).
  samples.sort((a, b) => a.ts - b.ts);
  samples.forEach((s, i) => (s.ms = Math.min(10_000, (samples[i + 1]?.ts ?? s.ts) - s.ts)));

  // Samples fall inside evaluation spans too; they split "run JS" by file, evaluation or not.
  const sum = (inside: (ts: number) => boolean) => {
    const into: Record<string, number> = {};
    for (const s of spans) if (inside(s.start)) add(into, s.kind, s.end - s.start);
    for (const s of samples) if (s.file && inside(s.ts)) add(into, `JS in ${s.file}`, s.ms);
    return into;
  };
  const within = (ts: number, list: TraceEvent[]) => list.some((t) => ts >= t.ts && ts < t.ts + t.dur!);
  return {
    name,
    blockingMs,
    longTasks: longTasks.map((t) => Math.round(t.dur! / 1000)),
    cpuBlockingMs,
    cpuLongTasks: cpuLong.map((t) => Math.round((t.tdur ?? t.dur!) / 1000)),
    inLongTasks: sum((ts) => within(ts, longTasks)),
    afterPaint: sum((ts) => ts > fcp),
    tasks: longTasks.map((t) => ({
      atMs: Math.round((t.ts - fcp) / 1000),
      ms: Math.round(t.dur! / 1000),
      top: Object.entries(sum((ts) => within(ts, [t])))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`)
        .join(", "),
    })),
  };
}

export async function traceMainThread(pages: { name: string; url: string }[], runs = 3) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const saveDir = process.env.BENCH_TRACE_SAVE;
  if (saveDir) fs.mkdirSync(saveDir, { recursive: true });
  const results = new Map<string, MainThreadFigures[]>();
  try {
    for (let run = 0; run < runs; run++) {
      for (const page of pages) {
        // A fresh context each time: nothing cached, as a first visit.
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        // The server's own first render is not measured: the page is asked for once first.
        await fetch(page.url).then((r) => r.arrayBuffer());
        const events = await record(cdp, async () => {
          await tab.goto(page.url, { waitUntil: "load" });
          // The boot script hydrates after the load event and the first paint; then wait for quiet.
          await tab.waitForLoadState("networkidle");
          await tab.waitForTimeout(3000);
        });
        if (saveDir) fs.writeFileSync(path.join(saveDir, `${page.name}-${run + 1}.json`), JSON.stringify(events));
        const figures = analyse(page.name, events);
        results.set(page.name, [...(results.get(page.name) ?? []), figures]);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return pages.map(({ name }) => {
    const all = results.get(name)!.sort((a, b) => a.cpuBlockingMs - b.cpuBlockingMs);
    return { median: all[Math.floor(all.length / 2)], all };
  });
}

function table(figures: MainThreadFigures[], key: "inLongTasks" | "afterPaint") {
  const kinds = [...new Set(figures.flatMap((f) => Object.keys(f[key])))];
  kinds.sort((a, b) => (figures[figures.length - 1][key][b] ?? 0) - (figures[figures.length - 1][key][a] ?? 0));
  const lines = [
    `| ${key === "afterPaint" ? "after first paint" : "in long tasks"} (ms) | ${figures.map((f) => f.name).join(" | ")} |`,
  ];
  lines.push(`|---|${figures.map(() => "---:").join("|")}|`);
  for (const kind of kinds) {
    const values = figures.map((f) => f[key][kind] ?? 0);
    if (Math.max(...values) < 2) continue;
    lines.push(`| ${kind} | ${values.map((v) => v.toFixed(0)).join(" | ")} |`);
  }
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = process.argv.slice(2).map((arg) => {
    const at = arg.indexOf("=");
    return { name: arg.slice(0, at), url: arg.slice(at + 1) };
  });
  const runs = Math.max(1, Number(process.env.BENCH_TRACE_RUNS ?? 3));
  console.log(
    `${new Date().toISOString()}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  );
  const results = await traceMainThread(pages, runs);
  console.log(
    `Load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}\n`,
  );
  console.log(
    "| page (median of runs) | blocking, thread time (ms) | each run | long tasks, thread time (ms) | blocking, clock (ms) | long tasks, clock (ms) |",
  );
  console.log("|---|---:|---|---|---:|---|");
  for (const { median, all } of results) {
    const each = all.map((f) => f.cpuBlockingMs.toFixed(0)).join(", ");
    console.log(
      `| ${median.name} | ${median.cpuBlockingMs.toFixed(0)} | ${each} | ${median.cpuLongTasks.join(", ")} | ${median.blockingMs.toFixed(0)} | ${median.longTasks.join(", ")} |`,
    );
  }
  const medians = results.map((r) => r.median);
  for (const figures of medians) {
    console.log(`\n${figures.name}'s long tasks (the median run):\n`);
    for (const task of figures.tasks) console.log(`- at ${task.atMs} ms: ${task.ms} ms (${task.top})`);
  }
  console.log(`\n${table(medians, "inLongTasks")}\n\n${table(medians, "afterPaint")}`);
}
