/**
 * Messages to shoppers, delivered by the queue (api/lib/messages/): recorded with the event that
 * causes them, sent through a real SMTP server started here (smtp-server, read back with
 * mailparser), kept when the shop has no SMTP_URL, and tried again after a failure.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatRupees } from "../../api/contract";
import { messages } from "../../api/db/schema";
import { defaultDeps } from "../../api/lib/context";
import { mailTransport, startDeliveryWorker } from "../../api/lib/messages/delivery";
import { logger } from "../../api/platform/logger";
import { createTestApi, createUserWithToken, insertProduct, testAddresses } from "./helpers";
import { smtpServer, until } from "./smtp";

const api = await createTestApi();
const databaseUrl = api.handle.url;
const shop = defaultDeps(api.db).shop;

async function placeOrder(token: string, product: string, quantity = 1) {
  return api.call("POST", "/userapp/order/create", {
    token,
    body: { productId: product, size: "M", quantity, paymentMethod: "cod", address: testAddresses.home },
  });
}

const messageOf = async (orderId: string) =>
  (await api.db.select().from(messages).where(eq(messages.orderId, orderId)))[0];

describe("an order's confirmation", () => {
  it("reaches the shopper through SMTP once: the lines, the total in rupees, the order's link", async () => {
    const smtp = await smtpServer();
    const worker = await startDeliveryWorker({
      db: api.db,
      databaseUrl,
      transport: mailTransport(smtp.url),
      from: shop.from,
      logger,
    });
    try {
      const user = await createUserWithToken(api.db);
      const email = (await api.call("GET", "/userapp/user/me", { token: user.token })).body.data.email;
      const product = await insertProduct(api.db, {
        shortTitle: "Linen Kurta",
        variants: [{ size: "M", quantity: 5, mrp: 1500, discount: 20 }],
      });
      const placed = await placeOrder(user.token, product, 2);
      expect(placed.status).toBe(201);
      const order = placed.body.data;
      const mail = await until("the mail", () => smtp.received.find((m) => m.text?.includes(order.id)));
      expect(mail.to).toMatchObject({ value: [{ address: email }] });
      expect(mail.from?.value).toEqual([{ name: shop.name, address: shop.supportEmail }]);
      expect(mail.subject).toBe(`${shop.name}: your order is placed (${formatRupees(order.totalAmount)})`);
      expect(mail.text).toContain(`Linen Kurta (size M) × 2: ${formatRupees(2400)}`);
      expect(mail.text).toContain(`Total: ${formatRupees(order.totalAmount)}`);
      expect(mail.text).toContain("Payment: Cash on Delivery");
      expect(mail.html).toContain(`href="${shop.origin}/myaccount/orders/${order.id}"`);
      const row = await until("the message", async () => {
        const message = await messageOf(order.id);
        return message?.state === "sent" ? message : undefined;
      });
      expect(mail.messageId).toBe(`<${row.id}@example.com>`);
      expect(row).toMatchObject({ kind: "order.placed", attempts: 1, lastError: null });
      // Once: a second look later finds no other copy.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.received.filter((m) => m.text?.includes(order.id))).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  }, 40_000);

  it("is tried again after the SMTP server refuses it, its error recorded meanwhile", async () => {
    const refusing = { now: true };
    const smtp = await smtpServer({
      async reply() {
        if (refusing.now) throw Object.assign(new Error("Try again later"), { responseCode: 451 });
      },
    });
    const worker = await startDeliveryWorker({
      db: api.db,
      databaseUrl,
      transport: mailTransport(smtp.url),
      from: shop.from,
      logger,
    });
    try {
      const user = await createUserWithToken(api.db);
      const product = await insertProduct(api.db);
      const order = (await placeOrder(user.token, product)).body.data;
      const failed = await until("the message", async () => {
        const message = await messageOf(order.id);
        return message?.attempts === 1 ? message : undefined;
      });
      expect(failed.state).toBe("queued");
      expect(failed.lastError).toMatch(/Try again later/);
      refusing.now = false;
      const sent = await until("the message", async () => {
        const message = await messageOf(order.id);
        return message?.state === "sent" ? message : undefined;
      });
      expect(sent).toMatchObject({ attempts: 2, lastError: null });
      expect(smtp.received.filter((m) => m.text?.includes(order.id))).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  }, 40_000);

  it("is kept, not sent, when the shop has no SMTP server", async () => {
    const worker = await startDeliveryWorker({ db: api.db, databaseUrl, transport: null, from: shop.from, logger });
    try {
      const user = await createUserWithToken(api.db);
      const product = await insertProduct(api.db);
      const order = (await placeOrder(user.token, product)).body.data;
      const kept = await until("the message", async () => {
        const message = await messageOf(order.id);
        return message?.state === "kept" ? message : undefined;
      });
      expect(kept.html).toContain(order.id);
      expect(kept.text).toContain(`Total: ${formatRupees(order.totalAmount)}`);
    } finally {
      await worker.stop();
    }
  }, 40_000);

  it("is not recorded for an order that is refused (rolled back with it)", async () => {
    const user = await createUserWithToken(api.db);
    const product = await insertProduct(api.db, { variants: [{ size: "M", quantity: 1, mrp: 500, discount: 0 }] });
    const before = (await api.db.select().from(messages)).length;
    expect((await placeOrder(user.token, product, 2)).status).toBe(409);
    expect((await api.db.select().from(messages)).length).toBe(before);
  });
});
