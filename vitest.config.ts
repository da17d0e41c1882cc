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
    // The forks stay from one file to the next (`isolate: false`): isolated, each file started a
    // process of its own that loaded every library anew (React, Hono, drizzle, zod, pg…), a
    // third of the run's CPU. Our own modules are still fresh for every file: tests/setup.ts
    // resets them before the file is imported (docs/decisions/059-test-files-share-their-fork.md).
    poolOptions: { forks: { minForks: 1, maxForks: 2, isolate: false } },
  },
});
