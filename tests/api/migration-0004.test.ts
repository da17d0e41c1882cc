import { describe, expect, it } from "vitest";
import { upgradedShop } from "../migrations";

// Migration 0004 (the order lifecycle) on a database holding orders placed before it, on a database
// of its own on the test run's PostgreSQL server.

const step = (isConfirmed: boolean, date: string | null = null) => ({ isConfirmed, date });
const timeline = (shipped: boolean) =>
  JSON.stringify({
    orderConfirmed: step(true, "2026-11-01T04:00:00.000Z"),
    shipped: shipped ? step(true, "2026-11-02T04:00:00.000Z") : step(false),
    outForDelivery: step(false),
    delivered: step(false),
    cancel: step(false),
    refunded: step(false),
  });

const oldOrders = `
  INSERT INTO users (id, email, password_hash) VALUES ('${"a".repeat(24)}', 'old.shopper@example.test', 'x');
  INSERT INTO orders (id, user_id, source, payment_method, payment_status, items_amount, platform_fee, total_amount, address, order_status, created_at) VALUES
    ('${"1".repeat(24)}', '${"a".repeat(24)}', 'cart', 'cod', 'pending', 800, 4, 804, '{}', '${timeline(true)}', '2026-11-01T04:00:00Z'),
    ('${"2".repeat(24)}', '${"a".repeat(24)}', 'cart', 'Upi', 'awaitingPayment', 800, 4, 804, '{}', '${timeline(false)}', '2026-11-01T04:00:00Z'),
    ('${"3".repeat(24)}', '${"a".repeat(24)}', 'buyNow', 'Upi', 'paid', 800, 4, 804, '{}', '${timeline(false)}', '2026-11-01T04:00:00Z');
`;

const after = `
  SELECT id, status, payment_status AS "paymentStatus", payment_due_at > now() + interval '29 minutes' AS "fullWindow",
         order_status AS "orderStatus"
  FROM orders ORDER BY id`;

type Row = {
  id: string;
  status: string;
  paymentStatus: string;
  fullWindow: boolean | null;
  orderStatus: Record<string, unknown>;
};

function expectUpgraded(rows: Row[]) {
  expect(rows.map(({ id, status, paymentStatus, fullWindow }) => [id[0], status, paymentStatus, fullWindow])).toEqual([
    ["1", "shipped", "payOnDelivery", null],
    // An order already awaiting payment gets a whole window from the upgrade, not an instant expiry.
    ["2", "confirmed", "awaitingPayment", true],
    ["3", "confirmed", "paid", null],
  ]);
  for (const row of rows) {
    expect(row.orderStatus.returned).toEqual({ isConfirmed: false, date: null });
    expect(row.orderStatus.orderConfirmed).toEqual({ isConfirmed: true, date: "2026-11-01T04:00:00.000Z" });
  }
  expect(rows[0].orderStatus.shipped).toEqual({ isConfirmed: true, date: "2026-11-02T04:00:00.000Z" });
}

describe("migration 0004 on existing orders", () => {
  it("gives every order its status and payment status, a returned step, and unpaid orders their window", async () => {
    await upgradedShop(4, oldOrders, async (pool) => {
      expectUpgraded((await pool.query<Row>(after)).rows);
      await expect(pool.query(`UPDATE orders SET payment_status = 'pending'`)).rejects.toThrow(
        /orders_payment_status_known/,
      );
    });
  });
});
