import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildIfNeeded } from "../server/build";
import { CSV_COLUMNS } from "../api/lib/catalogue/catalogue-csv";
import { csvRecord } from "../api/lib/catalogue/csv";
import { freePort, stop } from "./pages";

/**
 * What a large catalogue import costs everyone else (docs/decisions/008-catalogue-admin.md): the
 * shop (server/main.ts) on a fresh database, an admin posts a valid CSV of ROWS rows (new
 * products, SIZES sizes each) to POST /userapp/admin/catalogue/import, and meanwhile /healthz and
 * a guest's /shop (rendered every time: no page micro-cache) are each asked again POLL_MS after
 * their last answer. Prints the worst and p95 latency of each during the import, and the import's
 * own duration. A figure, not a test.
 *
 * The database is DATA_DIR's (a fresh temporary directory), or, with DATABASE_URL, a throwaway
 * database created on that server. BENCH_PORT sets the shop's port (else a free one).
 */
const root = path.resolve(import.meta.dirname, "..");
const ROWS = 20_000;
const SIZES = ["S", "M", "L", "XL"];
const POLL_MS = 50;

export type Latency = { samples: number; p95: number; worst: number; failures: number };
export type ImportLatencyFigures = {
  rows: number;
  products: number;
  database: string;
  importSeconds: number;
  importStatus: number;
  healthz: Latency;
  shop: Latency;
};

async function startShop(env: Record<string, string>) {
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts", "--no-build"], {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 240_000;
  while (!/The shop is open at/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The shop did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, origin: `http://127.0.0.1:${port}` };
}

/** `npm run admin -- promote EMAIL`, as the operator makes an admin (beside the running shop). */
function promote(env: Record<string, string>, email: string): Promise<void> {
  const child = spawn(process.execPath, ["--import", "tsx", "api/admin-cli.ts", "promote", email], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return new Promise((resolve, reject) =>
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`Promoting failed:\n${output}`)))),
  );
}

/** ROWS rows of new products (key `bench-N`), all of them valid. */
function generatedCsv(merchantId: string): string {
  const records = [csvRecord(CSV_COLUMNS)];
  const column = (row: Record<string, string>) => CSV_COLUMNS.map((name) => row[name] ?? "");
  for (let i = 0; i < ROWS; i++) {
    const product = Math.floor(i / SIZES.length);
    records.push(
      csvRecord(
        column({
          key: `bench-${product}`,
          shortTitle: `Bench Kurta ${product}`,
          longTitle: `Bench Kurta ${product}, cotton, straight cut`,
          tagLine: "Made for the import bench",
          description: "A kurta of handloom cotton, as many others.",
          brand: "Benchwear",
          category: "Fashion",
          subCategory: "Kurtas",
          productType: "Clothing",
          productSubType: "Kurta",
          gender: "women",
          merchantId,
          size: SIZES[i % SIZES.length],
          mrp: String(999 + (product % 500)),
          discount: String(product % 40),
          quantity: String(1 + (i % 30)),
        }),
      ),
    );
  }
  return records.join("");
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Asks `url` again POLL_MS after each answer until `done` is set: each answer's latency. */
async function poll(url: string, until: { done: boolean }): Promise<Latency> {
  const latencies: number[] = [];
  let failures = 0;
  while (!until.done) {
    const sent = performance.now();
    try {
      const response = await fetch(url, { headers: { "accept-encoding": "gzip, br" } });
      await response.arrayBuffer();
      if (response.status !== 200) failures++;
    } catch {
      failures++;
    }
    latencies.push(performance.now() - sent);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  latencies.sort((a, b) => a - b);
  return { samples: latencies.length, p95: percentile(latencies, 95), worst: latencies.at(-1) ?? 0, failures };
}

export async function measureImportLatency(): Promise<ImportLatencyFigures> {
  buildIfNeeded(root);
  const serverUrl = process.env.DATABASE_URL;
  const name = `storefront_bench_${randomBytes(6).toString("hex")}`;
  let databaseUrl = "";
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-bench-import-"));
  // Reachable by the embedded server's system user when the bench runs as root.
  fs.chmodSync(dataDir, 0o755);
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: "bench",
    LOG_LEVEL: "warn",
    PAGE_CACHE_SECONDS: "0",
    WEB_CONCURRENCY: "1",
  };
  const servers: { child: ChildProcess }[] = [];
  try {
    const email = `bench-import-${Date.now()}@example.test`;
    const password = "correct horse battery";
    const json = { "content-type": "application/json" };
    // Registered through the API, promoted by the command while the shop runs, as an operator does it.
    const shop = await startShop(env);
    servers.push(shop);
    const registered = await fetch(`${shop.origin}/userapp/auth/register`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email, password, firstName: "Bench", lastName: "Admin" }),
    });
    if (registered.status !== 201) throw new Error(`Registering failed: ${registered.status}`);
    await promote(env, email);

    const login = await fetch(`${shop.origin}/userapp/auth/login`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ username: email, password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}` };
    const merchants = (await (await fetch(`${shop.origin}/userapp/admin/merchants`, { headers: auth })).json()) as {
      data: { _id: string }[];
    };
    const csv = generatedCsv(merchants.data[0]._id);
    // Warm: the first render and query of each are not the import's doing.
    for (let i = 0; i < 5; i++) {
      await (await fetch(`${shop.origin}/healthz`)).arrayBuffer();
      await (await fetch(`${shop.origin}/shop`)).arrayBuffer();
    }

    const until = { done: false };
    const polls = Promise.all([poll(`${shop.origin}/healthz`, until), poll(`${shop.origin}/shop`, until)]);
    const started = performance.now();
    const imported = await fetch(`${shop.origin}/userapp/admin/catalogue/import`, {
      method: "POST",
      headers: { ...auth, "content-type": "text/csv" },
      body: csv,
    });
    const answer = await imported.text();
    const importSeconds = (performance.now() - started) / 1000;
    until.done = true;
    const [healthz, shopLatency] = await polls;
    if (imported.status !== 200) throw new Error(`The import answered ${imported.status}: ${answer.slice(0, 500)}`);
    return {
      rows: ROWS,
      products: ROWS / SIZES.length,
      database: serverUrl ? "PostgreSQL at DATABASE_URL" : "DATA_DIR's default database",
      importSeconds,
      importStatus: imported.status,
      healthz,
      shop: shopLatency,
    };
  } finally {
    await stop(servers);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl) {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    }
  }
}
