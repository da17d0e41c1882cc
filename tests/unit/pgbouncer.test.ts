/**
 * docs/deployment.md's PgBouncer setup, run as it says (issue 43, item 3): a shop whose
 * DATABASE_URL goes through a real PgBouncer from Debian's packages (`apt-get install pgbouncer`;
 * .ci/run does) in transaction mode, configured with the guide's own pgbouncer.ini, and whose
 * DATABASE_DIRECT_URL goes straight to PostgreSQL for what needs a session of its own. On an empty
 * database it migrates and seeds (the migrations' lock on the direct URL), signs a shopper in and
 * takes orders through the pooler (whose server connections, fewer than the shop's pool, its
 * transactions share), sends their messages (the queue's LISTEN on the direct URL), and hears a
 * catalogue change another process commits (the catalogue's LISTEN): with pages cached for an hour,
 * only that notice can change the page within seconds.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, rowsOf } from "../../api/db/client";
import { serverUser } from "../../api/db/embedded-binaries";
import { products, users } from "../../api/db/schema";
import { hashPassword } from "../../api/lib/accounts/passwords";
import { bumpCatalogueVersion } from "../../api/platform/catalogue-version";
import { createUserWithToken, insertProduct, testAddresses } from "../api/helpers";
import { smtpServer, until } from "../api/smtp";
import { createPostgresTestDatabase } from "../db";
import { eventually, freePortsIn, root, start, tempDir, tsx } from "../processes";

/** This file's ports (tests/unit/hosts-*.test.ts have 3752–3765). */
const PORTS = Array.from({ length: 6 }, (_, i) => 3766 + i);
/** The guide's default_pool_size, made small here so that the shop's pool of 10 must share it. */
const SERVER_CONNECTIONS = 3;

const database = await createPostgresTestDatabase();
afterAll(() => database.drop());
const smtp = await smtpServer();

/** The guide's pgbouncer.ini (docs/deployment.md), its addresses and sign-in made this test's. */
function guidePgbouncerConfig(listen: number): string {
  const guide = fs.readFileSync(path.join(root, "docs/deployment.md"), "utf8");
  const config = /```ini\n([\s\S]*?)```/.exec(guide)?.[1];
  if (!config) throw new Error("docs/deployment.md has no pgbouncer.ini");
  const server = new URL(database.url);
  const target = [
    `host=${server.searchParams.get("host") ?? server.hostname}`,
    `port=${server.port || 5432}`,
    `dbname=${server.pathname.slice(1)}`,
    `user=${decodeURIComponent(server.username)}`,
    `password=${decodeURIComponent(server.password)}`,
  ].join(" ");
  const edited = config
    .replace(/host=10\.0\.0\.10 port=5432 dbname=shop/, target)
    .replace(/listen_addr = 0\.0\.0\.0/, "listen_addr = 127.0.0.1")
    .replace(/listen_port = 6432/, `listen_port = ${listen}\nunix_socket_dir =`)
    // The test's shop signs in with anything; PgBouncer signs in to PostgreSQL as the line above says.
    .replace(/auth_type = scram-sha-256\nauth_file = \S+/, "auth_type = any")
    .replace(/default_pool_size = \d+/, `default_pool_size = ${SERVER_CONNECTIONS}`);
  for (const setting of ["pool_mode = transaction", "auth_type = any", `listen_port = ${listen}`, target]) {
    if (!edited.includes(setting)) throw new Error(`The guide's pgbouncer.ini changed: no ${setting}`);
  }
  return edited;
}

it("a shop through PgBouncer in transaction mode, with DATABASE_DIRECT_URL beside it, migrates, seeds, takes orders, sends their messages and hears catalogue changes", async () => {
  const [bouncerPort, shopPort] = await freePortsIn(PORTS, 2);
  const configFile = path.join(tempDir(), "pgbouncer.ini");
  fs.writeFileSync(configFile, guidePgbouncerConfig(bouncerPort), { mode: 0o644 });
  // Debian puts it in /usr/sbin, which a user's PATH may lack.
  const pgbouncer = fs.existsSync("/usr/sbin/pgbouncer") ? "/usr/sbin/pgbouncer" : "pgbouncer";
  try {
    execFileSync(pgbouncer, ["--version"]);
  } catch (error) {
    throw new Error(`PgBouncer is not installed (apt-get install pgbouncer; .ci/run does): ${String(error)}`);
  }
  // PgBouncer refuses to run as root: as root, it runs as the database server's user, whose socket it reaches.
  const user = serverUser();
  const bouncer = start(pgbouncer, [...(user ? ["-u", user.name] : []), configFile], {});
  await bouncer.waitFor(`listening on 127.0.0.1:${bouncerPort}`, 10_000);

  const shop = start(tsx, ["server/main.ts", "--no-build"], {
    DATABASE_URL: `postgresql://shop:unused@127.0.0.1:${bouncerPort}/shop`,
    DATABASE_DIRECT_URL: database.url,
    DATABASE_POOL_SIZE: "10",
    DATA_DIR: tempDir(),
    PORT: String(shopPort),
    HOST: "127.0.0.1",
    WEB_CONCURRENCY: "1",
    SESSION_SECRET: "pgbouncer-test-secret",
    PUBLIC_ORIGIN: `http://127.0.0.1:${shopPort}`,
    SMTP_URL: smtp.url,
    PAGE_CACHE_SECONDS: "3600",
  });
  await shop.waitFor("The shop is open at", 150_000);
  expect(shop.output()).toContain("Seeded ");
  expect(shop.output()).not.toMatch(/error/i);
  const origin = `http://127.0.0.1:${shopPort}`;

  // Named, so that PgBouncer's server connections (which carry no name) can be counted apart.
  const directUrl = `${database.url}${database.url.includes("?") ? "&" : "?"}application_name=pgbouncer-test`;
  const direct: DatabaseHandle = await openDatabase({ databaseUrl: directUrl, skipMigrations: true });
  try {
    // Orders under load through the pooler: a transaction each, on PgBouncer's few server connections.
    const productId = await insertProduct(direct.db, {
      shortTitle: "Ajrakh Cotton Dupatta",
      variants: [{ size: "Free Size", quantity: 200, mrp: 900, discount: 0 }],
    });
    const shoppers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createUserWithToken(direct.db, { email: `pgbouncer.shopper${i}@example.test` }),
      ),
    );
    const answers = await Promise.all(
      shoppers.map(async (shopper) => {
        const answer = await fetch(`${origin}/userapp/order/create`, {
          method: "POST",
          headers: { authorization: `Bearer ${shopper.token}`, "content-type": "application/json" },
          body: JSON.stringify({
            productId,
            size: "Free Size",
            quantity: 1,
            paymentMethod: "cod",
            address: testAddresses.home,
          }),
        });
        return answer.status;
      }),
    );
    expect(answers).toEqual(shoppers.map(() => 201));
    // PgBouncer held at most its pool's server connections for all of them (its own carry no
    // application_name; autovacuum's workers carry none either, and are not client backends).
    const unnamed = rowsOf<{ state: string; query: string }>(
      await direct.db.execute(
        sql`select state, query from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend' and application_name = ''`,
      ),
    );
    expect(unnamed.length, JSON.stringify(unnamed)).toBeLessThanOrEqual(SERVER_CONNECTIONS);

    // Each order's COD confirmation goes out: the queue's workers hear their jobs on the direct URL.
    const mailedTo = () => smtp.received.map((mail) => JSON.stringify(mail.to ?? ""));
    await until("every shopper's COD confirmation", () =>
      shoppers.every((_, i) => mailedTo().some((to) => to.includes(`pgbouncer.shopper${i}@example.test`)))
        ? true
        : undefined,
    );

    // A session made through the pooler holds on the next request.
    await direct.db.insert(users).values({
      id: "pgbouncershopper00000001",
      email: "pgbouncer.signin@example.test",
      passwordHash: await hashPassword("a-long-password"),
      name: "Meera",
    });
    const signedIn = await fetch(`${origin}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams({ email: "pgbouncer.signin@example.test", password: "a-long-password" }).toString(),
    });
    expect(signedIn.status).toBe(303);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const profile = await fetch(`${origin}/myaccount/profile`, { headers: { cookie }, redirect: "manual" });
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain("Meera");

    // Another process changes the catalogue (as `npm run catalogue` would): the shop's page,
    // cached for an hour, changes within seconds, by the catalogue's LISTEN alone.
    const page = `${origin}/product/x/y/${productId}`;
    expect(await (await fetch(page)).text()).toContain("Ajrakh Cotton Dupatta");
    expect(await (await fetch(page)).text()).toContain("Ajrakh Cotton Dupatta");
    await direct.db.transaction(async (tx) => {
      await tx.update(products).set({ shortTitle: "Kalamkari Cotton Dupatta" }).where(eq(products.id, productId));
      await bumpCatalogueVersion(tx);
    });
    await eventually("the cached page to change", async () =>
      (await (await fetch(page)).text()).includes("Kalamkari Cotton Dupatta"),
    );
  } finally {
    await direct.close();
    bouncer.kill();
  }
}, 180_000);
