import type { z } from "zod";
import { MAX_VARIANTS, productFieldsSchema, variantInputSchema } from "./admin-product-schemas";
import { BOM, type Column, CSV_COLUMNS, MAX_CSV_ROWS, OPTIONAL_COLUMNS, TEXT_COLUMNS } from "./catalogue-csv";
import { CsvSyntaxError, CsvTooManyRecords, type CsvRecord, csvRecords, fromSpreadsheetText } from "./csv";
import { nextTurn } from "../../platform/event-loop";
import { ApiError, idPattern } from "../http/http";
import { tooLarge } from "./product-images";

// The CSV import's first half: reading the rows of the file, checking each against the product
// rules, and grouping them by product (a product's sizes are consecutive rows). Errors are
// collected, capped, in line order. The second half, checking references and writing, is
// api/lib/catalogue/catalogue-import.ts.

const MAX_KEY_LENGTH = 100;
/** Rows parsed, checked or grouped between two turns of the event loop: a few milliseconds' work. */
export const CHUNK = 250;
/** Products read per query for the audit rows. */
export const READ_BATCH = 250;
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
    super(422, "VALIDATION_ERROR", message, errors, {}, "IMPORT_ROWS");
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
export async function readRows(text: string, errors: ImportError[]): Promise<ParsedRow[]> {
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

export type Group = { productId: string | null; rows: ParsedRow[] };

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
export async function groupRows(rows: ParsedRow[], errors: ImportError[]): Promise<Group[]> {
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
