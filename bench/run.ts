import os from "node:os";
import { measurePages } from "./pages";
import { measureProductList } from "./product-list";

// `npm run bench`: prints the figures the README keeps. Never used as a pass/fail test.
// BENCH_SIZES=1000,10000 limits the catalogue sizes; BENCH_ONLY=pages|list runs one part.
const sizes = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number);
const only = process.env.BENCH_ONLY;
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(", ");
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

console.log(`Benchmarks on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, ${new Date().toISOString()}`);
console.log(`Load average before: ${load()} (other work on the machine inflates the figures)`);

if (only !== "list") {
  const { weights, rendered, cached } = await measurePages();
  const empty = weights[0];
  console.log("\nPage weight (each JS file gzip -9, summed; HTML gzip -9):\n");
  console.log("| route | JS files | JS gzip (KB) | our own JS over the empty route (KB) | HTML gzip (KB) |");
  console.log("|---|---:|---:|---:|---:|");
  for (const w of weights) {
    const own = w === empty ? "–" : kb(w.jsGzip - empty.jsGzip);
    console.log(`| ${w.route} | ${w.jsFiles} | ${kb(w.jsGzip)} | ${own} | ${kb(w.htmlGzip)} |`);
  }
  console.log("\nServer render, requests per second (8 keep-alive connections, 5 s each, same server stack):\n");
  console.log("| page | every request rendered | guests, with the page micro-cache |");
  console.log("|---|---:|---:|");
  const share = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}% of empty`;
  console.log(`| empty React Router page | ${rendered.empty.toFixed(0)} | ${cached.empty.toFixed(0)} |`);
  console.log(
    `| /shop (20 products) | ${rendered.shop.toFixed(0)} (${share(rendered.shop, rendered.empty)}) | ${cached.shop.toFixed(0)} (${share(cached.shop, cached.empty)}) |`,
  );
}

if (only !== "pages") {
  console.log(
    "\nProduct list API on PGlite, in-process fetch: distinct shoppers' requests (bench/queries.ts), each sent once. " +
      "The API caches no results or counts, so every figure is a first sight.\n",
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
console.log(`\nLoad average after: ${load()}`);
