/**
 * A watchdog for each test process: PGlite runs PostgreSQL compiled to WebAssembly on the test's
 * own thread, and on rare runs a statement never returns, spinning at 100% CPU (decision 016).
 * While it spins, no timer fires, so Vitest's test timeout cannot end the test and the whole run
 * waits until CI gives up.
 *
 * The main thread stamps a shared clock every second. A worker thread watches the stamp; when the
 * main thread has been stuck for WEDGE_SECONDS it pauses it through the inspector, writes where it
 * is (the JavaScript stack and the SQL text PGlite is running, if any) to standard error and to
 * STOREFRONT_WEDGE_DIR, and kills the process. Vitest then reports the file as failed at once, and
 * tests/vitest-run.ts decides whether to run it again.
 */
import { Worker } from "node:worker_threads";

/** Longer than any test or hook timeout (30 s and 60 s), so a slow test fails as itself first. */
export const WEDGE_SECONDS = 90;

const started = Symbol.for("storefront.test-watchdog");
const holder = globalThis as { [started]?: { label: Uint8Array } };

const WORKER = String.raw`
const fs = require("node:fs");
const path = require("node:path");
const inspector = require("node:inspector");
const { workerData } = require("node:worker_threads");
const clock = new Int32Array(workerData.clock);
const label = new Uint8Array(workerData.label);
const write = (text) => fs.writeSync(2, text);

function nameOfTest() {
  const end = label.indexOf(0);
  return new TextDecoder().decode(label.slice(0, end === -1 ? label.length : end));
}

/** The stack of the paused main thread, and each string in PGlite's frames that reads like SQL. */
function where(session, done) {
  const post = (method, params) =>
    new Promise((resolve) => session.post(method, params ?? {}, (error, result) => resolve(error ? null : result)));
  session.once("Debugger.paused", async ({ params }) => {
    const lines = [];
    const sql = new Set();
    for (const [index, frame] of params.callFrames.slice(0, 40).entries()) {
      const { lineNumber, columnNumber } = frame.location;
      lines.push("  #" + index + " " + (frame.functionName || "(anonymous)") + " " + frame.url + ":" + (lineNumber + 1) + ":" + columnNumber);
      // WebAssembly frames ($PostgresMainLoopOnce…) hold no JavaScript values; PGlite's own hold
      // the statement, as a string or as the protocol message's bytes.
      if (frame.functionName.startsWith("$") || frame.url.startsWith("node:")) continue;
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
    done(lines, [...sql]);
  });
  session.post("Debugger.enable", () => session.post("Debugger.pause"));
}

function report(lines, sql) {
  const text = [
    "",
    "WEDGED: the test process " + process.pid + " has not run a timer for " + workerData.seconds + " s; killing it.",
    "  test: " + (nameOfTest() || "(between tests)"),
    "  stack of the main thread:",
    ...(lines.length ? lines : ["  (it did not pause within 10 s: stuck outside JavaScript)"]),
    ...(sql.length ? ["  SQL in PGlite's frames:", ...sql.map((s) => "    " + s.replace(/\s+/g, " "))] : []),
    "",
  ].join("\n");
  write(text);
  const dir = process.env.STOREFRONT_WEDGE_DIR;
  if (dir) {
    try {
      // Inside PGlite when PostgreSQL's own frames are on the stack.
      const inPglite = lines.some((line) => line.includes("$PostgresMainLoopOnce"));
      fs.writeFileSync(path.join(dir, process.pid + ".json"), JSON.stringify({ test: nameOfTest(), inPglite, report: text }));
    } catch {}
  }
  process.kill(process.pid, "SIGKILL");
}

setInterval(() => {
  const stuckFor = Math.floor(Date.now() / 1000) - Atomics.load(clock, 0);
  if (stuckFor < workerData.seconds) return;
  const session = new inspector.Session();
  session.connectToMainThread();
  let reported = false;
  const once = (lines, sql) => {
    if (reported) return;
    reported = true;
    report(lines, sql);
  };
  setTimeout(() => once([], []), 10_000);
  where(session, once);
}, 1000);
`;

/** Starts the watchdog once per process; `setTest` names the test that is running, for the report. */
export function startWatchdog(): { setTest: (name: string) => void } {
  if (!holder[started]) {
    const clock = new Int32Array(new SharedArrayBuffer(4));
    const label = new Uint8Array(new SharedArrayBuffer(1024));
    const stamp = () => Atomics.store(clock, 0, Math.floor(Date.now() / 1000));
    stamp();
    setInterval(stamp, 1000).unref();
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        clock: clock.buffer,
        label: label.buffer,
        seconds: Number(process.env.STOREFRONT_WEDGE_SECONDS) || WEDGE_SECONDS,
      },
    });
    worker.unref();
    holder[started] = { label };
  }
  const { label } = holder[started]!;
  return {
    setTest(name) {
      const bytes = new TextEncoder().encode(name).slice(0, label.length - 1);
      label.fill(0);
      label.set(bytes);
    },
  };
}
