/**
 * The embedded PostgreSQL's life with real processes (api/db/embedded.ts): created on first
 * start, stopped with the shop, adopted after a `kill -9` (the dead shop's lock taken over),
 * refused over a PGlite DATA_DIR, and a cluster of its own for a folder the server's user cannot reach. The standalone API (`npm run
 * start:api`) stands for the shop: it opens the database exactly as `npm start` does, without a build.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openShopDatabase } from "../../api/db/connect";
import { products, users } from "../../api/db/schema";
import { type Started, dataDirWithCluster, exitWithin, freePortsIn, isAlive, start, tempDir } from "../processes";

/** The ports these tests may listen on. */
const PORTS = Array.from({ length: 9 }, (_, i) => 3161 + i);

function startApi(dataDir: string, port: number, env: Record<string, string> = {}): Started {
  // Node itself, not tsx's wrapper process: a kill -9 must reach the process that serves.
  return start(process.execPath, ["--import", "tsx", "api/main.ts"], {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    // One process unless a test asks for more (the first one's two workers): what owns the
    // database server is the primary either way, and the default (one per core) cost each start
    // 5 s a worker here.
    WEB_CONCURRENCY: "1",
    ...env,
  });
}

/** The pid in the cluster's postmaster.pid, when there is one. */
function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, "postgres", "postmaster.pid");
  return fs.existsSync(file) ? Number(fs.readFileSync(file, "utf8").split("\n")[0]) : undefined;
}

async function gone(pid: number, ms = 15_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

async function register(port: number, email: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/userapp/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "s3cret-passphrase" }),
  });
  return response.status;
}

async function emails(dataDir: string): Promise<string[]> {
  const handle = await openShopDatabase({ DATA_DIR: dataDir });
  try {
    return (await handle.db.select({ email: users.email }).from(users)).map((row) => row.email).sort();
  } finally {
    await handle.close();
  }
}

describe("the embedded PostgreSQL", () => {
  it("is created and seeded on first start in UTF-8 whatever the locale, reused later, and stops with the shop", async () => {
    const dir = tempDir();
    const [port] = await freePortsIn(PORTS, 1);
    // Two workers on the default database, as on a two-core machine.
    const first = startApi(dir, port, { LANG: "C", LC_ALL: "C", WEB_CONCURRENCY: "2" });
    await first.waitFor("listening", 90_000);
    await first.waitFor(/the embedded PostgreSQL in .*, 2 workers\)\./, 30_000);
    expect(first.output()).toMatch(/Creating the database cluster in/);
    expect(first.output()).toMatch(/Seeded 240 products/);
    const server = postmasterPid(dir)!;
    expect(isAlive(server)).toBe(true);
    // Only a Unix socket in the cluster's own folder: no TCP port, and a password.
    const settings = await openShopDatabase({ DATA_DIR: dir });
    try {
      const rows = (await settings.db.execute(
        "select current_setting('server_encoding') as encoding, current_setting('listen_addresses') as tcp, current_setting('password_encryption') as auth" as never,
      )) as unknown as { rows: { encoding: string; tcp: string; auth: string }[] };
      expect(rows.rows[0]).toEqual({ encoding: "UTF8", tcp: "", auth: "scram-sha-256" });
    } finally {
      await settings.close();
    }
    // The CLI-like client above did not stop the shop's server.
    expect(isAlive(server)).toBe(true);
    expect(fs.statSync(path.join(dir, "postgres.secret")).mode & 0o077).toBe(0);

    process.kill(first.pid, "SIGTERM");
    expect(await exitWithin(first, 30_000)).toBe(0);
    expect(first.output()).toMatch(/Database closed\. Bye\./);
    expect(await gone(server)).toBe(true);

    // A later start reuses the cluster: nothing created or seeded twice.
    const second = startApi(dir, port);
    await second.waitFor("listening", 60_000);
    expect(second.output()).not.toMatch(/Creating the database cluster|Seeded/);
    process.kill(second.pid, "SIGTERM");
    expect(await exitWithin(second, 30_000)).toBe(0);
    const handle = await openShopDatabase({ DATA_DIR: dir });
    try {
      expect(await handle.db.$count(products)).toBe(240);
    } finally {
      await handle.close();
    }
  }, 180_000);

  it("after a kill -9 of the shop, the next start adopts the server it left, with nothing committed lost", async () => {
    const dir = dataDirWithCluster();
    const [port] = await freePortsIn(PORTS, 1);
    const first = startApi(dir, port);
    await first.waitFor("listening", 90_000);
    expect(await register(port, "before.kill@example.test")).toBe(201);
    const server = postmasterPid(dir)!;
    process.kill(first.pid, "SIGKILL");
    await exitWithin(first, 10_000);
    // The server outlives the shop killed with no chance to stop it…
    expect(isAlive(server)).toBe(true);

    // …and the next start takes it over and serves, saying whose lock it took.
    const second = startApi(dir, port);
    await second.waitFor("listening", 60_000);
    expect(second.output()).toContain(
      `${path.join(dir, "shop.lock")} was left by the shop that ran as pid ${first.pid}, which is gone (killed?): taking it over.`,
    );
    expect(postmasterPid(dir)).toBe(server);
    expect(await register(port, "after.kill@example.test")).toBe(201);
    // It is the new shop's now: it stops with it.
    process.kill(second.pid, "SIGTERM");
    expect(await exitWithin(second, 30_000)).toBe(0);
    expect(await gone(server)).toBe(true);
    expect(await emails(dir)).toEqual(["after.kill@example.test", "before.kill@example.test"]);
  }, 180_000);

  it("after a kill -9 of both the shop and PostgreSQL, the next start recovers and serves with nothing committed lost", async () => {
    const dir = dataDirWithCluster();
    const [port] = await freePortsIn(PORTS, 1);
    const first = startApi(dir, port);
    await first.waitFor("listening", 90_000);
    expect(await register(port, "committed@example.test")).toBe(201);
    const server = postmasterPid(dir)!;
    process.kill(first.pid, "SIGKILL");
    process.kill(server, "SIGKILL");
    await exitWithin(first, 10_000);
    expect(await gone(server)).toBe(true);
    // The dead server's postmaster.pid is still there, and blocks nothing.
    expect(postmasterPid(dir)).toBe(server);

    const second = startApi(dir, port);
    await second.waitFor("listening", 60_000);
    expect(second.output()).toContain(
      `${path.join(dir, "shop.lock")} was left by the shop that ran as pid ${first.pid}, which is gone (killed?): taking it over.`,
    );
    expect(await register(port, "later@example.test")).toBe(201);
    process.kill(second.pid, "SIGTERM");
    expect(await exitWithin(second, 30_000)).toBe(0);
    expect(await emails(dir)).toEqual(["committed@example.test", "later@example.test"]);
  }, 180_000);

  it("stops when the process that owns it ends on an exception", async () => {
    const dir = dataDirWithCluster();
    const script = path.join(dir, "throws.mts");
    fs.writeFileSync(
      script,
      `import { openShopDatabase } from ${JSON.stringify(path.resolve("api/db/connect.ts"))};\n` +
        `await openShopDatabase({ DATA_DIR: ${JSON.stringify(dir)} }, { shop: true });\n` +
        `console.log("open");\n` +
        `setTimeout(() => { throw new Error("boom"); }, 10);\n`,
    );
    const crashing = start(process.execPath, ["--import", "tsx", script], {});
    await crashing.waitFor("open", 60_000);
    const server = postmasterPid(dir)!;
    expect(await exitWithin(crashing, 10_000)).toBe(1);
    expect(crashing.stderr()).toMatch(/boom/);
    expect(await gone(server)).toBe(true);
  }, 90_000);

  it("refuses a DATA_DIR that holds an earlier release's PGlite database, in one line, and creates nothing beside it", async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, "pglite"));
    fs.writeFileSync(path.join(dir, "pglite", "PG_VERSION"), "17\n");
    const [port] = await freePortsIn(PORTS, 1);
    const api = startApi(dir, port);
    expect(await exitWithin(api, 30_000)).toBe(1);
    expect(api.stderr().trim()).toBe(
      `${dir} holds the PGlite database of an earlier release: run \`npm run db:upgrade\` once to move it into PostgreSQL (nothing is lost), then start again.`,
    );
    expect(fs.existsSync(path.join(dir, "postgres"))).toBe(false);
  }, 60_000);

  // PostgreSQL will not run as root: as root the server runs as the system user "postgres",
  // which cannot enter a folder closed to other users (as /root is). Its cluster then lives
  // where it can (by default /var/lib/storefront; here a folder of the test's), linked from DATA_DIR.
  it.runIf(process.getuid?.() === 0)(
    "as root, a DATA_DIR the server's user cannot reach gets its cluster in a folder it can, linked from DATA_DIR, said in one line at each start",
    async () => {
      const closed = tempDir();
      fs.chmodSync(closed, 0o700);
      const dir = path.join(closed, "data");
      const home = tempDir();
      const lines: string[] = [];
      const first = await openShopDatabase(
        { DATA_DIR: dir },
        { shop: true, clustersHome: home, log: (line) => lines.push(line) },
      );
      const link = path.join(dir, "postgres");
      const cluster = fs.readlinkSync(link);
      try {
        expect(path.dirname(path.dirname(cluster))).toBe(home);
        expect(fs.existsSync(path.join(cluster, "PG_VERSION"))).toBe(true);
        expect(lines).toContain(
          `The database server's user "postgres" cannot reach ${dir}, so its cluster lives in ${cluster} (${link} links to it).`,
        );
        await first.db.insert(users).values({ id: "u-home", email: "home@example.test", passwordHash: "x" });
      } finally {
        await first.close();
      }
      // The next start finds it through the link, and says where it is.
      lines.length = 0;
      const second = await openShopDatabase(
        { DATA_DIR: dir },
        { shop: true, clustersHome: home, log: (line) => lines.push(line) },
      );
      try {
        expect(lines).toContain(`The database cluster of ${dir} lives in ${cluster} (${link} links to it).`);
        expect((await second.db.select({ email: users.email }).from(users)).map((row) => row.email)).toEqual([
          "home@example.test",
        ]);
      } finally {
        await second.close();
      }
    },
    60_000,
  );

  it("answers on its socket only with the password kept in DATA_DIR", async () => {
    const dir = tempDir();
    const handle = await openShopDatabase({ DATA_DIR: dir }, { shop: true });
    try {
      const wrong = new URL(handle.url);
      wrong.password = "not-the-password";
      const client = new pg.Client({ connectionString: wrong.toString() });
      client.on("error", () => {});
      await expect(client.connect()).rejects.toThrow(/password authentication failed/);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
