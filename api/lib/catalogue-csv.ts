import { asc, gt, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/client";
import { products } from "../db/schema";
import {
  type AdminProductJson,
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
  snapshotOf,
  unknownMerchants,
  variantInputSchema,
  withListingDeferred,
  writeAudit,
} from "./admin-catalogue";
import { CsvSyntaxError, CsvTooManyRecords, csvRecord, fromSpreadsheetText, parseCsv, toSpreadsheetText } from "./csv";
import { ApiError, idPattern } from "./http";
import { newId } from "./ids";
import { tooLarge } from "./product-images";
import { sellingPrice } from "../contract";

// The catalogue as CSV (GET /userapp/admin/catalogue/export, POST /userapp/admin/catalogue/import,
// `npm run catalogue`; README and docs/decisions/008-catalogue-admin.md). One row per variant:
//
// - `productId` names an existing product; all its rows together are its full replacement (as
//   PUT /userapp/admin/products/{id}): sizes not in the file are removed.
// - A row with an empty `productId` belongs to a new product: the rows with the same `key` (any
//   label, e.g. "new-1") are its sizes. A new product's row without a key is an error, so that
//   three sizes of one new product never become three products.
// - `hidden` is true or false (empty: unchanged, or false for a new product); `cost` is the
//   selling price, written for reading and ignored on import.
// - Products not in the file are left as they are.
// Every row is checked before anything is written; any bad row refuses the whole file, and a
// good file is applied in one transaction.

export const CSV_COLUMNS = [
  "productId",
  "key",
  "shortTitle",
  "longTitle",
  "tagLine",
  "description",
  "brand",
  "category",
  "subCategory",
  "productType",
  "productSubType",
  "hsn",
  "gender",
  "merchantId",
  "hidden",
  "size",
  "mrp",
  "discount",
  "quantity",
  "cost",
] as const;
type Column = (typeof CSV_COLUMNS)[number];

// Without an hsn column, products keep their HSN code (a new one takes its classification's).
const OPTIONAL_COLUMNS: ReadonlySet<Column> = new Set(["productId", "key", "hidden", "cost", "hsn"]);
/** Text a spreadsheet could take for a formula: written with a leading apostrophe (api/lib/csv.ts). */
const TEXT_COLUMNS: ReadonlySet<Column> = new Set([
  "key",
  "shortTitle",
  "longTitle",
  "tagLine",
  "description",
  "brand",
  "category",
  "subCategory",
  "productType",
  "productSubType",
  "gender",
  "size",
]);

/** The largest file taken: 5 MB. */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
/** Rows a file may have, its header not counted. */
export const MAX_CSV_ROWS = 20_000;
const MAX_KEY_LENGTH = 100;
/** Products read per query while exporting. */
const EXPORT_BATCH = 500;

const BOM = "\uFEFF";

function productRows(product: AdminProductJson): string {
  const text = (value: string) => toSpreadsheetText(value);
  return product.variants
    .map((v) =>
      csvRecord([
        product.id,
        "",
        text(product.title.shortTitle),
        text(product.title.longTitle),
        text(product.tagLine),
        text(product.description),
        text(product.brand),
        text(product.category),
        text(product.subCategory),
        text(product.productType),
        text(product.productSubType),
        product.hsn ?? "",
        text(product.gender),
        product.merchantId,
        String(product.hidden),
        text(v.size),
        String(v.mrp),
        String(v.discount),
        String(v.quantity),
        String(v.cost),
      ]),
    )
    .join("");
}

/**
 * The catalogue as CSV, in pieces: a byte order mark (so that spreadsheets read the file as
 * UTF-8: ₹ and Hindi stay whole), the header, then each product's variants, products in id order
 * and a few hundred at a time, so a large catalogue is never held in memory whole. Each batch is
 * read as it is then; the file is not one snapshot of a catalogue that changes meanwhile.
 */
export async function* exportCatalogueCsv(db: Database, counts = { products: 0, variants: 0 }): AsyncGenerator<string> {
  yield BOM + csvRecord(CSV_COLUMNS);
  let after = "";
  for (;;) {
    const ids = await db
      .select({ id: products.id })
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(EXPORT_BATCH);
    if (ids.length === 0) return;
    const loaded = await loadAdminProducts(
      db,
      ids.map((row) => row.id),
    );
    for (const product of loaded.values()) {
      counts.products++;
      counts.variants += product.variants.length;
    }
    yield ids.map((row) => (loaded.has(row.id) ? productRows(loaded.get(row.id)!) : "")).join("");
    after = ids[ids.length - 1].id;
  }
}

export type ImportError = { line: number; field: string; message: string };

/** `variants`: sizes written (of the products created or changed); `unchanged`: products in the file that already were as it says. */
export type ImportResult = { created: number; updated: number; unchanged: number; variants: number };

/** VALIDATION_ERROR 422 listing every bad row by line and field; nothing was written. */
export function importRefused(errors: ImportError[]) {
  const rows = new Set(errors.map((error) => error.line)).size;
  const first = errors[0];
  return new ApiError(
    422,
    "VALIDATION_ERROR",
    `Nothing was imported: ${rows === 1 ? "1 row has" : `${rows} rows have`} errors (line ${first.line}, ${first.field}: ${first.message}).`,
    errors,
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

/** Reads the file's rows and checks each on its own; the rows' errors go to `errors`. */
function readRows(text: string, errors: ImportError[]): ParsedRow[] {
  let records;
  try {
    records = parseCsv(text.startsWith(BOM) ? text.slice(1) : text, { maxRecords: MAX_CSV_ROWS + 1 });
  } catch (error) {
    if (error instanceof CsvTooManyRecords) {
      throw tooLarge(MAX_CSV_ROWS, `The file has more than ${MAX_CSV_ROWS} rows; import it in parts.`);
    }
    if (error instanceof CsvSyntaxError)
      throw importRefused([{ line: error.line, field: "file", message: error.message }]);
    throw error;
  }
  const [header, ...records_] = records;
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
  if (headerErrors.length > 0) throw importRefused(headerErrors);

  const rows: ParsedRow[] = [];
  for (const record of records_) {
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
function groupRows(rows: ParsedRow[], errors: ImportError[]): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    if (row.productId === "" && row.key === "") continue;
    const id = row.productId !== "" ? `id:${row.productId}` : `key:${row.key}`;
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { productId: row.productId || null, rows: [] }));
    group.rows.push(row);
  }
  for (const group of groups.values()) {
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
 * checked first, then all of it applied in one transaction, or nothing (422 listing every bad
 * row by line and field; 413 for a file over MAX_CSV_BYTES or MAX_CSV_ROWS). Each product
 * created or changed gets its audit row, and the import one of its own.
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
  const rows = readRows(text, errors);
  const groups = groupRows(rows, errors);
  await checkReferences(deps.db, groups, errors);
  if (errors.length > 0) {
    errors.sort((a, b) => a.line - b.line || a.field.localeCompare(b.field));
    throw importRefused(errors);
  }

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
  for (let start = 0; start < existing.length; start += EXPORT_BATCH) {
    const batch = existing.slice(start, start + EXPORT_BATCH);
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
      const next = snapshotOf({
        ...current,
        ...input,
        // A file without an hsn column leaves the code as it is.
        hsn: input.hsn === undefined ? current.hsn : input.hsn,
        hidden,
        variants: input.variants.map((v) => ({
          size: v.size,
          mrp: v.mrp,
          discount: v.discount,
          cost: sellingPrice(v.mrp, v.discount),
          quantity: v.quantity,
        })),
      });
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
  const created = groups
    .filter((group) => group.productId === null)
    .map((group) => ({ id: newId(), input: inputOf(group), hidden: group.rows[0].hidden ?? false, createdAt: now }));
  await insertProducts(tx, created);
  written.push(...created.map((product) => product.id));
  for (let start = 0; start < created.length; start += EXPORT_BATCH) {
    const batch = created.slice(start, start + EXPORT_BATCH);
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
