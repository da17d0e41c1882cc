import pg from "pg";
import { createUserapp } from "../api/app";
import type { Database } from "../api/db/client";
import { openBenchDatabase } from "./database";
import { seedCatalogue, vacuumCatalogue } from "../api/seed/catalogue";
import { shopperRequests } from "./queries";
import { pageFindsFamily, SEARCH_TYPOS } from "./search-typos";
import { seedVocabularyCatalogue, vocabularyRequests, vocabularyTypos } from "./vocabulary-catalogue";

/**
 * What a guest's search costs the database (docs/decisions/013-forgiving-search.md, 2026-11-26),
 * on PostgreSQL (bench/database.ts: the server of DATABASE_URL, a throwaway database on it), for two catalogues of the
 * same size: the seeded one (about 4,000 distinct words) and the vocabulary one
 * (bench/vocabulary-catalogue.ts: over 1,00,000 distinct words, model numbers and all). For each:
 *
 * - the typo set: the share of misspellings answered with what was meant, and its slowest request;
 * - the product list's p95 over distinct shoppers' requests, and the suggestions' p95 over what
 *   they type a letter at a time;
 * - the slowest single request of a hostile set (one-letter words, ten terms and more, 200-character
 *   words, `%` and `_`) sent to product/list, product/count and product/suggest.
 *
 * Every figure is database time: the time the request's statements took from the client's side
 * (round trips included, JavaScript not), summed per request. Requests run one at a time.
 */

const REQUESTS = 400;
const WARM_UP = 40;

/** Database time spent since the last reset: every pg client's queries, timed from send to answer. */
let databaseMs = 0;
let timing = false;

/** Times every query of every pg client in this process (both the promise and the callback form). */
function timeQueries(): void {
  if (timing) return;
  timing = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as { query: unknown }).query = function (this: pg.Client, ...args: unknown[]) {
    const started = performance.now();
    const done = () => (databaseMs += performance.now() - started);
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as (...results: unknown[]) => void;
      args[last] = (...results: unknown[]) => {
        done();
        callback(...results);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === "function")
      (result as Promise<unknown>).then(done, done);
    return result;
  };
}

/** Runs `request` and answers its database time. */
async function databaseTime(request: () => Promise<unknown>): Promise<number> {
  const before = databaseMs;
  await request();
  return databaseMs - before;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const p95 = (timings: number[]) =>
  percentile(
    [...timings].sort((a, b) => a - b),
    95,
  );

/** The hostile set: searches sent to product/list, product/count and (cut to 100 characters) product/suggest. */
export function hostileSearches(): string[] {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const noise = Array.from({ length: 200 }, (_, i) => letters[(i * 7 + 3) % 26]).join("");
  return [
    "a",
    "s",
    "e",
    "1",
    "a b c d e f g h i j",
    "s m l x a e i o u t",
    "a b c d e f g h i j k l m n o p",
    "sa ka mi to ro",
    "pro max black cotton steel 128gb blue men smart watch",
    "x".repeat(200),
    noise,
    `${noise.slice(0, 99)} ${noise.slice(100, 199)}`,
    "%",
    "_",
    "%%",
    "%_%_%_",
    "a% b_ c% d_ e% f_ g% h_ i% j_",
    "\\",
    "-",
    "a-",
  ];
}

type Catalogue = "seeded" | "vocabulary";

/** A product as the list answers it, as far as the typo sets read it. */
type ListedProduct = Parameters<typeof pageFindsFamily>[0][number] & { title: { longTitle: string } };

export type BoundFigures = {
  catalogue: Catalogue;
  products: number;
  words: number;
  typoFound: number;
  typoCases: number;
  typoWorst: number;
  listP95: number;
  suggestP95: number;
  hostileWorst: number;
  hostileWorstQuery: string;
  /** Hostile requests answered 503 (the statement timeout fired). */
  hostileTimeouts: number;
};

async function measureCatalogue(catalogue: Catalogue, products: number): Promise<BoundFigures> {
  const handle = await openBenchDatabase();
  try {
    if (catalogue === "seeded") await seedCatalogue(handle.db, { products });
    else await seedVocabularyCatalogue(handle.db, { products });
    await vacuumCatalogue(handle.db);
    return await measureOn(handle.db, catalogue, products);
  } finally {
    await handle.close();
  }
}

/** The figures on a database that holds `catalogue` at `products` products. */
export async function measureOn(db: Database, catalogue: Catalogue, products: number): Promise<BoundFigures> {
  timeQueries();
  {
    const [{ words }] = (
      (await db.execute(`select count(*)::int as words from search_terms where kind = 'word'`)) as unknown as {
        rows: { words: number }[];
      }
    ).rows;
    const app = createUserapp({ db });
    const call = async (path: string, body?: unknown, allow503 = false) => {
      const response = await app.request(
        `/userapp/${path}`,
        body === undefined
          ? {}
          : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
      );
      const json = (await response.json()) as { data: { data: ListedProduct[] } };
      if (response.status !== 200 && !(allow503 && response.status === 503))
        throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
      return { status: response.status, data: json.data };
    };
    const list = (body: unknown, allow503 = false) => call("product/list", body, allow503);
    const suggestOnce = (q: string, allow503 = false) =>
      call(`product/suggest?${new URLSearchParams({ q: q.slice(0, 100), limit: "8" })}`, undefined, allow503);

    // The typo set.
    let typoFound = 0;
    const typoTimes: number[] = [];
    const typos =
      catalogue === "seeded"
        ? SEARCH_TYPOS.filter((t) => t.family !== null).map((t) => ({
            query: t.query,
            found: (page: ListedProduct[]) => pageFindsFamily(page, t.family),
          }))
        : vocabularyTypos().map((t) => ({
            query: t.query,
            found: (page: ListedProduct[]) =>
              page.some((p) => p.title.longTitle.toLowerCase().split(/\s+/).includes(t.word)),
          }));
    for (const typo of typos) {
      let page: ListedProduct[] = [];
      typoTimes.push(
        await databaseTime(async () => {
          page = (await list({ query: { search: typo.query }, options: { limit: 20 } })).data.data;
        }),
      );
      if (typo.found(page)) typoFound++;
    }

    // The list, after a warm-up on requests not measured.
    const requests = (count: number, seed: number): unknown[] =>
      catalogue === "seeded" ? shopperRequests(count, seed) : vocabularyRequests(count, seed, 1, products);
    for (const body of requests(WARM_UP, 99)) await list(body);
    const listTimes: number[] = [];
    for (const body of requests(REQUESTS, 2025)) listTimes.push(await databaseTime(() => list(body)));

    // Suggestions: what shoppers type, a letter at a time.
    const typed = new Set<string>();
    for (const body of requests(2_000, 7) as { query: { search?: string } }[]) {
      const search = body.query.search;
      if (!search) continue;
      for (let end = 1; end <= search.length; end++) {
        const prefix = search.slice(0, end);
        if (prefix.trim() !== "" && !prefix.endsWith(" ")) typed.add(prefix);
      }
      if (typed.size >= REQUESTS) break;
    }
    const suggestTimes: number[] = [];
    for (const q of [...typed].slice(0, REQUESTS)) suggestTimes.push(await databaseTime(() => suggestOnce(q)));

    // The hostile set: the slowest single request.
    let hostileWorst = 0;
    let hostileWorstQuery = "";
    let hostileTimeouts = 0;
    for (const search of hostileSearches()) {
      const sends: [string, () => Promise<{ status: number }>][] = [
        ["list", () => list({ query: { search }, options: { limit: 20 } }, true)],
        ["list by price", () => list({ query: { search }, options: { limit: 20, sort: { price: 1 } } }, true)],
        ["count", () => call("product/count", { query: { search } }, true)],
        ["suggest", () => suggestOnce(search, true)],
      ];
      for (const [what, send] of sends) {
        let status = 200;
        const ms = await databaseTime(async () => {
          status = (await send()).status;
        });
        if (status === 503) hostileTimeouts++;
        if (ms > hostileWorst) {
          hostileWorst = ms;
          hostileWorstQuery = `${what} "${search.length > 24 ? `${search.slice(0, 20)}… (${search.length})` : search}"`;
        }
      }
    }

    return {
      catalogue,
      products,
      words,
      typoFound,
      typoCases: typos.length,
      typoWorst: Math.max(...typoTimes),
      listP95: p95(listTimes),
      suggestP95: p95(suggestTimes),
      hostileWorst,
      hostileWorstQuery,
      hostileTimeouts,
    };
  }
}

/** `BENCH_ONLY=search-bounds`: both catalogues at `products` (1,00,000 by default), as a table for docs/benchmarks.md. */
export async function printSearchBounds(products = 100_000): Promise<void> {
  const rows: BoundFigures[] = [];
  for (const catalogue of ["seeded", "vocabulary"] as const) rows.push(await measureCatalogue(catalogue, products));
  const ms = (value: number) => value.toFixed(1);
  console.log(
    `\nWhat a guest's search costs the database on PostgreSQL (ms of database time per request, its statements summed):\n`,
  );
  console.log(
    "| catalogue | products | distinct words | typo set found | typo set worst | list p95 | suggest p95 | hostile worst | slowest hostile request | hostile 503s |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.catalogue} | ${r.products.toLocaleString("en-IN")} | ${r.words.toLocaleString("en-IN")} | ${r.typoFound} of ${r.typoCases} | ` +
        `${ms(r.typoWorst)} | ${ms(r.listP95)} | ${ms(r.suggestP95)} | ${ms(r.hostileWorst)} | ${r.hostileWorstQuery} | ${r.hostileTimeouts} |`,
    );
  }
}
