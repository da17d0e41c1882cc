/**
 * Several worker processes (WEB_CONCURRENCY, docs/decisions/010-workers.md). `planWorkers` is
 * tested alone; the rest spawns the real `npm start` with two workers on PostgreSQL and talks to
 * each worker over a keep-alive connection of its own (which worker holds a connection is read
 * from /proc, as the operator's tools would): a catalogue change made through one worker shows
 * on the other's pages within a second, the sign-in limit counts across workers, a worker that
 * dies is replaced, a crash loop stops the shop, and SIGTERM drains every worker.
 * The shop's workers share a database of their own on the test run's server, named by
 * DATABASE_URL (tests/unit/lifecycle.test.ts runs two workers on the default, embedded one).
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../../api/config";
import { type DatabaseHandle, openDatabase } from "../../api/db/client";
import { users } from "../../api/db/schema";
import { CATALOGUE_LISTENER_NAME } from "../../api/platform/catalogue-version";
import { csvRecord, parseCsv } from "../../api/lib/catalogue/csv";
import { planWorkers } from "../../api/platform/runtime";
import { type Product, productPath } from "../../app/lib/catalogue/catalogue";
import { HIGHEST_PRICE_BODY, highestPriceOf, priceCeiling } from "../../app/lib/catalogue/shop-params";
import { createPostgresTestDatabase } from "../db";
import {
  canListen,
  descendants,
  exitWithin,
  expectAllGone,
  freePortsIn,
  isAlive,
  loginInFlight,
  type Started,
  start,
  tempDir,
} from "../processes";

describe("how many processes serve", () => {
  const url = "postgres://shop@db.example.test/shop";

  it("on PostgreSQL: WEB_CONCURRENCY, else one per core", () => {
    expect(planWorkers(readEnv({ DATABASE_URL: url, WEB_CONCURRENCY: "3" }))).toEqual({ workers: 3 });
    expect(planWorkers(readEnv({ DATABASE_URL: url, WEB_CONCURRENCY: "1" }))).toEqual({ workers: 1 });
    const cores = planWorkers(readEnv({ DATABASE_URL: url })).workers;
    expect(cores).toBeGreaterThanOrEqual(1);
    expect(planWorkers(readEnv({ DATABASE_URL: url, WEB_CONCURRENCY: "" })).workers).toBe(cores);
  });

  it("on the embedded database too: WEB_CONCURRENCY, else one per core", () => {
    expect(planWorkers(readEnv({ WEB_CONCURRENCY: "4" }))).toEqual({ workers: 4 });
    expect(planWorkers(readEnv({})).workers).toBe(planWorkers(readEnv({ DATABASE_URL: url })).workers);
  });

  it("in development and on a remote API: one process, and one line when more were asked for", () => {
    expect(planWorkers(readEnv({ DATABASE_URL: url, WEB_CONCURRENCY: "2" }), { dev: true })).toEqual({
      workers: 1,
      note: "WEB_CONCURRENCY=2 is ignored: development runs one process (Vite's).",
    });
    expect(planWorkers(readEnv({ DATABASE_URL: url, WEB_CONCURRENCY: "2" }), { remoteApi: true })).toEqual({
      workers: 1,
      note: "WEB_CONCURRENCY=2 is ignored: a storefront with USERAPP_API_URL runs one process.",
    });
  });

  it.each(["0", "-1", "1.5", "two", "65"])("refuses WEB_CONCURRENCY=%s", (value) => {
    expect(() => readEnv({ WEB_CONCURRENCY: value })).toThrow(
      "WEB_CONCURRENCY: WEB_CONCURRENCY must be a whole number from 1 to 64",
    );
  });

  it.each(["0", "1001", "ten"])("refuses DATABASE_POOL_SIZE=%s", (value) => {
    expect(() => readEnv({ DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

/** The ports these tests may listen on (shared machines give each engineer a range). */
const PORTS = Array.from({ length: 9 }, (_, i) => 3131 + i);

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders; localPort: number };

/** One keep-alive connection: every request on it reaches the worker that accepted it. */
function connection(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const request = (
    method: string,
    target: string,
    options: { body?: unknown; token?: string; cookie?: string } = {},
  ): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = {};
      if (options.body !== undefined) headers["content-type"] = "application/json";
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.cookie) headers.cookie = options.cookie;
      const req = http.request({ host: "127.0.0.1", port, method, path: target, agent, headers }, (res) => {
        const localPort = res.socket.localPort!;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body, headers: res.headers, localPort }));
      });
      req.on("error", reject);
      req.end(options.body === undefined ? undefined : JSON.stringify(options.body));
    });
  return { request, close: () => agent.destroy() };
}

/** The pid among `pids` holding the server's end of the connection from `localPort` to `port` (from /proc). */
function workerHolding(localPort: number, port: number, pids: number[]): number | undefined {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      if (fields[1].endsWith(`:${hex(port)}`) && fields[2].endsWith(`:${hex(localPort)}`)) inodes.add(fields[9]);
    }
  }
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return pid;
      } catch {
        // Closed while read.
      }
    }
  }
  return undefined;
}

describe("two workers on PostgreSQL", () => {
  let database: { url: string; drop: () => Promise<void> };
  let handle: DatabaseHandle;

  beforeAll(async () => {
    // The production server's build is made by Vitest's global setup (tests/build.ts).
    database = await createPostgresTestDatabase();
    handle = await openDatabase({ databaseUrl: database.url });
  }, 300_000);
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  /** `npm start` with two workers; answers it once it is open, with its workers' pids. */
  async function startShop(options: { forFile?: boolean } = {}) {
    const [port] = await freePortsIn(PORTS, 1);
    const shop = start(
      "npm",
      ["start", "--", "--no-build"],
      {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: tempDir(),
        SESSION_SECRET: "workers-test",
        DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: "3",
        WEB_CONCURRENCY: "2",
        // Long enough that a page kept from before a change would show: only the catalogue version drops it.
        PAGE_CACHE_SECONDS: "60",
      },
      options,
    );
    await shop.waitFor(/The shop is open at .*2 workers\)\./, 180_000);
    return { shop, port, workers: () => workerPids(shop) };
  }

  /** The workers: node processes whose parent is the primary (npm's one node child). */
  function workerPids(shop: Started): number[] {
    const below = descendants(shop.pid);
    const primary = below.find((p) => p.ppid === shop.pid && /server\/main\.ts/.test(p.command));
    if (!primary) return [];
    return below.filter((p) => p.ppid === primary.pid && /server\/main\.ts/.test(p.command)).map((p) => p.pid);
  }

  /** A connection per worker: connections are opened until two different workers hold one. */
  async function oneConnectionPerWorker(port: number, pids: number[]) {
    const held = new Map<number, ReturnType<typeof connection>>();
    for (let attempt = 0; attempt < 12 && held.size < 2; attempt++) {
      const candidate = connection(port);
      const answer = await candidate.request("GET", "/healthz");
      const pid = workerHolding(answer.localPort, port, pids);
      if (pid !== undefined && !held.has(pid)) held.set(pid, candidate);
      else candidate.close();
    }
    expect([...held.keys()].sort()).toEqual([...pids].sort());
    const [[pidA, a], [pidB, b]] = [...held.entries()];
    /** A request that must be answered by the worker `pid` (the connection was not reopened elsewhere). */
    const on =
      (conn: ReturnType<typeof connection>, pid: number) =>
      async (...args: Parameters<ReturnType<typeof connection>["request"]>) => {
        const answer = await conn.request(...args);
        expect(workerHolding(answer.localPort, port, pids)).toBe(pid);
        return answer;
      };
    return { a: on(a, pidA), b: on(b, pidB), close: () => (a.close(), b.close()) };
  }

  let shared: Awaited<ReturnType<typeof startShop>>;
  let viaWorker: Awaited<ReturnType<typeof oneConnectionPerWorker>>;
  beforeAll(async () => {
    shared = await startShop({ forFile: true });
    viaWorker = await oneConnectionPerWorker(shared.port, shared.workers());
  }, 240_000);
  afterAll(() => viaWorker?.close());

  /** A registered account, made an admin as `npm run admin -- promote` does when `admin`; answers its token. */
  async function account(email: string, admin: boolean): Promise<string> {
    const password = "s3cret-passphrase";
    const registered = await viaWorker.a("POST", "/userapp/auth/register", { body: { email, password } });
    expect(registered.status, registered.body).toBe(201);
    if (admin) await handle.db.update(users).set({ userType: "admin" }).where(eq(users.email, email));
    const login = await viaWorker.a("POST", "/userapp/auth/login", { body: { username: email, password } });
    expect(login.status, login.body).toBe(200);
    return JSON.parse(login.body).data.token;
  }

  let admin: Promise<string> | undefined;
  /** The admin's bearer token (one admin for the file). */
  const adminToken = () => (admin ??= account("admin@workers.test", true));

  it("runs two workers, each with its own catalogue listener, and one primary", async () => {
    expect(shared.workers()).toHaveLength(2);
    expect(shared.shop.stdout()).toMatch(
      /\(PostgreSQL on the socket in [^,]+, database storefront_test_\w+, 2 workers\)/,
    );
    // The primary migrated and seeded once.
    expect(shared.shop.stdout().match(/Opening PostgreSQL/g)).toHaveLength(1);
    expect(shared.shop.stdout().match(/Seeded \d+ products/g)).toHaveLength(1);
    const result = (await handle.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where application_name = ${CATALOGUE_LISTENER_NAME} and datname = current_database()`,
    )) as unknown as { rows: { n: number }[] };
    expect(result.rows[0].n).toBe(2);
  });

  it("an admin's change through one worker shows on the other's /shop and product page within a second", async () => {
    const token = await adminToken();
    const dearest = async () => {
      const list = await viaWorker.a("POST", "/userapp/product/list", { body: HIGHEST_PRICE_BODY });
      return JSON.parse(list.body).data.data as Product[];
    };
    const listed = await dearest();
    const ceilingBefore = priceCeiling(highestPriceOf(listed));
    // Hide the dearest products, as many as it takes for the price slider's top to come down.
    const hide: Product[] = [];
    while (priceCeiling(highestPriceOf(listed.slice(hide.length))) === ceilingBefore) hide.push(listed[hide.length]);
    const shopPath = "/shop?sort=price-desc";
    const ceilingOf = (html: string) => Number(/aria-label="Maximum price slider"[^>]*max="(\d+)"/.exec(html)?.[1]);
    const showsAny = (html: string) => hide.some((product) => html.includes(productPath(product)));

    // Worker B keeps the guest pages in its micro-cache (60 s), and its price ceiling (a minute).
    for (let round = 0; round < 2; round++) {
      const shop = await viaWorker.b("GET", shopPath);
      expect(shop.status).toBe(200);
      expect(showsAny(shop.body)).toBe(true);
      expect(ceilingOf(shop.body)).toBe(ceilingBefore);
      expect((await viaWorker.b("GET", productPath(hide[0]))).status).toBe(200);
    }

    for (const product of hide) {
      const hidden = await viaWorker.a("PUT", `/userapp/admin/products/${product._id}/hide`, { token });
      expect(hidden.status, hidden.body).toBe(200);
    }
    const changedAt = Date.now();

    // Polled with a deadline: every look must start within a second of the change; one must see it.
    let seen = false;
    while (!seen) {
      expect(Date.now() - changedAt, "worker B still shows the catalogue from before the change").toBeLessThan(1000);
      const [shop, page] = [await viaWorker.b("GET", shopPath), await viaWorker.b("GET", productPath(hide[0]))];
      seen = !showsAny(shop.body) && ceilingOf(shop.body) < ceilingBefore && page.status === 404;
    }
    const ceilingAfter = priceCeiling(highestPriceOf(await dearest()));
    // And for good: the page kept from before the change is not served again.
    const again = await viaWorker.b("GET", shopPath);
    expect(showsAny(again.body)).toBe(false);
    expect(ceilingOf(again.body)).toBe(ceilingAfter);
  });

  it("a CSV import by `npm run catalogue` in another process shows on both workers within a second", async () => {
    const token = await adminToken();
    const listed = await viaWorker.a("POST", "/userapp/product/list", { body: { options: { page: 1, limit: 1 } } });
    const product = (JSON.parse(listed.body).data.data as Product[])[0];
    // Both workers keep its page (60 s).
    for (const send of [viaWorker.a, viaWorker.b, viaWorker.a, viaWorker.b])
      expect((await send("GET", productPath(product))).status).toBe(200);
    // The product's rows of the export, marked hidden.
    const exported = await viaWorker.a("GET", "/userapp/admin/catalogue/export", { token });
    expect(exported.status).toBe(200);
    const [header, ...records] = parseCsv(exported.body.replace(/^\uFEFF/, "")).map((record) => record.fields);
    const rows = records.filter((fields) => fields[header.indexOf("productId")] === product._id);
    expect(rows.length).toBeGreaterThan(0);
    for (const fields of rows) fields[header.indexOf("hidden")] = "true";
    const file = path.join(tempDir(), "hide.csv");
    fs.writeFileSync(file, [header, ...rows].map((fields) => csvRecord(fields)).join(""));

    const cli = start("npm", ["run", "catalogue", "--", "import", file], { DATABASE_URL: database.url });
    expect(await exitWithin(cli, 120_000), cli.output()).toBe(0);
    const importedAt = Date.now();
    let seen = false;
    while (!seen) {
      expect(Date.now() - importedAt, "a worker still shows the product the import hid").toBeLessThan(1000);
      const pages = [await viaWorker.a("GET", productPath(product)), await viaWorker.b("GET", productPath(product))];
      seen = pages.every((page) => page.status === 404);
    }
  }, 180_000);

  it("the sign-in limit counts the attempts made on both workers together", async () => {
    const email = "throttled@workers.test";
    await account(email, false);
    const wrong = { username: email, password: "not-the-password" };
    // 12 wrong passwords from one address, 6 on each worker at once: 5 are checked, the others refused.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 === 0 ? viaWorker.a : viaWorker.b)("POST", "/userapp/auth/login", { body: wrong }).then((answer) => ({
          worker: i % 2 === 0 ? "a" : "b",
          status: answer.status,
        })),
      ),
    );
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
    // Now both workers refuse even the right password from this address.
    for (const send of [viaWorker.a, viaWorker.b]) {
      const right = await send("POST", "/userapp/auth/login", {
        body: { username: email, password: "s3cret-passphrase" },
      });
      expect(right.status).toBe(429);
      expect(right.headers["retry-after"]).toMatch(/^\d+$/);
    }
  });

  it("a worker that dies is replaced, and the shop answers meanwhile", async () => {
    const before = shared.workers();
    process.kill(before[0], "SIGKILL");
    await shared.shop.waitFor(`Worker ${before[0]} exited on SIGKILL: starting another.`, 30_000);
    // The other worker answers new connections while the new one starts.
    for (let i = 0; i < 3; i++) expect((await fetch(`http://127.0.0.1:${shared.port}/readyz`)).status).toBe(200);
    await shared.shop.waitFor(new RegExp(`Worker \\d+ is serving in place of worker ${before[0]}\\.`), 120_000);
    const after = shared.workers();
    expect(after).toHaveLength(2);
    expect(after).not.toContain(before[0]);
    expect(after).toContain(before[1]);
    // The new worker serves too: connections reach both.
    const both = await oneConnectionPerWorker(shared.port, after);
    expect((await both.a("GET", "/readyz")).status).toBe(200);
    expect((await both.b("GET", "/readyz")).status).toBe(200);
    both.close();
  }, 180_000);

  it("SIGTERM drains every worker: the request in flight is answered, the databases closed, nothing left", async () => {
    const { shop, port, workers } = shared;
    const below = descendants(shop.pid);
    const pids = workers();
    const inFlight = loginInFlight(port);
    await new Promise((r) => setTimeout(r, 300));
    process.kill(shop.pid, "SIGTERM");
    await shop.waitFor("SIGTERM received: stopping 2 workers.", 10_000);
    await shop.waitFor(/SIGTERM received: finishing requests in flight[\s\S]*SIGTERM received: finishing/, 10_000);
    inFlight.finish();
    const answers = await inFlight.answers;
    expect([...answers.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1])).toEqual(["400", "503"]);
    expect(await exitWithin(shop, 30_000)).toBe(0);
    expect(shop.stdout().match(/Database closed\. Bye\./g)).toHaveLength(2);
    expect(shop.stdout()).toContain("All workers stopped. Bye.");
    await expectAllGone([shop.pid, ...pids, ...below.map((p) => p.pid)]);
    expect(await canListen(port, "127.0.0.1")).toBe(true);
    const listeners = (await handle.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where application_name = ${CATALOGUE_LISTENER_NAME} and datname = current_database()`,
    )) as unknown as { rows: { n: number }[] };
    expect(listeners.rows[0].n).toBe(0);
  }, 120_000);

  it("workers dying over and over stop the shop with one line and exit 1", async () => {
    const { shop } = await startShop();
    const killed = new Set<number>();
    // Six deaths in a row (more than 5 within a minute): each new worker is killed as soon as it appears.
    while (killed.size < 6 && isAlive(shop.pid)) {
      for (const pid of workerPids(shop)) {
        if (killed.has(pid) || killed.size >= 6) continue;
        process.kill(pid, "SIGKILL");
        killed.add(pid);
      }
      await new Promise((r) => setTimeout(r, 50));
      if (/the workers keep dying/.test(shop.output())) break;
    }
    expect(await exitWithin(shop, 60_000)).toBe(1);
    expect(shop.stderr()).toMatch(
      /Worker \d+ exited on SIGKILL, the 6th exit within 60 s: the workers keep dying, so the shop stops \(see the errors above\)\./,
    );
    expect(shop.stdout()).toContain("Crash loop: stopping");
    await expectAllGone([...killed], 10_000);
  }, 240_000);
});
