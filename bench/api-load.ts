import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { start, stop } from "./pages";
import { shopperRequests } from "./queries";

/**
 * `product/list` under load: CONNECTIONS clients at once, each sending its next request as soon as
 * the last one is answered, for SECONDS, to the API alone (api/main.ts) on its embedded PostgreSQL with the seeded
 * catalogue. The requests are drawn in turn from DISTINCT shoppers' requests (bench/queries.ts)
 * and the shop's first page, so popular pages repeat as they do in real traffic. A server that has
 * been up a while has seen them: each is sent once first, one at a time, unmeasured (the cold
 * figures of a first sight are the product-list part's). Products drop out of the catalogue cache
 * every 5 s and are read again under load.
 */
const CONNECTIONS = 50;
const SECONDS = 10;
const DISTINCT = 200;

export type LoadFigures = {
  connections: number;
  seconds: number;
  distinct: number;
  products: number;
  requests: number;
  errors: number;
  /** The first few failures, as status codes or error names. */
  failures: string[];
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function measureApiLoad(): Promise<LoadFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-load-"));
  // Reachable by the embedded server's system user when the bench runs as root (api/db/embedded.ts).
  fs.chmodSync(dataDir, 0o755);
  const api = await start(["api/main.ts"], { DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" });
  try {
    const url = `${api.origin}/userapp/product/list`;
    const shopFirstPage = { query: {}, options: { page: 1, limit: 20, sort: { createdAt: -1 } } };
    const bodies = [shopFirstPage, ...shopperRequests(DISTINCT)].map((body) => JSON.stringify(body));
    const count = await (
      await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ isCountOnly: true }),
      })
    ).json();
    for (const body of bodies)
      await (await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body })).arrayBuffer();
    const latencies: number[] = [];
    const failures: string[] = [];
    let errors = 0;
    let next = 0;
    const until = performance.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const body = bodies[next++ % bodies.length];
          const sent = performance.now();
          try {
            const response = await fetch(url, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body,
            });
            await response.arrayBuffer();
            if (response.status !== 200) {
              errors++;
              failures.push(String(response.status));
            }
          } catch (error) {
            errors++;
            failures.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
          }
          latencies.push(performance.now() - sent);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      connections: CONNECTIONS,
      seconds: SECONDS,
      distinct: bodies.length,
      products: count.data.totalRecords,
      requests: latencies.length,
      errors,
      failures: [...new Set(failures)].slice(0, 5),
      rps: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? 0,
    };
  } finally {
    await stop([api]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
