/**
 * Each kind of background work has its own workers (issue 43, item 2; decision 054): webhook
 * endpoints that never answer hold the webhook workers, and a shopper's message still goes out
 * through a real SMTP server meanwhile, and an unpaid order's expiry job runs; one endpoint holds at most one delivery at a time (its
 * named queue), however many of its deliveries wait.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, expect, it, vi } from "vitest";
import { rowsOf } from "../../api/db/client";
import { messages, orders } from "../../api/db/schema";
import { defaultDeps } from "../../api/lib/context";
import { mailTransport, QUEUE_LANES, startDeliveryWorker } from "../../api/lib/messages/delivery";
import { createLogger, logger } from "../../api/platform/logger";
import { createTestApi, createUserWithToken, insertProduct, testAddresses } from "./helpers";
import { smtpServer, until } from "./smtp";
import { DELIVER_WEBHOOK } from "../../api/lib/webhooks/webhook-events";
import { EXPIRE_ORDER } from "../../api/lib/payments/payment-jobs";
import { expectConsoleError } from "../console";

const api = await createTestApi({ webhooksAllowPrivate: true });
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });
const shopper = await createUserWithToken(db);
const smtp = await smtpServer();

/** Endpoints that never answer while `hanging`: each request is held open, and counted by its path. */
const held: http.ServerResponse[] = [];
const open = new Map<string, number>();
const mostOpen = new Map<string, number>();
let hanging = true;
const receiver = http.createServer((request, response) => {
  const path = request.url ?? "";
  request.resume();
  request.on("end", () => {
    open.set(path, (open.get(path) ?? 0) + 1);
    mostOpen.set(path, Math.max(mostOpen.get(path) ?? 0, open.get(path)!));
    response.on("close", () => open.set(path, open.get(path)! - 1));
    if (hanging) held.push(response);
    else response.end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const { port } = receiver.address() as AddressInfo;
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const endpointCount = QUEUE_LANES.webhooks + 2;

/** The shop's queue workers on this test's database, mailing through the test's SMTP server. */
const startLanes = (overrides: Partial<Parameters<typeof startDeliveryWorker>[0]> = {}) =>
  startDeliveryWorker({
    db,
    databaseUrl: api.handle.url,
    transport: mailTransport(smtp.url),
    shop: defaultDeps(db).shop,
    logger,
    webhooksAllowPrivate: true,
    ...overrides,
  });

/** A shopper's order of one piece of `product` (size M), placed through the API: its id. */
async function placeOrder(product: string, paymentMethod = "cod"): Promise<string> {
  const placed = await call("POST", "/userapp/order/create", {
    token: shopper.token,
    body: { productId: product, size: "M", quantity: 1, paymentMethod, address: testAddresses.home },
  });
  expect(placed.status).toBe(201);
  return (placed.body.data as { id: string }).id;
}

it("a shopper's message is sent while every webhook worker waits on an endpoint that never answers", async () => {
  for (let i = 0; i < endpointCount; i++) {
    const answer = await call("POST", "/userapp/admin/webhook-endpoints", {
      token: admin.token,
      body: { url: `http://127.0.0.1:${port}/dead-${i}`, events: ["order.placed"] },
    });
    expect(answer.status).toBe(201);
  }
  // Longer than the test: the deliveries stay in flight until the endpoints are let go.
  const worker = await startLanes({ webhookTimeoutMs: 120_000 });
  try {
    // Two orders: two deliveries per endpoint, and the shopper's messages behind them in the queue.
    const product = await insertProduct(db, { variants: [{ size: "M", quantity: 10, mrp: 1000, discount: 0 }] });
    const orderIds: string[] = [];
    for (let i = 0; i < 2; i++) orderIds.push(await placeOrder(product));

    // Every webhook worker is held by a dead endpoint…
    await until("the webhook workers to be held", () => (held.length >= QUEUE_LANES.webhooks ? true : undefined));
    // …and the shoppers' messages go out all the same, while they are.
    const sent = await until("the messages to be sent", async () => {
      const rows = await db.select().from(messages).where(inArray(messages.orderId, orderIds));
      return rows.length > 0 && rows.every((row) => row.state === "sent") ? rows : undefined;
    });
    expect(new Set(sent.map((row) => row.orderId))).toEqual(new Set(orderIds));
    expect(smtp.received.length).toBe(sent.length);
    expect(held.length).toBe(QUEUE_LANES.webhooks);
    expect([...open.values()].reduce((a, b) => a + b, 0)).toBe(QUEUE_LANES.webhooks);

    // An unpaid Online Payment order whose window closes now is cancelled by its expiry job while
    // the webhook workers are still held (its own deliveries wait behind theirs).
    const unpaidId = await placeOrder(product, "Upi");
    await db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, unpaidId));
    const due = await db.execute(sql`update graphile_worker._private_jobs set run_at = now()
      where task_id = (select id from graphile_worker._private_tasks where identifier = ${EXPIRE_ORDER})
        and payload->>'orderId' = ${unpaidId}`);
    expect((due as { rowCount: number }).rowCount).toBe(1);
    await until("the unpaid order's expiry", async () => {
      const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, unpaidId));
      return row.status === "cancelled" ? true : undefined;
    });
    expect(held.length).toBe(QUEUE_LANES.webhooks);

    // One endpoint holds one delivery at a time: its second waits in its queue, locked by no one.
    const locked = rowsOf<{ queue: string; n: number }>(
      await db.execute(sql`select queue_name as "queue", count(*)::int as "n" from graphile_worker.jobs
        where locked_at is not null and queue_name like 'webhook:%' group by queue_name`),
    );
    expect(locked.length).toBe(QUEUE_LANES.webhooks);
    expect(locked.every((row) => row.n === 1)).toBe(true);
  } finally {
    // The endpoints answer now, and every delivery finishes, each endpoint still one at a time.
    hanging = false;
    for (const response of held.splice(0)) response.end();
    await until("every delivery", async () => {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as "n" from webhook_deliveries where delivered_at is null`),
      );
      return row.n === 0 ? true : undefined;
    });
    await worker.stop();
  }
  expect(mostOpen.size).toBe(endpointCount);
  expect([...mostOpen.values()].every((n) => n === 1)).toBe(true);
});

it("a webhook worker that cannot mark its delivery done ends itself, and another takes its place: its delivery and the next go through", async () => {
  // graphile-worker prints the ended worker's error with console.trace, besides our own line.
  expectConsoleError();
  const said: string[] = [];
  const worker = await startLanes({
    logger: createLogger({ level: "warn", destination: { write: (line: string) => void said.push(line) } }),
    webhookTimeoutMs: 120_000,
  });
  const product = await insertProduct(db, { variants: [{ size: "M", quantity: 10, mrp: 1000, discount: 0 }] });
  const place = () => placeOrder(product);
  const undelivered = async () =>
    rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as "n" from webhook_deliveries where delivered_at is null`),
    )[0].n;
  try {
    hanging = true;
    await place();
    await until("the webhook workers to be held", () => (held.length >= QUEUE_LANES.webhooks ? true : undefined));
    // The queue's table is gone just when each worker would mark its delivery done (as when the
    // database goes away at that moment): each worker ends itself.
    await db.execute(sql`alter table graphile_worker._private_jobs rename to _private_jobs_away`);
    try {
      hanging = false;
      for (const response of held.splice(0)) response.end();
      // graphile-worker says so as each ends (console.trace of the error).
      const ended = () =>
        vi.mocked(console.error).mock.calls.filter((args) => args.map(String).join(" ").includes("_private_jobs"))
          .length;
      await until("every held webhook worker to end itself", () =>
        ended() >= QUEUE_LANES.webhooks ? true : undefined,
      );
    } finally {
      await db.execute(sql`alter table graphile_worker._private_jobs_away rename to _private_jobs`);
    }
    // New workers took their places: the deliveries left and another order's all go through, and
    // no job is left locked by a worker that ended.
    await place();
    await until("every delivery", async () => ((await undelivered()) === 0 ? true : undefined));
    // Ours says which lane it replaced (a shoppers' worker mailing at that moment ends the same way).
    const replaced = said.filter((line) => line.includes("A queue worker ended itself"));
    expect(replaced.filter((line) => line.includes('"lane":"webhooks')).length).toBe(QUEUE_LANES.webhooks);
    await until("no webhook job left, and none locked", async () => {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as "n" from graphile_worker.jobs
          where task_identifier = ${DELIVER_WEBHOOK} or locked_at is not null`),
      );
      return row.n === 0 ? true : undefined;
    });
  } finally {
    hanging = false;
    for (const response of held.splice(0)) response.end();
    await worker.stop();
  }
}, 90_000);

it("the queue's workers start without a cron: with the cron's table unreadable as they start, they start and a message goes out", async () => {
  // graphile-worker 0.16's run() read this table as each lane started, and its failure (the
  // database gone at that moment) was an unhandled rejection that ended the process serving pages.
  await db.execute(sql`alter table graphile_worker._private_known_crontabs rename to _private_known_crontabs_away`);
  let worker: Awaited<ReturnType<typeof startLanes>> | undefined;
  try {
    worker = await startLanes();
    const product = await insertProduct(db, { variants: [{ size: "M", quantity: 10, mrp: 1000, discount: 0 }] });
    const orderId = await placeOrder(product);
    await until("the order's message to be sent", async () => {
      const rows = await db.select().from(messages).where(eq(messages.orderId, orderId));
      return rows.length > 0 && rows.every((row) => row.state === "sent") ? true : undefined;
    });
  } finally {
    await worker?.stop();
    await db.execute(sql`alter table graphile_worker._private_known_crontabs_away rename to _private_known_crontabs`);
  }
});
