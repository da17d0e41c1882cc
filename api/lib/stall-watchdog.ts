/**
 * A watchdog for a thread that has stopped running JavaScript's event loop.
 *
 * PGlite runs PostgreSQL compiled to WebAssembly on the calling thread, and on rare runs a
 * statement never returns: the thread spins at 100% CPU inside PostgreSQL (README, Operations;
 * docs/decisions/016-test-watchdog.md). Then no timer, request or signal handler runs again, so
 * the process cannot notice or end itself, and SIGTERM does nothing.
 *
 * The main thread stamps a shared clock every second. A worker thread watches the stamp; once it
 * is `seconds` old, the worker pauses the main thread through the inspector to read where it is
 * (function names only, unless `readSql`), reports that, and ends the process with SIGKILL. For
 * the shop that is one JSON log line: a supervisor (systemd's Restart=, a container's restart
 * policy, or node:cluster's primary for a worker) then starts it again, and the data directory's
 * lock is taken over from the dead process (api/db/client.ts). The tests use it to fail a wedged
 * test file at once instead of waiting for CI's limit (tests/setup.ts, tests/vitest-run.ts).
 */
import { Worker } from "node:worker_threads";

export type StallWatchdogOptions = {
  /** How long the thread may go without running a timer. */
  seconds: number;
  /** "log": one JSON line on standard output, as pino writes; "text": a readable report on standard error. */
  report: "log" | "text";
  /**
   * Also report the SQL found in PGlite's frames (tests only: the statement's text, and the bytes of
   * the protocol message, which carry its parameters, so personal data; never in the shop's log).
   */
  readSql?: boolean;
  /** A directory to write the report to as JSON, as `<pid>.json` (tests/vitest-run.ts reads it). */
  reportDir?: string;
};

export type StallWatchdog = {
  /** Names what the thread is doing now (a test's name), for the report. */
  setLabel: (label: string) => void;
};

const WORKER = String.raw`
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const inspector = require("node:inspector");
const { workerData } = require("node:worker_threads");
const { seconds, report, readSql, reportDir } = workerData;
const clock = new Int32Array(workerData.clock);
const label = new Uint8Array(workerData.label);

function currentLabel() {
  const end = label.indexOf(0);
  return new TextDecoder().decode(label.slice(0, end === -1 ? label.length : end));
}

/** The paused main thread's stack, and (readSql) each string in its JavaScript frames that reads like SQL. */
function pauseAndRead(session, done) {
  // Frames name their script by id; the scripts' addresses come as the debugger is enabled.
  const scripts = new Map();
  session.on("Debugger.scriptParsed", ({ params }) => scripts.set(params.scriptId, params.url));
  const post = (method, params) =>
    new Promise((resolve) => session.post(method, params ?? {}, (error, result) => resolve(error ? null : result)));
  session.once("Debugger.paused", async ({ params }) => {
    const frames = [];
    const sql = new Set();
    for (const frame of params.callFrames.slice(0, 40)) {
      const { lineNumber, columnNumber } = frame.location;
      const url = frame.url || scripts.get(frame.location.scriptId) || "";
      frames.push((frame.functionName || "(anonymous)") + " " + url + ":" + (lineNumber + 1) + ":" + columnNumber);
      // WebAssembly frames ($PostgresMainLoopOnce…) hold no JavaScript values; PGlite's own hold
      // the statement, as a string or as the protocol message's bytes.
      if (!readSql || frame.functionName.startsWith("$") || url.startsWith("node:")) continue;
      for (const scope of frame.scopeChain.filter((s) => s.type === "local" || s.type === "closure")) {
        const found = await post("Runtime.getProperties", { objectId: scope.object.objectId, ownProperties: true });
        for (const property of found?.result ?? []) {
          let value = property.value?.value;
          if (property.value?.subtype === "typedarray" && /^[A-Za-z_$][\w$]*$/.test(property.name)) {
            const text = await post("Debugger.evaluateOnCallFrame", {
              callFrameId: frame.callFrameId,
              expression: "new TextDecoder().decode(" + property.name + ".subarray(0, 4000))",
              returnByValue: true,
            });
            value = text?.result?.value;
          }
          if (typeof value === "string" && /\b(select|insert|update|delete|begin|commit|create|alter)\b/i.test(value)) {
            sql.add(value.replace(/[\u0000-\u001f]+/g, " ").trim().slice(0, 2000));
          }
        }
      }
    }
    await post("Debugger.resume");
    done(frames, [...sql]);
  });
  session.post("Debugger.enable", () => session.post("Debugger.pause"));
}

function end(frames, sql) {
  // Inside PGlite when PostgreSQL's own frames are on the stack.
  const inPglite = frames.some((frame) => frame.startsWith("$PostgresMainLoopOnce"));
  const what = "has not run a timer for " + seconds + " s" + (inPglite ? ", inside PGlite" : "") + ": ending the process";
  if (report === "log") {
    const line = { level: 60, time: Date.now(), pid: process.pid, hostname: os.hostname(), stack: frames, msg: "The event loop " + what };
    fs.writeSync(1, JSON.stringify(line) + "\n");
  } else {
    const text = [
      "",
      "WEDGED: process " + process.pid + " " + what + ".",
      "  doing: " + (currentLabel() || "(nothing named)"),
      "  stack of the main thread:",
      ...(frames.length ? frames.map((frame, i) => "  #" + i + " " + frame) : ["  (it did not pause within 10 s: stuck outside JavaScript)"]),
      ...(sql.length ? ["  SQL in PGlite's frames:", ...sql.map((s) => "    " + s.replace(/\s+/g, " "))] : []),
      "",
    ].join("\n");
    fs.writeSync(2, text);
    if (reportDir) {
      try {
        fs.writeFileSync(path.join(reportDir, process.pid + ".json"), JSON.stringify({ label: currentLabel(), inPglite, report: text }));
      } catch {}
    }
  }
  process.kill(process.pid, "SIGKILL");
}

// When this thread has not run for a while either (the machine was suspended, the process
// stopped), the main thread gets a few seconds to stamp again before its stamp counts as old.
let lastTick = Date.now();
let graceUntil = 0;
setInterval(() => {
  const now = Date.now();
  if (now - lastTick > 5000) graceUntil = now + 5000;
  lastTick = now;
  if (now < graceUntil) return;
  if (Math.floor(now / 1000) - Atomics.load(clock, 0) < seconds) return;
  const session = new inspector.Session();
  session.connectToMainThread();
  let ended = false;
  const once = (frames, sql) => {
    if (ended) return;
    ended = true;
    end(frames, sql);
  };
  setTimeout(() => once([], []), 10_000);
  pauseAndRead(session, once);
}, 1000);
`;

const started = Symbol.for("storefront.stall-watchdog");
const holder = globalThis as { [started]?: StallWatchdog };

/** Starts the watchdog, once per process (a second call answers the first one's handle). */
export function startStallWatchdog(options: StallWatchdogOptions): StallWatchdog {
  const existing = holder[started];
  if (existing) return existing;
  const clock = new Int32Array(new SharedArrayBuffer(4));
  const label = new Uint8Array(new SharedArrayBuffer(1024));
  const stamp = () => Atomics.store(clock, 0, Math.floor(Date.now() / 1000));
  stamp();
  setInterval(stamp, 1000).unref();
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { ...options, clock: clock.buffer, label: label.buffer },
  });
  // It never keeps the process alive, and never stops it from exiting.
  worker.unref();
  const watchdog: StallWatchdog = {
    setLabel(text) {
      label.fill(0);
      label.set(new TextEncoder().encode(text).slice(0, label.length - 1));
    },
  };
  holder[started] = watchdog;
  return watchdog;
}
