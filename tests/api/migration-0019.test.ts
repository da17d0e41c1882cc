import { drizzle } from "drizzle-orm/node-postgres";
import { describe, expect, it } from "vitest";
import type { Database } from "../../api/db/client";
import * as schema from "../../api/db/schema";
import { upgradedShop } from "../migrations";
import { createUserWithToken } from "./helpers";

// Migration 0019 on a shop with orders from before order numbers: each gets its number in the
// order it was placed (not in the order the rows lie on disk), and the next order the number
// after them; the couriers' list starts with India's common couriers.

const id = (n: number) => `o${String(n).padStart(23, "0")}`;

describe("migration 0019 on an existing shop", () => {
  it("numbers the orders by the time they were placed, and new orders after them", async () => {
    // Inserted newest first, so that the rows' order on disk is not their order of placing.
    const placed = ["2026-11-23T10:00:00Z", "2026-11-21T10:00:00Z", "2026-11-22T10:00:00Z"];
    let userId = "";
    await upgradedShop(
      19,
      async (pool) => {
        const db = drizzle(pool, { schema }) as unknown as Database;
        userId = (await createUserWithToken(db)).id;
        for (const [n, at] of placed.entries()) {
          await pool.query(
            `INSERT INTO orders (id, user_id, source, payment_method, payment_status, items_amount, platform_fee, total_amount, address, order_status, created_at)
             VALUES ($1, $2, 'cart', 'cod', 'payOnDelivery', 100, 0, 100, '{}', '{}', $3)`,
            [id(n), userId, at],
          );
        }
      },
      async (pool) => {
        const rows = (await pool.query("SELECT id, order_number FROM orders ORDER BY order_number")).rows;
        expect(rows).toEqual([
          { id: id(1), order_number: "1" },
          { id: id(2), order_number: "2" },
          { id: id(0), order_number: "3" },
        ]);
        const next = await pool.query(
          `INSERT INTO orders (id, user_id, source, payment_method, payment_status, items_amount, platform_fee, total_amount, address, order_status)
           VALUES ($1, $2, 'cart', 'cod', 'payOnDelivery', 100, 0, 100, '{}', '{}') RETURNING order_number`,
          [id(9), userId],
        );
        expect(next.rows).toEqual([{ order_number: "4" }]);
        const couriers = (await pool.query("SELECT name FROM couriers ORDER BY name")).rows.map((row) => row.name);
        expect(couriers).toEqual([
          "Blue Dart",
          "DTDC",
          "Delhivery",
          "Ecom Express",
          "India Post (Speed Post)",
          "Shadowfax",
          "Xpressbees",
        ]);
      },
    );
  });
});
