import { test as base } from "@playwright/test";

export * from "@playwright/test";

/** How long a test waits for the shop to answer before it starts: a wedge (STALL_SECONDS) and a restart. */
const SHOP_WAIT_MS = 90_000;

/**
 * Playwright's `test`, for every spec: before each test, the shop must answer /readyz. When a
 * statement PGlite never returns from wedges the shop (decision 016), its watchdog ends it and
 * support/supervise.ts starts it again; the tests that start meanwhile wait for it here instead
 * of failing against a shop that hangs or refuses connections. A shop that never comes back
 * fails every test after 90 s.
 */
export const test = base.extend<{ shopAnswers: void }>({
  shopAnswers: [
    async ({ baseURL }, use) => {
      const until = Date.now() + SHOP_WAIT_MS;
      for (;;) {
        try {
          const response = await fetch(new URL("/readyz", baseURL), { signal: AbortSignal.timeout(2_000) });
          if (response.ok) break;
        } catch {
          // Hanging (wedged) or refusing connections (starting again): ask again.
        }
        if (Date.now() > until) throw new Error(`The shop at ${baseURL} did not answer /readyz for 90 s`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await use();
    },
    { auto: true, timeout: SHOP_WAIT_MS + 5_000 },
  ],
});
