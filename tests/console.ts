import { vi } from "vitest";

/** Marks the current test as expecting console.error, and silences it. */
export function expectConsoleError() {
  (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = true;
  vi.mocked(console.error).mockImplementation(() => {});
}
