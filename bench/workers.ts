import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildIfNeeded } from "../server/build";
import { shopperRequests } from "./queries";

/**
 * Throughput with one worker and with two (WEB_CONCURRENCY, docs/decisions/010-workers.md) on
 * PostgreSQL: a signed-in shopper's /shop (rendered every time: no page micro-cache for a
 * shopper) and the product list API (distinct shoppers' queries, bench/queries.ts). Both servers
 * run at once on one database, and are measured in interleaved rounds, so that other work on the
 * machine weighs on both alike. Needs DATABASE_URL: a throwaway database is created there.
 */
const root = path.resolve(import.meta.dirname, "..");

export type WorkerFigures = {
  cores: number;
  products: number;
  /** Requests per second, by worker count. */
  shop: Record<1 | 2, number>;
  list: Record<1 | 2, number>;
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startShop(workers: number, databaseUrl: string, dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts", "--no-build"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: String(workers),
      SESSION_SECRET: "bench",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 240_000;
  while (!/The shop is open at/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The shop did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, origin: `http://127.0.0.1:${port}` };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** A shopper signed in through the login form: the session cookie. */
async function signIn(origin: string): Promise<string> {
  const email = `bench-workers-${Date.now()}@example.test`;
  const password = "correct horse battery";
  const registered = await fetch(`${origin}/userapp/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (registered.status !== 201) throw new Error(`Registering failed: ${registered.status}`);
  const login = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c.startsWith("__session="))
    .join("; ");
  if (!cookie) throw new Error(`Signing in failed: ${login.status}`);
  return cookie;
}

/** Requests per second over `seconds` with `connections` concurrent keep-alive clients; `next` gives each request. */
async function throughput(
  next: () => { url: string; init: RequestInit },
  seconds = 5,
  connections = 8,
): Promise<number> {
  for (let i = 0; i < 16; i++) {
    const { url, init } = next();
    await (await fetch(url, init)).arrayBuffer(); // warm-up
  }
  let done = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const { url, init } = next();
        const response = await fetch(url, init);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

export async function measureWorkers(rounds = 2): Promise<WorkerFigures | null> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return null;
  buildIfNeeded(root);
  const name = `storefront_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-bench-workers-"));
  const servers: ChildProcess[] = [];
  try {
    // One at a time: the first migrates and seeds.
    const one = await startShop(1, url.toString(), dataDir);
    servers.push(one.child);
    const two = await startShop(2, url.toString(), dataDir);
    servers.push(two.child);
    const cookies = { 1: await signIn(one.origin), 2: await signIn(two.origin) };
    const origins = { 1: one.origin, 2: two.origin };
    const bodies = shopperRequests(400).map((body) => JSON.stringify(body));
    const counted = await fetch(`${one.origin}/userapp/product/count`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const products = ((await counted.json()) as { data: { count: number } }).data.count;

    const shop: Record<1 | 2, number> = { 1: 0, 2: 0 };
    const list: Record<1 | 2, number> = { 1: 0, 2: 0 };
    for (let round = 0; round < rounds; round++) {
      for (const workers of [1, 2] as const) {
        shop[workers] +=
          (await throughput(() => ({
            url: `${origins[workers]}/shop`,
            init: { headers: { cookie: cookies[workers], "accept-encoding": "gzip, br" } },
          }))) / rounds;
      }
      for (const workers of [1, 2] as const) {
        let i = 0;
        list[workers] +=
          (await throughput(() => ({
            url: `${origins[workers]}/userapp/product/list`,
            init: {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: bodies[i++ % bodies.length],
            },
          }))) / rounds;
      }
    }
    return { cores: os.availableParallelism(), products, shop, list };
  } finally {
    await Promise.all(servers.map(stop));
    fs.rmSync(dataDir, { recursive: true, force: true });
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  }
}
