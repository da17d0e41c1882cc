import { spawnSync } from "node:child_process";

// `npm run test:pg`: the API and seed tests once more on the PostgreSQL server of DATABASE_URL.
if (!process.env.DATABASE_URL) {
  console.log("DATABASE_URL is not set: the PostgreSQL run of the API tests is left out (it runs in .ci/run).");
  process.exit(0);
}
const result = spawnSync("npx", ["vitest", "run", "tests/api", "tests/unit/seed.test.ts"], { stdio: "inherit" });
process.exit(result.status ?? 1);
