import { defineConfig } from "vitest/config";

// Vitest runs unit, API and route-level tests against a real PostgreSQL: one server for the run,
// each test file in its own database cloned from a migrated template (tests/global-setup.ts).
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts", "tests/routes/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup.ts"],
    pool: "forks",
    // Vitest's default is one fork fewer than the cores: on CI's two cores that is one, and the
    // other core idles for most of the run. Each test file has its own database, so two run side by side.
    poolOptions: { forks: { minForks: 1, maxForks: 2 } },
  },
});
