import os from "node:os";
import { measureLighthouse } from "./lighthouse";
import { measureApiLoad } from "./api-load";
import { measureImportLatency } from "./import-latency";
import { measurePages } from "./pages";
import { measureProductList } from "./product-list";
import { printSearch } from "./search";
import { printSearchBounds } from "./search-bounds";
import { measureWorkers } from "./workers";

// `npm run bench`: prints the figures docs/benchmarks.md keeps. Never used as a pass/fail test.
// BENCH_SIZES=1000,10000 limits the catalogue sizes; BENCH_ONLY=pages|list|load|lighthouse|workers|import|search runs one part;
// BENCH_ONLY=soak|startup|compare|round-trips (bench/soak.ts, bench/startup.ts, bench/before-after.ts,
// bench/round-trips.ts) run only when asked for, as do BENCH_ONLY=messages (bench/message-render.ts) and
// BENCH_ONLY=reviews (bench/reviews.ts), BENCH_ONLY=lanes (bench/queue-lanes.ts), BENCH_ONLY=hosts (bench/hosts.ts)
// and BENCH_ONLY=dashboard (bench/dashboard.ts).
const sizes = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number);
const only = process.env.BENCH_ONLY;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

console.log(
  `Benchmarks on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, ${new Date().toISOString()}`,
);
console.log(`Load average before: ${load()} (other work on the machine inflates the figures)`);

if (!only || only === "pages") {
  const { weights, rendered, cached, html } = await measurePages();
  const empty = weights[0];
  console.log("\nPage weight (each JS file gzip -9, summed; HTML gzip -9):\n");
  console.log("| route | JS files | JS gzip (KB) | our own JS over the empty route (KB) | HTML gzip (KB) |");
  console.log("|---|---:|---:|---:|---:|");
  for (const w of weights) {
    const own = w === empty ? "–" : kb(w.jsGzip - empty.jsGzip);
    console.log(`| ${w.route} | ${w.jsFiles} | ${kb(w.jsGzip)} | ${own} | ${kb(w.htmlGzip)} |`);
  }
  console.log(`\nA signed-in shopper's /shop: ${html.shopKb.toFixed(1)} KB of HTML, ${html.cards} cards.`);
  console.log(
    "\nServer render, requests per second (8 keep-alive connections, interleaved rounds, same server stack); compare the ratios:\n",
  );
  console.log("| page | every request rendered | × the empty page | target |");
  console.log("|---|---:|---:|---:|");
  const rows: [string, number, string][] = [
    ["empty React Router page", rendered.empty, ""],
    ["/shop (20 products), guest", rendered.shop, "≥ 0.3"],
    ["/shop (20 products), signed in", rendered.signedInShop, "≥ 0.3"],
    ["product page, guest", rendered.product, ""],
    ["product page, signed in", rendered.signedInProduct, "≥ 0.5"],
  ];
  for (const [page, rps, target] of rows)
    console.log(`| ${page} | ${rps.toFixed(0)} | ${(rps / rendered.empty).toFixed(2)} | ${target} |`);
  console.log("\nGuests, with the page micro-cache:\n");
  console.log("| page | requests per second | × the empty page |");
  console.log("|---|---:|---:|");
  console.log(`| empty React Router page | ${cached.empty.toFixed(0)} | 1.00 |`);
  console.log(`| /shop (20 products) | ${cached.shop.toFixed(0)} | ${(cached.shop / cached.empty).toFixed(2)} |`);
}

if (!only || only === "list") {
  console.log(
    "\nProduct list API on PostgreSQL (the bench's embedded server), in-process fetch: distinct shoppers' requests (bench/queries.ts), each sent once. " +
      "Each is a first sight for the catalogue cache's lists (api/lib/catalogue/catalogue-cache.ts); only products read by an earlier request in the last 5 s come from its product cache.\n",
  );
  console.log("| products | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) | requests | median matches | seed (s) |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const size of sizes) {
    const r = await measureProductList(size);
    console.log(
      `| ${r.products.toLocaleString("en-IN")} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(1)} | ` +
        `${r.requests} | ${r.medianMatches.toLocaleString("en-IN")} | ${r.seedSeconds.toFixed(1)} |`,
    );
  }
}

if (!only || only === "lighthouse") {
  const figures = await measureLighthouse();
  console.log(
    `\nSlow phones: Lighthouse 12, mobile, simulated slow 4G, median of ${figures[0]?.runs ?? 0} runs per page:\n`,
  );
  console.log(
    "| page | performance | TBT (ms) | CLS | long tasks (longest ms, what ran it) | accessibility | LCP (s) | JS files gzip (KB) | inline scripts gzip (KB) | JS in all (bytes) | spare under 110 KiB (bytes) |",
  );
  console.log("|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|");
  for (const f of figures) {
    const all = f.jsFilesGzip + f.inlineScriptGzip;
    const tasks = f.longTasks.count
      ? `${f.longTasks.count} (${f.longTasks.longestMs}, ${f.longTasks.longestUrl})`
      : "0";
    console.log(
      `| ${f.route} | ${f.performance} | ${f.tbtMs.toFixed(0)} | ${f.cls.toFixed(3)} | ${tasks} | ${f.accessibility} | ${(f.lcpMs / 1000).toFixed(2)} | ${kb(f.jsFilesGzip)} | ${kb(f.inlineScriptGzip)} | ${all} | ${112_640 - all} |`,
    );
  }
}
if (!only || only === "load") {
  const r = await measureApiLoad();
  console.log(
    `\nProduct list under load: ${r.connections} concurrent connections for ${r.seconds} s to one server on its embedded PostgreSQL (${r.products} products), drawn from ${r.distinct} distinct shoppers' requests, each seen once before:\n`,
  );
  console.log("| requests | errors | per second | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|");
  console.log(
    `| ${r.requests} | ${r.errors} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} |`,
  );
  if (r.failures.length > 0) console.log(`\nFailures: ${r.failures.join("; ")}`);
}
if (!only || only === "workers") {
  const w = await measureWorkers();
  if (!w)
    console.log(
      "\nWorkers: needs DATABASE_URL (a PostgreSQL server; several workers run on PostgreSQL only): left out.",
    );
  else {
    console.log(
      `\nOne worker and two (WEB_CONCURRENCY) on PostgreSQL, ${w.products} products, ${w.cores} cores; requests per second, 8 keep-alive connections, interleaved rounds:\n`,
    );
    console.log("| requests | 1 worker | 2 workers | 2 ÷ 1 |");
    console.log("|---|---:|---:|---:|");
    console.log(
      `| signed-in /shop | ${w.shop[1].toFixed(0)} | ${w.shop[2].toFixed(0)} | ${(w.shop[2] / w.shop[1]).toFixed(2)} |`,
    );
    console.log(
      `| product/list API | ${w.list[1].toFixed(0)} | ${w.list[2].toFixed(0)} | ${(w.list[2] / w.list[1]).toFixed(2)} |`,
    );
  }
}
if (!only || only === "import") {
  const r = await measureImportLatency();
  console.log(
    `\nA catalogue import of ${r.rows.toLocaleString("en-IN")} rows (${r.products.toLocaleString("en-IN")} new products) on ${r.database}: ${r.importSeconds.toFixed(1)} s. Meanwhile, each asked again 50 ms after its last answer:\n`,
  );
  console.log("| request | answers | failures | p95 (ms) | worst (ms) |");
  console.log("|---|---:|---:|---:|---:|");
  for (const [name, l] of [
    ["/healthz", r.healthz],
    ["/shop, guest", r.shop],
  ] as const)
    console.log(`| ${name} | ${l.samples} | ${l.failures} | ${l.p95.toFixed(0)} | ${l.worst.toFixed(0)} |`);
}
if (!only || only === "search") await printSearch(sizes);
if (!only || only === "search-bounds") await printSearchBounds();
if (only === "reviews") {
  const { measureReviewPage, measureReviewList, printReviewPage, printReviewList } = await import("./reviews");
  const parts = (process.env.BENCH_REVIEWS_PARTS ?? "page,list").split(",");
  if (parts.includes("page")) printReviewPage(await measureReviewPage());
  if (parts.includes("list")) printReviewList(await measureReviewList());
}
if (only === "dashboard") {
  const { measureDashboard, printDashboard } = await import("./dashboard");
  printDashboard(await measureDashboard());
}
if (only === "messages") {
  const { measureMessageRender, printMessageRender } = await import("./message-render");
  printMessageRender(await measureMessageRender());
}
if (only === "lanes") {
  const { measureQueueLanes, printQueueLanes } = await import("./queue-lanes");
  printQueueLanes(await measureQueueLanes());
}
if (only === "hosts") {
  const { measureHosts, printHosts } = await import("./hosts");
  printHosts(await measureHosts());
}
if (only === "round-trips") {
  const { measureRoundTrips, printRoundTrips } = await import("./round-trips");
  printRoundTrips(await measureRoundTrips());
}
// Asked for by name only (minutes each): the soak, start-up on a fresh clone, before and after side by side.
if (only === "soak") {
  const { measureSoak, printSoak } = await import("./soak");
  printSoak(await measureSoak());
}
if (only === "startup") {
  const { measureStartup, printStartup } = await import("./startup");
  printStartup(await measureStartup());
}
if (only === "compare") await import("./before-after");
console.log(`\nLoad average after: ${load()}`);
