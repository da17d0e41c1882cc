/**
 * What an operator meets when starting and stopping the shop: each test spawns the real commands
 * (`npm start`, `npm run dev`, `npm run start:api`, `npm run seed`, tsx) and sends real signals,
 * through tests/processes.ts (each process in its own group, killed when its test ends).
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUserapp } from "../../api/app";
import { openShopDatabase } from "../../api/db/connect";
import { cartItems, products, reviews, users, variants } from "../../api/db/schema";
import { seedCatalogue } from "../../api/seed/catalogue";
import {
  canListen,
  dataDirWithCluster,
  descendants,
  exitWithin,
  expectAllGone,
  freePortsIn,
  loginInFlight,
  start,
  stderrLines,
  tempDir,
  tsx,
} from "../processes";

/** The ports these tests may listen on (shared machines give each engineer a range). */
const PORTS = Array.from({ length: 9 }, (_, i) => 3221 + i);
const freePorts = (count: number) => freePortsIn(PORTS, count);

// The production server's build is made by Vitest's global setup (tests/build.ts).

describe("SIGTERM to the process a supervisor started", () => {
  const cases = [
    {
      name: "npm start",
      command: "npm",
      args: ["start", "--", "--no-build"],
      ready: "The shop is open at",
      oneNodeUnderNpm: true,
    },
    // What a supervisor runs without npm. Not the `tsx` CLI: it relays a signal to its child and,
    // unless the child answers within 30 ms, kills it with SIGKILL (tsx 4.23, dist/cli.mjs
    // relaySignals), which a loaded machine misses: the shop then dies without draining.
    {
      name: "node --import tsx server/main.ts",
      command: process.execPath,
      args: ["--import", "tsx", "server/main.ts", "--no-build"],
      ready: "The shop is open at",
      oneNodeUnderNpm: false,
    },
    {
      name: "npm run start:api",
      command: "npm",
      args: ["run", "start:api"],
      ready: "The /userapp API is listening",
      oneNodeUnderNpm: true,
    },
  ];

  it.each(cases)(
    "$name: answers the request in flight, /readyz 503 while draining, closes the database, leaves no process behind",
    async ({ command, args, ready, oneNodeUnderNpm }) => {
      const [port] = await freePorts(1);
      const dataDir = dataDirWithCluster();
      const server = start(command, args, {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SESSION_SECRET: "operations-test",
        // One process: a supervisor's signal reaching several workers, each draining, is
        // tests/unit/workers.test.ts's ("SIGTERM drains every worker", `npm start` too), and
        // lifecycle.test.ts stops two on the embedded database. By default there is one a core,
        // which made this test's start-up machine-dependent (5 s more per worker here).
        WEB_CONCURRENCY: "1",
      });
      await server.waitFor(ready);
      const below = descendants(server.pid);
      // npm runs the script with `exec`: node replaces the shell, and npm forwards the signal to it.
      const underNpm = below.filter((p) => p.ppid === server.pid).map((p) => p.command);
      if (oneNodeUnderNpm) expect(underNpm).toEqual([expect.stringMatching(/^node --import tsx /)]);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

      const inFlight = loginInFlight(port);
      await new Promise((r) => setTimeout(r, 300));
      process.kill(server.pid, "SIGTERM");
      await server.waitFor("SIGTERM received", 10_000);
      // The primary of several workers says so before its workers have the signal: the request
      // goes on only once every process that may hold the connection is draining.
      const processes = Number(/SIGTERM received: stopping (\d+) worker/.exec(server.stdout())?.[1] ?? 1);
      await server.waitFor(new RegExp(`(finishing requests in flight[\\s\\S]*){${processes}}`), 10_000);
      inFlight.finish();
      const answers = await inFlight.answers;
      // The login in flight is answered ("Invalid email or password."), not cut off; meanwhile
      // /readyz says the process is draining, so a load balancer sends nothing more.
      expect([...answers.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1])).toEqual(["400", "503"]);
      expect(answers).toContain('{"status":"draining"}');

      expect(await exitWithin(server, 20_000)).toBe(0);
      expect(server.stdout()).toMatch(/Database closed\. Bye\./);
      await expectAllGone([server.pid, ...below.map((p) => p.pid)]);
      expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
      expect(await canListen(port, "127.0.0.1")).toBe(true);
    },
    180_000,
  );

  it("npm run dev: closes Vite and the database, and leaves no process behind", async () => {
    const [port] = await freePorts(1);
    const dataDir = dataDirWithCluster();
    const server = start("npm", ["run", "dev"], {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SESSION_SECRET: "operations-test",
    });
    await server.waitFor(/The shop is open at .*development/, 180_000);
    const below = descendants(server.pid);
    expect(below.filter((p) => p.ppid === server.pid).map((p) => p.command)).toEqual([
      expect.stringMatching(/^node --import tsx server\/main\.ts --dev/),
    ]);
    // Vite answers through the shop's own server.
    expect((await fetch(`http://127.0.0.1:${port}/@vite/client`)).status).toBe(200);

    process.kill(server.pid, "SIGTERM");
    expect(await exitWithin(server, 30_000)).toBe(0);
    expect(server.stdout()).toMatch(/Database closed\. Bye\./);
    await expectAllGone([server.pid, ...below.map((p) => p.pid)]);
    expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  }, 240_000);
});

describe("a port in use", () => {
  const cases = [
    { name: "the shop on every address", script: "server/main.ts", host: undefined, shown: "0.0.0.0" },
    { name: "the shop on 127.0.0.1", script: "server/main.ts", host: "127.0.0.1", shown: "127.0.0.1" },
    { name: "the API alone", script: "api/main.ts", host: "127.0.0.1", shown: "127.0.0.1" },
  ];

  it.each(cases)(
    "$name: one line and exit 1, before building, migrating or seeding",
    async ({ script, host, shown }) => {
      const [port] = await freePorts(1);
      const holder = net.createServer();
      await new Promise<void>((resolve) => holder.listen(port, "127.0.0.1", resolve));
      try {
        const dataDir = path.join(tempDir(), "data");
        const env: Record<string, string> = {
          PORT: String(port),
          DATA_DIR: dataDir,
          SESSION_SECRET: "operations-test",
        };
        if (host) env.HOST = host;
        const server = start(tsx, [script], env);
        expect(await exitWithin(server, 60_000)).toBe(1);
        expect(stderrLines(server)).toEqual([
          `Port ${port} on ${shown} is already in use: stop the other server or set PORT.`,
        ]);
        expect(server.stdout()).toBe("");
        expect(fs.existsSync(dataDir)).toBe(false);
      } finally {
        await new Promise((resolve) => holder.close(resolve));
      }
    },
    90_000,
  );
});

/**
 * A stand-in PostgreSQL server that answers the start-up message the way PostgreSQL does when it
 * refuses a client: an ErrorResponse with a SQLSTATE, after a password request when `askPassword`.
 * (The PostgreSQL used in development trusts every local connection, so it cannot refuse one.)
 */
function refusingPostgres(code: string, message: string, askPassword: boolean): Promise<net.Server> {
  const error = () => {
    const fields = Buffer.concat(
      [
        ["S", "FATAL"],
        ["V", "FATAL"],
        ["C", code],
        ["M", message],
      ].map(([key, value]) => Buffer.from(`${key}${value}\0`)),
    );
    const body = Buffer.concat([fields, Buffer.from([0])]);
    const head = Buffer.alloc(5);
    head.write("E");
    head.writeInt32BE(body.length + 4, 1);
    return Buffer.concat([head, body]);
  };
  const server = net.createServer((socket) => {
    let startup = true;
    socket.on("data", () => {
      if (startup && askPassword) {
        startup = false;
        const cleartext = Buffer.alloc(9);
        cleartext.write("R");
        cleartext.writeInt32BE(8, 1);
        cleartext.writeInt32BE(3, 5);
        socket.write(cleartext);
        return;
      }
      socket.end(error());
    });
    socket.on("error", () => {});
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** A server that accepts the connection and never says a word. */
function silentServer(): Promise<net.Server> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    // Read (and drop) what arrives, so that the client's FIN is seen and the socket closes.
    socket.resume();
    socket.on("error", () => {});
  });
  server.on("close", () => sockets.forEach((socket) => socket.destroy()));
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("a DATABASE_URL that does not work", () => {
  const password = "pa55-Secret-word";

  async function startApiWith(databaseUrl: string) {
    const [port] = await freePorts(1);
    const api = start(tsx, ["api/main.ts"], { PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl });
    expect(await exitWithin(api, 60_000)).toBe(1);
    expect(api.output()).not.toContain(password);
    expect(api.output()).not.toMatch(/Seeded|API is listening/);
    return stderrLines(api);
  }

  it("a port nothing listens on: connection refused", async () => {
    const [closed] = await freePorts(1);
    expect(await startApiWith(`postgres://shopkeeper:${password}@127.0.0.1:${closed}/shop`)).toEqual([
      `Cannot connect to PostgreSQL at 127.0.0.1:${closed}/shop as shopkeeper: connection refused (is PostgreSQL running and listening on that port?). Check DATABASE_URL.`,
    ]);
  }, 90_000);

  it("a host name that does not resolve: unknown host", async () => {
    const lines = await startApiWith(`postgres://shopkeeper:${password}@nohost.invalid:5432/shop?connect_timeout=3`);
    // Without any name server, the lookup may hang instead of failing: then the timeout says so.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Cannot connect to PostgreSQL at nohost\.invalid:5432\/shop as shopkeeper: (unknown host|timeout: no answer within 3 s)\. Check DATABASE_URL\.$/,
    );
  }, 90_000);

  it("a server that never answers: timeout", async () => {
    const silent = await silentServer();
    try {
      const { port } = silent.address() as net.AddressInfo;
      expect(await startApiWith(`postgres://shopkeeper:${password}@127.0.0.1:${port}/shop?connect_timeout=1`)).toEqual([
        `Cannot connect to PostgreSQL at 127.0.0.1:${port}/shop as shopkeeper: timeout: no answer within 1 s. Check DATABASE_URL.`,
      ]);
    } finally {
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 90_000);

  const refusals = [
    {
      name: "a database that does not exist",
      code: "3D000",
      message: 'database "shop" does not exist',
      askPassword: false,
      cause: "database does not exist",
    },
    {
      name: "a wrong password",
      code: "28P01",
      message: 'password authentication failed for user "shopkeeper"',
      askPassword: true,
      cause: "authentication failed (wrong password)",
    },
    {
      name: "a role that does not exist",
      code: "28000",
      message: 'role "shopkeeper" does not exist',
      askPassword: false,
      cause: 'authentication failed (role "shopkeeper" does not exist)',
    },
  ];

  it.each(refusals)(
    "$name: says so in one line, without the password",
    async ({ code, message, askPassword, cause }) => {
      const postgres = await refusingPostgres(code, message, askPassword);
      try {
        const { port } = postgres.address() as net.AddressInfo;
        expect(await startApiWith(`postgres://shopkeeper:${password}@127.0.0.1:${port}/shop`)).toEqual([
          `Cannot connect to PostgreSQL at 127.0.0.1:${port}/shop as shopkeeper: ${cause}. Check DATABASE_URL.`,
        ]);
      } finally {
        await new Promise((resolve) => postgres.close(resolve));
      }
    },
    90_000,
  );

  it("npm run seed says the same line", async () => {
    const [closed] = await freePorts(1);
    const seed = start("npm", ["run", "seed"], {
      DATABASE_URL: `postgres://shopkeeper:${password}@127.0.0.1:${closed}/shop`,
    });
    expect(await exitWithin(seed, 60_000)).toBe(1);
    expect(stderrLines(seed)).toEqual([
      `seed: Cannot connect to PostgreSQL at 127.0.0.1:${closed}/shop as shopkeeper: connection refused (is PostgreSQL running and listening on that port?). Check DATABASE_URL.`,
    ]);
    expect(seed.output()).not.toContain(password);
  }, 90_000);
});

describe("a storefront with USERAPP_API_URL", () => {
  it("opens no database, proxies /userapp and /media to the API, and its accounts are the API's", async () => {
    const [apiPort, shopPort] = await freePorts(2);
    const apiData = dataDirWithCluster();
    const shopData = path.join(tempDir(), "storefront-data");
    const api = start(tsx, ["api/main.ts"], {
      PORT: String(apiPort),
      HOST: "127.0.0.1",
      DATA_DIR: apiData,
      WEB_CONCURRENCY: "1",
    });
    await api.waitFor("The /userapp API is listening");
    const shop = start(tsx, ["server/main.ts", "--no-build"], {
      PORT: String(shopPort),
      HOST: "127.0.0.1",
      DATA_DIR: shopData,
      SESSION_SECRET: "operations-test",
      USERAPP_API_URL: `http://127.0.0.1:${apiPort}`,
    });
    await shop.waitFor("The shop is open at");
    expect(shop.stdout()).toContain(`(the API at http://127.0.0.1:${apiPort})`);
    expect(shop.stdout()).not.toMatch(/Opening|Seeded/);
    const shopUrl = `http://127.0.0.1:${shopPort}`;

    // The public API, through the storefront (a compressed answer arrives intact).
    const registered = await fetch(`${shopUrl}/userapp/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-encoding": "gzip" },
      body: JSON.stringify({ email: "proxied@example.test", password: "s3cret-passphrase" }),
    });
    expect(registered.status).toBe(201);
    expect((await registered.json()).data.email).toBe("proxied@example.test");

    // The register page: its action calls the API too.
    const form = new URLSearchParams({
      firstName: "Meera",
      lastName: "Iyer",
      email: "page@example.test",
      password: "s3cret-passphrase",
      terms: "on",
    });
    const page = await fetch(`${shopUrl}/register`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: shopUrl },
      body: form,
      redirect: "manual",
    });
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe("/login");

    // The artwork comes from the API as well.
    const list = await fetch(`${shopUrl}/userapp/product/list`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: {}, options: { page: 1, limit: 1 } }),
    });
    const image: string = (await list.json()).data.data[0].image;
    const art = await fetch(`${shopUrl}${image}`);
    expect(art.status).toBe(200);
    expect(art.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await art.text()).toMatch(/^<svg /);

    // Both accounts sign in at the API itself.
    for (const email of ["proxied@example.test", "page@example.test"]) {
      const login = await fetch(`http://127.0.0.1:${apiPort}/userapp/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: email, password: "s3cret-passphrase" }),
      });
      expect(login.status).toBe(200);
    }
    expect((await fetch(`${shopUrl}/readyz`)).status).toBe(200);

    // Without the API: the storefront is not ready and its /userapp answers 502.
    process.kill(api.pid, "SIGTERM");
    expect(await exitWithin(api, 20_000)).toBe(0);
    expect((await fetch(`${shopUrl}/readyz`)).status).toBe(503);
    const down = await fetch(`${shopUrl}/userapp/product/count`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(down.status).toBe(502);
    expect((await down.json()).status).toBe("SERVER_ERROR");

    process.kill(shop.pid, "SIGTERM");
    expect(await exitWithin(shop, 20_000)).toBe(0);
    expect(shop.stdout()).toMatch(/Stopped\. Bye\./);
    expect(fs.existsSync(shopData)).toBe(false);

    const handle = await openShopDatabase({ DATA_DIR: apiData });
    try {
      const emails = (await handle.db.select({ email: users.email }).from(users)).map((row) => row.email).sort();
      expect(emails).toEqual(["page@example.test", "proxied@example.test"]);
    } finally {
      await handle.close();
    }
  }, 240_000);
});

describe("npm run seed on a shop in use", () => {
  /** A database in `dir` with a 20-product catalogue and, when `shopper`, an account with a cart line. */
  async function prepare(dir: string, shopper: boolean) {
    const handle = await openShopDatabase({ DATA_DIR: dir });
    try {
      await seedCatalogue(handle.db, { products: 20 });
      if (!shopper) return;
      const api = createUserapp({ db: handle.db });
      const call = (method: string, route: string, body: unknown, token?: string) =>
        api.fetch(
          new Request(`http://shop.test/userapp/${route}`, {
            method,
            headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
            body: JSON.stringify(body),
          }),
        );
      expect(
        (await call("POST", "auth/register", { email: "shopper@example.test", password: "s3cret-passphrase" })).status,
      ).toBe(201);
      const token: string = (
        await (
          await call("POST", "auth/login", { username: "shopper@example.test", password: "s3cret-passphrase" })
        ).json()
      ).data.token;
      const [variant] = await handle.db
        .select({ productId: variants.productId, size: variants.size })
        .from(variants)
        .where(gt(variants.quantity, 0))
        .limit(1);
      expect((await call("POST", "cart/create", { products: [{ ...variant, qty: 1 }] }, token)).status).toBe(201);
    } finally {
      await handle.close();
    }
  }

  async function counts(dir: string) {
    const handle = await openShopDatabase({ DATA_DIR: dir });
    try {
      return {
        products: await handle.db.$count(products),
        users: await handle.db.$count(users),
        cartLines: await handle.db.$count(cartItems),
        reviews: await handle.db.$count(reviews),
      };
    } finally {
      await handle.close();
    }
  }

  it("refuses without --force, saying what exists; replaces the catalogue with --force", async () => {
    const dir = dataDirWithCluster();
    await prepare(dir, true);
    expect(await counts(dir)).toMatchObject({ products: 20, users: 1, cartLines: 1 });

    const refused = start("npm", ["run", "seed", "--", "--products", "30"], { DATA_DIR: dir });
    expect(await exitWithin(refused, 60_000)).toBe(1);
    expect(stderrLines(refused)).toEqual([
      `seed: refused: the embedded PostgreSQL in ${dir} holds 1 account and 1 cart line. Reseeding deletes every order, cart line, wishlist and compare entry (accounts stay): run \`npm run seed -- --force\` to replace the catalogue anyway.`,
    ]);
    expect(await counts(dir)).toMatchObject({ products: 20, users: 1, cartLines: 1 });

    const forced = start("npm", ["run", "seed", "--", "--products", "30", "--force"], { DATA_DIR: dir });
    expect(await exitWithin(forced, 90_000)).toBe(0);
    expect(forced.stdout()).toMatch(/Removed the previous catalogue: 20 products .* 1 cart lines/);
    expect(await counts(dir)).toMatchObject({ products: 30, users: 1, cartLines: 0 });
  }, 200_000);

  it("replaces a catalogue nobody has used yet without --force", async () => {
    const dir = dataDirWithCluster();
    await prepare(dir, false);
    const seed = start("npm", ["run", "seed", "--", "--products", "25"], { DATA_DIR: dir });
    expect(await exitWithin(seed, 90_000)).toBe(0);
    expect(stderrLines(seed)).toEqual([]);
    expect(await counts(dir)).toMatchObject({ products: 25, users: 0, cartLines: 0 });
  }, 150_000);

  it("removes every sample review with --remove-sample-reviews, the shop in use left as it is (decision 047)", async () => {
    const dir = dataDirWithCluster();
    await prepare(dir, true);
    const before = await counts(dir);
    expect(before.reviews).toBeGreaterThan(0);
    const removing = start("npm", ["run", "seed", "--", "--remove-sample-reviews"], { DATA_DIR: dir });
    expect(await exitWithin(removing, 60_000)).toBe(0);
    expect(removing.stdout()).toContain(`Removed ${before.reviews} sample reviews of `);
    expect(await counts(dir)).toEqual({ products: 20, users: 1, cartLines: 1, reviews: 0 });
    // With anything else it is a usage error, and nothing changes.
    const mixed = start("npm", ["run", "seed", "--", "--remove-sample-reviews", "--products", "5"], { DATA_DIR: dir });
    expect(await exitWithin(mixed, 60_000)).toBe(2);
    expect(stderrLines(mixed)[0]).toBe(
      "seed: --remove-sample-reviews leaves the catalogue as it is: it takes no --products",
    );
    // A fresh catalogue without them.
    const fresh = start("npm", ["run", "seed", "--", "--products", "25", "--no-sample-reviews", "--force"], {
      DATA_DIR: dir,
    });
    expect(await exitWithin(fresh, 90_000)).toBe(0);
    expect(await counts(dir)).toEqual({ products: 25, users: 1, cartLines: 0, reviews: 0 });
  }, 250_000);
});
