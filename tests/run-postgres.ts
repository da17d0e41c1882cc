import { spawnSync } from "node:child_process";

// `npm run test:pg`: the API and seed tests once more on the PostgreSQL server of DATABASE_URL,
// and the tests that only PostgreSQL can run (several processes on one database), which
// `npm run test:unit` skips for want of DATABASE_URL.
if (!process.env.DATABASE_URL) {
  console.log("DATABASE_URL is not set: the PostgreSQL run of the API tests is left out (it runs in .ci/run).");
  process.exit(0);
}
const postgresOnly = [
  "tests/unit/catalogue-listener.test.ts",
  "tests/unit/expiry-processes.test.ts",
  "tests/unit/workers.test.ts",
];
// Through tests/vitest-run.ts, like `npm run test:unit`: files a wedged PGlite kept from finishing run again.
const result = spawnSync(
  "npx",
  ["tsx", "tests/vitest-run.ts", "tests/api", "tests/unit/seed.test.ts", ...postgresOnly],
  {
    stdio: "inherit",
  },
);
process.exit(result.status ?? 1);
