import { createUserapp } from "../api/app";
import { openBenchDatabase } from "./database";
import { seedCatalogue, vacuumCatalogue } from "../api/seed/catalogue";
import { shopperRequests } from "./queries";

/** Distinct requests measured at each size: each is sent once, so none is answered warm from an earlier identical one. */
const REQUESTS = 400;
/** Requests of another seed sent first, unmeasured, to warm the database's buffers and Node's JIT. */
const WARM_UP = 40;

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export type ListLatency = {
  products: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  requests: number;
  /** Median number of matching products (the paginator's itemCount) over the requests. */
  medianMatches: number;
  seedSeconds: number;
};

/**
 * Product-list latency through the API's fetch (routing, validation, SQL, JSON) on a database
 * of the bench's embedded PostgreSQL (bench/database.ts), over REQUESTS distinct shoppers' requests (bench/queries.ts): searches, filters,
 * price ranges, every sort, pages 1–5 of 20–32 products.
 */
export async function measureProductList(productCount: number): Promise<ListLatency> {
  const handle = await openBenchDatabase();
  try {
    const seedStarted = performance.now();
    await seedCatalogue(handle.db, { products: productCount });
    await vacuumCatalogue(handle.db);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const app = createUserapp({ db: handle.db });
    const send = async (body: unknown): Promise<number> => {
      const response = await app.request("/userapp/product/list", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (response.status !== 200)
        throw new Error(`product/list answered ${response.status}: ${await response.text()}`);
      const json = (await response.json()) as { data: { paginator: { itemCount: number } } };
      return json.data.paginator.itemCount;
    };

    const measured = shopperRequests(REQUESTS);
    const keys = new Set(measured.map((r) => JSON.stringify(r)));
    for (const body of shopperRequests(WARM_UP * 2, 99)
      .filter((r) => !keys.has(JSON.stringify(r)))
      .slice(0, WARM_UP)) {
      await send(body);
    }
    const timings: number[] = [];
    const matches: number[] = [];
    for (const body of measured) {
      const started = performance.now();
      matches.push(await send(body));
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    matches.sort((a, b) => a - b);
    return {
      products: productCount,
      p50: percentile(timings, 50),
      p95: percentile(timings, 95),
      p99: percentile(timings, 99),
      max: timings[timings.length - 1],
      requests: timings.length,
      medianMatches: percentile(matches, 50),
      seedSeconds,
    };
  } finally {
    await handle.close();
  }
}
