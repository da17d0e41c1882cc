import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { products } from "../../db/schema";
import {
  type AuditEntry,
  changeCatalogue,
  insertProducts,
  loadAdminProducts,
  lockProducts,
  type ProductRewrite,
  rewriteProducts,
  unknownMerchants,
  withListingDeferred,
  writeAudit,
} from "./admin-catalogue";
import { type ProductInput, sameSnapshot, snapshotAfter, snapshotOf } from "./admin-product-schemas";
import { MAX_CSV_BYTES } from "./catalogue-csv";
import { nextTurn } from "../../platform/event-loop";
import { idPattern } from "../http/http";
import { newId } from "../ids";
import { tooLarge } from "./product-images";
import {
  CHUNK,
  READ_BATCH,
  type ImportError,
  type ImportResult,
  importRefused,
  readRows,
  type Group,
  groupRows,
} from "./catalogue-import-rows";

// The catalogue's CSV import (POST /userapp/admin/catalogue/import, `npm run catalogue -- import`;
// the file's columns and rules are api/lib/catalogue/catalogue-csv.ts). A 5 MB file is 20,000 rows: it is
// parsed, checked and written in chunks, letting other requests in between (nextTurn), and
// written a few hundred rows a statement (admin-catalogue.ts), all in one transaction.

/** Refuses the rows that name a product or a merchant that does not exist. */
async function checkReferences(db: Database, groups: Group[], errors: ImportError[]) {
  const ids = groups.map((group) => group.productId).filter((id): id is string => id !== null && idPattern.test(id));
  const existing = new Set<string>();
  for (let start = 0; start < ids.length; start += 1000) {
    const found = await db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, ids.slice(start, start + 1000)));
    for (const row of found) existing.add(row.id);
  }
  const merchantIds = groups.flatMap((group) =>
    group.rows.flatMap((row) => (idPattern.test(row.merchantId) ? [row.merchantId] : [])),
  );
  const unknown = await unknownMerchants(db, merchantIds);
  for (const group of groups) {
    for (const row of group.rows) {
      if (group.productId !== null && idPattern.test(group.productId) && !existing.has(group.productId)) {
        errors.push({ line: row.line, field: "productId", message: "No such product" });
      }
      if (unknown.has(row.merchantId))
        errors.push({ line: row.line, field: "merchantId", message: "No such merchant" });
    }
  }
}

const inputOf = (group: Group): ProductInput => ({
  ...group.rows[0].fields!,
  variants: group.rows.map((row) => row.variant!),
});

/**
 * Imports a CSV file (the API's body, or a file for `npm run catalogue -- import`): every row
 * checked first, then all of it applied in one transaction, or nothing (ImportRefused: 422 with
 * the first bad rows by line and field and the count of all; 413 for a file over MAX_CSV_BYTES
 * or MAX_CSV_ROWS). Each product created or changed gets its audit row, and the import one of its own.
 */
export async function importCatalogueCsv(
  deps: { db: Database; now: () => Date },
  actorId: string | null,
  bytes: Uint8Array,
  via: "api" | "cli" = "api",
): Promise<ImportResult> {
  if (bytes.byteLength > MAX_CSV_BYTES)
    throw tooLarge(MAX_CSV_BYTES, `The file is larger than ${MAX_CSV_BYTES} bytes (5 MB); import it in parts.`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw importRefused([{ line: 1, field: "file", message: "The file is not UTF-8 text (save it as CSV UTF-8)" }]);
  }
  const errors: ImportError[] = [];
  const rows = await readRows(text, errors);
  const groups = await groupRows(rows, errors);
  await checkReferences(deps.db, groups, errors);
  if (errors.length > 0) throw importRefused(errors);

  const now = deps.now();
  return changeCatalogue(deps.db, async (tx) => {
    const result: ImportResult = { created: 0, updated: 0, unchanged: 0, variants: 0 };
    const audit: AuditEntry[] = [];
    const written: string[] = [];
    await withListingDeferred(tx, written, () => applyGroups(tx, groups, { actorId, now, result, audit, written }));
    const changed = result.created + result.updated > 0;
    if (changed) {
      audit.push({
        actorId,
        action: "catalogue.import",
        entity: "catalogue",
        entityId: "import",
        before: null,
        after: { ...result, rows: rows.length, via },
        at: now,
      });
      await writeAudit(tx, audit);
    }
    return { result, changed };
  });
}

/** Writes the products of a checked file (importCatalogueCsv), noting what it did in `state`. */
async function applyGroups(
  tx: Database,
  groups: Group[],
  state: { actorId: string | null; now: Date; result: ImportResult; audit: AuditEntry[]; written: string[] },
) {
  const { actorId, now, result, audit, written } = state;
  const existing = groups
    .filter((group) => group.productId !== null)
    .sort((a, b) => (a.productId! < b.productId! ? -1 : 1));
  const locked = await lockProducts(
    tx,
    existing.map((group) => group.productId!),
  );
  const rewrites: ProductRewrite[] = [];
  for (let start = 0; start < existing.length; start += READ_BATCH) {
    const batch = existing.slice(start, start + READ_BATCH);
    const before = await loadAdminProducts(
      tx,
      batch.map((group) => group.productId!),
    );
    for (const group of batch) {
      const id = group.productId!;
      const current = before.get(id);
      if (!locked.has(id) || !current) {
        throw importRefused(
          group.rows.map((row) => ({ line: row.line, field: "productId", message: "No such product" })),
        );
      }
      const input = inputOf(group);
      const hidden = group.rows[0].hidden ?? current.hidden;
      const was = snapshotOf(current);
      // A file without an hsn column leaves the code as it is.
      const next = snapshotAfter(input, hidden, current.images, current.hsn);
      if (sameSnapshot(was, next)) {
        result.unchanged++;
        continue;
      }
      rewrites.push({ id, input, hidden });
      written.push(id);
      result.updated++;
      result.variants += input.variants.length;
      audit.push({
        actorId,
        action: "product.update",
        entity: "product",
        entityId: id,
        before: was,
        after: next,
        at: now,
      });
    }
  }
  await rewriteProducts(tx, rewrites);
  const created: { id: string; input: ProductInput; hidden: boolean; createdAt: Date }[] = [];
  for (const group of groups) {
    if (group.productId !== null) continue;
    created.push({ id: newId(), input: inputOf(group), hidden: group.rows[0].hidden ?? false, createdAt: now });
    if (created.length % CHUNK === 0) await nextTurn();
  }
  await insertProducts(tx, created);
  written.push(...created.map((product) => product.id));
  for (let start = 0; start < created.length; start += READ_BATCH) {
    const batch = created.slice(start, start + READ_BATCH);
    const after = await loadAdminProducts(
      tx,
      batch.map((product) => product.id),
    );
    for (const product of batch) {
      audit.push({
        actorId,
        action: "product.create",
        entity: "product",
        entityId: product.id,
        before: null,
        after: snapshotOf(after.get(product.id)!),
        at: now,
      });
      result.variants += product.input.variants.length;
    }
  }
  result.created = created.length;
}
