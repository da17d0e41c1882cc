/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE [--force]` (api/db/backup.ts):
 * a backup of the embedded database while the shop runs, and a shop made from one in DATA_DIR.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { backupEmbedded, refuseExternal, restoreEmbedded } from "./backup";
import { EmbeddedPostgresError } from "./embedded-error";

const restore = process.argv.includes("--restore");
const USAGE = restore
  ? `Usage: npm run db:restore -- FILE [--force]
  Makes DATA_DIR's database from FILE (a backup of npm run db:backup). DATA_DIR must hold no
  database, unless --force: its database is then replaced by the backup's. No shop may run on it.`
  : `Usage: npm run db:backup -- FILE
  Writes a consistent backup of DATA_DIR's embedded database to FILE (readable by you only),
  while the shop runs.`;

try {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== "--restore"),
    options: { force: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals.length !== 1 || (values.force && !restore)) {
    console.error(USAGE);
    process.exit(2);
  }
  const file = path.resolve(positionals[0]);
  const dataDir = process.env.DATA_DIR || "./data";
  refuseExternal(process.env.DATABASE_URL, restore ? "restore" : "back up");
  const started = Date.now();
  if (restore) {
    await restoreEmbedded(dataDir, file, { force: values.force, log: (line) => console.log(line) });
    console.log(`Restored ${file} into ${path.resolve(dataDir)} in ${Date.now() - started} ms: start the shop on it.`);
  } else {
    const { files, bytes } = await backupEmbedded(dataDir, file);
    console.log(
      `Backed up the database of ${path.resolve(dataDir)} to ${file} (${files} files, ${(bytes / 1024 / 1024).toFixed(1)} MB) in ${Date.now() - started} ms.`,
    );
  }
  process.exit(0);
} catch (error) {
  const known =
    error instanceof EmbeddedPostgresError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
  console.error(known ? (error as Error).message : error);
  process.exit(1);
}
