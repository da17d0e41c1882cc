import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createUserapp } from "../../api/app";
import { openDatabase } from "../../api/db/client";
import { readPglite, upgradeFromPglite } from "../../api/db/pglite-upgrade";
import { issueToken } from "../../api/lib/accounts/auth";
import { defaultDeps } from "../../api/lib/context";
import { changeOrder } from "../../api/lib/orders/order-changes";
import { createPostgresTestDatabase } from "../db";
import { confirmCod } from "./helpers";

// `npm run db:upgrade` (api/db/upgrade-cli.ts, api/db/pglite-upgrade.ts): the PGlite data
// directory of the last PGlite release (tests/fixtures/pglite-v1.tar.gz, made by
// tests/fixtures/make-pglite-v1.ts) moved into a new database of the server of DATABASE_URL.

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl)
  throw new Error("tests/api/pglite-upgrade.test.ts needs DATABASE_URL: a server where it may CREATE DATABASE");

const root = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-upgrade-"));
const dropped: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of dropped) await drop();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A fresh copy of the fixture: DATA_DIR with its pglite folder. */
function unpackFixture(name: string): string {
  const dataDir = path.join(root, name);
  fs.mkdirSync(dataDir);
  execFileSync("tar", ["-xzf", path.resolve("tests/fixtures/pglite-v1.tar.gz"), "-C", dataDir]);
  return dataDir;
}

/** A new database on the server, migrated as the shop migrates it, dropped after the file. */
async function migratedDatabase(): Promise<string> {
  const database = await createPostgresTestDatabase(serverUrl!);
  dropped.push(database.drop);
  const handle = await openDatabase({ databaseUrl: database.url });
  await handle.close();
  return database.url;
}

type Query = <Row>(text: string, params?: unknown[]) => Promise<Row[]>;

/** Runs `read` on one connection to `url`, with the upgrade's text settings (UTC, ISO dates, hex bytea). */
async function readTarget<T>(url: string, read: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET extra_float_digits = 1; SET bytea_output = 'hex'",
    );
    return await read(async (text, params) => (await client.query(text, params)).rows);
  } finally {
    await client.end();
  }
}

/**
 * Every table of schema public: its row count and an md5 of its rows' text, sorted (the whole
 * row's text, so every column and value counts, bytea and jsonb included); and every sequence's state.
 */
async function snapshot(query: Query) {
  const tables = await query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const rows: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of tables) {
    const [row] = await query<{ rows: number; md5: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5 FROM public."${name}" t`,
    );
    rows[name] = row;
  }
  const sequences: Record<string, string> = {};
  for (const { name } of await query<{ name: string }>(
    "SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1",
  )) {
    const [row] = await query<{ state: string }>(
      `SELECT last_value || ' ' || is_called AS state FROM public."${name}"`,
    );
    sequences[name] = row.state;
  }
  return { rows, sequences };
}

/**
 * Tables of the target holding rows: a migrated database has catalogue_version's one row and the
 * couriers migration 0019 lists.
 */
async function filledTables(url: string) {
  const { rows } = await readTarget(url, snapshot);
  return Object.entries(rows)
    .filter(([, table]) => table.rows > 0)
    .map(([name]) => name);
}

describe("upgrading a PGlite shop to PostgreSQL", () => {
  const dataDir = unpackFixture("shop");
  const pgliteDir = path.join(dataDir, "pglite");
  let target: string;

  it("copies every row of every table, exactly, and every sequence's position", { timeout: 120_000 }, async () => {
    target = await migratedDatabase();
    const lines: string[] = [];
    const result = await upgradeFromPglite({ pgliteDir, databaseUrl: target, log: (line) => lines.push(line) });
    const source = await readPglite(pgliteDir, snapshot);
    const copied = await readTarget(target, snapshot);

    expect(copied).toEqual(source);
    // The fixture fills every table, so that none is copied empty by mistake; but those that
    // came after PGlite (no PGlite shop had any): messages, account links, webhooks, credit notes,
    // the platform fee's invoices, reviews, their photos, removals and uploads under way, and
    // promotions with their codes, cart codes and uses, and the dashboard's roll-up and dirty days.
    const tables = Object.keys(source.rows);
    expect(tables).toHaveLength(38);
    const afterPglite = [
      "messages",
      "account_tokens",
      "webhook_endpoints",
      "webhook_deliveries",
      "credit_notes",
      "fee_invoices",
      "reviews",
      "review_votes",
      "review_reports",
      "review_media",
      "review_removals",
      "review_photo_uploads",
      "promotions",
      "promotion_codes",
      "cart_promotions",
      "promotion_redemptions",
      "dashboard_days",
      "dashboard_dirty_days",
    ];
    for (const table of tables.filter((name) => !afterPglite.includes(name)))
      expect(source.rows[table].rows, table).toBeGreaterThan(0);
    for (const table of afterPglite) expect(source.rows[table].rows, table).toBe(0);
    expect(Object.fromEntries(result.tables.map((t) => [t.name, t.rows]))).toEqual(
      Object.fromEntries(tables.map((name) => [name, source.rows[name].rows])),
    );
    expect(Object.keys(source.sequences)).toEqual([
      "audit_log_id_seq",
      "credit_notes_id_seq",
      "dashboard_dirty_days_id_seq",
      "order_number_seq",
      "search_terms_id_seq",
    ]);
    expect(lines).toContain("Copying product_media…");
  });

  it("leaves the triggers on and the values typed as they were", async () => {
    const [state] = await readTarget(target, (query) =>
      query<{ disabled: number; photo: string; terms: string; reason: string }>(
        `SELECT (SELECT count(*)::int FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
                 WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal AND t.tgenabled = 'D') AS disabled,
                (SELECT encode(substr(bytes, 1, 4), 'escape') || substr(encode(bytes, 'hex'), 17, 8) FROM product_media LIMIT 1) AS photo,
                (SELECT pg_typeof(terms)::text FROM product_listing LIMIT 1) AS terms,
                (SELECT return_reason FROM orders WHERE return_reason IS NOT NULL) AS reason`,
      ),
    );
    // RIFF....WEBP: the photo's bytes, not their text.
    expect(state).toEqual({
      disabled: 0,
      photo: "RIFF57454250",
      terms: "integer[]",
      reason: "Größe passt nicht — too small",
    });
    const [user] = await readTarget(target, (query) =>
      query<{ name: string; hash: string }>(
        "SELECT name, password_hash AS hash FROM users WHERE email = 'anais@example.test'",
      ),
    );
    expect(user).toEqual({ name: "Anaïs Ñúñez — अनीता 😀", hash: expect.stringMatching(/^\$argon2id\$/) });
  });

  it("goes on where PGlite stopped: the next invoice, audit entry and search term", { timeout: 60_000 }, async () => {
    const onTarget = (text: string, params?: unknown[]) => readTarget(target, (query) => query<any>(text, params));
    const handle = await openDatabase({ databaseUrl: target });
    try {
      // The fixture's shop, a day later (still the financial year of its invoices).
      const now = () => new Date("2025-03-02T05:00:00Z");
      const app = createUserapp({ db: handle.db, now });
      const before = await onTarget(
        `SELECT p.merchant_id, c.financial_year, c.last_serial, p.id AS product_id, v.size,
                (SELECT max(id) FROM audit_log) AS audit_id, (SELECT max(id) FROM search_terms) AS term_id,
                (SELECT id FROM users WHERE email = 'asha.rao@example.test') AS user_id,
                (SELECT password_hash FROM users WHERE email = 'asha.rao@example.test') AS password_hash
         FROM document_counters c
         JOIN products p ON c.series = 'invoice:' || p.merchant_id AND NOT p.hidden
         JOIN variants v ON v.product_id = p.id AND v.quantity > 0
         ORDER BY c.last_serial DESC, p.id, v.size LIMIT 1`,
      );
      const [expected] = before;
      const token = await issueToken(defaultDeps(handle.db), expected.user_id, expected.password_hash);
      const response = await app.request("/userapp/order/create", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          products: [{ productId: expected.product_id, size: expected.size, qty: 1 }],
          address: null,
        }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const orderId = ((await response.json()) as any).data._id;
      // Its invoice is issued as it ships (Cash on Delivery: once its shopper confirms it).
      await confirmCod(handle.db, orderId, now());
      await changeOrder({ ...defaultDeps(handle.db), now }, { orderId, event: { type: "ship" } });

      const rows = await onTarget(`SELECT serial, number FROM invoices WHERE order_id = $1 AND merchant_id = $2`, [
        orderId,
        expected.merchant_id,
      ]);
      expect(rows).toEqual([
        {
          serial: expected.last_serial + 1,
          number: `${expected.financial_year}/${String(expected.last_serial + 1).padStart(6, "0")}`,
        },
      ]);
      const ids = await onTarget(
        `WITH a AS (INSERT INTO audit_log (action, entity, entity_id) VALUES ('test', 'test', 'x') RETURNING id),
              s AS (INSERT INTO search_terms (kind, term) VALUES ('word', 'upgradedterm') RETURNING id)
         SELECT (SELECT id FROM a) AS audit_id, (SELECT id FROM s) AS term_id`,
      );
      expect(ids).toEqual([{ audit_id: expected.audit_id + 1, term_id: expected.term_id + 1 }]);
    } finally {
      await handle.close();
    }
  });

  it("refuses a target that holds a shop already, and changes nothing there", { timeout: 60_000 }, async () => {
    const before = await readTarget(target, snapshot);
    await expect(upgradeFromPglite({ pgliteDir, databaseUrl: target })).rejects.toThrow(
      /^The target database is not empty \(.*orders.*\): the upgrade copies a shop into a new database only/,
    );
    expect(await readTarget(target, snapshot)).toEqual(before);
  });
});

describe("a failed upgrade leaves the target empty", () => {
  it("refuses a folder that is not a PGlite database", { timeout: 60_000 }, async () => {
    const target = await migratedDatabase();
    const notPglite = path.join(root, "not-pglite", "pglite");
    fs.mkdirSync(notPglite, { recursive: true });
    fs.writeFileSync(path.join(notPglite, "notes.txt"), "not a database");
    await expect(upgradeFromPglite({ pgliteDir: notPglite, databaseUrl: target })).rejects.toThrow(
      `${notPglite} is not a PGlite data directory (it has no PG_VERSION file).`,
    );
    await expect(upgradeFromPglite({ pgliteDir: path.join(root, "nowhere"), databaseUrl: target })).rejects.toThrow(
      /^There is no PGlite database in /,
    );

    // A PGlite folder whose files are broken: the catalogs cannot be read.
    const broken = path.join(unpackFixture("broken"), "pglite");
    fs.rmSync(path.join(broken, "global"), { recursive: true });
    await expect(upgradeFromPglite({ pgliteDir: broken, databaseUrl: target })).rejects.toThrow(
      /^Cannot open the PGlite database in /,
    );
    expect(await filledTables(target)).toEqual(["catalogue_version", "couriers"]);
  });

  it("rolls everything back when a table fails half-way through the copy", { timeout: 120_000 }, async () => {
    const target = await migratedDatabase();
    // A rule the target holds and PGlite's rows break: orders come after users, products and more.
    await readTarget(target, (query) =>
      query(`ALTER TABLE orders ADD CONSTRAINT upgrade_test_refuses CHECK (payment_method = 'none') NOT VALID`),
    );
    const pgliteDir = path.join(unpackFixture("half-way"), "pglite");
    await expect(upgradeFromPglite({ pgliteDir, databaseUrl: target })).rejects.toThrow(
      /^Copying orders failed: new row for relation "orders" violates check constraint "upgrade_test_refuses"/,
    );
    expect(await filledTables(target)).toEqual(["catalogue_version", "couriers"]);
    const [state] = await readTarget(target, (query) =>
      query<{ disabled: number; version: number }>(
        `SELECT (SELECT count(*)::int FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D') AS disabled,
                (SELECT version FROM catalogue_version) AS version`,
      ),
    );
    expect(state).toEqual({ disabled: 0, version: 0 });
  });
});

describe("npm run db:upgrade", () => {
  const run = promisify(execFile);
  const cli = (dataDir: string, databaseUrl: string) =>
    run(process.execPath, ["--import", "tsx", "api/db/upgrade-cli.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it("moves the shop, prints a line per table, and keeps the PGlite folder aside", { timeout: 120_000 }, async () => {
    const target = await migratedDatabase();
    const dataDir = unpackFixture("cli");
    const { code, stdout, stderr } = await cli(dataDir, target);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain("orders: 4 rows\n");
    expect(stdout).toContain("product_media: 2 rows\n");
    expect(stdout).toMatch(
      /\nUpgraded: \d+ rows in 38 tables in [\d.]+ s; the PGlite data is kept in .*pglite-upgraded-\d{4}-\d\d-\d\d\.\n$/,
    );
    const kept = fs.readdirSync(dataDir).filter((name) => name.startsWith("pglite"));
    expect(kept).toEqual([expect.stringMatching(/^pglite-upgraded-\d{4}-\d\d-\d\d$/)]);

    // Run again: there is nothing left to upgrade.
    const again = await cli(dataDir, target);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      `db:upgrade: there is no PGlite database in ${path.join(dataDir, "pglite")}: nothing to upgrade.\n`,
    );
  });

  it(
    "fails with one line and exit code 1, and copies nothing, when the folder is not PGlite",
    { timeout: 120_000 },
    async () => {
      const target = await migratedDatabase();
      const dataDir = path.join(root, "cli-not-pglite");
      fs.mkdirSync(path.join(dataDir, "pglite"), { recursive: true });
      const { code, stdout, stderr } = await cli(dataDir, target);
      expect(code).toBe(1);
      expect(stderr).toBe(
        `db:upgrade: failed, nothing was copied: ${path.join(dataDir, "pglite")} is not a PGlite data directory (it has no PG_VERSION file).\n`,
      );
      expect(stdout).not.toContain("Upgraded");
      expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(true);
      expect(await filledTables(target)).toEqual(["catalogue_version", "couriers"]);
    },
  );
});
