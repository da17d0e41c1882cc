import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import { openPostgresTestPool } from "./db";

/** The project's migrations folder (drizzle-kit's SQL files and journal). */
const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), "../api/db/migrations");

/** A copy of the migrations folder that stops before migration `idx`, in the system's temporary folder. */
function migrationsBefore(idx: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `migrations-before-${idx}-`));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8"));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < idx);
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries as { tag: string }[])
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

/**
 * A shop of the release before migration `idx`, upgraded: a database of its own on the test run's
 * PostgreSQL server is migrated up to `idx`, given `oldData` (SQL written as that release would
 * have), then migrated to the newest and handed to `check`. Dropped afterwards.
 */
export async function upgradedShop(
  idx: number,
  oldData: string | ((pool: pg.Pool) => Promise<unknown>),
  check: (pool: pg.Pool) => Promise<void>,
): Promise<void> {
  const before = migrationsBefore(idx);
  try {
    const { pool, drop } = await openPostgresTestPool();
    try {
      await migrate(drizzle(pool), { migrationsFolder: before });
      await (typeof oldData === "string" ? pool.query(oldData) : oldData(pool));
      await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS });
      await check(pool);
    } finally {
      await drop();
    }
  } finally {
    fs.rmSync(before, { recursive: true, force: true });
  }
}
