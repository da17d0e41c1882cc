import { inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/client";
import { products } from "../db/schema";
import {
  type AuditEntry,
  changeCatalogue,
  insertProducts,
  loadAdminProducts,
  lockProducts,
  MAX_VARIANTS,
  type ProductInput,
  productFieldsSchema,
  type ProductRewrite,
  rewriteProducts,
  sameSnapshot,
  snapshotAfter,
  snapshotOf,
  unknownMerchants,
  variantInputSchema,
  withListingDeferred,
  writeAudit,
} from "./admin-catalogue";
import {
  BOM,
  type Column,
  CSV_COLUMNS,
  MAX_CSV_BYTES,
  MAX_CSV_ROWS,
  OPTIONAL_COLUMNS,
  TEXT_COLUMNS,
} from "./catalogue-csv";
import { CsvSyntaxError, CsvTooManyRecords, type CsvRecord, csvRecords, fromSpreadsheetText } from "./csv";
import { nextTurn } from "./event-loop";
import { ApiError, idPattern } from "./http";
import { newId } from "./ids";
import { tooLarge } from "./product-images";

// The catalogue's CSV import (POST /userapp/admin/catalogue/import, `npm run catalogue -- import`;
// the file's columns and rules are api/lib/catalogue-csv.ts). A 5 MB file is 20,000 rows: it is
// parsed, checked and written in chunks, letting other requests in between (nextTurn), and
// written a few hundred rows a statement (admin-catalogue.ts), all in one transaction.

const MAX_KEY_LENGTH = 100;
/** Rows parsed, checked or grouped between two turns of the event loop: a few milliseconds' work. */
const CHUNK = 250;
/** Products read per query for the audit rows. */
const READ_BATCH = 250;
/** Errors a refusal lists; `errorCount` says how many there are in all. */
export const MAX_REPORTED_ERRORS = 100;

export type ImportError = { line: number; field: string; message: string };

/** `variants`: sizes written (of the products created or changed); `unchanged`: products in the file that already were as it says. */
export type ImportResult = { created: number; updated: number; unchanged: number; variants: number };

/**
 * VALIDATION_ERROR 422, nothing written: `data` is the first MAX_REPORTED_ERRORS errors by line
 * and field, `errorCount` how many there are in all (the route adds it to the envelope).
 */
export class ImportRefused extends ApiError {
  constructor(
    message: string,
    errors: ImportError[],
    readonly errorCount: number,
  ) {
    super(422, "VALIDATION_ERROR", message, errors);
    this.name = "ImportRefused";
  }
}

const byLineAndField = (a: ImportError, b: ImportError) => a.line - b.line || a.field.localeCompare(b.field);

/**
 * The first `limit` of `errors` by line and field, without sorting them all (a file of 20,000 bad
 * rows has hundreds of thousands): only the errors on the lines up to the one that reaches
 * `limit` are sorted.
 */
function firstErrors(errors: ImportError[], limit: number): ImportError[] {
  if (errors.length <= limit) return [...errors].sort(byLineAndField);
  const perLine = new Map<number, number>();
  for (const error of errors) perLine.set(error.line, (perLine.get(error.line) ?? 0) + 1);
  let last = 0;
  let counted = 0;
  for (const line of [...perLine.keys()].sort((a, b) => a - b)) {
    last = line;
    counted += perLine.get(line)!;
    if (counted >= limit) break;
  }
  return errors
    .filter((error) => error.line <= last)
    .sort(byLineAndField)
    .slice(0, limit);
}

/**
 * The refusal of a file with `errors`: how many rows are wrong, and the first errors by line and
 * field, or as given when `inOrder` (the header's, in the header's order).
 */
export function importRefused(errors: ImportError[], inOrder = false): ImportRefused {
  const rows = new Set(errors.map((error) => error.line)).size;
  const listed = inOrder ? errors.slice(0, MAX_REPORTED_ERRORS) : firstErrors(errors, MAX_REPORTED_ERRORS);
  const first = listed[0];
  return new ImportRefused(
    `Nothing was imported: ${rows === 1 ? "1 row has" : `${rows} rows have`} errors (line ${first.line}, ${first.field}: ${first.message}).`,
    listed,
    errors.length,
  );
}

type ParsedRow = {
  line: number;
  productId: string;
  key: string;
  /** As written, checked against the merchants even when the row's other fields are wrong. */
  merchantId: string;
  hidden: boolean | null;
  fields: z.output<typeof productFieldsSchema> | null;
  variant: z.output<typeof variantInputSchema> | null;
};

/** A number cell: digits (an optional sign and decimals are read, then refused by the schema); other text is left for the schema to refuse. */
function numberCell(raw: string, empty: number | undefined): unknown {
  const value = raw.trim();
  if (value === "") return empty;
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

/** The CSV column a schema path names. */
const columnOf = (path: PropertyKey[]) =>
  path[0] === "title" ? String(path[1] ?? "shortTitle") : String(path[0] ?? "file");

/**
 * The file's records, parsed CHUNK at a time between turns of the event loop, and all of them
 * before any is checked: a file over MAX_CSV_ROWS costs no more than parsing the allowed part.
 */
async function parseRecords(text: string): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  try {
    for (const record of csvRecords(text.startsWith(BOM) ? text.slice(1) : text, { maxRecords: MAX_CSV_ROWS + 1 })) {
      records.push(record);
      if (records.length % CHUNK === 0) await nextTurn();
    }
  } catch (error) {
    if (error instanceof CsvTooManyRecords) {
      throw tooLarge(MAX_CSV_ROWS, `The file has more than ${MAX_CSV_ROWS} rows; import it in parts.`);
    }
    if (error instanceof CsvSyntaxError)
      throw importRefused([{ line: error.line, field: "file", message: error.message }]);
    throw error;
  }
  return records;
}

/** Reads the file's rows and checks each on its own; the rows' errors go to `errors`. */
async function readRows(text: string, errors: ImportError[]): Promise<ParsedRow[]> {
  const [header, ...records] = await parseRecords(text);
  if (!header)
    throw importRefused([
      { line: 1, field: "file", message: "The file is empty: it needs a header row naming the columns" },
    ]);

  const names = header.fields.map((name) => name.trim());
  const position = new Map<Column, number>();
  const headerErrors: ImportError[] = [];
  names.forEach((name, index) => {
    if (!(CSV_COLUMNS as readonly string[]).includes(name)) {
      headerErrors.push({
        line: header.line,
        field: name || `column ${index + 1}`,
        message: `Unknown column; the columns are ${CSV_COLUMNS.join(", ")}`,
      });
    } else if (position.has(name as Column)) {
      headerErrors.push({ line: header.line, field: name, message: "This column appears twice" });
    } else {
      position.set(name as Column, index);
    }
  });
  for (const column of CSV_COLUMNS) {
    if (!OPTIONAL_COLUMNS.has(column) && !position.has(column))
      headerErrors.push({ line: header.line, field: column, message: "Missing column" });
  }
  if (headerErrors.length > 0) throw importRefused(headerErrors, true);

  const rows: ParsedRow[] = [];
  for (const [index, record] of records.entries()) {
    if (index > 0 && index % CHUNK === 0) await nextTurn();
    const { line } = record;
    if (record.fields.length !== names.length) {
      errors.push({
        line,
        field: "file",
        message: `Expected ${names.length} fields, as in the header, but found ${record.fields.length}`,
      });
      continue;
    }
    const cell = (column: Column) => {
      const index = position.get(column);
      if (index === undefined) return "";
      const value = record.fields[index];
      return TEXT_COLUMNS.has(column) ? fromSpreadsheetText(value) : value;
    };
    const rowErrors: ImportError[] = [];
    const productId = cell("productId").trim();
    const key = cell("key").trim();
    if (productId !== "" && !idPattern.test(productId))
      rowErrors.push({ line, field: "productId", message: "Not a product id (24 hex characters)" });
    if (productId === "" && key === "") {
      rowErrors.push({
        line,
        field: "key",
        message: "A new product's rows need a key (rows with the same key are one product's sizes)",
      });
    }
    if (productId !== "" && key !== "")
      rowErrors.push({ line, field: "key", message: "Leave key empty on an existing product's rows" });
    if (key.length > MAX_KEY_LENGTH)
      rowErrors.push({ line, field: "key", message: `key is at most ${MAX_KEY_LENGTH} characters` });
    const hiddenText = cell("hidden").trim().toLowerCase();
    let hidden: boolean | null = null;
    if (hiddenText === "true") hidden = true;
    else if (hiddenText === "false") hidden = false;
    else if (hiddenText !== "") rowErrors.push({ line, field: "hidden", message: "hidden is true or false" });

    const fields = productFieldsSchema.safeParse({
      title: { shortTitle: cell("shortTitle"), longTitle: cell("longTitle") },
      tagLine: cell("tagLine"),
      description: cell("description"),
      brand: cell("brand"),
      category: cell("category"),
      subCategory: cell("subCategory"),
      productType: cell("productType"),
      productSubType: cell("productSubType"),
      // Blank: from the classification; no column: unchanged.
      hsn: position.has("hsn") ? cell("hsn") : undefined,
      gender: cell("gender").trim(),
      merchantId: cell("merchantId").trim(),
    });
    const variant = variantInputSchema.safeParse({
      size: cell("size"),
      mrp: numberCell(cell("mrp"), undefined),
      // Blank is none, as on the product form.
      discount: numberCell(cell("discount"), 0),
      quantity: numberCell(cell("quantity"), 0),
    });
    for (const result of [fields, variant]) {
      if (!result.success)
        for (const issue of result.error.issues)
          rowErrors.push({ line, field: columnOf(issue.path), message: issue.message });
    }
    errors.push(...rowErrors);
    rows.push({
      line,
      productId,
      key,
      merchantId: cell("merchantId").trim(),
      hidden,
      fields: fields.success ? fields.data : null,
      variant: variant.success ? variant.data : null,
    });
  }
  return rows;
}

type Group = { productId: string | null; rows: ParsedRow[] };

/** The product-level cells two rows of one product must agree on. */
const PRODUCT_CELLS: { column: string; of: (fields: z.output<typeof productFieldsSchema>) => string }[] = [
  { column: "shortTitle", of: (f) => f.title.shortTitle },
  { column: "longTitle", of: (f) => f.title.longTitle },
  { column: "tagLine", of: (f) => f.tagLine },
  { column: "description", of: (f) => f.description },
  { column: "brand", of: (f) => f.brand },
  { column: "category", of: (f) => f.category },
  { column: "subCategory", of: (f) => f.subCategory },
  { column: "productType", of: (f) => f.productType },
  { column: "productSubType", of: (f) => f.productSubType },
  { column: "hsn", of: (f) => f.hsn ?? "" },
  { column: "gender", of: (f) => f.gender },
  { column: "merchantId", of: (f) => f.merchantId },
];

/** Groups the rows into products and checks each product's rows together. */
async function groupRows(rows: ParsedRow[], errors: ImportError[]): Promise<Group[]> {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    if (row.productId === "" && row.key === "") continue;
    const id = row.productId !== "" ? `id:${row.productId}` : `key:${row.key}`;
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { productId: row.productId || null, rows: [] }));
    group.rows.push(row);
  }
  let checked = 0;
  for (const group of groups.values()) {
    checked += group.rows.length;
    if (checked >= CHUNK) {
      checked = 0;
      await nextTurn();
    }
    const first = group.rows[0];
    const sizes = new Map<string, number>();
    group.rows.forEach((row, index) => {
      if (index > 0) {
        if (first.fields && row.fields) {
          for (const { column, of } of PRODUCT_CELLS) {
            if (of(first.fields) !== of(row.fields)) {
              errors.push({
                line: row.line,
                field: column,
                message: `Differs from line ${first.line}, a row of the same product`,
              });
            }
          }
        }
        if (row.hidden !== first.hidden)
          errors.push({
            line: row.line,
            field: "hidden",
            message: `Differs from line ${first.line}, a row of the same product`,
          });
      }
      if (row.variant) {
        const size = row.variant.size.toLowerCase();
        const earlier = sizes.get(size);
        if (earlier !== undefined)
          errors.push({
            line: row.line,
            field: "size",
            message: `Size ${row.variant.size} is already on line ${earlier} of this product`,
          });
        else sizes.set(size, row.line);
      }
      if (index === MAX_VARIANTS) {
        errors.push({
          line: row.line,
          field: "size",
          message: `A product has at most ${MAX_VARIANTS} sizes; this is its ${MAX_VARIANTS + 1}st row`,
        });
      }
    });
  }
  return [...groups.values()];
}

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
