import { defineConfig } from "vitest/config";

// Vitest runs unit, API and route-level tests against a real (in-memory PGlite) database.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts", "tests/routes/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["tests/setup.ts"],
    pool: "forks",
    // Vitest's default is one fork fewer than the cores: on CI's two cores that is one, and the
    // other core idles for most of the run. Each test file opens its own PGlite, so two run side by side.
    poolOptions: { forks: { minForks: 1, maxForks: 2 } },
  },
});
