import os from "node:os";
import { measureProductList } from "./product-list";

// `npm run bench`: prints the figures the README keeps. Never used as a pass/fail test.
const sizes = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number);

console.log(`Benchmarks on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, ${new Date().toISOString()}`);
console.log("\nProduct list API on PGlite (filtered, searched and sorted pages; in-process fetch):\n");
console.log("| products | p50 (ms) | p95 (ms) | requests | seed (s) |");
console.log("|---:|---:|---:|---:|---:|");
for (const size of sizes) {
  const r = await measureProductList(size);
  console.log(`| ${r.products.toLocaleString("en-IN")} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.requests} | ${r.seedSeconds.toFixed(1)} |`);
}
