/**
 * `npm run db:upgrade`: moves the shop's PGlite database (DATA_DIR/pglite, the default of earlier
 * releases) into PostgreSQL, once: the server of DATABASE_URL when it is set, else the embedded
 * server of DATA_DIR (api/db/connect.ts). The target must hold no shop data yet; everything is
 * copied in one transaction (api/db/pglite-upgrade.ts), so a failure leaves it as it was. On
 * success DATA_DIR/pglite is renamed to DATA_DIR/pglite-upgraded-<date>, kept, and no longer read.
 * Stop the shop first. One line per table, a closing line; on failure one line and exit code 1.
 */
import fs from "node:fs";
import path from "node:path";
import { readEnv } from "../config";
import { openShopDatabase, type ShopDatabaseHandle } from "./connect";
import { upgradeFromPglite } from "./pglite-upgrade";

/** DATA_DIR/pglite-upgraded-2025-03-01, or …-2025-03-01-2 when that is taken. */
function keptName(dataDir: string, now: Date): string {
  const base = path.join(dataDir, `pglite-upgraded-${now.toISOString().slice(0, 10)}`);
  let name = base;
  for (let n = 2; fs.existsSync(name); n++) name = `${base}-${n}`;
  return name;
}

async function main(): Promise<number> {
  let env: ReturnType<typeof readEnv>;
  try {
    env = readEnv();
  } catch (error) {
    console.error(`db:upgrade: ${(error as Error).message}`);
    return 1;
  }
  const pgliteDir = path.resolve(env.DATA_DIR, "pglite");
  if (!fs.existsSync(pgliteDir)) {
    console.error(`db:upgrade: there is no PGlite database in ${pgliteDir}: nothing to upgrade.`);
    return 1;
  }

  const started = performance.now();
  let handle: ShopDatabaseHandle | undefined;
  let result: Awaited<ReturnType<typeof upgradeFromPglite>>;
  try {
    // Opening migrates the target; the embedded server is started over DATA_DIR's PGlite data,
    // which it otherwise refuses (it asks for this very command).
    handle = await openShopDatabase(env, { allowPgliteData: true, log: (line) => console.log(line) });
    const where = handle.embedded ? `the embedded PostgreSQL of ${env.DATA_DIR}` : "PostgreSQL (DATABASE_URL)";
    console.log(`Moving ${pgliteDir} into ${where}…`);
    // The copy uses a connection of its own; this process's pool has nothing to do meanwhile.
    await handle.closePool();
    result = await upgradeFromPglite({ pgliteDir, databaseUrl: handle.url, log: (line) => console.log(line) });
  } catch (error) {
    console.error(`db:upgrade: failed, nothing was copied: ${(error as Error).message}`);
    return 1;
  } finally {
    await handle?.close().catch(() => {});
  }

  for (const table of result.tables) console.log(`${table.name}: ${table.rows} ${table.rows === 1 ? "row" : "rows"}`);
  const kept = keptName(path.resolve(env.DATA_DIR), new Date());
  try {
    fs.renameSync(pgliteDir, kept);
  } catch (error) {
    console.error(
      `db:upgrade: the data was copied, but ${pgliteDir} could not be renamed (${(error as Error).message}): ` +
        "move it out of DATA_DIR yourself before starting the shop.",
    );
    return 1;
  }
  const rows = result.tables.reduce((sum, table) => sum + table.rows, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Upgraded: ${rows} rows in ${result.tables.length} tables in ${seconds} s; the PGlite data is kept in ${kept}.`,
  );
  return 0;
}

process.exitCode = await main();
