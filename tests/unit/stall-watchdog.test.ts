/**
 * The stall watchdog (api/lib/stall-watchdog.ts) on real processes: one whose thread PGlite holds
 * in a statement that does not return in time, and one stuck in a loop of its own.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exitWithin, root, start, tempDir } from "../processes";

const watchdog = path.join(root, "api/lib/stall-watchdog.ts");
// The script runs from a temporary directory, where no node_modules is found by name.
const pglite = path.join(root, "node_modules/@electric-sql/pglite/dist/index.js");

/** Runs `body` in a new Node process; `body` starts the watchdog as `options` say with `watch()`. */
function runStuck(options: string, body: string) {
  const script = path.join(tempDir(), "stuck.mts");
  fs.writeFileSync(
    script,
    `import { startStallWatchdog } from ${JSON.stringify(watchdog)};\n` +
      `const watch = () => startStallWatchdog(${options});\n` +
      body,
  );
  return start(process.execPath, ["--import", "tsx", script], {});
}

describe("the stall watchdog", () => {
  it("ends a process PGlite holds, with one JSON log line naming no statement", async () => {
    const stuck = runStuck(
      `{ seconds: 2, report: "log" }`,
      `const { PGlite } = await import(${JSON.stringify(pglite)});
       const db = new PGlite();
       // Opening PGlite (its initdb) holds the thread for seconds of its own: watched from here on.
       await db.query("select 1");
       watch();
       console.log("querying");
       await db.query("select count(*) from generate_series(1, 3000000000) as secret_marker");
       console.log("returned");`,
    );
    await stuck.waitFor("querying", 60_000);
    expect(await exitWithin(stuck, 40_000)).toBeNull();
    expect(stuck.child.signalCode).toBe("SIGKILL");
    const lines = stuck.stdout().trim().split("\n");
    expect(lines[0]).toBe("querying");
    expect(lines).toHaveLength(2);
    const line = JSON.parse(lines[1]) as { level: number; msg: string; pid: number; stack: string[] };
    expect(line.level).toBe(60);
    expect(line.pid).toBe(stuck.pid);
    expect(line.msg).toBe("The event loop has not run a timer for 2 s, inside PGlite: ending the process");
    expect(line.stack.some((frame) => frame.startsWith("$PostgresMainLoopOnce"))).toBe(true);
    // The shop's log never carries a statement (its parameters may be personal data).
    expect(stuck.output()).not.toContain("secret_marker");
  }, 120_000);

  it("reports a loop of the process's own, with what it was doing, to standard error and the report directory", async () => {
    const reportDir = tempDir();
    const stuck = runStuck(
      `{ seconds: 2, report: "text", readSql: true, reportDir: ${JSON.stringify(reportDir)} }`,
      `watch().setLabel("adding up");
       console.log("looping");
       for (;;) {}`,
    );
    await stuck.waitFor("looping", 60_000);
    expect(await exitWithin(stuck, 40_000)).toBeNull();
    expect(stuck.child.signalCode).toBe("SIGKILL");
    expect(stuck.stderr()).toContain(`WEDGED: process ${stuck.pid} has not run a timer for 2 s: ending the process.`);
    expect(stuck.stderr()).toContain("  doing: adding up");
    const report = JSON.parse(fs.readFileSync(path.join(reportDir, `${stuck.pid}.json`), "utf8")) as {
      label: string;
      inPglite: boolean;
      report: string;
    };
    expect(report).toMatchObject({ label: "adding up", inPglite: false });
    expect(report.report).toContain("stuck.mts");
  }, 120_000);

  it("lets a process that keeps its event loop running live and exit as it would", async () => {
    const busy = runStuck(
      `{ seconds: 2, report: "log" }`,
      `watch();
       let n = 0;
       const timer = setInterval(() => { for (let i = 0; i < 1e6; i++) n += i; }, 50);
       setTimeout(() => { clearInterval(timer); console.log("done"); }, 5000);`,
    );
    expect(await exitWithin(busy, 30_000)).toBe(0);
    expect(busy.stdout()).toBe("done\n");
  }, 60_000);

  it("lets a process that was stopped for longer than the limit (a suspended machine) go on when it resumes", async () => {
    const stopped = runStuck(
      `{ seconds: 2, report: "log" }`,
      `watch();
       console.log("started");
       setTimeout(() => console.log("done"), 9000);`,
    );
    await stopped.waitFor("started", 60_000);
    process.kill(stopped.pid, "SIGSTOP");
    await new Promise((resolve) => setTimeout(resolve, 6000));
    process.kill(stopped.pid, "SIGCONT");
    expect(await exitWithin(stopped, 30_000)).toBe(0);
    expect(stopped.stdout()).toBe("started\ndone\n");
  }, 60_000);
});
