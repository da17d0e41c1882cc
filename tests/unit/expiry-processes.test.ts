/**
 * The payment window's expiry with several server processes on one PostgreSQL (decision 007,
 * docs/decisions/010-workers.md): two real processes (tests/support/lifecycle-process.ts, each
 * with its own pool, as two workers are) sweep the same overdue orders, or one sweeps while the
 * other pays. Each order expires exactly once, its stock comes back exactly once, and no order is
 * both paid and expired. tests/api/order-lifecycle.test.ts runs the same races in one process.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserapp } from "../../api/app";
import { type DatabaseHandle, openDatabase } from "../../api/db/client";
import { orders, variants } from "../../api/db/schema";
import { expireOverdueOrders } from "../../api/lib/payments/payment-sweeper";
import { createUserWithToken, insertProduct, TEST_ORDER_SETTINGS } from "../api/helpers";
import { createPostgresTestDatabase } from "../db";
import { exitWithin, type Started, start, tempDir, tsx } from "../processes";
import { shopIdentity } from "../../api/config";

/** The shop as its messages name it (the order events record them). */
const shop = shopIdentity({}, "http://localhost:3000");

const windowMs = 60_000;
const clock = Date.now();
const home = { locality: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560038", country: "India" };

describe("expiry with two processes on PostgreSQL", () => {
  let database: { url: string; drop: () => Promise<void> };
  let handle: DatabaseHandle;
  let api: ReturnType<typeof createUserapp>;

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    handle = await openDatabase({ databaseUrl: database.url });
    api = createUserapp({
      db: handle.db,
      now: () => new Date(clock),
      orders: { ...TEST_ORDER_SETTINGS, paymentWindowMs: windowMs },
    });
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  async function stockOf(productId: string) {
    const [row] = await handle.db
      .select({ quantity: variants.quantity })
      .from(variants)
      .where(and(eq(variants.productId, productId), eq(variants.size, "M")));
    return row.quantity;
  }

  /** `count` Online Payment orders, each of one shopper, of 1 to 3 units of the given products in turn. */
  async function placeUnpaid(productIds: string[], count: number) {
    const placed: { id: string; productId: string; qty: number }[] = [];
    for (let i = 0; i < count; i++) {
      const { token } = await createUserWithToken(handle.db);
      const productId = productIds[i % productIds.length];
      const qty = 1 + (i % 3);
      const response = await api.request("/userapp/order/create", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ products: [{ productId, qty, size: "M" }], address: home, paymentMethod: "Upi" }),
      });
      const body = await response.json();
      expect(response.status, JSON.stringify(body)).toBe(201);
      placed.push({ id: body.data._id, productId, qty });
    }
    return placed;
  }

  /** Starts the process of `role`, waits until its pool is open, and answers it. */
  async function ready(role: "sweep" | "pay", goFile: string, env: Record<string, string>): Promise<Started> {
    const child = start(tsx, ["tests/support/lifecycle-process.ts"], {
      DATABASE_URL: database.url,
      ROLE: role,
      GO_FILE: goFile,
      ...env,
    });
    await child.waitFor("ready", 60_000);
    return child;
  }

  async function resultOf(child: Started): Promise<any> {
    expect(await exitWithin(child, 60_000), child.output()).toBe(0);
    const line = child
      .stdout()
      .split("\n")
      .find((l) => l.startsWith("result "));
    expect(line, child.output()).toBeDefined();
    return JSON.parse(line!.slice("result ".length));
  }

  it("two processes sweeping the same overdue orders expire each once and put its stock back once", async () => {
    const productIds = [
      await insertProduct(handle.db, { variants: [{ size: "M", quantity: 100, mrp: 1000, discount: 20 }] }),
      await insertProduct(handle.db, { variants: [{ size: "M", quantity: 100, mrp: 1000, discount: 20 }] }),
    ];
    const placed = await placeUnpaid(productIds, 40);
    const held = (productId: string) =>
      placed.filter((o) => o.productId === productId).reduce((sum, o) => sum + o.qty, 0);
    for (const productId of productIds) expect(await stockOf(productId)).toBe(100 - held(productId));

    const goFile = path.join(tempDir(), "go");
    const env = { NOW_MS: String(clock + windowMs + 1000), BATCH: "3" };
    const sweepers = [await ready("sweep", goFile, env), await ready("sweep", goFile, env)];
    fs.writeFileSync(goFile, "");
    const results = await Promise.all(sweepers.map(resultOf));

    expect(results[0].expired + results[1].expired).toBe(placed.length);
    const rows = await handle.db
      .select({ status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map((o) => o.id),
        ),
      );
    expect(rows).toHaveLength(placed.length);
    for (const row of rows) expect(row).toEqual({ status: "cancelled", paymentStatus: "expired" });
    // Exactly once: a second release would put more back than the orders held.
    for (const productId of productIds) expect(await stockOf(productId)).toBe(100);
    expect(await expireOverdueOrders({ db: handle.db, shop, now: () => new Date(clock + windowMs + 1000) })).toBe(0);
  }, 180_000);

  it("a process paying while another expires: each order is paid in time or expired and paid late, and the stock follows", async () => {
    const admin = await createUserWithToken(handle.db, { userType: "admin" });
    const outcomesSeen = new Set<string>();
    let utr = 500000000000;
    // Rounds until both sides have won some orders (one round nearly always does): the race is run, not one side alone.
    for (let round = 0; round < 5 && outcomesSeen.size < 2; round++) {
      const productId = await insertProduct(handle.db, {
        variants: [{ size: "M", quantity: 100, mrp: 1000, discount: 20 }],
      });
      const placed = await placeUnpaid([productId], 24);
      const byId = placed.map((o) => o.id).sort();
      const goFile = path.join(tempDir(), "go");
      // The sweep goes through the orders by id, one per transaction; the payments start from the other end.
      const sweeper = await ready("sweep", goFile, { NOW_MS: String(clock + windowMs + 1000), BATCH: "1" });
      const payer = await ready("pay", goFile, {
        NOW_MS: String(clock),
        ORDER_IDS: JSON.stringify(byId.slice().reverse()),
        ADMIN_ID: admin.id,
        UTR_BASE: String(utr),
      });
      utr += 100;
      fs.writeFileSync(goFile, "");
      const [swept, paid] = [await resultOf(sweeper), await resultOf(payer)];

      const outcomes: Record<string, string> = paid.outcomes;
      const paidIds = byId.filter((id) => outcomes[id] === "paid");
      for (const id of byId) expect(["paid", "late"]).toContain(outcomes[id]);
      expect(swept.expired + paidIds.length).toBe(byId.length);
      const rows = await handle.db.select().from(orders).where(inArray(orders.id, byId));
      for (const row of rows) {
        if (paidIds.includes(row.id)) expect(row).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
        // Expired first, then paid: the money is recorded, and owed back.
        else
          expect(row).toMatchObject({
            status: "cancelled",
            paymentStatus: "refundPending",
            notes: [expect.objectContaining({ kind: "paidAfterCancellation" })],
          });
      }
      const unitsPaid = placed.filter((o) => paidIds.includes(o.id)).reduce((sum, o) => sum + o.qty, 0);
      expect(await stockOf(productId)).toBe(100 - unitsPaid);
      if (paidIds.length > 0) outcomesSeen.add("paid");
      if (swept.expired > 0) outcomesSeen.add("expired");
    }
    expect([...outcomesSeen].sort()).toEqual(["expired", "paid"]);
  }, 300_000);
});
