import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, orders } from "../../api/db/schema";
import { defaultDeps } from "../../api/lib/context";
import { mailTransport, startDeliveryWorker } from "../../api/lib/messages/delivery";
import { codConfirmExpireTask, confirmCodOrder } from "../../api/lib/orders/cod-confirmation";
import { expireOverdueOrders } from "../../api/lib/payments/payment-sweeper";
import { logger } from "../../api/platform/logger";
import {
  codTokenOf,
  confirmCod,
  createTestApi,
  createUserWithToken,
  messageKindsOf,
  insertProduct,
  stockOf,
  TEST_ORDER_SETTINGS,
  testAddresses,
} from "./helpers";
import { tokenIn } from "./account-mail";
import { smtpServer, until } from "./smtp";

// A Cash on Delivery order waits for its shopper's confirmation from the emailed link: it ships
// once confirmed, and is cancelled with its stock back when COD_CONFIRM_HOURS pass without it.

const confirmMs = 4000;
const api = await createTestApi({ orders: { ...TEST_ORDER_SETTINGS, codConfirmMs: confirmMs } });
const shop = defaultDeps(api.db).shop;
const admin = await createUserWithToken(api.db, { userType: "admin" });
const shopper = await createUserWithToken(api.db);

const kindsOf = (orderId: string) => messageKindsOf(api.db, orderId);

async function place(productId: string, paymentMethod: "cod" | "Upi" = "cod", qty = 2) {
  const placed = await api.call("POST", "/userapp/order/create", {
    token: shopper.token,
    body: { products: [{ productId, qty, size: "M" }], address: testAddresses.home, paymentMethod },
  });
  expect(placed.status).toBe(201);
  return placed.body.data;
}

const product = (quantity = 10) =>
  insertProduct(api.db, { variants: [{ size: "M", quantity, mrp: 1000, discount: 0 }] });
const link = (action: "check" | "confirm" | "cancel", token: string) =>
  api.call("POST", `/userapp/cod/${action}`, { body: { token } });
const ship = (id: string) =>
  api.call("PUT", `/userapp/admin/orders/${id}/status`, { token: admin.token, body: { status: "shipped" } });
const rowOf = async (id: string) => (await api.db.select().from(orders).where(eq(orders.id, id)))[0];

describe("placing a Cash on Delivery order", () => {
  it("waits for its confirmation, and its message carries the links to confirm or cancel it", async () => {
    const before = Date.now();
    const order = await place(await product());
    expect(order).toMatchObject({ codConfirmation: "awaiting", paymentStatus: "payOnDelivery", status: "confirmed" });
    const due = new Date(order.codConfirmDueAt).getTime();
    expect(due).toBeGreaterThanOrEqual(before + confirmMs);
    expect(due).toBeLessThanOrEqual(Date.now() + confirmMs);

    expect(await kindsOf(order._id)).toEqual(["order.codConfirmation"]);
    const [message] = await api.db.select().from(messages).where(eq(messages.orderId, order._id));
    const token = await codTokenOf(api.db, order._id);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(message.subject).toMatch(/please confirm your Cash on Delivery order/);
    expect(message.text).toContain(`Confirm my order: ${shop.origin}/cod/confirm?token=${token}`);
    expect(message.text).toContain(`Cancel: ${shop.origin}/cod/cancel?token=${token}`);
    expect(message.html).toContain(`<a href="${shop.origin}/cod/confirm?token=${token}"`);
    expect(message.html).toContain(`<a href="${shop.origin}/cod/cancel?token=${token}"`);
    // Only the token's hash is kept.
    expect((await rowOf(order._id)).codTokenHash).not.toContain(token);
  });

  it("leaves an Online Payment order without one", async () => {
    const order = await place(await product(), "Upi");
    expect(order).toMatchObject({ codConfirmation: null, codConfirmDueAt: null });
    expect(await kindsOf(order._id)).toEqual(["order.placed"]);
  });
});

describe("the confirm and cancel links", () => {
  it("show the order without changing it; a wrong or malformed token is an unknown link", async () => {
    const order = await place(await product());
    const token = await codTokenOf(api.db, order._id);
    const checked = await link("check", token);
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({
      id: order._id,
      totalAmount: order.totalAmount,
      codConfirmation: "awaiting",
      codConfirmDueAt: order.codConfirmDueAt,
      canConfirm: true,
      canCancel: true,
    });
    expect(checked.body.data).not.toHaveProperty("address");
    expect((await rowOf(order._id)).codConfirmation).toBe("awaiting");

    const wrong = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    for (const bad of [wrong, "", "x".repeat(200), `${token}x`]) {
      for (const action of ["check", "confirm", "cancel"] as const) {
        const answer = await link(action, bad);
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({
          message: "This link is not valid. Check that you copied all of it from the email about your order.",
          data: { problem: "unknown" },
        });
      }
    }
    expect((await link("confirm", "x".repeat(201))).status).toBe(422);
    expect((await rowOf(order._id)).codConfirmation).toBe("awaiting");
  });

  it("confirm the order once: it ships only then, and the shopper is told", async () => {
    const order = await place(await product());
    const refused = await ship(order._id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This Cash on Delivery order is awaiting its shopper's confirmation and cannot ship until it is confirmed.",
    );
    const adminView = await api.call("GET", `/userapp/admin/orders/${order._id}`, { token: admin.token });
    expect(adminView.body.data).toMatchObject({ codConfirmation: "awaiting", allowedEvents: ["cancel"] });

    const token = await codTokenOf(api.db, order._id);
    const confirmed = await link("confirm", token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      message: "Your order is confirmed.",
      data: { codConfirmation: "confirmed", codConfirmDueAt: null, canConfirm: false, canCancel: true },
    });
    const again = await link("confirm", token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This order is already confirmed.");

    const mine = await api.call("GET", `/userapp/orders/${order._id}`, { token: shopper.token });
    expect(mine.body.data).toMatchObject({ codConfirmation: "confirmed", codConfirmDueAt: null });
    expect((await ship(order._id)).status).toBe(200);
    expect(await kindsOf(order._id)).toEqual(["order.codConfirmation", "order.codConfirmed", "order.shipped"]);
    // Shipped: the cancel link no longer works either.
    const late = await link("cancel", token);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("This order has already shipped and can no longer be cancelled.");
  });

  it("cancel the order and put its stock back; its links then say it is cancelled", async () => {
    const productId = await product(10);
    const order = await place(productId);
    expect(await stockOf(api.db, productId)).toBe(8);
    const token = await codTokenOf(api.db, order._id);
    const cancelled = await link("cancel", token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      message: "Your order has been cancelled.",
      data: { status: "cancelled", canConfirm: false, canCancel: false },
    });
    expect(await stockOf(api.db, productId)).toBe(10);
    const confirm = await link("confirm", token);
    expect(confirm.status).toBe(409);
    expect(confirm.body.message).toBe("This order is cancelled.");
    const twice = await link("cancel", token);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("This order is already cancelled.");
    expect(await stockOf(api.db, productId)).toBe(10);
    expect(await kindsOf(order._id)).toEqual(["order.codConfirmation", "order.cancelled"]);
  });
});

describe("an unconfirmed order's expiry", () => {
  it("runs as a queue job at the deadline: the order is cancelled, its stock back and the shopper told; a confirmed one ships", async () => {
    const smtp = await smtpServer();
    const worker = await startDeliveryWorker({
      db: api.db,
      databaseUrl: api.handle.url,
      transport: mailTransport(smtp.url),
      shop,
      logger,
    });
    // The worker sends the messages, and a sent message keeps no token: the links come from the mail.
    const mailedToken = async (orderId: string) => {
      const mail = await until("the confirmation's mail", () =>
        smtp.received.find((m) => m.text?.includes(orderId) && /please confirm/.test(m.subject ?? "")),
      );
      return tokenIn(mail.text ?? "");
    };
    try {
      const productId = await product(10);
      const waiting = await place(productId);
      const confirmed = await place(productId);
      expect((await link("confirm", await mailedToken(confirmed._id))).status).toBe(200);
      expect(await stockOf(api.db, productId)).toBe(6);

      const expired = await until("the expiry", async () => {
        const row = await rowOf(waiting._id);
        return row.status === "cancelled" ? row : undefined;
      });
      expect(expired).toMatchObject({
        paymentStatus: "cancelled",
        codConfirmation: "expired",
        cancelReason: "Not confirmed in time",
      });
      expect(await stockOf(api.db, productId)).toBe(8);
      const mail = await until("the expiry's message", () =>
        smtp.received.find((m) => m.text?.includes(waiting._id) && /not confirmed/.test(m.subject ?? "")),
      );
      expect(mail.text).toContain("We did not receive your confirmation of this Cash on Delivery order in time");
      expect(await kindsOf(waiting._id)).toEqual(["order.codConfirmation", "order.codExpired"]);
      const expiredLink = await link("confirm", await mailedToken(waiting._id));
      expect(expiredLink.status).toBe(409);
      expect(expiredLink.body.message).toBe("This order was cancelled because it was not confirmed in time.");
      const mine = await api.call("GET", `/userapp/orders/${waiting._id}`, { token: shopper.token });
      expect(mine.body.data).toMatchObject({ status: "cancelled", codConfirmation: "expired", codConfirmDueAt: null });

      // The confirmed order's job ran too, and left it alone.
      await until("the confirmed order's job to run", async () => {
        const left = await api.db.execute(
          `select count(*)::int as "count" from graphile_worker.jobs where key = 'cod-expire:${confirmed._id}'`,
        );
        return (left as unknown as { rows: { count: number }[] }).rows[0].count === 0 ? true : undefined;
      });
      expect(await rowOf(confirmed._id)).toMatchObject({ status: "confirmed", codConfirmation: "confirmed" });
      expect(await stockOf(api.db, productId)).toBe(8);
      expect((await ship(confirmed._id)).status).toBe(200);
    } finally {
      await worker.stop();
    }
  }, 60_000);

  it("is also done by a confirmation that comes too late, which is refused", async () => {
    const productId = await product(10);
    const order = await place(productId);
    const late = new Date(new Date(order.codConfirmDueAt).getTime() + 1);
    await expect(confirmCod(api.db, order._id, late)).rejects.toThrow(
      "This order was cancelled because it was not confirmed in time.",
    );
    expect(await rowOf(order._id)).toMatchObject({ status: "cancelled", codConfirmation: "expired" });
    expect(await stockOf(api.db, productId)).toBe(10);
    // The job, run after, finds nothing to do.
    await codConfirmExpireTask({ db: api.db, shop, now: () => late })({ orderId: order._id }, {} as never);
    expect(await stockOf(api.db, productId)).toBe(10);
    expect(await kindsOf(order._id)).toEqual(["order.codConfirmation", "order.codExpired"]);
  });

  it("is done by the sweep when its job was lost, and never before the deadline", async () => {
    const productId = await product(10);
    const lost = await place(productId);
    const due = new Date(lost.codConfirmDueAt).getTime();
    await api.db.execute(`select graphile_worker.remove_job('cod-expire:${lost._id}')`);
    const sweep = (at: number) => expireOverdueOrders({ db: api.db, shop, now: () => new Date(at) });

    expect(await sweep(due - 1)).toBe(0);
    expect(await rowOf(lost._id)).toMatchObject({ status: "confirmed", codConfirmation: "awaiting" });
    expect(await stockOf(api.db, productId)).toBe(8);

    expect(await sweep(due)).toBe(1);
    expect(await rowOf(lost._id)).toMatchObject({
      status: "cancelled",
      codConfirmation: "expired",
      cancelReason: "Not confirmed in time",
    });
    expect(await stockOf(api.db, productId)).toBe(10);
    expect(await kindsOf(lost._id)).toEqual(["order.codConfirmation", "order.codExpired"]);
    expect(await sweep(due + 60_000)).toBe(0);
  });

  it("puts the stock back exactly once, even racing a confirmation", async () => {
    const productId = await product(100);
    for (let round = 0; round < 6; round++) {
      const order = await place(productId, "cod", 1);
      const due = new Date(order.codConfirmDueAt).getTime();
      const token = await codTokenOf(api.db, order._id);
      // Half the rounds the confirmation comes in time, half too late; the job runs at the deadline.
      const confirmAt = new Date(round % 2 === 0 ? due - 1 : due + 1);
      const job = codConfirmExpireTask({ db: api.db, shop, now: () => new Date(due) });
      const outcomes = await Promise.allSettled([
        confirmCodOrder({ ...defaultDeps(api.db), now: () => confirmAt }, token),
        // A job that found the row busy fails and is tried again, as the queue does.
        (async () => {
          for (;;) {
            try {
              return await job({ orderId: order._id }, {} as never);
            } catch (error) {
              if (!/being changed/.test((error as Error).message)) throw error;
            }
          }
        })(),
      ]);
      expect(outcomes[1].status).toBe("fulfilled");
      const row = await rowOf(order._id);
      const kinds = await kindsOf(order._id);
      if (row.codConfirmation === "confirmed") {
        expect(outcomes[0].status).toBe("fulfilled");
        expect(kinds).toEqual(["order.codConfirmation", "order.codConfirmed"]);
        await api.call("PUT", `/userapp/admin/orders/${order._id}/status`, {
          token: admin.token,
          body: { status: "cancelled" },
        });
      } else {
        expect(row).toMatchObject({ status: "cancelled", codConfirmation: "expired" });
        expect(kinds).toEqual(["order.codConfirmation", "order.codExpired"]);
      }
      expect(await stockOf(api.db, productId)).toBe(100);
    }
  });

  it("leaves orders placed before confirmations existed confirmed (migration 0014)", async () => {
    const order = await place(await product());
    // As the migration leaves an older Cash on Delivery order: confirmed, no deadline, no token.
    await api.db
      .update(orders)
      .set({ codConfirmation: "confirmed", codConfirmDueAt: null, codTokenHash: null })
      .where(and(eq(orders.id, order._id)));
    expect((await ship(order._id)).status).toBe(200);
  });
});
