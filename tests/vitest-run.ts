/**
 * Runs Vitest with the stall watchdog's reports collected (tests/setup.ts, decision 016).
 *
 * When a test process wedges, Vitest stops the whole run, so nothing after it is known. If every
 * wedge was inside PGlite (PostgreSQL's frames on the stack), the run is made once more, from the
 * start, and its result is the result: a test that fails fails, and a second wedge fails the run.
 * A wedge anywhere else (our own code looping) fails the run at once. Every report is printed.
 *
 *   tsx tests/vitest-run.ts [vitest arguments…]
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

type Wedge = { label: string; inPglite: boolean; report: string };

function run(args: string[]): { status: number; wedges: Wedge[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-wedges-"));
  try {
    const result = spawnSync("npx", ["vitest", "run", ...args], {
      stdio: "inherit",
      env: { ...process.env, STOREFRONT_WEDGE_DIR: dir },
    });
    const wedges = fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), "utf8"));
    return {
      status: result.status ?? 1,
      wedges: wedges.map((text) => JSON.parse(text) as Wedge),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const first = run(args);
if (first.status === 0 || first.wedges.length === 0) process.exit(first.status);
const reports = first.wedges.map((wedge) => wedge.report);
if (!first.wedges.every((wedge) => wedge.inPglite)) {
  console.log(["", "A test process wedged outside PGlite, so Vitest stopped the run:", ...reports].join("\n"));
  process.exit(1);
}

console.log(
  [
    "",
    `A test process wedged inside PGlite (${first.wedges.length}), so Vitest stopped the run. What the watchdog saw:`,
    ...reports,
    "Running the tests once more from the start; this run's result stands.",
    "",
  ].join("\n"),
);
const second = run(args);
if (second.wedges.length > 0) console.log(["", "It wedged again:", ...second.wedges.map((w) => w.report)].join("\n"));
process.exit(second.status);
