import { afterEach, beforeEach, vi } from "vitest";

// Test files share their fork (vitest.config.ts): every module of ours (api/, app/, server/,
// tests/, the build) is evaluated anew for each file, as in a process of its own, so that no
// module-level state (caches, limits, tests/processes.ts's clean-up hooks) passes from one file
// to the next. Libraries from node_modules stay loaded: Node keeps them, as a server does.
vi.resetModules();

// The storefront signs its cookies with SESSION_SECRET; route tests use a fixed one.
process.env.SESSION_SECRET ??= "test-session-secret";

// Tests fail on an unexpected console.error (the Epic Stack habit): a test that expects one
// calls `expectConsoleError()` from tests/console.ts first.
let errorSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
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
