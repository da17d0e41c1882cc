import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatRupees } from "../../api/contract";
import { messages, orders } from "../../api/db/schema";
import { defaultDeps } from "../../api/lib/context";
import { mailTransport, startDeliveryWorker } from "../../api/lib/messages/delivery";
import { reminderLeadMs } from "../../api/lib/payments/payment-jobs";
import { logger } from "../../api/platform/logger";
import {
  createTestApi,
  createUserWithToken,
  messageKindsOf,
  insertProduct,
  stockOf,
  TEST_ORDER_SETTINGS,
  testAddresses,
} from "./helpers";
import { smtpServer, until } from "./smtp";

// An Online Payment order's reminder and expiry run as queue jobs added with the order: no sweep
// runs in this file, so the expiry seen here is the job's.

const windowMs = 6000;
const api = await createTestApi({ orders: { ...TEST_ORDER_SETTINGS, paymentWindowMs: windowMs } });
const shop = defaultDeps(api.db).shop;
const admin = await createUserWithToken(api.db, { userType: "admin" });

const kindsOf = (orderId: string) => messageKindsOf(api.db, orderId);

describe("the reminder lead", () => {
  it("is 10 minutes, or half a window under 20 minutes", () => {
    expect(reminderLeadMs(30 * 60_000)).toBe(10 * 60_000);
    expect(reminderLeadMs(20 * 60_000)).toBe(10 * 60_000);
    expect(reminderLeadMs(10 * 60_000)).toBe(5 * 60_000);
    expect(reminderLeadMs(3000)).toBe(1500);
  });
});

describe("an Online Payment order's jobs", () => {
  it("remind the shopper before the window closes, then expire the order and put its stock back, each once", async () => {
    const smtp = await smtpServer();
    const worker = await startDeliveryWorker({
      db: api.db,
      databaseUrl: api.handle.url,
      transport: mailTransport(smtp.url),
      shop,
      logger,
    });
    try {
      const shopper = await createUserWithToken(api.db);
      const productId = await insertProduct(api.db, { variants: [{ size: "M", quantity: 5, mrp: 1000, discount: 0 }] });
      const place = () =>
        api.call("POST", "/userapp/order/create", {
          token: shopper.token,
          body: {
            products: [{ productId, qty: 2, size: "M" }],
            address: testAddresses.home,
            paymentMethod: "Upi",
          },
        });
      const waiting = (await place()).body.data;
      const paid = (await place()).body.data;
      const pay = await api.call("PUT", `/userapp/admin/orders/${paid._id}/payment`, {
        token: admin.token,
        body: { utr: "934567890123" },
      });
      expect(pay.status).toBe(200);
      expect(await stockOf(api.db, productId)).toBe(1);

      const reminder = await until("the reminder", () =>
        smtp.received.find((mail) => mail.text?.includes(waiting._id) && /please pay/.test(mail.subject ?? "")),
      );
      expect(reminder.subject).toMatch(
        new RegExp(`^${shop.name} ${waiting.orderNumber}: please pay ${formatRupees(waiting.totalAmount)} by `),
      );
      expect(reminder.text).toContain("We have not received the payment");
      // Not before its time: half the window before it closes.
      const [reminded] = await api.db
        .select({ at: messages.createdAt })
        .from(messages)
        .where(and(eq(messages.orderId, waiting._id), eq(messages.kind, "order.paymentReminder")));
      expect(reminded.at.getTime()).toBeGreaterThanOrEqual(new Date(waiting.paymentDueAt).getTime() - windowMs / 2);

      const expired = await until("the expiry", async () => {
        const [row] = await api.db.select().from(orders).where(eq(orders.id, waiting._id));
        return row.status === "cancelled" ? row : undefined;
      });
      expect(expired).toMatchObject({ paymentStatus: "expired", cancelReason: "Payment not received" });
      expect(await stockOf(api.db, productId)).toBe(3);
      await until("the expiry's message", () =>
        smtp.received.find(
          (mail) => mail.text?.includes(waiting._id) && /payment not received/.test(mail.subject ?? ""),
        ),
      );
      expect(await kindsOf(waiting._id)).toEqual(["order.placed", "order.paymentReminder", "order.expired"]);

      // The paid order's jobs ran too, and did nothing: no reminder, no expiry.
      await until("the paid order's jobs to run", async () => {
        const left = await api.db.execute(
          sql`select count(*)::int as "count" from graphile_worker.jobs where key in (${`remind:${paid._id}`}, ${`expire:${paid._id}`})`,
        );
        return (left as unknown as { rows: { count: number }[] }).rows[0].count === 0 ? true : undefined;
      });
      const [paidRow] = await api.db.select().from(orders).where(eq(orders.id, paid._id));
      expect(paidRow).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
      expect(await kindsOf(paid._id)).toEqual(["order.placed", "order.paid"]);
      expect(await stockOf(api.db, productId)).toBe(3);
    } finally {
      await worker.stop();
    }
  }, 60_000);
});
