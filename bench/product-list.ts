import { createUserapp } from "../api/app";
import { openDatabase } from "../api/db/client";
import { seedCatalogue, vacuumCatalogue } from "../api/seed/catalogue";

/** Queries a shopper's filtered, searched and sorted shop page sends, rotated over the run. */
const queries = [
  { query: { search: "wireless", category: ["Electronics"] }, options: { sort: { price: 1 }, limit: 20 } },
  { query: { search: "cotton shirt", gender: "men", priceRange: { min: 200, max: 5000 } }, options: { sort: { discount: -1 }, limit: 20 } },
  { query: { category: ["Televisions"], brand: ["Samsung", "LG", "Sony"], search: "smart" }, options: { sort: { rating: -1 }, limit: 20, page: 2 } },
  { query: { search: "lamp", size: ["free"], priceRange: { min: 200, max: 10000 } }, options: { sort: { createdAt: -1 }, limit: 24 } },
  { query: { subCategory: ["Casual Wear"], productSubType: ["T-Shirts"], search: "nike" }, options: { sort: { price: -1 }, limit: 20 } },
  { query: { search: "boat", priceRange: { min: 500, max: 3000 } }, options: { sort: { title: 1 }, limit: 20, page: 3 } },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export type ListLatency = { products: number; p50: number; p95: number; requests: number; seedSeconds: number };

/** Product-list latency through the API's fetch (routing, validation, SQL, JSON) on in-memory PGlite. */
export async function measureProductList(productCount: number, requests = 300): Promise<ListLatency> {
  const handle = await openDatabase({ dataDir: "memory" });
  try {
    const seedStarted = performance.now();
    await seedCatalogue(handle.db, { products: productCount });
    await vacuumCatalogue(handle.db);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const app = createUserapp({ db: handle.db });
    const send = async (body: unknown) => {
      const response = await app.request("/userapp/product/list", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (response.status !== 200) throw new Error(`product/list answered ${response.status}: ${await response.text()}`);
      await response.json();
    };
    for (const body of queries) await send(body); // warm-up: plans and caches
    const timings: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      await send(queries[i % queries.length]);
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    return { products: productCount, p50: percentile(timings, 50), p95: percentile(timings, 95), requests, seedSeconds };
  } finally {
    await handle.close();
  }
}
