import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createUserapp } from "../api/app";
import { type Database, openDatabase, rowsOf } from "../api/db/client";
import { reviews } from "../api/db/schema";
import { refreshProductRating } from "../api/lib/reviews/ratings";
import { bumpCatalogueVersion } from "../api/platform/catalogue-version";
import { seedCatalogue } from "../api/seed/catalogue";
import { buildIfNeeded } from "../server/build";
import { PRODUCT_PAGE_REVIEWS } from "../app/lib/reviews/reviews";
import { createBenchDatabase, openBenchDatabase } from "./database";
import { scriptWeight } from "./lighthouse";
import { start, stop } from "./pages";
import { percentile } from "./product-list";

/**
 * Reviews (docs/decisions/029-reviews.md, the "Speed" item): the product page with 500
 * published reviews on its product beside the same page with none, and the reviews list API at
 * 1,00,000 reviews, every sort and the stars filter.
 *
 * BENCH_REVIEWS_PARTS=page,list (the default) runs both or one; BENCH_PORT fixes the shop's port
 * (page); BENCH_REVIEWS_EXPLAIN=1 prints EXPLAIN ANALYZE of each
 * statement of the list on the busiest product; BENCH_REVIEWS_WITHOUT=<index,…> drops those
 * indexes in every other round, so the list with and without them is measured in one run.
 */
const root = path.resolve(import.meta.dirname, "..");
const TOTAL_REVIEWS = 100_000;
/** Products of the list part's catalogue; the reviews go to them as often as 1 / rank (Zipf). */
const LIST_PRODUCTS = 1000;
const PAGE_REVIEWS = 500;
/** The product page: sequential requests per state and round, rounds alternating the states. */
const PAGE_REQUESTS = 60;
const PAGE_ROUNDS = 3;
/** The words of the long reviews: common English ones, so that their text compresses about as a real review's does. */
const LONG_WORDS = (
  "the product quality good great very nice bought after using for two weeks and it works well but battery " +
  "life could be better delivery was quick packaging fine colour looks exactly like picture size fits " +
  "comfortable material feels cheap expensive worth money would recommend friends family not happy return " +
  "replaced seller customer service helpful screen bright sound clear remote easy setup installation took " +
  "hour wall mount sturdy fabric soft washed twice shrank little stitching came loose sofa cushion lamp " +
  "warm light room kitchen daily use charger heats phone cable short long lasting value price discount " +
  "sale compared other brands this one better than expected honest review update month later still working"
).split(" ");
/** The list: requests per variant and product in each round (pages 1–5, mostly 1). */
const LIST_REQUESTS = 60;
const LIST_ROUNDS = 2;
const PAGES = [1, 1, 1, 2, 1, 3, 1, 4, 1, 5];

export type Latency = { p50: number; p95: number; max: number; samples: number };

const latency = (timings: number[]): Latency => {
  const sorted = [...timings].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? 0, samples: sorted.length };
};

/** An array literal of hex ids or numbers (drizzle would spread a JavaScript array into parameters). */
const pgArray = (items: (string | number)[]) => `{${items.join(",")}}`;

/**
 * `count` reviews of each product in one INSERT … SELECT, deterministic: stars mostly high (half
 * fives, a tenth ones), a few helpful votes on a third of them, a review every 37 minutes or so
 * back from a fixed day. `status` is that of all but one in fifty, which is held.
 */
async function insertReviews(db: Database, counts: { productId: string; count: number }[], status: string) {
  await db.execute(sql`
    insert into ${reviews} (id, product_id, author_name, verified, stars, title, body, status, held_for,
      helpful_count, created_at, updated_at)
    select substr(md5(p.product_id || ':' || g), 1, 24), p.product_id,
      'Bench ' || chr(65 + g % 26) || '.', g % 3 = 0,
      case when h < 50 then 5 when h < 75 then 4 when h < 85 then 3 when h < 90 then 2 else 1 end,
      'Review ' || g, repeat('Sturdy, as pictured, arrived on time. ', 1 + g % 5),
      case when g % 50 = 49 then 'held' else ${status} end,
      case when g % 50 = 49 then 'link' end,
      case when h % 3 = 0 then (h * 7) % 40 else 0 end,
      timestamptz '2026-11-20 12:00+00' - g * interval '37 minutes' - (h * interval '13 seconds'),
      timestamptz '2026-11-20 12:00+00' - g * interval '37 minutes'
    from unnest(${pgArray(counts.map((c) => c.productId))}::text[], ${pgArray(counts.map((c) => c.count))}::int[])
      as p(product_id, n),
      generate_series(1, p.n) as g,
      lateral (select abs(hashtext(p.product_id || '/' || g)) % 100 as h) as d`);
}

/** Refreshes each product's rating from its reviews, as a review change does. */
async function refreshRatings(db: Database, productIds: string[]) {
  for (const productId of productIds)
    await db.transaction(async (tx) => refreshProductRating(tx as unknown as Database, productId));
}

/** Publishes or holds every review of a product in one transaction that refreshes its rating and tells the shop's caches. */
async function setPublished(db: Database, productId: string, published: boolean) {
  await db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    await db.execute(
      sql`update ${reviews} set status = ${published ? "published" : "held"} where ${reviews.productId} = ${productId}`,
    );
    await refreshProductRating(db, productId);
    await bumpCatalogueVersion(db);
  });
}

async function timedGet(url: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { "accept-encoding": "gzip, br" } });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { ms, body };
}

export type PageFigures = {
  productPath: string;
  /** Gzip -9 bytes of the HTML, and of the JavaScript a phone downloads (files and inline scripts, as bench/lighthouse.ts counts). */
  rows: { name: string; latency: Latency; htmlGzip: number; jsGzip: number }[];
};

/**
 * The product page of a freshly started production server (server/main.ts, page micro-cache off)
 * on a bench database: one product with PAGE_REVIEWS reviews, published and held in turn (held
 * reviews are not shown, so the page has none), measured in alternating rounds of sequential
 * requests, its first page of reviews and its last.
 */
export async function measureReviewPage(): Promise<PageFigures> {
  buildIfNeeded(root);
  const database = await createBenchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-bench-reviews-"));
  fs.chmodSync(dataDir, 0o755);
  let shop: Awaited<ReturnType<typeof start>> | undefined;
  const handle = await openDatabase({ databaseUrl: database.url, skipMigrations: true, poolSize: 2 }).catch(
    async (error) => {
      await database.drop();
      throw error;
    },
  );
  try {
    shop = await start(
      ["server/main.ts", "--no-build"],
      {
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        SESSION_SECRET: "bench",
        PAGE_CACHE_SECONDS: "0",
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
      },
      process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
    );
    const db = handle.db;
    // A product the seed left without reviews (the seed rates none: its sample reviews count in no
    // rating, decision 047): its page has no review of its own.
    const [product] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from products p where not hidden
        and not exists (select 1 from ${reviews} r where r.product_id = p.id) order by id limit 1`),
    );
    await insertReviews(db, [{ productId: product.id, count: PAGE_REVIEWS }], "held");
    const origin = shop.origin;
    const productPath = await fetch(`${origin}/product/x/x/${product.id}`, { redirect: "manual" }).then(
      (r) => new URL(r.headers.get("location") ?? `/product/x/x/${product.id}`, origin).pathname,
    );
    const lastPage = `${productPath}?rpage=${Math.ceil(PAGE_REVIEWS / PRODUCT_PAGE_REVIEWS)}`;
    const targets = [
      { name: "no reviews", published: false, url: origin + productPath },
      { name: `${PAGE_REVIEWS} reviews, first page`, published: true, url: origin + productPath },
      { name: `${PAGE_REVIEWS} reviews, last page`, published: true, url: origin + lastPage },
    ];
    const timings = new Map(targets.map((t) => [t.name, [] as number[]]));
    const html = new Map<string, string>();
    const js = new Map<string, number>();
    /** Warms the page up, then times PAGE_REQUESTS sequential requests of it, keeping its HTML and weighing its JavaScript. */
    const measure = async (target: { name: string; url: string }) => {
      for (let i = 0; i < 5; i++) await timedGet(target.url);
      for (let i = 0; i < PAGE_REQUESTS; i++) {
        const { ms, body } = await timedGet(target.url);
        timings.get(target.name)!.push(ms);
        html.set(target.name, body);
      }
      const weight = await scriptWeight(origin, target.url.slice(origin.length));
      js.set(target.name, weight.jsFilesGzip + weight.inlineScriptGzip);
    };
    for (let round = 0; round < PAGE_ROUNDS; round++) {
      for (const published of [false, true]) {
        await setPublished(db, product.id, published);
        // The shop hears of the change by NOTIFY (api/platform/catalogue-version.ts); then warm up.
        await new Promise((r) => setTimeout(r, 300));
        for (const target of targets.filter((t) => t.published === published)) await measure(target);
      }
    }
    // Then every review at its largest: the longest title (100 characters) and text (2,000), of words
    // drawn from LONG_WORDS by a hash, and 3 photos. The list shows each text cut short, so the page's weight stays bounded.
    const words = (seed: string, count: number) => sql`(
        select string_agg((${pgArray(LONG_WORDS)}::text[])[1 + abs(hashtext(${reviews.id} || ${seed} || i)) % ${LONG_WORDS.length}], ' ')
        from generate_series(1, ${sql.raw(String(count))}) as i)`;
    await db.execute(sql`
      update ${reviews} set title = left(${words("#", 40)}, 100), body = left(${words(":", 500)}, 2000)
      where ${reviews.productId} = ${product.id}`);
    // …and 3 photos each, the most a review may have (their files need not exist: only the page's weight is measured here).
    await db.execute(sql`
      update ${reviews} set photos = (
        select jsonb_agg(jsonb_build_object(
          'id', h, 'path', '/media/reviews/' || ${reviews.id} || '/' || h || '-640.webp',
          'srcset', '', 'thumb', jsonb_build_object('path', '/media/reviews/' || ${reviews.id} || '/' || h || '-320.webp',
          'width', 320, 'height', 240)))
        from (select substr(md5(${reviews.id} || '#' || n), 1, 16) as h from generate_series(1, 3) as n) as p)
      where ${reviews.productId} = ${product.id}`);
    await setPublished(db, product.id, true);
    await new Promise((r) => setTimeout(r, 300));
    const long = {
      name: `${PAGE_REVIEWS} reviews at their longest (title 100, text 2,000) and 3 photos, first page`,
      published: true,
      url: targets[1].url,
    };
    timings.set(long.name, []);
    await measure(long);
    targets.push(long);
    if (process.env.BENCH_REVIEWS_SAVE) fs.writeFileSync(process.env.BENCH_REVIEWS_SAVE, html.get(long.name) ?? "");
    // The structured data's count: the pages showed what they were measured for.
    const counts = targets.map((t) => /"reviewCount":(\d+)/.exec(html.get(t.name) ?? "")?.[1]);
    if (counts.join() !== `,${PAGE_REVIEWS},${PAGE_REVIEWS},${PAGE_REVIEWS}`)
      throw new Error(`The pages show review counts of ${counts.join(", ")}`);
    return {
      productPath,
      rows: targets.map((t) => ({
        name: t.name,
        latency: latency(timings.get(t.name)!),
        htmlGzip: gzipSync(Buffer.from(html.get(t.name) ?? ""), { level: 9 }).length,
        jsGzip: js.get(t.name) ?? 0,
      })),
    };
  } finally {
    if (shop) await stop([shop]);
    await handle.close();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const VARIANTS: { name: string; query: string }[] = [
  { name: "most helpful (default)", query: "" },
  { name: "newest", query: "sort=newest" },
  { name: "highest", query: "sort=highest" },
  { name: "lowest", query: "sort=lowest" },
  { name: "5 stars", query: "stars=5" },
  { name: "1 star", query: "stars=1" },
  { name: "2 stars, newest", query: "stars=2&sort=newest" },
];

export type ListFigures = {
  reviews: number;
  fillSeconds: number;
  products: { id: string; rank: number; published: number }[];
  /** By index set ("as migrated", or without the BENCH_REVIEWS_WITHOUT ones), product rank and variant. */
  rows: { indexes: string; rank: number; variant: string; latency: Latency }[];
};

/** The statements `run` sends, with their parameters. */
async function captureStatements(run: () => Promise<unknown>): Promise<{ text: string; values: unknown[] }[]> {
  const captured: { text: string; values: unknown[] }[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    // query(text, values) or query({ text, values }), drizzle's query({ text, rowMode }, values).
    const first = args[0] as string | { text: string; values?: unknown[] };
    const values = (typeof first === "string" ? undefined : first.values) ?? (args[1] as unknown[]) ?? [];
    captured.push({ text: typeof first === "string" ? first : first.text, values });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  return captured;
}

/**
 * The reviews list API through the API's fetch (routing, validation, SQL, JSON), as
 * bench/product-list.ts measures the product list, on a bench database of LIST_PRODUCTS products
 * and TOTAL_REVIEWS reviews: the busiest product (1 in about 7.5 reviews) and the tenth.
 */
export async function measureReviewList(): Promise<ListFigures> {
  const handle = await openBenchDatabase();
  const without = (process.env.BENCH_REVIEWS_WITHOUT ?? "").split(",").filter(Boolean);
  try {
    const db = handle.db;
    await seedCatalogue(db, { products: LIST_PRODUCTS });
    const started = performance.now();
    await db.execute(sql`delete from ${reviews}`);
    const ids = rowsOf<{ id: string }>(await db.execute(sql`select id from products where not hidden order by id`)).map(
      (r) => r.id,
    );
    const harmonic = ids.reduce((sum, _, i) => sum + 1 / (i + 1), 0);
    const counts = ids.map((productId, i) => ({
      productId,
      count: Math.floor(TOTAL_REVIEWS / ((i + 1) * harmonic)),
    }));
    counts[0].count += TOTAL_REVIEWS - counts.reduce((sum, c) => sum + c.count, 0);
    await insertReviews(db, counts, "published");
    await refreshRatings(db, ids);
    await db.execute(sql`vacuum analyze ${reviews}`);
    const fillSeconds = (performance.now() - started) / 1000;

    const definitions = new Map(
      rowsOf<{ indexname: string; indexdef: string }>(
        await db.execute(sql`select indexname, indexdef from pg_indexes where tablename = 'reviews'`),
      ).map((r) => [r.indexname, r.indexdef]),
    );
    for (const name of without) if (!definitions.has(name)) throw new Error(`No index ${name} on reviews`);
    const ranks = [1, 10];
    const products = await Promise.all(
      ranks.map(async (rank) => {
        const id = ids[rank - 1];
        const [row] = rowsOf<{ n: number }>(
          await db.execute(
            sql`select count(*)::int as n from ${reviews} where product_id = ${id} and status = 'published'`,
          ),
        );
        return { id, rank, published: row.n };
      }),
    );
    const app = createUserapp({ db });
    const send = async (productId: string, query: string, page: number) => {
      const response = await app.request(`/userapp/product/${productId}/reviews?${query}&page=${page}`);
      if (response.status !== 200) throw new Error(`reviews answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    };
    if (process.env.BENCH_REVIEWS_EXPLAIN === "1") {
      const client = new pg.Client({ connectionString: handle.url });
      client.on("error", (error) => console.error(`EXPLAIN's connection: ${error.message}`));
      await client.connect();
      for (const variant of VARIANTS) {
        const statements = await captureStatements(() => send(products[0].id, variant.query, 1));
        console.log(`\nEXPLAIN, ${variant.name}, busiest product:`);
        for (const s of statements.filter((s) => /^\s*select/i.test(s.text) && s.text.includes('"reviews"'))) {
          const plan = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${s.text}`, s.values);
          console.log(plan.rows.map((r) => `  ${r["QUERY PLAN"]}`).join("\n"));
        }
      }
      await client.end();
    }
    // Warm-up on a product not measured.
    for (const variant of VARIANTS) await send(ids[2], variant.query, 1);
    const sets = without.length > 0 ? ["as migrated", `without ${without.join(", ")}`] : ["as migrated"];
    const timings = new Map<string, number[]>();
    for (let round = 0; round < LIST_ROUNDS; round++) {
      for (const set of sets) {
        const drop = set !== "as migrated";
        if (drop) for (const name of without) await db.execute(sql.raw(`drop index ${name}`));
        if (without.length > 0) await db.execute(sql`analyze ${reviews}`);
        for (const product of products)
          for (const variant of VARIANTS) {
            const key = `${set}|${product.rank}|${variant.name}`;
            const list = timings.get(key) ?? [];
            for (let i = 0; i < LIST_REQUESTS; i++) {
              const begun = performance.now();
              await send(product.id, variant.query, PAGES[i % PAGES.length]);
              list.push(performance.now() - begun);
            }
            timings.set(key, list);
          }
        if (drop) for (const name of without) await db.execute(sql.raw(definitions.get(name)!));
      }
    }
    return {
      reviews: TOTAL_REVIEWS,
      fillSeconds,
      products,
      rows: [...timings].map(([key, list]) => {
        const [indexes, rank, variant] = key.split("|");
        return { indexes, rank: Number(rank), variant, latency: latency(list) };
      }),
    };
  } finally {
    await handle.close();
  }
}

const ms = (n: number) => n.toFixed(2);

export function printReviewPage(f: PageFigures) {
  console.log(
    `\nThe product page with ${PAGE_REVIEWS} reviews and with none, same product (${f.productPath}), guest, page micro-cache off; ` +
      `${PAGE_ROUNDS} rounds of ${PAGE_REQUESTS} sequential requests each, the states alternating:\n`,
  );
  console.log("| page | p50 (ms) | p95 (ms) | max (ms) | × no reviews (p50) | HTML gzip (KB) | JS in all (KB) |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  const base = f.rows[0].latency.p50;
  for (const r of f.rows)
    console.log(
      `| ${r.name} | ${ms(r.latency.p50)} | ${ms(r.latency.p95)} | ${ms(r.latency.max)} | ${(r.latency.p50 / base).toFixed(2)} | ${(r.htmlGzip / 1024).toFixed(1)} | ${(r.jsGzip / 1024).toFixed(2)} |`,
    );
}

export function printReviewList(f: ListFigures) {
  console.log(
    `\nThe reviews list API (GET /userapp/product/{id}/reviews, in-process fetch), ${f.reviews.toLocaleString("en-IN")} reviews on ${LIST_PRODUCTS.toLocaleString("en-IN")} products ` +
      `(filled in ${f.fillSeconds.toFixed(1)} s); ${LIST_REQUESTS} requests per row and round, pages 1–5 (mostly 1) of 10, ${LIST_ROUNDS} rounds:\n`,
  );
  for (const p of f.products)
    console.log(`- product of rank ${p.rank}: ${p.published.toLocaleString("en-IN")} published reviews`);
  console.log("\n| indexes | product | request | p50 (ms) | p95 (ms) | max (ms) |");
  console.log("|---|---:|---|---:|---:|---:|");
  for (const r of f.rows)
    console.log(
      `| ${r.indexes} | ${r.rank} | ${r.variant} | ${ms(r.latency.p50)} | ${ms(r.latency.p95)} | ${ms(r.latency.max)} |`,
    );
}
