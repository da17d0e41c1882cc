/**
 * Every order event is recorded through one module (api/lib/orders/order-events.ts, decision 040):
 * it writes exactly one message to the shopper and one webhook delivery per endpoint that chose
 * it, in the transaction that changed the order. The rows' `xmin` (the id of the transaction that
 * wrote them) shows they were written together; a change that rolls back leaves neither.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, orders, webhookDeliveries, webhookEndpoints } from "../../api/db/schema";
import { defaultDeps } from "../../api/lib/context";
import { newId } from "../../api/lib/ids";
import { ORDER_EVENTS } from "../../api/lib/orders/order-events";
import { paymentReminderTask } from "../../api/lib/payments/payment-jobs";
import { expireOverdueOrders } from "../../api/lib/payments/payment-sweeper";
import { WEBHOOK_EVENTS } from "../../api/lib/webhooks/webhook-events";
import { confirmCod, createTestApi, createUserWithToken, insertProduct, testAddresses } from "./helpers";

const api = await createTestApi();
const { db, call } = api;
const shop = defaultDeps(db).shop;
const admin = await createUserWithToken(db, { userType: "admin" });
const shopper = await createUserWithToken(db);
// One endpoint that chose every event; no worker runs, so its deliveries stay queued.
await db.insert(webhookEndpoints).values({
  id: newId(),
  url: "https://hooks.example.com/all",
  events: [...WEBHOOK_EVENTS],
  secret: "whsec_order_events_test",
});

const hoursOn = (hours: number) => () => new Date(Date.now() + hours * 3600_000);

async function place(paymentMethod: "cod" | "Upi", quantity = 10, qty = 1) {
  const productId = await insertProduct(db, { variants: [{ size: "M", quantity, mrp: 1000, discount: 0 }] });
  const placed = await call("POST", "/userapp/order/create", {
    token: shopper.token,
    body: { products: [{ productId, qty, size: "M" }], address: testAddresses.home, paymentMethod },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { id: placed.body.data._id as string, productId };
}

const asAdmin = async (id: string, change: string, body?: object) => {
  const answer = await call("PUT", `/userapp/admin/orders/${id}/${change}`, { token: admin.token, body });
  expect(answer.status, `${change} ${JSON.stringify(answer.body)}`).toBe(200);
};
const asShopper = async (id: string, change: "cancel" | "return", reason: string) => {
  const answer = await call("PUT", `/userapp/orders/${id}/${change}`, { token: shopper.token, body: { reason } });
  expect(answer.status, `${change} ${JSON.stringify(answer.body)}`).toBe(200);
};

/** Every message and delivery in the database, with the transaction that wrote it. */
async function written() {
  const messageRows = await db
    .select({ id: messages.id, kind: messages.kind, orderId: messages.orderId, xmin: sql<string>`xmin::text` })
    .from(messages);
  const deliveryRows = await db
    .select({
      id: webhookDeliveries.id,
      type: webhookDeliveries.eventType,
      orderId: webhookDeliveries.orderId,
      xmin: sql<string>`xmin::text`,
    })
    .from(webhookDeliveries);
  return { messageRows, deliveryRows };
}

/**
 * Runs `change` and expects it to have written exactly one message of `kind` and one delivery of
 * `webhook` (or none when null), both about `orderId`, in the transaction that last wrote the order.
 */
async function expectEvent(
  orderId: () => string,
  kind: string,
  webhook: string | null,
  change: () => unknown,
): Promise<void> {
  const before = await written();
  await change();
  const after = await written();
  const newMessages = after.messageRows.filter((row) => !before.messageRows.some((old) => old.id === row.id));
  const newDeliveries = after.deliveryRows.filter((row) => !before.deliveryRows.some((old) => old.id === row.id));
  const id = orderId();
  expect(newMessages.map((row) => [row.kind, row.orderId])).toEqual([[kind, id]]);
  expect(newDeliveries.map((row) => [row.type, row.orderId])).toEqual(webhook ? [[webhook, id]] : []);
  const [order] = await db
    .select({ xmin: sql<string>`xmin::text` })
    .from(orders)
    .where(eq(orders.id, id));
  if (webhook) expect(newDeliveries[0]!.xmin).toBe(newMessages[0]!.xmin);
  // The reminder changes nothing on the order; every other event is written with the change.
  if (kind !== "order.paymentReminder") expect(newMessages[0]!.xmin).toBe(order!.xmin);
}

describe("the table of order events", () => {
  it("sends every webhook event and every message kind from some event", () => {
    const effects = Object.values(ORDER_EVENTS);
    expect(new Set(effects.map((effect) => effect.webhook).filter(Boolean))).toEqual(new Set(WEBHOOK_EVENTS));
    expect(new Set(effects.map((effect) => effect.message)).size).toBe(effects.length);
  });
});

describe("every order event writes one message and one webhook delivery, in its own transaction", () => {
  it("placed, paid, shipped, out for delivery, delivered, returned, refunded (Online Payment)", async () => {
    let id = "";
    await expectEvent(
      () => id,
      "order.placed",
      "order.placed",
      async () => (id = (await place("Upi")).id),
    );
    await expectEvent(
      () => id,
      "order.paymentReminder",
      null,
      () => paymentReminderTask({ db, shop, now: () => new Date() })({ orderId: id }, {} as never),
    );
    await expectEvent(
      () => id,
      "order.paid",
      "order.paid",
      () => asAdmin(id, "payment", { utr: "123456789012" }),
    );
    for (const [status, event] of [
      ["shipped", "order.shipped"],
      ["outForDelivery", "order.outForDelivery"],
      ["delivered", "order.delivered"],
    ] as const) {
      await expectEvent(
        () => id,
        event,
        event,
        () => asAdmin(id, "status", { status }),
      );
    }
    await expectEvent(
      () => id,
      "order.returned",
      "order.returned",
      () => asShopper(id, "return", "Too small"),
    );
    await expectEvent(
      () => id,
      "order.refunded",
      "order.refunded",
      () => asAdmin(id, "refund", { reference: "RF-1" }),
    );
  });

  it("placed awaiting confirmation, COD confirmed, cancelled; and not confirmed in time (Cash on Delivery)", async () => {
    let id = "";
    await expectEvent(
      () => id,
      "order.codConfirmation",
      "order.placed",
      async () => (id = (await place("cod")).id),
    );
    await expectEvent(
      () => id,
      "order.codConfirmed",
      "order.codConfirmed",
      () => confirmCod(db, id),
    );
    await expectEvent(
      () => id,
      "order.cancelled",
      "order.cancelled",
      () => asShopper(id, "cancel", "Ordered twice"),
    );
    let late = "";
    await expectEvent(
      () => late,
      "order.codConfirmation",
      "order.placed",
      async () => (late = (await place("cod")).id),
    );
    await expectEvent(
      () => late,
      "order.codExpired",
      "order.cancelled",
      () => expireOverdueOrders({ db, shop, now: hoursOn(25) }),
    );
  });

  it("expired, paid late, reinstated, returned to origin (Online Payment)", async () => {
    let id = "";
    await expectEvent(
      () => id,
      "order.placed",
      "order.placed",
      async () => (id = (await place("Upi")).id),
    );
    await expectEvent(
      () => id,
      "order.expired",
      "order.cancelled",
      () => expireOverdueOrders({ db, shop, now: hoursOn(1) }),
    );
    await expectEvent(
      () => id,
      "order.paidLate",
      "order.paidLate",
      () => asAdmin(id, "payment", { utr: "210987654321" }),
    );
    await expectEvent(
      () => id,
      "order.reinstated",
      "order.reinstated",
      () => asAdmin(id, "reinstate"),
    );
    await asAdmin(id, "status", { status: "shipped" });
    await expectEvent(
      () => id,
      "order.returnedToOrigin",
      "order.returnedToOrigin",
      () => asAdmin(id, "status", { status: "returnedToOrigin", reason: "Nobody at home" }),
    );
  });

  it("writes neither when the change rolls back: a reinstatement short of stock", async () => {
    const { id, productId } = await place("Upi", 2, 2);
    await expireOverdueOrders({ db, shop, now: hoursOn(1) });
    await asAdmin(id, "payment", { utr: "111122223333" });
    const other = await call("POST", "/userapp/order/create", {
      token: shopper.token,
      body: { products: [{ productId, qty: 1, size: "M" }], address: testAddresses.home, paymentMethod: "cod" },
    });
    expect(other.status).toBe(201);
    const before = await written();
    const refused = await call("PUT", `/userapp/admin/orders/${id}/reinstate`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("NOT_ENOUGH_STOCK");
    const after = await written();
    expect(after.messageRows).toHaveLength(before.messageRows.length);
    expect(after.deliveryRows).toHaveLength(before.deliveryRows.length);
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "refundPending" });
  });
});
