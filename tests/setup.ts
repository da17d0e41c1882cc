import path from "node:path";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { startStallWatchdog } from "../api/lib/stall-watchdog";

// A statement PGlite never returns from ends this process with a report instead of stalling the
// run (docs/decisions/016-test-watchdog.md): after longer than any test or hook timeout (30 s, 60 s).
const watchdog = startStallWatchdog({
  seconds: Number(process.env.STOREFRONT_WEDGE_SECONDS) || 90,
  report: "text",
  readSql: true,
  reportDir: process.env.STOREFRONT_WEDGE_DIR,
});
const file = path.relative(process.cwd(), expect.getState().testPath ?? "");
watchdog.setLabel(`${file} (loading)`);

// The storefront signs its cookies with SESSION_SECRET; route tests use a fixed one.
process.env.SESSION_SECRET ??= "test-session-secret";

// Tests fail on an unexpected console.error (the Epic Stack habit): a test that expects one
// calls `expectConsoleError()` from tests/console.ts first.
let errorSpy: ReturnType<typeof vi.spyOn>;

beforeEach((context) => {
  watchdog.setLabel(`${file} > ${context.task.name}`);
  (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = false;
  errorSpy = vi.spyOn(console, "error");
});

afterEach(() => {
  const allowed = (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError;
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  if (!allowed && calls.length > 0) {
    throw new Error(`Unexpected console.error: ${calls.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});
