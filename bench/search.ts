import { createUserapp } from "../api/app";
import { openBenchDatabase } from "./database";
import { seedCatalogue, vacuumCatalogue } from "../api/seed/catalogue";
import { shopperRequests } from "./queries";
import { pageFindsFamily, SEARCH_TYPOS } from "./search-typos";

/**
 * The forgiving search at one catalogue size (docs/decisions/013-forgiving-search.md):
 * - the share of the fixed test set (bench/search-typos.ts) whose first page is the family meant,
 *   and how many searches for what the shop does not sell were wrongly "corrected";
 * - the list's latency over bench/queries.ts's shoppers' requests, each sent twice in turn, with
 *   the fallback and without it (`exact`): before and after, in one run, at the same load;
 * - suggestion latency (GET /userapp/product/suggest) over what shoppers type, a letter at a time.
 */

const LIST_REQUESTS = 400;
const WARM_UP = 40;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const summary = (timings: number[]) => {
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1],
    n: sorted.length,
  };
};

export type Latency = ReturnType<typeof summary>;

export type SearchFigures = {
  products: number;
  typoCases: number;
  typoFound: number;
  /** Searches for what the shop does not sell, and how many of them came back with products (a wrong guess). */
  noneCases: number;
  falseCorrections: number;
  missed: string[];
  listExact: Latency;
  listForgiving: Latency;
  /** Requests of the list run whose search was corrected. */
  corrected: number;
  suggest: Latency;
};

/** What a shopper types into the box on the way to each search of bench/queries.ts: "s", "sa", "sam"… distinct. */
function typedPrefixes(count: number, seed: number, skip: ReadonlySet<string> = new Set()): string[] {
  const seen = new Set<string>();
  for (const request of shopperRequests(2_000, seed)) {
    const search = request.query.search;
    if (!search) continue;
    for (let end = 1; end <= search.length; end++) {
      const prefix = search.slice(0, end);
      if (prefix.trim() !== "" && !prefix.endsWith(" ") && !skip.has(prefix)) seen.add(prefix);
    }
    if (seen.size >= count) break;
  }
  return [...seen].slice(0, count);
}

export async function measureSearch(productCount: number): Promise<SearchFigures> {
  const handle = await openBenchDatabase();
  try {
    await seedCatalogue(handle.db, { products: productCount });
    await vacuumCatalogue(handle.db);
    // The API's list cache keys on `exact` too, and every request here is distinct: nothing is answered from it.
    const app = createUserapp({ db: handle.db });
    const list = async (body: Record<string, unknown>) => {
      const response = await app.request("/userapp/product/list", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (response.status !== 200)
        throw new Error(`product/list answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { data: { data: Parameters<typeof pageFindsFamily>[0]; correction?: unknown } };
    };

    let typoFound = 0;
    let typoCases = 0;
    let noneCases = 0;
    let falseCorrections = 0;
    const missed: string[] = [];
    for (const typo of SEARCH_TYPOS) {
      const { data } = await list({ query: { search: typo.query }, options: { limit: 20 } });
      const found = pageFindsFamily(data.data, typo.family);
      if (typo.family === null) {
        noneCases++;
        if (!found) falseCorrections++;
      } else {
        typoCases++;
        if (found) typoFound++;
        else missed.push(typo.query);
      }
    }

    const measured = shopperRequests(LIST_REQUESTS);
    for (const body of shopperRequests(WARM_UP, 99)) await list(body);
    const exact: number[] = [];
    const forgiving: number[] = [];
    let corrected = 0;
    for (const body of measured) {
      // Alternating which goes first, so neither is always the one that finds the pages warm.
      const order = exact.length % 2 === 0 ? ([true, false] as const) : ([false, true] as const);
      for (const isExact of order) {
        const started = performance.now();
        const answer = await list({ ...body, options: { ...body.options, exact: isExact } });
        (isExact ? exact : forgiving).push(performance.now() - started);
        if (!isExact && answer.data.correction) corrected++;
      }
    }

    const prefixes = typedPrefixes(400, 7);
    const suggestOnce = async (q: string) => {
      const response = await app.request(`/userapp/product/suggest?${new URLSearchParams({ q, limit: "8" })}`);
      if (response.status !== 200)
        throw new Error(`product/suggest answered ${response.status}: ${await response.text()}`);
      await response.json();
    };
    for (const q of typedPrefixes(WARM_UP, 99, new Set(prefixes))) await suggestOnce(q); // warm-up on queries not measured
    const suggestTimings: number[] = [];
    for (const q of prefixes) {
      const started = performance.now();
      await suggestOnce(q);
      suggestTimings.push(performance.now() - started);
    }

    return {
      products: productCount,
      typoCases,
      typoFound,
      noneCases,
      falseCorrections,
      missed,
      listExact: summary(exact),
      listForgiving: summary(forgiving),
      corrected,
      suggest: summary(suggestTimings),
    };
  } finally {
    await handle.close();
  }
}

/** `BENCH_ONLY=search`: the figures above at each of `sizes`, as tables for docs/benchmarks.md. */
export async function printSearch(sizes: readonly number[]): Promise<void> {
  const ms = (value: number) => value.toFixed(2);
  const rows: SearchFigures[] = [];
  for (const size of sizes) rows.push(await measureSearch(size));
  console.log(`\nForgiving search: the fixed test set (bench/search-typos.ts), page 1 of 20, newest first:\n`);
  console.log("| products | finds what was meant | share | not sold, yet answered with products | missed |");
  console.log("|---:|---:|---:|---:|---|");
  for (const r of rows) {
    console.log(
      `| ${r.products.toLocaleString("en-IN")} | ${r.typoFound} of ${r.typoCases} | ${((r.typoFound / r.typoCases) * 100).toFixed(0)}% | ` +
        `${r.falseCorrections} of ${r.noneCases} | ${r.missed.join(", ") || "–"} |`,
    );
  }
  console.log(
    `\nProduct list with and without the fallback, bench/queries.ts's requests each sent both ways in turn (ms):\n`,
  );
  console.log(
    "| products | exact p50 | exact p95 | exact p99 | forgiving p50 | forgiving p95 | forgiving p99 | corrected |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.products.toLocaleString("en-IN")} | ${ms(r.listExact.p50)} | ${ms(r.listExact.p95)} | ${ms(r.listExact.p99)} | ` +
        `${ms(r.listForgiving.p50)} | ${ms(r.listForgiving.p95)} | ${ms(r.listForgiving.p99)} | ${r.corrected} of ${r.listForgiving.n} |`,
    );
  }
  console.log(
    `\nSuggestions (GET /userapp/product/suggest, limit 8), what shoppers type a letter at a time, each sent once (ms):\n`,
  );
  console.log("| products | p50 | p95 | p99 | max | requests |");
  console.log("|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.products.toLocaleString("en-IN")} | ${ms(r.suggest.p50)} | ${ms(r.suggest.p95)} | ${ms(r.suggest.p99)} | ${r.suggest.max.toFixed(1)} | ${r.suggest.n} |`,
    );
  }
}
