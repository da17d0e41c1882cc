import path from "node:path";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { startWatchdog } from "./watchdog";

// A statement PGlite never returns from ends this process with a report instead of the run.
const watchdog = startWatchdog();
const file = path.relative(process.cwd(), expect.getState().testPath ?? "");
watchdog.setTest(`${file} (loading)`);

// The storefront signs its cookies with SESSION_SECRET; route tests use a fixed one.
process.env.SESSION_SECRET ??= "test-session-secret";

// Tests fail on an unexpected console.error (the Epic Stack habit): a test that expects one
// calls `expectConsoleError()` from tests/console.ts first.
let errorSpy: ReturnType<typeof vi.spyOn>;

beforeEach((context) => {
  watchdog.setTest(`${file} > ${context.task.name}`);
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
