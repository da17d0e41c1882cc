/**
 * A message survives `kill -9` (issue "Messages to shoppers", item 1): real API processes
 * (`tsx api/main.ts`) on this file's database send through a real SMTP server started here, and
 * are killed with SIGKILL at the two points that matter. Nothing is lost, and the one repeat (a
 * kill after the SMTP server has the message, before our bookkeeping) carries the same Message-ID.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { rowsOf } from "../../api/db/client";
import { messages } from "../../api/db/schema";
import { RECLAIM_GRACE_MS } from "../../api/lib/messages/delivery";
import { freePortsIn, start, type Started, tsx } from "../processes";
import { createTestApi, createUserWithToken, insertProduct, testAddresses } from "./helpers";
import { smtpServer, until } from "./smtp";

const api = await createTestApi();
/** Ports of their own (tests/unit/operations.test.ts uses 3221–3229). */
const PORTS = Array.from({ length: 4 }, (_, i) => 3241 + i);

/** What the SMTP server does next: kill the sender as it connects, or once it has the message. */
const next: { connect?: () => Promise<void>; reply?: () => Promise<void> } = {};
const once = (step: "connect" | "reply") => async () => {
  const run = next[step];
  delete next[step];
  await run?.();
};
const smtp = await smtpServer({ connect: once("connect"), reply: once("reply") });

const running: Started[] = [];
afterAll(() => running.forEach((process) => process.kill()));

/** An API process on this file's database, mailing through `smtpUrl`. */
async function apiProcess(smtpUrl: string) {
  const [port] = await freePortsIn(PORTS, 1);
  const server = start(tsx, ["api/main.ts"], {
    DATABASE_URL: api.handle.url,
    PORT: String(port),
    HOST: "127.0.0.1",
    WEB_CONCURRENCY: "1",
    SESSION_SECRET: "message-crash-test",
    SMTP_URL: smtpUrl,
    // The storefront the links go to (the API alone, mailing, needs it: api/main.ts).
    PUBLIC_ORIGIN: "http://localhost:3000",
  });
  running.push(server);
  await server.waitFor("The /userapp API is listening");
  return { server, origin: `http://127.0.0.1:${port}` };
}

async function killed(server: Started) {
  server.kill();
  await server.exited;
}

/**
 * The dead worker's lock on the job made older than the grace a live worker gets, once the dead
 * process's queue connections are gone from the server (as the grace's 10 s of waiting found
 * them): the job's lock is set back by RECLAIM_GRACE_MS rather than waited out, and the next
 * process's reclaim reads its age from the database's clock as ever.
 */
async function lockOlderThanGrace() {
  await until("the dead process's queue connections to close", async () => {
    const [row] = rowsOf<{ live: number }>(
      await api.db.execute(
        sql`select count(*)::int as "live" from pg_stat_activity where datname = current_database() and application_name like 'queue-%'`,
      ),
    );
    return row.live === 0 ? true : undefined;
  });
  const aged = rowsOf<{ id: string }>(
    await api.db.execute(
      sql`update graphile_worker._private_jobs set locked_at = locked_at - make_interval(secs => ${RECLAIM_GRACE_MS / 1000}::float8)
          where locked_at is not null returning id`,
    ),
  );
  expect(aged).toHaveLength(1);
}

it("a kill -9 before the send, and another after the SMTP server has the message, lose nothing", async () => {
  // A catalogue that is not empty: the processes do not seed this database.
  const product = await insertProduct(api.db, { variants: [{ size: "M", quantity: 3, mrp: 900, discount: 0 }] });
  const user = await createUserWithToken(api.db);

  // 1. The first process commits the order and its message, and dies as it connects to the SMTP server.
  const first = await apiProcess(smtp.url);
  let answered = false;
  // The kill waits for the order's answer, which may still be on its way as the worker connects.
  next.connect = async () => {
    await until("the order's answer", () => (answered ? true : undefined));
    await killed(first.server);
    throw new Error("Gone");
  };
  const placed = await fetch(`${first.origin}/userapp/order/create`, {
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
  answered = true;
  await first.server.exited;
  const messageOf = async () => (await api.db.select().from(messages).where(eq(messages.orderId, order.id)))[0];
  expect(await messageOf()).toMatchObject({ state: "queued" });
  expect(smtp.received).toHaveLength(0);

  // 2. The next process takes the dead worker's job back, sends it, and dies as the SMTP server
  //    has the message, before it could write down that it was sent.
  await lockOlderThanGrace();
  const holder: { second?: Awaited<ReturnType<typeof apiProcess>> } = {};
  // The job may be sent before the process says it listens.
  next.reply = async () => killed((await until("the process", () => holder.second)).server);
  const second = await apiProcess(smtp.url);
  holder.second = second;
  await until("the first copy", () => (smtp.received.length === 1 ? true : undefined));
  await second.server.exited;
  expect(await messageOf()).toMatchObject({ state: "queued" });

  // 3. A third sends it again, with the same Message-ID, and writes it down.
  await lockOlderThanGrace();
  await apiProcess(smtp.url);
  const sent = await until("the message to be sent", async () => {
    const message = await messageOf();
    return message?.state === "sent" ? message : undefined;
  });
  expect(smtp.received).toHaveLength(2);
  expect(smtp.received.map((mail) => mail.messageId)).toEqual([`<${sent.id}@example.com>`, `<${sent.id}@example.com>`]);
  expect(smtp.received[1]!.text).toContain(order.id);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(smtp.received).toHaveLength(2);
}, 120_000);
