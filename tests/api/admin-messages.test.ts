/**
 * The back office's messages (GET /userapp/admin/messages…): every message, its state and bodies,
 * and the retry of one that failed for good, sent through a real SMTP server once retried.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, messages } from "../../api/db/schema";
import { defaultDeps } from "../../api/lib/context";
import { mailTransport, startDeliveryWorker } from "../../api/lib/messages/delivery";
import { newId } from "../../api/lib/ids";
import { logger } from "../../api/platform/logger";
import { createTestApi, createUserWithToken, insertProduct, testAddresses } from "./helpers";
import { smtpServer, until } from "./smtp";

const api = await createTestApi();
const { db, call } = api;
const shop = defaultDeps(db).shop;
const admin = await createUserWithToken(db, { userType: "admin" });

async function placedOrder() {
  const shopper = await createUserWithToken(db);
  const product = await insertProduct(db);
  const placed = await call("POST", "/userapp/order/create", {
    token: shopper.token,
    body: { productId: product, size: "M", quantity: 1, paymentMethod: "cod", address: testAddresses.home },
  });
  expect(placed.status).toBe(201);
  const [message] = await db.select().from(messages).where(eq(messages.orderId, placed.body.data.id));
  return { order: placed.body.data as { id: string }, message: message! };
}

const stateOf = async (id: string) => (await db.select().from(messages).where(eq(messages.id, id)))[0]!;

describe("the list and one message", () => {
  it("lists messages newest first, by state and by order or recipient, without their bodies", async () => {
    const first = await placedOrder();
    const second = await placedOrder();
    await db
      .update(messages)
      .set({ state: "failed", lastError: "550 No such user" })
      .where(eq(messages.id, first.message.id));

    const all = await call("GET", "/userapp/admin/messages?limit=2", { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.data.data.map((m: { id: string }) => m.id)).toEqual([second.message.id, first.message.id]);
    expect(all.body.data.data[0]).not.toHaveProperty("html");
    expect(all.body.data.paginator).toMatchObject({ currentPage: 1, perPage: 2 });

    const failed = await call("GET", "/userapp/admin/messages?state=failed", { token: admin.token });
    expect(failed.body.data.data).toEqual([
      expect.objectContaining({
        id: first.message.id,
        state: "failed",
        lastError: "550 No such user",
        kind: "order.codConfirmation",
      }),
    ]);
    const byOrder = await call("GET", `/userapp/admin/messages?search=${second.order.id}`, { token: admin.token });
    expect(byOrder.body.data.data.map((m: { id: string }) => m.id)).toEqual([second.message.id]);
    const byRecipient = await call(
      "GET",
      `/userapp/admin/messages?search=${encodeURIComponent(first.message.toAddress)}`,
      {
        token: admin.token,
      },
    );
    expect(byRecipient.body.data.data.map((m: { id: string }) => m.id)).toEqual([first.message.id]);
  });

  it("refuses an unknown state and an overlong search, and answers 404 for an unknown message", async () => {
    const badState = await call("GET", "/userapp/admin/messages?state=lost", { token: admin.token });
    expect(badState.status).toBe(422);
    expect(JSON.stringify(badState.body.data)).toContain("state must be one of queued, sent, kept, failed");
    const long = await call("GET", `/userapp/admin/messages?search=${"a".repeat(255)}`, { token: admin.token });
    expect(long.status).toBe(422);
    expect((await call("GET", `/userapp/admin/messages/${newId()}`, { token: admin.token })).status).toBe(404);
    expect((await call("POST", `/userapp/admin/messages/${newId()}/retry`, { token: admin.token })).status).toBe(404);
  });

  it("shows one message whole: its HTML and text as sent", async () => {
    const { order, message } = await placedOrder();
    const one = await call("GET", `/userapp/admin/messages/${message.id}`, { token: admin.token });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: message.id, orderId: order.id, to: message.toAddress, state: "queued" });
    expect(one.body.data.html).toContain(`${shop.origin}/myaccount/orders/${order.id}`);
    expect(one.body.data.text).toContain(order.id);
  });
});

describe("a message that keeps failing", () => {
  it("is marked failed with its last error, and an admin's retry sends it, audited", async () => {
    const refusing = { now: true };
    const smtp = await smtpServer({
      async reply() {
        if (refusing.now) throw Object.assign(new Error("Mailbox unavailable"), { responseCode: 450 });
      },
    });
    const { message } = await placedOrder();
    // Its last attempt: the job is given one in all, as if nine had failed before it.
    await db.execute(sql`update graphile_worker._private_jobs set max_attempts = 1 where key = ${message.id}`);
    const worker = await startDeliveryWorker({
      db,
      databaseUrl: api.handle.url,
      transport: mailTransport(smtp.url),
      shop,
      logger,
    });
    try {
      const failed = await until("the message to fail", async () => {
        const row = await stateOf(message.id);
        return row.state === "failed" ? row : undefined;
      });
      expect(failed.lastError).toMatch(/Mailbox unavailable/);
      expect(smtp.received).toHaveLength(0);

      refusing.now = false;
      const retried = await call("POST", `/userapp/admin/messages/${message.id}/retry`, { token: admin.token });
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({
        message: "The message is queued again.",
        data: { state: "queued", attempts: 0 },
      });
      const sent = await until("the message to be sent", async () => {
        const row = await stateOf(message.id);
        return row.state === "sent" ? row : undefined;
      });
      expect(sent).toMatchObject({ attempts: 1, lastError: null });
      expect(smtp.received.map((mail) => mail.messageId)).toEqual([`<${message.id}@example.com>`]);

      const again = await call("POST", `/userapp/admin/messages/${message.id}/retry`, { token: admin.token });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ message: "The message is sent already", data: { state: "sent" } });
      const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, message.id));
      expect(audit).toEqual([
        expect.objectContaining({
          actorId: admin.id,
          action: "message.retry",
          entity: "message",
          after: { state: "queued", attempts: 0 },
        }),
      ]);
    } finally {
      await worker.stop();
    }
  }, 60_000);

  it("a queued message is not queued twice", async () => {
    const { message } = await placedOrder();
    const refused = await call("POST", `/userapp/admin/messages/${message.id}/retry`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("The message is waiting to be sent already");
  });
});
