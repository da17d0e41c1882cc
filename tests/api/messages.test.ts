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
import { SENT_LINK_TOKEN } from "../../api/lib/messages/outbox";
import { expireOverdueOrders } from "../../api/lib/payments/payment-sweeper";
import { logger } from "../../api/platform/logger";
import { createTestApi, createUserWithToken, insertProduct, testAddresses } from "./helpers";
import { tokenIn } from "./account-mail";
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

/** The queue's worker on this file's database, sending to `smtpUrl` (none: messages are kept). */
const deliveryWorker = (smtpUrl: string | undefined) =>
  startDeliveryWorker({ db: api.db, databaseUrl, transport: mailTransport(smtpUrl), shop, logger });

const messageOf = async (orderId: string) =>
  (await api.db.select().from(messages).where(eq(messages.orderId, orderId)))[0];

describe("an order's confirmation", () => {
  it("reaches the shopper through SMTP once: the lines, the total in rupees, the order's link", async () => {
    const smtp = await smtpServer();
    const worker = await deliveryWorker(smtp.url);
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
      // Cash on Delivery: the confirmation of the order asks for the shopper's, with its two links.
      expect(mail.subject).toBe(
        `${shop.name} ${order.orderNumber}: please confirm your Cash on Delivery order (${formatRupees(order.totalAmount)})`,
      );
      expect(mail.text).toMatch(new RegExp(`Confirm my order: ${shop.origin}/cod/confirm\\?token=[\\w-]{43}`));
      expect(mail.text).toContain(`Linen Kurta (size M) × 2: ${formatRupees(2400)}`);
      expect(mail.text).toContain(`Total: ${formatRupees(order.totalAmount)}`);
      expect(mail.text).toContain("Payment: Cash on Delivery");
      expect(mail.text).toContain(`Your order: ${shop.origin}/myaccount/orders/${order.id}\n`);
      expect(mail.html).toContain(`href="${shop.origin}/myaccount/orders/${order.id}"`);
      expect(mail.html).toMatch(new RegExp(`href="${shop.origin}/cod/confirm\\?token=[\\w-]{43}"`));
      expect(mail.html).toContain(">Confirm my order<");
      // The HTML: a whole document, the same lines and total, and no invoice before dispatch.
      expect(mail.html).toMatch(/^<!DOCTYPE html[^>]*>(<!--\$-->)?<html dir="ltr" lang="en">/);
      expect(mail.html).toContain(
        `<title>${shop.name} ${order.orderNumber}: please confirm your Cash on Delivery order (${formatRupees(order.totalAmount)})</title>`,
      );
      for (const text of ["Linen Kurta", "Size M × 2", formatRupees(2400), formatRupees(order.totalAmount)])
        expect(mail.html).toContain(`>${text}<`);
      expect(mail.html).toContain(`>Cash on Delivery<`);
      expect(mail.html).toContain(`href="mailto:${shop.supportEmail}"`);
      expect(mail.text).not.toContain("/invoice");
      expect(mail.html).not.toContain("/invoice");
      const row = await until("the message", async () => {
        const message = await messageOf(order.id);
        return message?.state === "sent" ? message : undefined;
      });
      expect(mail.messageId).toBe(`<${row.id}@example.com>`);
      expect(row).toMatchObject({ kind: "order.codConfirmation", attempts: 1, lastError: null });
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
    const worker = await deliveryWorker(smtp.url);
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
    const worker = await deliveryWorker(undefined);
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
      // Kept, the back office is where its links are read: they stay whole.
      expect(kept.text).toMatch(new RegExp(`Confirm my order: ${shop.origin}/cod/confirm\\?token=[\\w-]{43}`));
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

describe("a sent message's one-time links", () => {
  it("leave its stored copy: the mailed links work, the copy and the back office hold no token", async () => {
    const smtp = await smtpServer();
    const worker = await deliveryWorker(smtp.url);
    const admin = await createUserWithToken(api.db, { userType: "admin" });
    try {
      const user = await createUserWithToken(api.db);
      const email = (await api.call("GET", "/userapp/user/me", { token: user.token })).body.data.email as string;
      const order = (await placeOrder(user.token, await insertProduct(api.db))).body.data;
      expect((await api.call("POST", "/userapp/auth/forgot-password", { body: { email } })).status).toBe(200);

      const cod = await until("the confirmation", () => smtp.received.find((m) => m.text?.includes(order.id)));
      const reset = await until("the reset link", () =>
        smtp.received.find((m) => m.text?.includes("/reset-password?token=")),
      );
      const codToken = tokenIn(cod.text ?? "");
      const resetToken = tokenIn(reset.text ?? "");
      const sent = await until("both sent", async () => {
        const rows = await api.db.select().from(messages).where(eq(messages.toAddress, email));
        return rows.length === 2 && rows.every((row) => row.state === "sent") ? rows : undefined;
      });
      const stored = sent.flatMap((row) => [row.text, row.html]).join("\n");
      for (const token of [codToken, resetToken]) expect(stored).not.toContain(token);
      const codCopy = sent.find((row) => row.orderId === order.id)!;
      expect(codCopy.text).toContain(`Confirm my order: ${shop.origin}/cod/confirm?token=${SENT_LINK_TOKEN}`);
      expect(codCopy.html).toContain(`href="${shop.origin}/cod/cancel?token=${SENT_LINK_TOKEN}"`);
      const resetCopy = sent.find((row) => row.kind === "account.passwordReset")!;
      expect(resetCopy.text).toContain(`/reset-password?token=${SENT_LINK_TOKEN}`);
      const shown = await api.call("GET", `/userapp/admin/messages/${resetCopy.id}`, { token: admin.token });
      expect(shown.status).toBe(200);
      expect(JSON.stringify(shown.body.data)).not.toContain(resetToken);

      // The recipient's links work; what stands in the copy is no link at all.
      expect((await api.call("POST", "/userapp/cod/check", { body: { token: SENT_LINK_TOKEN } })).status).toBe(400);
      expect((await api.call("POST", "/userapp/cod/confirm", { body: { token: codToken } })).status).toBe(200);
      const newPassword = { token: resetToken, password: "a new password 42" };
      expect((await api.call("POST", "/userapp/auth/reset-password", { body: newPassword })).status).toBe(200);
      // The messages these cause (the notice of the new password…) are sent here, not left for the next test's worker.
      await until("the notice sent", async () => {
        const rows = await api.db.select().from(messages).where(eq(messages.toAddress, email));
        const notice = rows.some((row) => row.kind === "account.passwordChanged");
        return notice && rows.every((row) => row.state === "sent") ? true : undefined;
      });
    } finally {
      await worker.stop();
    }
  }, 40_000);
});

describe("every order event", () => {
  it("sends its message once through SMTP, recorded with the change: paid, shipped, out for delivery, delivered, returned, refunded, cancelled, expired", async () => {
    const smtp = await smtpServer();
    const worker = await deliveryWorker(smtp.url);
    try {
      const admin = await createUserWithToken(api.db, { userType: "admin" });
      const user = await createUserWithToken(api.db);
      const product = await insertProduct(api.db, { variants: [{ size: "M", quantity: 10, mrp: 1000, discount: 0 }] });
      const place = async (paymentMethod: "cod" | "Upi") =>
        (
          await api.call("POST", "/userapp/order/create", {
            token: user.token,
            body: { productId: product, size: "M", quantity: 1, paymentMethod, address: testAddresses.home },
          })
        ).body.data as { id: string; orderNumber: string; totalAmount: number };
      const asAdmin = async (id: string, change: string, body: object) => {
        const answer = await api.call("PUT", `/userapp/admin/orders/${id}/${change}`, { token: admin.token, body });
        expect(answer.status, `${change} ${JSON.stringify(body)}`).toBe(200);
      };

      // An Online Payment order, all the way to its refund.
      const paid = await place("Upi");
      await asAdmin(paid.id, "payment", { utr: "123456789012" });
      for (const status of ["shipped", "outForDelivery", "delivered"]) await asAdmin(paid.id, "status", { status });
      const returned = await api.call("PUT", `/userapp/orders/${paid.id}/return`, {
        token: user.token,
        body: { reason: "Too small" },
      });
      expect(returned.status).toBe(200);
      await asAdmin(paid.id, "refund", { reference: "RF-1001" });
      // A Cash on Delivery order the shopper cancels, and a UPI order whose window passes.
      const cancelled = await place("cod");
      expect(
        (
          await api.call("PUT", `/userapp/orders/${cancelled.id}/cancel`, {
            token: user.token,
            body: { reason: "Ordered twice" },
          })
        ).status,
      ).toBe(200);
      const unpaid = await place("Upi");
      expect(
        // An hour on: past the UPI window (30 minutes), within the COD orders' 24 hours to confirm.
        await expireOverdueOrders({ db: api.db, shop, now: () => new Date(Date.now() + 3600_000) }),
      ).toBeGreaterThanOrEqual(1);

      const subjectsOf = (id: string) =>
        smtp.received.filter((mail) => mail.text?.includes(`Order reference: ${id}`)).map((mail) => mail.subject);
      const total = formatRupees(paid.totalAmount);
      await until("every message", () => (smtp.received.length >= 11 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(subjectsOf(paid.id)).toEqual([
        `${shop.name} ${paid.orderNumber}: your order is placed (${total})`,
        `${shop.name} ${paid.orderNumber}: payment received (${total})`,
        `${shop.name} ${paid.orderNumber}: your order has shipped`,
        `${shop.name} ${paid.orderNumber}: your order is out for delivery`,
        `${shop.name} ${paid.orderNumber}: your order is delivered`,
        `${shop.name} ${paid.orderNumber}: your return is recorded`,
        `${shop.name} ${paid.orderNumber}: your refund is made (${total})`,
      ]);
      expect(subjectsOf(cancelled.id)).toEqual([
        `${shop.name} ${cancelled.orderNumber}: please confirm your Cash on Delivery order (${formatRupees(cancelled.totalAmount)})`,
        `${shop.name} ${cancelled.orderNumber}: your order is cancelled`,
      ]);
      expect(subjectsOf(unpaid.id)).toEqual([
        `${shop.name} ${unpaid.orderNumber}: your order is placed (${formatRupees(unpaid.totalAmount)})`,
        `${shop.name} ${unpaid.orderNumber}: your order is cancelled: payment not received`,
      ]);
      const text = (id: string, subject: string) =>
        smtp.received.find((mail) => mail.subject?.endsWith(`: ${subject}`) && mail.text?.includes(id))!.text!;
      expect(text(paid.id, `payment received (${total})`)).toContain("(UTR 123456789012)");
      expect(text(paid.id, "your return is recorded")).toContain("Reason: Too small");
      expect(text(paid.id, "your return is recorded")).toContain(`Your payment of ${total} will be refunded.`);
      expect(text(paid.id, `your refund is made (${total})`)).toContain("(reference RF-1001)");
      expect(text(cancelled.id, "your order is cancelled")).toContain("Reason: Ordered twice");
      expect(text(paid.id, "your order is delivered")).toMatch(/You can return it until \d{1,2} \w+ \d{4}\./);
      // The tax invoice is linked from dispatch on: issued as the order ships.
      const invoiceLink = (id: string) => `${shop.origin}/myaccount/orders/${id}/invoice`;
      const withInvoice = (id: string) =>
        smtp.received
          .filter((mail) => mail.text?.includes(`Order reference: ${id}`))
          .map((mail) => [
            mail.subject,
            mail.text!.includes(`Your tax invoice: ${invoiceLink(id)}\n`),
            (mail.html || "").includes(`href="${invoiceLink(id)}"`),
          ]);
      expect(withInvoice(paid.id)).toEqual([
        [`${shop.name} ${paid.orderNumber}: your order is placed (${total})`, false, false],
        [`${shop.name} ${paid.orderNumber}: payment received (${total})`, false, false],
        [`${shop.name} ${paid.orderNumber}: your order has shipped`, true, true],
        [`${shop.name} ${paid.orderNumber}: your order is out for delivery`, true, true],
        [`${shop.name} ${paid.orderNumber}: your order is delivered`, true, true],
        [`${shop.name} ${paid.orderNumber}: your return is recorded`, true, true],
        [`${shop.name} ${paid.orderNumber}: your refund is made (${total})`, true, true],
      ]);
      for (const mail of smtp.received.filter((m) => !m.text?.includes(paid.id)))
        expect(mail.html || "").not.toContain("/invoice");
      expect(smtp.received).toHaveLength(11);
    } finally {
      await worker.stop();
    }
  }, 60_000);

  it("a refused change records no message", async () => {
    const user = await createUserWithToken(api.db);
    const product = await insertProduct(api.db);
    const order = (await placeOrder(user.token, product)).body.data;
    const before = (await api.db.select().from(messages).where(eq(messages.orderId, order.id))).length;
    const refused = await api.call("PUT", `/userapp/orders/${order.id}/return`, {
      token: user.token,
      body: { reason: "x" },
    });
    expect(refused.status).toBe(409);
    expect((await api.db.select().from(messages).where(eq(messages.orderId, order.id))).length).toBe(before);
  });
});

// Last: its message stays queued, and a worker started after it would send it too.
describe("an order's message", () => {
  it("escapes a product title and an address of markup and quotes in its HTML, and keeps them as written in its text", async () => {
    const user = await createUserWithToken(api.db);
    const title = `Kurta <script>alert("x")</script> & 'Dupatta'`;
    const product = await insertProduct(api.db, {
      shortTitle: title,
      variants: [{ size: "M", quantity: 5, mrp: 1000, discount: 0 }],
    });
    const placed = await api.call("POST", "/userapp/order/create", {
      token: user.token,
      body: {
        productId: product,
        size: "M",
        quantity: 1,
        paymentMethod: "cod",
        address: { ...testAddresses.home, locality: `Flat 4 "B" <b>Wing</b>` },
      },
    });
    expect(placed.status).toBe(201);
    const message = await messageOf(placed.body.data.id);
    expect(message.html).not.toMatch(/<script|<b>/);
    expect(message.html).toContain("Kurta &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Dupatta&#x27;");
    expect(message.html).toContain("Flat 4 &quot;B&quot; &lt;b&gt;Wing&lt;/b&gt;");
    expect(message.text).toContain(`${title} (size M) × 1: ${formatRupees(1000)}`);
    // The recipient first, the mobile number masked to its last four digits (DESIGN deviation 18).
    expect(message.text).toContain(`Delivering to: Asha Rao (•••••• 3210), Flat 4 "B" <b>Wing</b>, Bengaluru`);
    expect(`${message.text}${message.html}`).not.toContain("9876543210");
  });
});
