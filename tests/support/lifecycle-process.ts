/**
 * One process of tests/unit/expiry-processes.test.ts's races: a process of its own, with its own
 * connection pool, as a second server worker is. It opens DATABASE_URL, prints "ready", waits for
 * GO_FILE to exist (so that both processes start together), then either sweeps (ROLE=sweep: two
 * `expireOverdueOrders` at once, BATCH orders per transaction) or pays (ROLE=pay: every order of
 * ORDER_IDS at once, as ADMIN_ID with UTRs from UTR_BASE), on the clock NOW_MS, and prints
 * "result " and a JSON line.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../api/db/client";
import { changeOrder } from "../../api/lib/orders/order-changes";
import { expireOverdueOrders } from "../../api/lib/payments/payment-sweeper";
import { shopIdentity } from "../../api/config";

/** The shop as its messages name it (the order events record them). */
const shop = shopIdentity({}, "http://localhost:3000");

const env = process.env;
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL!, skipMigrations: true, poolSize: 6 });
const now = () => new Date(Number(env.NOW_MS));
// Open the pool's connections before the start, so that neither side begins with a connect.
await Promise.all(Array.from({ length: 4 }, () => handle.db.execute(sql`select 1`)));
console.log("ready");
while (!fs.existsSync(env.GO_FILE!)) await new Promise((resolve) => setTimeout(resolve, 1));

if (env.ROLE === "sweep") {
  const batch = Number(env.BATCH ?? 5);
  const counts = await Promise.all([
    expireOverdueOrders({ db: handle.db, shop, now }, batch),
    expireOverdueOrders({ db: handle.db, shop, now }, batch),
  ]);
  console.log(`result ${JSON.stringify({ expired: counts[0] + counts[1] })}`);
} else {
  const ids: string[] = JSON.parse(env.ORDER_IDS!);
  let utr = Number(env.UTR_BASE);
  const outcomes = await Promise.all(
    ids.map((orderId) =>
      changeOrder(
        { db: handle.db, shop, now },
        { orderId, actorId: env.ADMIN_ID, event: { type: "pay", utr: String(utr++) } },
      ).then(
        // Paid within the window, or after the sweep expired it (recorded as paid late).
        (row) => (row.status === "confirmed" ? "paid" : "late"),
        (error: Error) => error.message,
      ),
    ),
  );
  console.log(`result ${JSON.stringify({ outcomes: Object.fromEntries(ids.map((id, i) => [id, outcomes[i]])) })}`);
}
await handle.close();
