import { afterEach, beforeEach, vi } from "vitest";

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
