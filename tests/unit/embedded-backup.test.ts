/**
 * Backups of the embedded database while the shop runs (api/db/backup.ts), with real processes:
 * orders keep coming while `npm run db:backup` runs; the backup, restored into a new folder by
 * `npm run db:restore`, holds every order acknowledged before it began, and its money adds up.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../api/db/client";
import { openShopDatabase } from "../../api/db/connect";
import { variants } from "../../api/db/schema";
import { createUserWithToken, insertProduct, testAddresses } from "../api/helpers";
import { type Started, dataDirWithCluster, exitWithin, freePortsIn, start, tempDir } from "../processes";

/** The ports these tests may listen on. */
const PORTS = Array.from({ length: 4 }, (_, i) => 3631 + i);
const STOCK = 400;

function cli(args: string[], env: Record<string, string>): Started {
  return start(process.execPath, ["--import", "tsx", "api/db/backup-cli.ts", ...args], env);
}

/** What a restored shop must hold: its orders, and money and stock that add up. */
async function audit(dataDir: string, productId: string) {
  const handle = await openShopDatabase({ DATA_DIR: dataDir });
  try {
    const orders = rowsOf<{ id: string; wrong: boolean }>(
      await handle.db.execute(sql`
        select o.id, o.items_amount <> coalesce(sum(i.cost * i.qty), -1)
                 or o.total_amount <> o.items_amount + o.platform_fee as "wrong"
        from orders o left join order_items i on i.order_id = o.id
        group by o.id`),
    );
    const [ordered] = rowsOf<{ qty: number }>(
      await handle.db.execute(sql`select coalesce(sum(qty), 0)::int as "qty" from order_items`),
    );
    const [variant] = await handle.db.select().from(variants).where(eq(variants.productId, productId));
    return {
      ids: orders.map((order) => order.id),
      wrongMoney: orders.filter((order) => order.wrong).map((order) => order.id),
      stockAccountedFor: variant.quantity + ordered.qty,
    };
  } finally {
    await handle.close();
  }
}

describe("npm run db:backup and db:restore", () => {
  it("a backup taken while orders keep coming, restored into a new folder, holds every order acknowledged before it, consistently", async () => {
    const dataDir = dataDirWithCluster();
    const [port] = await freePortsIn(PORTS, 1);
    const shop = start(process.execPath, ["--import", "tsx", "api/main.ts"], {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "1",
      SESSION_SECRET: "backup-test",
    });
    await shop.waitFor("The /userapp API is listening", 90_000);
    const handle = await openShopDatabase({ DATA_DIR: dataDir });
    const product = await insertProduct(handle.db, {
      variants: [{ size: "M", quantity: STOCK, mrp: 1200, discount: 10 }],
    });
    const order = async () => {
      const user = await createUserWithToken(handle.db);
      const placed = await fetch(`http://127.0.0.1:${port}/userapp/order/create`, {
        method: "POST",
        headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
        body: JSON.stringify({
          productId: product,
          size: "M",
          quantity: 2,
          paymentMethod: "cod",
          address: testAddresses.home,
        }),
      });
      expect(placed.status).toBe(201);
      return ((await placed.json()) as { data: { id: string } }).data.id;
    };

    const before: string[] = [];
    for (let i = 0; i < 5; i++) before.push(await order());
    // Orders keep coming while the backup runs.
    let ordering = true;
    const during: string[] = [];
    const orderer = (async () => {
      while (ordering) during.push(await order());
    })();
    const file = path.join(tempDir(), "shop.backup.tar.gz");
    const backup = cli([file], { DATA_DIR: dataDir });
    try {
      expect(await exitWithin(backup, 60_000)).toBe(0);
    } finally {
      ordering = false;
      await orderer;
    }
    expect(backup.stdout()).toMatch(/Backed up the database of .* to .*shop\.backup\.tar\.gz \(\d+ files/);
    expect(during.length).toBeGreaterThan(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    await handle.close();

    // A new folder: a shop of its own, while the first still runs.
    const restoredDir = path.join(tempDir(), "restored");
    const restore = cli(["--restore", file], { DATA_DIR: restoredDir });
    expect(await exitWithin(restore, 60_000)).toBe(0);
    const restored = await audit(restoredDir, product);
    expect(restored.ids).toEqual(expect.arrayContaining(before));
    // What the backup holds is one moment: each order whole, the stock it took accounted for.
    expect(restored.ids.every((id) => before.includes(id) || during.includes(id))).toBe(true);
    expect(restored.wrongMoney).toEqual([]);
    expect(restored.stockAccountedFor).toBe(STOCK);
    expect(fs.statSync(path.join(restoredDir, "postgres.secret")).mode & 0o077).toBe(0);

    // The original is unharmed, and every order there too.
    const original = await audit(dataDir, product);
    expect(original.ids.sort()).toEqual([...before, ...during].sort());
    expect(original.stockAccountedFor).toBe(STOCK);

    // A folder that holds a shop: refused without --force, and always while a shop runs on it.
    const again = cli(["--restore", file], { DATA_DIR: restoredDir });
    expect(await exitWithin(again, 30_000)).toBe(1);
    expect(again.stderr().trim()).toBe(
      `${restoredDir} holds a shop's database already: restore into an empty DATA_DIR, or add --force to replace that database with the backup's.`,
    );
    const overRunning = cli(["--restore", file, "--force"], { DATA_DIR: dataDir });
    expect(await exitWithin(overRunning, 30_000)).toBe(1);
    expect(overRunning.stderr().trim()).toBe(
      `${dataDir} is the DATA_DIR of the shop running as pid ${shop.pid}: stop that shop first, or set DATA_DIR to another folder.`,
    );
    const forced = cli(["--restore", file, "--force"], { DATA_DIR: restoredDir });
    expect(await exitWithin(forced, 60_000)).toBe(0);
    expect((await audit(restoredDir, product)).ids.sort()).toEqual(restored.ids.sort());
  }, 180_000);

  it("with DATABASE_URL both say to use that server's own tools", async () => {
    const env = { DATABASE_URL: "postgresql://shop@db.example.test/shop" };
    const backup = cli(["/tmp/never-written.tar.gz"], env);
    const restore = cli(["--restore", __filename], env);
    expect([await exitWithin(backup, 30_000), await exitWithin(restore, 30_000)]).toEqual([1, 1]);
    expect(backup.stderr().trim()).toBe(
      "DATABASE_URL is set: the database is that server's, so back it up with its own tools (pg_dump and pg_restore of its version, or your provider's backups).",
    );
    expect(restore.stderr().trim()).toBe(
      "DATABASE_URL is set: the database is that server's, so restore it with its own tools (pg_dump and pg_restore of its version, or your provider's backups).",
    );
    expect(fs.existsSync("/tmp/never-written.tar.gz")).toBe(false);
  }, 60_000);
});
