/**
 * The embedded PostgreSQL takes care of itself (issue 39), with real processes: the shop starts
 * its server again after a `kill -9` and serves without a restart of its own; a second shop on
 * the same DATA_DIR is refused and touches nothing of the first's. (Stale locks after a kill -9:
 * tests/unit/lifecycle.test.ts; the supervisor's bounds: embedded-supervisor.test.ts.)
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openShopDatabase } from "../../api/db/connect";
import { messages } from "../../api/db/schema";
import { createUserWithToken, insertProduct, testAddresses } from "../api/helpers";
import { smtpServer, until } from "../api/smtp";
import { type Started, dataDirWithCluster, exitWithin, freePortsIn, isAlive, start } from "../processes";

/** The ports these tests may listen on. */
const PORTS = Array.from({ length: 9 }, (_, i) => 3611 + i);

const smtp = await smtpServer();

function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
}

/** An order placed through the shop, and the moment its confirmation reaches the SMTP server. */
async function orderAndItsMessage(dataDir: string, origin: string) {
  const handle = await openShopDatabase({ DATA_DIR: dataDir });
  try {
    const product = await insertProduct(handle.db, { variants: [{ size: "M", quantity: 3, mrp: 900, discount: 0 }] });
    const user = await createUserWithToken(handle.db);
    const placed = await fetch(`${origin}/userapp/order/create`, {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        productId: product,
        size: "M",
        quantity: 1,
        paymentMethod: "cod",
        address: testAddresses.home,
      }),
    });
    expect(placed.status).toBe(201);
    const order = ((await placed.json()) as { data: { id: string } }).data;
    const [message] = await handle.db.select().from(messages).where(eq(messages.orderId, order.id));
    await until(
      "the order's message to be sent",
      () => (smtp.received.some((mail) => mail.text?.includes(order.id)) ? true : undefined),
      30_000,
    );
    return { order, message };
  } finally {
    await handle.close();
  }
}

function startShop(dataDir: string, port: number, env: Record<string, string> = {}): Started {
  return start(process.execPath, ["--import", "tsx", "server/main.ts", "--no-build"], {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    SESSION_SECRET: "embedded-care-test",
    SMTP_URL: smtp.url,
    // A shop that mails needs its public origin (api/config.ts).
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    ...env,
  });
}

describe("a kill -9 of the embedded server while the shop runs", () => {
  it("is noticed and restarted: meanwhile /readyz and pages answer 503 (back in a moment), /healthz 200; then an order and its message go through", async () => {
    const dataDir = dataDirWithCluster();
    const [port] = await freePortsIn(PORTS, 1);
    const origin = `http://127.0.0.1:${port}`;
    // Two workers: the primary supervises the server and tells them its state.
    const shop = startShop(dataDir, port, { WEB_CONCURRENCY: "2" });
    await shop.waitFor("The shop is open at");
    const killed = postmasterPid(dataDir);

    // Shoppers keep browsing throughout. A request reset (a worker that died) or left unanswered is
    // kept as an answer too, for the assertion below to show.
    const answers: (number | string)[] = [];
    let browsing = true;
    const browse = async () => {
      for (let i = 0; browsing; i++) {
        try {
          const response = await fetch(`${origin}${i % 2 ? "/shop" : "/shop?page=2"}`, {
            signal: AbortSignal.timeout(30_000),
          });
          answers.push(response.status);
          await response.arrayBuffer();
        } catch (error) {
          const cause = (error as Error).cause as Error | undefined;
          answers.push(`${(error as Error).message}${cause ? ` (${cause.message})` : ""}`);
        }
      }
    };
    const browsers = Promise.all([browse(), browse()]);
    try {
      await until("some pages served", () => (answers.length > 4 ? true : undefined));
      process.kill(killed, "SIGKILL");

      // Once the shop knows (its primary says so, and tells the workers), it answers 503 at once.
      await shop.waitFor(/The database server \(pid \d+\) has stopped/, 10_000);
      const page = await until("a page to answer 503", async () => {
        const response = await fetch(`${origin}/shop?page=3`, { signal: AbortSignal.timeout(10_000) });
        return response.status === 503 ? response : void (await response.arrayBuffer());
      });
      expect(page.headers.get("retry-after")).toBe("5");
      expect(await page.text()).toContain("Back in a moment");
      const api = await fetch(`${origin}/userapp/product/count`, { method: "POST", body: "{}" });
      expect([api.status, await api.json()]).toEqual([
        503,
        expect.objectContaining({ status: "SERVICE_UNAVAILABLE", code: "DATABASE_UNAVAILABLE" }),
      ]);
      const [ready, health] = await Promise.all(["/readyz", "/healthz"].map((path) => fetch(`${origin}${path}`)));
      expect(ready.status).toBe(503);
      expect(health.status).toBe(200);

      await shop.waitFor(/The database server is back \(pid \d+\)/, 30_000);
      await until("/readyz to answer 200", async () =>
        (await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(10_000) })).status === 200 ? true : undefined,
      );
    } finally {
      browsing = false;
      await browsers;
    }
    // Nothing failed: each answer was served, or "back in a moment", and no worker ended (one that
    // did took its requests with it: graphile-worker 0.16's cron, decision 052 amended).
    expect(answers.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(answers).toContain(503);
    expect(shop.output()).not.toMatch(/Worker \d+ exited/);
    expect(shop.output()).toMatch(/Restarting the database server in 1 s \(restart 1 of at most 5/);
    expect(postmasterPid(dataDir)).not.toBe(killed);

    // The pools, the queue's worker and its LISTEN are back without a restart of the shop.
    const { message } = await orderAndItsMessage(dataDir, origin);
    expect(message).toBeDefined();
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
  }, 120_000);
});

describe("one shop per DATA_DIR", () => {
  it("a second shop on a folder a running shop owns is refused in one line, and the first still serves and sends", async () => {
    const dataDir = dataDirWithCluster();
    const [firstPort, secondPort] = await freePortsIn(PORTS, 2);
    const first = start(process.execPath, ["--import", "tsx", "api/main.ts"], {
      DATA_DIR: dataDir,
      PORT: String(firstPort),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "1",
      SESSION_SECRET: "embedded-care-test",
      SMTP_URL: smtp.url,
      PUBLIC_ORIGIN: `http://127.0.0.1:${firstPort}`,
    });
    await first.waitFor("The /userapp API is listening", 90_000);
    const server = postmasterPid(dataDir);

    // The second has no SMTP_URL: had it run, its queue worker would have kept the first's messages.
    const second = start(process.execPath, ["--import", "tsx", "api/main.ts"], {
      DATA_DIR: dataDir,
      PORT: String(secondPort),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "1",
      SESSION_SECRET: "embedded-care-test",
    });
    expect(await exitWithin(second, 30_000)).toBe(1);
    expect(second.stderr().trim()).toBe(
      `${dataDir} is the DATA_DIR of the shop running as pid ${first.pid}: stop that shop first, or set DATA_DIR to another folder.`,
    );

    // The first's server was neither adopted nor stopped, and its messages are its own to send.
    expect(isAlive(server)).toBe(true);
    expect(postmasterPid(dataDir)).toBe(server);
    const { message } = await orderAndItsMessage(dataDir, `http://127.0.0.1:${firstPort}`);
    expect(message?.state).not.toBe("kept");

    // The API alone (npm run start:api) answers the envelope's 503 while its server is restarted.
    process.kill(server, "SIGKILL");
    await first.waitFor(/The database server \(pid \d+\) has stopped/, 10_000);
    const refused = await fetch(`http://127.0.0.1:${firstPort}/userapp/product/count`, { method: "POST", body: "{}" });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toMatchObject({ code: "DATABASE_UNAVAILABLE" });
    await first.waitFor(/The database server is back/, 30_000);
    process.kill(first.pid, "SIGTERM");
    expect(await exitWithin(first, 30_000)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "shop.lock"))).toBe(false);
  }, 120_000);
});
