/**
 * Signed webhooks (api/lib/webhooks/, docs/webhooks.md): endpoints an admin registers, every order
 * event POSTed to a real HTTP server on loopback and its signature checked as a receiver would,
 * failures recorded and tried again, redirects not followed, slow endpoints cut off, and private
 * addresses refused unless WEBHOOKS_ALLOW_PRIVATE allows them.
 */
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, webhookDeliveries, webhookEndpoints } from "../../api/db/schema";
import { defaultDeps } from "../../api/lib/context";
import { webhookPayloadSchema } from "../../api/lib/webhooks/webhook-schemas";
import { newId } from "../../api/lib/ids";
import { mailTransport, startDeliveryWorker } from "../../api/lib/messages/delivery";
import { expireOverdueOrders } from "../../api/lib/payments/payment-sweeper";
import { WEBHOOK_EVENTS } from "../../api/lib/webhooks/webhook-events";
import { logger } from "../../api/platform/logger";
import { createTestApi, createUserWithToken, insertProduct, testAddresses } from "./helpers";
import { until } from "./smtp";
import { verifySignature, webhookReceiver } from "./webhook-receiver";

const api = await createTestApi({ webhooksAllowPrivate: true });
const { db, call } = api;
const shop = defaultDeps(db).shop;
const admin = await createUserWithToken(db, { userType: "admin" });
const shopper = await createUserWithToken(db);
// The shop's default: WEBHOOKS_ALLOW_PRIVATE unset.
const strict = await createTestApi();
const strictAdmin = await createUserWithToken(strict.db, { userType: "admin" });

/** The queue's worker on this file's database; webhooks to loopback allowed unless said otherwise. */
const worker = (options: { allowPrivate?: boolean; timeoutMs?: number } = {}) =>
  startDeliveryWorker({
    db,
    databaseUrl: api.handle.url,
    transport: mailTransport(undefined),
    shop,
    logger,
    webhooksAllowPrivate: options.allowPrivate ?? true,
    webhookTimeoutMs: options.timeoutMs,
  });

async function register(body: object) {
  const answer = await call("POST", "/userapp/admin/webhook-endpoints", { token: admin.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as { id: string; secret: string; url: string };
}

async function place(paymentMethod: "cod" | "Upi" = "cod") {
  const product = await insertProduct(db, { variants: [{ size: "M", quantity: 10, mrp: 1000, discount: 0 }] });
  const placed = await call("POST", "/userapp/order/create", {
    token: shopper.token,
    body: { productId: product, size: "M", quantity: 1, paymentMethod, address: testAddresses.home },
  });
  expect(placed.status).toBe(201);
  return placed.body.data as { id: string; totalAmount: number };
}

const deliveriesOf = (endpointId: string) =>
  db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
const deliveryWhere = async (endpointId: string, test: (row: typeof webhookDeliveries.$inferSelect) => boolean) =>
  until("the delivery", async () => (await deliveriesOf(endpointId)).find(test));

beforeEach(async () => {
  await db.delete(webhookEndpoints);
});

describe("registering an endpoint", () => {
  it("answers its secret once; lists and shows it without; audits it without", async () => {
    const created = await register({ url: "https://hooks.example.com/shop", events: ["order.placed"] });
    expect(created.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(created).toMatchObject({ url: "https://hooks.example.com/shop", enabled: true, description: "" });
    const list = await call("GET", "/userapp/admin/webhook-endpoints", { token: admin.token });
    expect(list.body.data).toEqual([expect.objectContaining({ id: created.id, events: ["order.placed"] })]);
    expect(list.body.data[0]).not.toHaveProperty("secret");
    const one = await call("GET", `/userapp/admin/webhook-endpoints/${created.id}`, { token: admin.token });
    expect(one.body.data).not.toHaveProperty("secret");
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(audit).toEqual([expect.objectContaining({ action: "webhook.create", actorId: admin.id })]);
    expect(JSON.stringify(audit)).not.toContain(created.secret);
  });

  it("takes the admin's own secret, and a new one on edit; keeps it when none is given", async () => {
    const secret = "my-own-secret-0123456789";
    const created = await register({ url: "https://hooks.example.com/a", events: ["order.paid"], secret });
    expect(created.secret).toBe(secret);
    const edited = await call("PUT", `/userapp/admin/webhook-endpoints/${created.id}`, {
      token: admin.token,
      body: { url: "https://hooks.example.com/b", events: ["order.paid", "order.shipped"], enabled: false },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ url: "https://hooks.example.com/b", enabled: false });
    const [kept] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(kept!.secret).toBe(secret);
    await call("PUT", `/userapp/admin/webhook-endpoints/${created.id}`, {
      token: admin.token,
      body: { url: "https://hooks.example.com/b", events: ["order.paid"], secret: "another-secret-987654321" },
    });
    const [changed] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(changed!.secret).toBe("another-secret-987654321");
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(audit.map((row) => row.action)).toEqual(["webhook.create", "webhook.update", "webhook.update"]);
    expect(audit[2]!.after).toMatchObject({ secretChanged: true });
    expect(JSON.stringify(audit)).not.toContain("another-secret");
  });

  it("refuses bad events, secrets and URLs with field errors", async () => {
    const refused = async (body: object, path: string, message: RegExp) => {
      const answer = await call("POST", "/userapp/admin/webhook-endpoints", { token: admin.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.data).toEqual(expect.arrayContaining([{ path, message: expect.stringMatching(message) }]));
    };
    const url = "https://hooks.example.com/x";
    await refused({ url, events: [] }, "events", /at least one event/);
    await refused({ url, events: ["order.lost"] }, "events.0", /./);
    await refused({ url, events: ["order.paid"], secret: "short" }, "secret", /16 to 200/);
    await refused({ url, events: ["order.paid"], secret: "has a space in it ok" }, "secret", /no spaces/);
    await refused({ url: "ftp://hooks.example.com/x", events: ["order.paid"] }, "url", /https:\/\/ or http:\/\//);
    await refused({ url: "not a url", events: ["order.paid"] }, "url", /not a valid URL/);
    await refused({ url: "https://me:pw@hooks.example.com/", events: ["order.paid"] }, "url", /user name or password/);
    await refused({ url: `https://hooks.example.com/${"a".repeat(2048)}`, events: ["order.paid"] }, "url", /at most/);
    const unknown = await call("PUT", `/userapp/admin/webhook-endpoints/${newId()}`, {
      token: admin.token,
      body: { url, events: ["order.paid"] },
    });
    expect(unknown.status).toBe(404);
    expect((await call("DELETE", `/userapp/admin/webhook-endpoints/${newId()}`, { token: admin.token })).status).toBe(
      404,
    );
  });

  it("holds at most 20 endpoints", async () => {
    for (let i = 0; i < 20; i++) await register({ url: `https://hooks.example.com/${i}`, events: ["order.paid"] });
    const over = await call("POST", "/userapp/admin/webhook-endpoints", {
      token: admin.token,
      body: { url: "https://hooks.example.com/21", events: ["order.paid"] },
    });
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(/20 endpoints/);
  });

  it("is for admins only", async () => {
    const answer = await call("GET", "/userapp/admin/webhook-endpoints", { token: shopper.token });
    expect(answer.status).toBe(403);
    expect((await call("GET", "/userapp/admin/webhook-deliveries")).status).toBe(401);
  });
});

describe("private addresses", () => {
  it("are refused at registration unless WEBHOOKS_ALLOW_PRIVATE is set: IPs and names alike", async () => {
    for (const url of [
      "http://127.0.0.1:8080/hooks",
      "http://localhost/hooks",
      "http://[::1]/hooks",
      "http://[::ffff:127.0.0.1]/hooks",
      "http://10.0.0.5/hooks",
      "https://192.168.1.20/hooks",
      "http://172.16.0.1/hooks",
      "http://169.254.169.254/latest/meta-data",
      "http://[fd00::1]/hooks",
      "http://[fe80::1]/hooks",
      "http://0.0.0.0/hooks",
    ]) {
      const answer = await strict.call("POST", "/userapp/admin/webhook-endpoints", {
        token: strictAdmin.token,
        body: { url, events: ["order.paid"] },
      });
      expect(answer.status, url).toBe(422);
      expect(answer.body.data[0], url).toMatchObject({
        path: "url",
        message: expect.stringMatching(/private or loopback address/),
      });
    }
    for (const url of ["https://203.0.113.7/hooks", "https://hooks.example.com/not-resolving-yet"]) {
      const answer = await strict.call("POST", "/userapp/admin/webhook-endpoints", {
        token: strictAdmin.token,
        body: { url, events: ["order.paid"] },
      });
      expect(answer.status, url).toBe(201);
    }
  });

  it("are refused at send time too: a loopback endpoint is not called, by IP or by name", async () => {
    const receiver = await webhookReceiver();
    const byIp = await register({ url: receiver.url("/ip"), events: ["order.placed"] });
    const byName = await register({ url: `http://localhost:${receiver.port}/name`, events: ["order.placed"] });
    const running = await worker({ allowPrivate: false });
    try {
      await place();
      const ip = await deliveryWhere(byIp.id, (row) => row.attempts >= 1);
      expect(ip).toMatchObject({ state: "queued", lastStatus: null });
      expect(ip.lastError).toMatch(/private or loopback address \(127\.0\.0\.1\)/);
      const name = await deliveryWhere(byName.id, (row) => row.attempts >= 1);
      expect(name.lastError).toMatch(/localhost resolves to a private or loopback address/);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await running.stop();
    }
  }, 30_000);
});

describe("every order event", () => {
  it("is POSTed to the endpoint as JSON, signed: placed, paid, shipped, out for delivery, delivered, returned, refunded, cancelled, expired (as cancelled)", async () => {
    const receiver = await webhookReceiver();
    const endpoint = await register({ url: receiver.url(), events: [...WEBHOOK_EVENTS] });
    const running = await worker();
    try {
      const asAdmin = async (id: string, change: string, body: object) => {
        const answer = await call("PUT", `/userapp/admin/orders/${id}/${change}`, { token: admin.token, body });
        expect(answer.status, `${change} ${JSON.stringify(body)}`).toBe(200);
      };
      const paid = await place("Upi");
      await asAdmin(paid.id, "payment", { utr: "123456789012" });
      for (const status of ["shipped", "outForDelivery", "delivered"]) await asAdmin(paid.id, "status", { status });
      const returned = await call("PUT", `/userapp/orders/${paid.id}/return`, {
        token: shopper.token,
        body: { reason: "Too small" },
      });
      expect(returned.status).toBe(200);
      await asAdmin(paid.id, "refund", { reference: "RF-1001" });
      const cancelled = await place("cod");
      const cancel = await call("PUT", `/userapp/orders/${cancelled.id}/cancel`, {
        token: shopper.token,
        body: { reason: "Ordered twice" },
      });
      expect(cancel.status).toBe(200);
      const unpaid = await place("Upi");
      // An hour on: past the UPI window (30 minutes), within the COD orders' 24 hours to confirm.
      await expireOverdueOrders({ db, shop, now: () => new Date(Date.now() + 3600_000) });

      await until("every delivery", () => (receiver.received.length >= 11 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received).toHaveLength(11);
      const events = receiver.received.map((request) => {
        expect(request.path).toBe("/hooks");
        expect(request.headers["content-type"]).toBe("application/json");
        expect(verifySignature(request.headers["storefront-signature"] as string, request.body, endpoint.secret)).toBe(
          true,
        );
        expect(verifySignature(request.headers["storefront-signature"] as string, request.body, "whsec_other")).toBe(
          false,
        );
        const payload = webhookPayloadSchema.parse(JSON.parse(request.body));
        expect(request.headers["storefront-event-id"]).toBe(payload.id);
        expect(request.headers["storefront-event-type"]).toBe(payload.type);
        return payload;
      });
      // Deliveries may arrive out of order (a retry, several workers): the event's time orders them.
      events.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      const typesOf = (id: string) => events.filter((event) => event.order.id === id).map((event) => event.type);
      expect(typesOf(paid.id)).toEqual([
        "order.placed",
        "order.paid",
        "order.shipped",
        "order.outForDelivery",
        "order.delivered",
        "order.returned",
        "order.refunded",
      ]);
      expect(typesOf(cancelled.id)).toEqual(["order.placed", "order.cancelled"]);
      expect(typesOf(unpaid.id)).toEqual(["order.placed", "order.cancelled"]);
      const last = (id: string) => events.filter((event) => event.order.id === id).at(-1)!;
      expect(last(cancelled.id).order).toMatchObject({ status: "cancelled", cancelReason: "Ordered twice" });
      expect(last(unpaid.id).order).toMatchObject({ status: "cancelled", cancelReason: "Payment not received" });
      expect(last(paid.id).order).toMatchObject({ refundReference: "RF-1001" });
      // The order as the API answers it.
      const asShopperSees = await call("GET", `/userapp/orders/${paid.id}`, { token: shopper.token });
      expect(last(paid.id).order).toEqual(asShopperSees.body.data);
      expect(new Set(events.map((event) => event.id)).size).toBe(11);

      const rows = await deliveriesOf(endpoint.id);
      expect(rows.every((row) => row.state === "delivered" && row.lastStatus === 200 && row.attempts === 1)).toBe(true);
    } finally {
      await running.stop();
    }
  }, 60_000);

  it("goes only to enabled endpoints that chose it; a refused change sends nothing", async () => {
    const receiver = await webhookReceiver();
    const paidOnly = await register({ url: receiver.url("/paid"), events: ["order.paid"] });
    const placedToo = await register({ url: receiver.url("/placed"), events: ["order.placed"] });
    const disabled = await register({ url: receiver.url("/off"), events: ["order.placed"], enabled: false });
    const order = await place();
    expect(await deliveriesOf(paidOnly.id)).toHaveLength(0);
    expect(await deliveriesOf(disabled.id)).toHaveLength(0);
    const [placed] = await deliveriesOf(placedToo.id);
    expect(placed).toMatchObject({ eventType: "order.placed", orderId: order.id, state: "queued" });
    const refused = await call("PUT", `/userapp/orders/${order.id}/return`, {
      token: shopper.token,
      body: { reason: "x" },
    });
    expect(refused.status).toBe(409);
    expect(await deliveriesOf(placedToo.id)).toHaveLength(1);
  });
});

describe("a delivery that fails", () => {
  it("records the status and is tried again with backoff until the endpoint answers 2xx", async () => {
    let failing = true;
    const receiver = await webhookReceiver(() =>
      failing ? { status: 503, body: `Busy\n${"x".repeat(100_000)}` } : { status: 204 },
    );
    const endpoint = await register({ url: receiver.url(), events: ["order.placed"] });
    const running = await worker();
    try {
      await place();
      const first = await deliveryWhere(endpoint.id, (row) => row.attempts === 1);
      expect(first).toMatchObject({ state: "queued", lastStatus: 503 });
      // Only the start of a long answer is read and kept.
      expect(first.lastError).toMatch(/^HTTP 503: Busy x+$/);
      expect(first.lastError!.length).toBeLessThanOrEqual(220);
      failing = false;
      const delivered = await deliveryWhere(endpoint.id, (row) => row.state === "delivered");
      expect(delivered).toMatchObject({ attempts: 2, lastStatus: 204, lastError: null });
      expect(receiver.received).toHaveLength(2);
      // The same event, body and id on every attempt.
      expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    } finally {
      await running.stop();
    }
  }, 40_000);

  it("follows no redirect: a 3xx fails, and after its last attempt an admin's retry sends it, audited", async () => {
    let redirecting = true;
    const receiver = await webhookReceiver((request) =>
      request.path === "/moved"
        ? { status: 200 }
        : redirecting
          ? { status: 302, headers: { location: "/moved" } }
          : { status: 200 },
    );
    const endpoint = await register({ url: receiver.url(), events: ["order.placed"] });
    const order = await place();
    const [delivery] = await deliveriesOf(endpoint.id);
    await db.execute(sql`update graphile_worker._private_jobs set max_attempts = 1 where key = ${delivery!.id}`);
    const running = await worker();
    try {
      const failed = await deliveryWhere(endpoint.id, (row) => row.state === "failed");
      expect(failed).toMatchObject({ attempts: 1, lastStatus: 302, lastError: "HTTP 302" });
      expect(receiver.received.map((request) => request.path)).toEqual(["/hooks"]);

      const listed = await call("GET", `/userapp/admin/webhook-deliveries?state=failed&search=${order.id}`, {
        token: admin.token,
      });
      expect(listed.body.data.data).toEqual([
        expect.objectContaining({ id: delivery!.id, endpointUrl: receiver.url(), eventType: "order.placed" }),
      ]);
      const one = await call("GET", `/userapp/admin/webhook-deliveries/${delivery!.id}`, { token: admin.token });
      expect(JSON.parse(one.body.data.payload)).toMatchObject({ type: "order.placed", order: { id: order.id } });

      redirecting = false;
      const retried = await call("POST", `/userapp/admin/webhook-deliveries/${delivery!.id}/retry`, {
        token: admin.token,
      });
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ message: "The delivery is queued again.", data: { state: "queued" } });
      const delivered = await deliveryWhere(endpoint.id, (row) => row.state === "delivered");
      expect(delivered).toMatchObject({ attempts: 1, lastStatus: 200 });
      const again = await call("POST", `/userapp/admin/webhook-deliveries/${delivery!.id}/retry`, {
        token: admin.token,
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe("The delivery is delivered already");
      const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, delivery!.id));
      expect(audit).toEqual([
        expect.objectContaining({
          action: "webhook.retry",
          actorId: admin.id,
          after: { state: "queued", attempts: 0 },
        }),
      ]);
    } finally {
      await running.stop();
    }
  }, 40_000);

  it("is cut off when the endpoint does not answer in time", async () => {
    const receiver = await webhookReceiver(() => "hang");
    const endpoint = await register({ url: receiver.url(), events: ["order.placed"] });
    const running = await worker({ timeoutMs: 500 });
    try {
      await place();
      const first = await deliveryWhere(endpoint.id, (row) => row.attempts === 1);
      expect(first.lastError).toBe("No answer within 0.5 s");
    } finally {
      await running.stop();
    }
  }, 30_000);

  it("of a disabled endpoint fails at once and is not retried until it is enabled; deleting the endpoint drops it", async () => {
    const receiver = await webhookReceiver();
    const endpoint = await register({ url: receiver.url(), events: ["order.placed"] });
    await place();
    const [delivery] = await deliveriesOf(endpoint.id);
    const queued = await call("POST", `/userapp/admin/webhook-deliveries/${delivery!.id}/retry`, {
      token: admin.token,
    });
    expect(queued.status).toBe(409);
    expect(queued.body.message).toBe("The delivery is waiting to be sent already");
    await call("PUT", `/userapp/admin/webhook-endpoints/${endpoint.id}`, {
      token: admin.token,
      body: { url: receiver.url(), events: ["order.placed"], enabled: false },
    });
    const running = await worker();
    try {
      const failed = await deliveryWhere(endpoint.id, (row) => row.state === "failed");
      expect(failed.lastError).toBe("The endpoint is disabled");
      expect(receiver.received).toHaveLength(0);
      const refused = await call("POST", `/userapp/admin/webhook-deliveries/${delivery!.id}/retry`, {
        token: admin.token,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe("The endpoint is disabled: enable it first");
    } finally {
      await running.stop();
    }
    const deleted = await call("DELETE", `/userapp/admin/webhook-endpoints/${endpoint.id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
    expect(
      (await call("GET", `/userapp/admin/webhook-deliveries/${delivery!.id}`, { token: admin.token })).status,
    ).toBe(404);
  }, 30_000);

  it("refuses an unknown state, a bad endpoint id and an overlong search", async () => {
    const state = await call("GET", "/userapp/admin/webhook-deliveries?state=lost", { token: admin.token });
    expect(state.status).toBe(422);
    expect(JSON.stringify(state.body.data)).toContain("state must be one of queued, delivered, failed");
    expect(
      (await call("GET", "/userapp/admin/webhook-deliveries?endpointId=nope", { token: admin.token })).status,
    ).toBe(422);
    expect(
      (await call("GET", `/userapp/admin/webhook-deliveries?search=${"a".repeat(255)}`, { token: admin.token })).status,
    ).toBe(422);
    expect(
      (await call("POST", `/userapp/admin/webhook-deliveries/${newId()}/retry`, { token: admin.token })).status,
    ).toBe(404);
  });
});
