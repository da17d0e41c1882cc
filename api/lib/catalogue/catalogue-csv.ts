import { asc, gt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { products } from "../../db/schema";
import { type AdminProductJson } from "./admin-product-schemas";
import { loadAdminProducts } from "./admin-catalogue";
import { csvRecord, toSpreadsheetText } from "./csv";

// The catalogue as CSV (GET /userapp/admin/catalogue/export, POST /userapp/admin/catalogue/import,
// `npm run catalogue`; docs/scripts.md and docs/decisions/008-catalogue-admin.md). One row per variant:
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
// good file is applied in one transaction. The import is api/lib/catalogue/catalogue-import.ts.

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
export type Column = (typeof CSV_COLUMNS)[number];

// Without an hsn column, products keep their HSN code (a new one takes its classification's).
export const OPTIONAL_COLUMNS: ReadonlySet<Column> = new Set(["productId", "key", "hidden", "cost", "hsn"]);
/** Text a spreadsheet could take for a formula: written with a leading apostrophe (api/lib/catalogue/csv.ts). */
export const TEXT_COLUMNS: ReadonlySet<Column> = new Set([
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
/** Products read per query while exporting. */
const EXPORT_BATCH = 500;

/** A byte order mark: spreadsheets then read the file as UTF-8. */
export const BOM = "\uFEFF";

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
