import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { inArray, sql } from "drizzle-orm";
import { openDatabase, rowsOf } from "../api/db/client";
import { messages, orders, users, variants } from "../api/db/schema";
import { issueToken } from "../api/lib/accounts/auth";
import { hashPassword } from "../api/lib/accounts/passwords";
import { defaultDeps } from "../api/lib/context";
import { newId } from "../api/lib/ids";
import { buildIfNeeded } from "../server/build";

/**
 * docs/deployment.md measured (BENCH_ONLY=hosts; issue 43, decision 054): Debian's PostgreSQL 15
 * (`apt-get install postgresql-15`, a throwaway cluster in the temporary folder), two shops
 * (`server/main.ts`, one worker each) and two real HAProxy instances with the guide's config, one
 * sending to host1 only and one to both. Orders per second (Online Payment orders, 8 at a time) and
 * a signed-in shopper's /shop (rendered every time; 8 at a time) through each balancer in
 * interleaved rounds. Then host2 is killed (SIGKILL) under a load of orders through the two-host
 * balancer, and the figures say what became of the acknowledged orders and of their messages
 * (every job of the dead host must be taken back by host1).
 */
const root = path.resolve(import.meta.dirname, "..");
const pgBin = "/usr/lib/postgresql/15/bin";

export type HostFigures = {
  cores: number;
  orders: Record<1 | 2, number>;
  shopRps: Record<1 | 2, number>;
  shopP99: Record<1 | 2, number>;
  kill: {
    acknowledged: number;
    inDatabase: number;
    unanswered: number;
    messages: number;
    messagesLeft: number;
    settledSeconds: number;
  };
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(child: ChildProcess, output: () => string, pattern: RegExp, what: string) {
  const deadline = Date.now() + 240_000;
  while (!pattern.test(output())) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${what} did not start:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function spawnLogged(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

/** A PostgreSQL 15 cluster of Debian's, run as the `postgres` user when we are root. */
async function startPostgres15(): Promise<{ url: string; stop: () => void }> {
  if (!fs.existsSync(`${pgBin}/initdb`)) throw new Error("BENCH_ONLY=hosts needs `apt-get install postgresql-15`.");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosts-bench-pg-"));
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) execFileSync("chown", ["postgres", dir]);
  const port = await freePort();
  const run = (args: string[]) =>
    asPostgres
      ? execFileSync("su", ["postgres", "-c", args.map((a) => `'${a}'`).join(" ")], { stdio: "ignore" })
      : execFileSync(args[0], args.slice(1), { stdio: "ignore" });
  run([`${pgBin}/initdb`, "-D", `${dir}/data`, "-A", "trust", "-U", "postgres"]);
  run([
    `${pgBin}/pg_ctl`,
    "-D",
    `${dir}/data`,
    "-l",
    `${dir}/log`,
    "-w",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`,
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      run([`${pgBin}/pg_ctl`, "-D", `${dir}/data`, "-m", "fast", "-w", "stop"]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The guide's haproxy.cfg with its addresses made the bench's. */
function haproxyConfig(listen: number, hosts: number[]): string {
  const guide = fs.readFileSync(path.join(root, "docs/deployment.md"), "utf8");
  const config = /```haproxy\n([\s\S]*?)```/.exec(guide)?.[1];
  if (!config) throw new Error("docs/deployment.md has no haproxy.cfg");
  const lines = config
    .replace(/bind :80\b/, `bind 127.0.0.1:${listen}`)
    .replace(/10\.0\.0\.11:3000/, `127.0.0.1:${hosts[0]}`)
    .replace(/10\.0\.0\.12:3000/, `127.0.0.1:${hosts[1] ?? 0}`);
  // One host: the second server line goes.
  return hosts.length === 1 ? lines.replace(/^\s*server host2 .*$/m, "") : lines;
}

const p99 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.99)] ?? 0;

export async function measureHosts(rounds = 2, seconds = 6): Promise<HostFigures> {
  buildIfNeeded(root);
  const postgres = await startPostgres15();
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  try {
    const [lb1, lb2, h1, h2] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const shared: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: postgres.url,
      SESSION_SECRET: "bench-hosts",
      PUBLIC_ORIGIN: `http://127.0.0.1:${lb2}`,
      TRUST_PROXY: "1",
      WEB_CONCURRENCY: "1",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
    };
    delete shared.SMTP_URL;
    const hosts = [h1, h2].map((port) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hosts-bench-data-"));
      dirs.push(dataDir);
      const started = spawnLogged(process.execPath, ["--import", "tsx", "server/main.ts", "--no-build"], {
        ...shared,
        PORT: String(port),
        DATA_DIR: dataDir,
      });
      children.push(started.child);
      return started;
    });
    // Started together on the empty database: one migrates and seeds, the other waits.
    await Promise.all(hosts.map((host, n) => waitFor(host.child, host.output, /The shop is open at/, `host${n + 1}`)));
    const configDir = fs.mkdtempSync(path.join(os.tmpdir(), "hosts-bench-lb-"));
    dirs.push(configDir);
    const balancers = { 1: `http://127.0.0.1:${lb1}`, 2: `http://127.0.0.1:${lb2}` } as const;
    for (const [listen, backends] of [
      [lb1, [h1]],
      [lb2, [h1, h2]],
    ] as const) {
      const file = path.join(configDir, `${listen}.cfg`);
      fs.writeFileSync(file, haproxyConfig(listen, [...backends]));
      const started = spawnLogged("haproxy", ["-db", "-f", file], process.env);
      children.push(started.child);
    }
    // Until both balancers see their hosts.
    for (const origin of Object.values(balancers)) {
      const deadline = Date.now() + 30_000;
      while ((await fetch(`${origin}/readyz`).catch(() => undefined))?.status !== 200) {
        if (Date.now() > deadline) throw new Error(`${origin} has no host`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }

    // Shoppers with tokens (three unpaid orders each at most), one product with stock for all.
    const handle = await openDatabase({ databaseUrl: postgres.url, skipMigrations: true, poolSize: 4 });
    const deps = defaultDeps(handle.db);
    const passwordHash = await hashPassword("bench-hosts-password");
    const shopperRows = Array.from({ length: 1500 }, (_, n) => ({
      id: newId(),
      email: `bench-host-${n}@example.test`,
      passwordHash,
      name: `Shopper ${n}`,
    }));
    await handle.db.insert(users).values(shopperRows);
    const tokens: string[] = [];
    for (const row of shopperRows) tokens.push((await issueToken(deps, row.id, passwordHash))!);
    const [variant] = rowsOf<{ product_id: string; size: string }>(
      await handle.db.execute(sql`select product_id, size from ${variants} limit 1`),
    );
    await handle.db.execute(sql`update ${variants} set quantity = 1000000 where product_id = ${variant.product_id}`);
    let nextShopper = 0;
    let lastRefusal = "";
    // Online Payment orders for the throughput (three unpaid each); Cash on Delivery ones, a shopper
    // each from the last thousand, for the kill: their confirmation message is queued at once.
    let codShopper = 500;
    const orderOnce = async (origin: string, paymentMethod: "Upi" | "cod" = "Upi") => {
      const token =
        paymentMethod === "cod" ? tokens[codShopper++ % tokens.length] : tokens[Math.floor(nextShopper++ / 3) % 500];
      const answer = await fetch(`${origin}/userapp/order/create`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          productId: variant.product_id,
          size: variant.size,
          quantity: 1,
          paymentMethod,
          address: {
            locality: "12 MG Road",
            city: "Bengaluru",
            state: "Karnataka",
            zipcode: "560038",
            country: "India",
            name: "Asha Rao",
            mobile: "+919876543210",
          },
        }),
      }).catch(() => undefined);
      const body = answer ? await answer.text() : "";
      if (answer && answer.status !== 201) lastRefusal = `${answer.status} ${body.slice(0, 300)}`;
      return answer?.status === 201 ? (JSON.parse(body) as { data: { id: string } }).data.id : undefined;
    };
    // A signed-in shopper's cookie (through the two-host balancer: valid on both hosts).
    const login = await fetch(`${balancers[2]}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: balancers[2] },
      body: new URLSearchParams({ email: shopperRows[0].email, password: "bench-hosts-password" }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const drive = async (work: () => Promise<boolean>, latencies?: number[]) => {
      let done = 0;
      const until = performance.now() + seconds * 1000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (performance.now() < until) {
            const t = performance.now();
            if (await work()) {
              done++;
              latencies?.push(performance.now() - t);
            }
          }
        }),
      );
      return done / ((performance.now() - started) / 1000);
    };
    const figures: Omit<HostFigures, "kill" | "cores"> = {
      orders: { 1: 0, 2: 0 },
      shopRps: { 1: 0, 2: 0 },
      shopP99: { 1: 0, 2: 0 },
    };
    const shopLatencies: Record<1 | 2, number[]> = { 1: [], 2: [] };
    for (let round = 0; round < rounds; round++) {
      for (const n of [1, 2] as const)
        figures.orders[n] += (await drive(async () => (await orderOnce(balancers[n])) !== undefined)) / rounds;
      for (const n of [1, 2] as const)
        figures.shopRps[n] +=
          (await drive(async () => {
            const answer = await fetch(`${balancers[n]}/shop`, { headers: { cookie, "accept-encoding": "gzip, br" } });
            await answer.arrayBuffer();
            return answer.status === 200;
          }, shopLatencies[n])) / rounds;
    }
    if (figures.orders[1] === 0) throw new Error(`No order was placed: ${lastRefusal}`);
    figures.shopP99 = { 1: p99(shopLatencies[1]), 2: p99(shopLatencies[2]) };

    // host2 killed under a load of orders through the two-host balancer.
    const acknowledged: string[] = [];
    let attempts = 0;
    const killAt = performance.now() + 2000;
    let killed = false;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (performance.now() < killAt + 3000) {
          if (!killed && performance.now() > killAt) {
            killed = true;
            children[1].kill("SIGKILL");
          }
          attempts++;
          const id = await orderOnce(balancers[2], "cod");
          if (id) acknowledged.push(id);
        }
      }),
    );
    const inDatabase = (await handle.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, acknowledged)))
      .length;
    // Every message of those orders handled (kept: no SMTP_URL), the dead host's too, by host1.
    const [queuedAtKill] = rowsOf<{ n: number }>(
      await handle.db.execute(
        sql`select count(*)::int as "n" from ${messages} where ${inArray(messages.orderId, acknowledged)}`,
      ),
    );
    const settling = performance.now();
    let messagesLeft = Infinity;
    while (performance.now() - settling < 90_000) {
      const [row] = rowsOf<{ n: number }>(
        await handle.db.execute(
          sql`select count(*)::int as "n" from ${messages} where ${inArray(messages.orderId, acknowledged)} and state = 'queued'`,
        ),
      );
      messagesLeft = row.n;
      if (messagesLeft === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    await handle.close();
    return {
      cores: os.availableParallelism(),
      ...figures,
      kill: {
        acknowledged: acknowledged.length,
        inDatabase,
        unanswered: attempts - acknowledged.length,
        messages: queuedAtKill.n,
        messagesLeft,
        settledSeconds: (performance.now() - settling) / 1000,
      },
    };
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 2000));
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    postgres.stop();
  }
}

export function printHosts(f: HostFigures): void {
  console.log(
    `\nOne host and two behind HAProxy (docs/deployment.md's config), Debian's PostgreSQL 15, one worker per host, ${f.cores} cores shared by everything (the hosts, the balancer, PostgreSQL and the load); 8 at a time:\n`,
  );
  console.log("| through the balancer | 1 host | 2 hosts | 2 ÷ 1 |");
  console.log("|---|---:|---:|---:|");
  console.log(
    `| orders per second | ${f.orders[1].toFixed(1)} | ${f.orders[2].toFixed(1)} | ${(f.orders[2] / f.orders[1]).toFixed(2)} |`,
  );
  console.log(
    `| signed-in /shop per second | ${f.shopRps[1].toFixed(0)} | ${f.shopRps[2].toFixed(0)} | ${(f.shopRps[2] / f.shopRps[1]).toFixed(2)} |`,
  );
  console.log(
    `| signed-in /shop p99 (ms) | ${f.shopP99[1].toFixed(0)} | ${f.shopP99[2].toFixed(0)} | ${(f.shopP99[2] / f.shopP99[1]).toFixed(2)} |`,
  );
  const k = f.kill;
  console.log(
    `\nhost2 killed (SIGKILL) under orders through the two-host balancer: ${k.acknowledged} acknowledged, ${k.inDatabase} of them in the database, ${k.unanswered} unanswered (in flight on host2 at the kill); ` +
      `${k.messages} messages of theirs, ${k.messagesLeft} still queued ${k.settledSeconds.toFixed(1)} s after the load ended (the dead host's taken back by host1).`,
  );
}
