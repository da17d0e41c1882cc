/**
 * Hosts started together on one empty PostgreSQL (issue 43, item 1; docs/deployment.md): two real
 * shops (`server/main.ts`, each its own process as two machines' would be) start at the same
 * moment on one new, empty database. One migrates and seeds under the advisory lock
 * (api/db/client.ts `lockFirstStart`), the other waits and then serves: both answer, and the
 * catalogue is there once.
 */
import { afterAll, expect, it } from "vitest";
import net from "node:net";
import pg from "pg";
import { DEFAULT_PRODUCTS } from "../../api/seed/catalogue";
import { createPostgresTestDatabase } from "../db";
import { freePortsIn, start, tsx } from "../processes";

/** This file's ports (docs: tests own disjoint ranges). */
const PORTS = Array.from({ length: 6 }, (_, i) => 3752 + i);

const database = await createPostgresTestDatabase();
afterAll(() => database.drop());

it("two shops started at once on an empty database migrate and seed it once, and both serve", async () => {
  const ports = await freePortsIn(PORTS, 2);
  const hosts = ports.map((port) =>
    start(tsx, ["server/main.ts", "--no-build"], {
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "1",
      SESSION_SECRET: "hosts-start-test",
      PUBLIC_ORIGIN: "http://shop.example.test",
    }),
  );
  await Promise.all(hosts.map((host) => host.waitFor("The shop is open at", 150_000)));

  // One of them seeded; neither failed.
  const seeders = hosts.filter((host) => host.output().includes("Seeded "));
  expect(seeders).toHaveLength(1);
  for (const host of hosts) expect(host.output()).not.toMatch(/duplicate key|error/i);

  // Both serve the one catalogue.
  for (const port of ports) {
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    // A balancer's plain health check: HTTP/1.0, no Host header.
    expect(await rawStatusLine(port, "GET /readyz HTTP/1.0\r\n\r\n")).toBe("HTTP/1.1 200 OK");
    expect((await fetch(`http://127.0.0.1:${port}/shop`)).status).toBe(200);
    const counted = await fetch(`http://127.0.0.1:${port}/userapp/product/count`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(await counted.json()).toMatchObject({ data: { count: DEFAULT_PRODUCTS } });
  }
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  try {
    const { rows } = await pool.query<{ products: number; migrations: number }>(
      `select (select count(*) from products)::int as products,
              (select count(*) from drizzle.__drizzle_migrations)::int as migrations`,
    );
    expect(rows[0].products).toBe(DEFAULT_PRODUCTS);
    // Each migration applied once (a second run would have failed or left a second row).
    const { rows: distinct } = await pool.query<{ n: number }>(
      "select count(distinct hash)::int as n from drizzle.__drizzle_migrations",
    );
    expect(distinct[0].n).toBe(rows[0].migrations);
  } finally {
    await pool.end();
  }
}, 200_000);

/** The status line the server answers a request written by hand (no Host header added). */
function rawStatusLine(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("end", () => resolve(answer.split("\r\n")[0]));
    socket.on("error", reject);
  });
}
