/**
 * `npm run catalogue -- export [FILE]` and `npm run catalogue -- import FILE` (api/catalogue-cli.ts),
 * spawned for real against a database in a temporary DATA_DIR. Each process runs in its own
 * process group and is killed (SIGKILL to the group) when its test ends, whatever happened;
 * every wait is bounded.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { openShopDatabase } from "../../api/db/connect";
import { auditLog } from "../../api/db/schema";
import { loadProducts } from "../../api/lib/catalogue/catalogue";
import { insertMerchant, insertProduct } from "../api/helpers";
import { copyClusterTemplate } from "../cluster-template";

const root = path.resolve(import.meta.dirname, "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-catalogue-cli-"));
// Open to the database server's user (as root, "postgres").
fs.chmodSync(dir, 0o755);
// DATA_DIR, with the run's initialised cluster in it (tests/cluster-template.ts): no initdb here.
fs.mkdirSync(path.join(dir, "data"), { mode: 0o755 });
copyClusterTemplate(path.join(dir, "data"));
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  running.clear();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the command to its end (at most 90 s): its exit code and what it printed. */
function catalogue(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string[] }> {
  const env: NodeJS.ProcessEnv = {};
  // Without what the test runner or this shell set (a DATABASE_URL would point it elsewhere).
  for (const [name, value] of Object.entries(process.env))
    if (!/^(VITEST|NODE_ENV|DATABASE_URL|DATA_DIR)/.test(name)) env[name] = value;
  // Straight to node, as the npm script does, without npm's own start-up.
  const child = spawn(process.execPath, ["--import", "tsx", "api/catalogue-cli.ts", ...args], {
    cwd: root,
    env: { ...env, DATA_DIR: path.join(dir, "data") },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Still running after 90 s:\n${stdout}${stderr}`)), 90_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr: stderr.split("\n").filter((line) => line.trim() !== "") });
    });
  });
}

async function withDatabase<T>(
  use: (db: Awaited<ReturnType<typeof openShopDatabase>>["db"]) => Promise<T>,
): Promise<T> {
  const handle = await openShopDatabase({ DATA_DIR: path.join(dir, "data") });
  try {
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

const productId = await withDatabase(async (db) => {
  const merchantId = await insertMerchant(db);
  return insertProduct(db, {
    merchantId,
    shortTitle: "Chai Glass, set of 6",
    variants: [
      { size: "small", quantity: 10, mrp: 499, discount: 10 },
      { size: "large", quantity: 2, mrp: 699, discount: 0 },
    ],
  });
});
const file = (name: string) => path.join(dir, name);

describe("npm run catalogue", () => {
  it("prints its usage and exits 1 without a command it knows, or for a file that is not there", async () => {
    for (const args of [[], ["import"], ["publish", "x.csv"], ["export", "a.csv", "b.csv"]]) {
      const answer = await catalogue(...args);
      expect(answer.code, args.join(" ")).toBe(1);
      expect(answer.stderr[1]).toMatch(/^Usage: npm run catalogue -- export \[FILE\]/);
    }
    const missing = await catalogue("import", file("nowhere.csv"));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toEqual([`catalogue: no such file: ${file("nowhere.csv")}`]);
  }, 60_000);

  it("exports to the standard output or a file, and imports the file back without a change", async () => {
    const out = await catalogue("export");
    expect(out.code).toBe(0);
    expect(out.stdout.split("\r\n")[0]).toMatch(/^\uFEFFproductId,key,shortTitle,/);
    expect(out.stdout).toContain(`${productId},,"Chai Glass, set of 6",`);
    expect(out.stderr).toEqual(["Exported 1 product (2 sizes) to the standard output."]);

    const saved = await catalogue("export", file("catalogue.csv"));
    expect(saved.code).toBe(0);
    expect(fs.readFileSync(file("catalogue.csv"), "utf8")).toBe(out.stdout);

    const again = await catalogue("import", file("catalogue.csv"));
    expect(again.stderr).toEqual([]);
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe(
      `Imported ${file("catalogue.csv")}: 0 created, 0 updated, 1 unchanged (0 sizes written).`,
    );
  }, 180_000);

  it("applies an edited file, and refuses a bad one listing its rows, changing nothing", async () => {
    const csv = fs.readFileSync(file("catalogue.csv"), "utf8");
    fs.writeFileSync(file("edited.csv"), csv.replace(",small,499,10,10,449", ",small,599,10,8,539"));
    const edited = await catalogue("import", file("edited.csv"));
    expect(edited.code).toBe(0);
    expect(edited.stdout.trim()).toBe(
      `Imported ${file("edited.csv")}: 0 created, 1 updated, 0 unchanged (2 sizes written).`,
    );

    fs.writeFileSync(
      file("bad.csv"),
      csv.replace(",small,499,10,10,449", ",small,lots,10,8,").replace(",large,699,0,2,699", ",large,699,120,2,"),
    );
    const bad = await catalogue("import", file("bad.csv"));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toEqual([
      `catalogue: ${file("bad.csv")}: Nothing was imported: 2 rows have errors (line 2, mrp: MRP must be a number).`,
      "  line 2, mrp: MRP must be a number",
      "  line 3, discount: Discount must be at most 99",
    ]);

    // 120 rows with two errors each: the first 100 errors are listed, then how many more.
    const header = csv.split("\r\n")[0];
    const many = Array.from({ length: 120 }, (_, i) => `,k${i},T,T,,,B,C,S,T,U,,men,${"0".repeat(24)},,M,abc,0,1,`);
    fs.writeFileSync(file("many.csv"), [header, ...many].join("\r\n"));
    const tooMany = await catalogue("import", file("many.csv"));
    expect(tooMany.code).toBe(1);
    expect(tooMany.stderr).toHaveLength(1 + 100 + 1);
    expect(tooMany.stderr[0]).toBe(
      `catalogue: ${file("many.csv")}: Nothing was imported: 120 rows have errors (line 2, merchantId: No such merchant).`,
    );
    expect(tooMany.stderr.slice(1, 3)).toEqual([
      "  line 2, merchantId: No such merchant",
      "  line 2, mrp: MRP must be a number",
    ]);
    expect(tooMany.stderr[100]).toBe("  line 51, mrp: MRP must be a number");
    expect(tooMany.stderr[101]).toBe("  and 140 more errors (240 in all)");

    fs.writeFileSync(file("big.csv"), "x".repeat(5 * 1024 * 1024 + 1));
    const big = await catalogue("import", file("big.csv"));
    expect(big.code).toBe(1);
    expect(big.stderr).toEqual([
      `catalogue: ${file("big.csv")} is 5242881 bytes; a file may have at most 5242880 (5 MB): import it in parts.`,
    ]);

    await withDatabase(async (db) => {
      const product = (await loadProducts(db, [productId])).get(productId)!;
      expect(product.variants.map((v) => [v.size, v.quantity, v.price.mrp, v.price.cost])).toEqual([
        ["small", 8, 599, 539],
        ["large", 2, 699, 699],
      ]);
      const audit = await db
        .select({ action: auditLog.action, actorId: auditLog.actorId, after: auditLog.after })
        .from(auditLog);
      expect(audit.map((row) => [row.action, row.actorId])).toEqual([
        ["product.update", null],
        ["catalogue.import", null],
      ]);
      expect(audit[1].after).toMatchObject({ updated: 1, via: "cli" });
    });
  }, 180_000);
});
