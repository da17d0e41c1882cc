/**
 * `npm run catalogue -- export [FILE]` and `npm run catalogue -- import FILE`: the catalogue as
 * CSV, with the same code as GET /userapp/admin/catalogue/export and POST …/import
 * (api/lib/catalogue/catalogue-csv.ts; docs/scripts.md). It opens the configured database as the seed
 * does (DATA_DIR or DATABASE_URL). One line per outcome; a refused file lists its first 100
 * errors by line and field, and how many more there are; any error exits 1.
 */
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { readEnv } from "./config";
import type { DatabaseHandle } from "./db/client";
import { openShopDatabase } from "./db/connect";
import { exportCatalogueCsv, MAX_CSV_BYTES } from "./lib/catalogue/catalogue-csv";
import { type ImportError, ImportRefused } from "./lib/catalogue/catalogue-import-rows";
import { importCatalogueCsv } from "./lib/catalogue/catalogue-import";
import { ApiError } from "./lib/http/http";

const USAGE = `Usage: npm run catalogue -- export [FILE]   write the catalogue as CSV to FILE, or to the standard output
       npm run catalogue -- import FILE     apply a CSV file (every row checked first; all of it or nothing)`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

async function exportTo(handle: DatabaseHandle, file: string | undefined): Promise<void> {
  const counts = { products: 0, variants: 0 };
  const csv = Readable.from(exportCatalogueCsv(handle.db, counts));
  await pipeline(csv, file === undefined ? process.stdout : fs.createWriteStream(file));
  // On the standard error when the CSV is on the standard output, so the file stays clean.
  const line = `Exported ${plural(counts.products, "product", "products")} (${plural(counts.variants, "size", "sizes")}) to ${file ?? "the standard output"}.`;
  if (file === undefined) console.error(line);
  else console.log(line);
}

async function importFrom(handle: DatabaseHandle, file: string): Promise<number> {
  const size = fs.statSync(file).size;
  if (size > MAX_CSV_BYTES) {
    console.error(
      `catalogue: ${file} is ${size} bytes; a file may have at most ${MAX_CSV_BYTES} (5 MB): import it in parts.`,
    );
    return 1;
  }
  try {
    const result = await importCatalogueCsv(
      { db: handle.db, now: () => new Date() },
      null,
      fs.readFileSync(file),
      "cli",
    );
    console.log(
      `Imported ${file}: ${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged (${plural(result.variants, "size", "sizes")} written).`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.error(`catalogue: ${file}: ${error.message}`);
    if (Array.isArray(error.data)) {
      const listed = error.data as ImportError[];
      for (const { line, field, message } of listed) console.error(`  line ${line}, ${field}: ${message}`);
      const count = error instanceof ImportRefused ? error.errorCount : listed.length;
      if (count > listed.length)
        console.error(`  and ${plural(count - listed.length, "more error", "more errors")} (${count} in all)`);
    }
    return 1;
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  if (command === "--help" || command === "-h") {
    console.log(USAGE);
    return 0;
  }
  const valid =
    rest.length === 0 &&
    ((command === "export" && file !== "") || (command === "import" && file !== undefined && file !== ""));
  if (!valid) {
    console.error(
      `catalogue: ${command === undefined ? "say export or import" : `unexpected arguments: ${argv.join(" ")}`}\n${USAGE}`,
    );
    return 1;
  }
  if (command === "import" && !fs.existsSync(file!)) {
    console.error(`catalogue: no such file: ${file}`);
    return 1;
  }

  let handle: DatabaseHandle;
  try {
    const env = readEnv();
    handle = await openShopDatabase(env);
  } catch (error) {
    // A bad DATABASE_URL or a DATA_DIR the server cannot use: the message says what to do.
    console.error(`catalogue: ${(error as Error).message}`);
    return 1;
  }
  try {
    if (command === "export") {
      await exportTo(handle, file);
      return 0;
    }
    return await importFrom(handle, file!);
  } catch (error) {
    console.error(`catalogue: ${command} failed:`, error);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
