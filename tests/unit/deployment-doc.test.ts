/**
 * docs/deployment.md's connection budget is the code's: the queue's connections per process
 * (`QUEUE_POOL_SIZE`: a LISTEN per worker of every lane, and two for taking and finishing jobs)
 * and the catalogue listener's one, so that an operator sizing `max_connections` from the guide
 * is not short when a lane gains a worker; and the direct URL that PgBouncer needs beside it.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { readEnv } from "../../api/config";
import { QUEUE_LANES, QUEUE_POOL_SIZE } from "../../api/lib/messages/delivery";

const guide = fs.readFileSync(path.join(import.meta.dirname, "../../docs/deployment.md"), "utf8");
const configuration = fs.readFileSync(path.join(import.meta.dirname, "../../docs/configuration.md"), "utf8");

it("the guide's connection budget counts the queue's connections and the catalogue's LISTEN as the code opens them", () => {
  const workers = Object.values(QUEUE_LANES).reduce((sum, count) => sum + count, 0);
  expect(QUEUE_POOL_SIZE).toBe(workers + 2);
  expect(guide).toContain(
    `WEB_CONCURRENCY × (DATABASE_POOL_SIZE + ${QUEUE_POOL_SIZE} for the queue + 1 LISTEN for catalogue changes)`,
  );
  const perHost = 2 * (10 + QUEUE_POOL_SIZE + 1);
  expect(guide).toContain(`2 × ${10 + QUEUE_POOL_SIZE + 1} = ${perHost}, so two such hosts need ${2 * perHost}`);
  expect(guide).toContain(`Each host then holds \`WEB_CONCURRENCY × ${QUEUE_POOL_SIZE + 1}\` direct connections`);
  expect(configuration).toContain(`WEB_CONCURRENCY × (DATABASE_POOL_SIZE + ${QUEUE_POOL_SIZE + 1})`);
});

it("DATABASE_DIRECT_URL is read beside DATABASE_URL, and refused alone or malformed", () => {
  const url = "postgres://shop:secret@10.0.0.10:6432/shop";
  const direct = "postgres://shop:secret@10.0.0.10:5432/shop";
  expect(readEnv({ DATABASE_URL: url, DATABASE_DIRECT_URL: direct }).DATABASE_DIRECT_URL).toBe(direct);
  expect(readEnv({ DATABASE_URL: url, DATABASE_DIRECT_URL: "" }).DATABASE_DIRECT_URL).toBeUndefined();
  expect(() => readEnv({ DATABASE_DIRECT_URL: direct })).toThrow(
    "DATABASE_DIRECT_URL goes with DATABASE_URL (the embedded PostgreSQL needs neither)",
  );
  expect(() => readEnv({ DATABASE_URL: url, DATABASE_DIRECT_URL: "mysql://x" })).toThrow(
    "DATABASE_DIRECT_URL must be a postgres:// or postgresql:// URL",
  );
});
