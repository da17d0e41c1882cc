/**
 * Runs Vitest with the stall watchdog's reports collected (tests/setup.ts, decision 016).
 *
 * When a test process wedges, Vitest stops the whole run and prints no summary. If every wedge
 * was inside PGlite (PostgreSQL's frames on the stack) and no test failed, the files that did not
 * finish are run again, up to three times: a test that fails fails, and a wedge anywhere else
 * (our own code looping) fails at once. Every report is printed.
 *
 *   tsx tests/vitest-run.ts [test files or directories…]
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

type Wedge = { inPglite: boolean; report: string };
type Finished = { file: string; state: string };

const RETRIES = 3;
const reporter = path.join(import.meta.dirname, "module-log-reporter.ts");

function run(filters: string[]): { status: number; wedges: Wedge[]; finished: Finished[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-wedges-"));
  try {
    const result = spawnSync("npx", ["vitest", "run", "--reporter=default", `--reporter=${reporter}`, ...filters], {
      stdio: "inherit",
      env: { ...process.env, STOREFRONT_WEDGE_DIR: dir },
    });
    const read = (name: string) => fs.readFileSync(path.join(dir, name), "utf8");
    const names = fs.readdirSync(dir);
    const wedges = names.filter((name) => /^\d+\.json$/.test(name)).map((name) => JSON.parse(read(name)) as Wedge);
    const finished = names.includes("modules.jsonl")
      ? read("modules.jsonl")
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as Finished)
      : [];
    return { status: result.status ?? 1, wedges, finished };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The test files the filters select, as Vitest lists them. */
function testFiles(filters: string[]): string[] {
  const listed = spawnSync("npx", ["vitest", "list", ...filters, "--filesOnly", "--json"], { encoding: "utf8" });
  if (listed.status !== 0) throw new Error(`vitest list failed:\n${listed.stderr}`);
  return (JSON.parse(listed.stdout) as { file: string }[]).map((entry) => entry.file);
}

const filters = process.argv.slice(2);
let files: string[] | undefined;
let attempt = run(filters);
for (let retry = 1; ; retry++) {
  if (attempt.status === 0 || attempt.wedges.length === 0) process.exit(attempt.status);
  const reports = attempt.wedges.map((wedge) => wedge.report);
  const failed = attempt.finished.filter((entry) => entry.state === "failed").map((entry) => entry.file);
  if (!attempt.wedges.every((wedge) => wedge.inPglite) || failed.length > 0 || retry > RETRIES) {
    console.log(
      [
        "",
        "A test process wedged, so Vitest stopped the run:",
        ...reports,
        ...(failed.length > 0 ? ["Tests failed in:", ...failed] : []),
      ].join("\n"),
    );
    process.exit(1);
  }
  files ??= testFiles(filters);
  const done = new Set(attempt.finished.map((entry) => entry.file));
  const left = files.filter((file) => !done.has(file));
  if (left.length === 0) {
    console.log(["", "A test process wedged after every test file had finished:", ...reports].join("\n"));
    process.exit(1);
  }
  files = left;
  console.log(
    [
      "",
      `A test process wedged inside PGlite, so Vitest stopped the run. What the watchdog saw:`,
      ...reports,
      `Running the ${left.length} test files that did not finish once more (retry ${retry} of ${RETRIES}).`,
      "",
    ].join("\n"),
  );
  attempt = run(left);
}
