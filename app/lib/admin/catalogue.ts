import { z } from "zod";
import type { AdminListProductJson, AdminProductJson } from "../../../api/contract/types";
import type { CatalogueOptions, MerchantJson, LowStockJson } from "../../../api/contract/types";
import type { ImportResult } from "../../../api/contract/types";
import { CONTROL_CHARACTER_MESSAGE, isSingleLine, withoutControlCharacters } from "../forms/plain-text";

// The back office's catalogue: the product form's one schema (native constraints, client and
// server validation: docs/architecture.md, "A form") and the shapes the admin API answers.
// Pure: no server code, so the browser may import it.

/** A product as the back office edits it: storefront fields, `merchantId`, `hidden`, flat variants with their `cost`. */
export type AdminProduct = AdminProductJson;
/** A product as the back office lists it: the storefront's shape and `hidden`. */
export type AdminListProduct = AdminListProductJson;
export type LowStockRow = LowStockJson;
export type { CatalogueOptions };
export type Merchant = MerchantJson;

export type Paginator = { itemCount: number; pageCount: number; currentPage: number; perPage: number };
export type Paged<T> = { data: T[]; paginator: Paginator };

/** The selling price the shop charges for an MRP and discount: the API's own rule. */
export { sellingPrice as costOf } from "../../../api/contract";

/** The lowest and highest selling price of a listed product's sizes, or null when it has none. */
export function priceRange(product: Pick<AdminListProduct, "variants">): { low: number; high: number } | null {
  if (product.variants.length === 0) return null;
  const costs = product.variants.map((v) => v.price.cost);
  return { low: Math.min(...costs), high: Math.max(...costs) };
}

export const stockOf = (product: Pick<AdminListProduct, "variants">) =>
  product.variants.reduce((sum, v) => sum + v.quantity, 0);

/** Blank rows under the product's sizes: without JavaScript they are the way to add sizes. */
export const EMPTY_VARIANT_ROWS = 3;

export const MAX_VARIANTS = 30;

export const PRODUCT_VISIBILITIES = ["all", "visible", "hidden"] as const;
export type ProductVisibility = (typeof PRODUCT_VISIBILITIES)[number];

const line = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `At most ${max} characters`)
    .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE);

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `Enter the ${label} as a whole number` })
    .int(`Enter the ${label} as a whole number`)
    .min(min, `The ${label} is at least ${min}`)
    .max(max, `The ${label} is at most ${max}`);

/**
 * One size of the form. Every field is optional because blank rows are ignored; a row in use
 * needs its size and MRP, and a blank discount or stock counts as 0.
 */
const variantRow = z
  .object({
    size: z.string().trim().max(20, "At most 20 characters").refine(isSingleLine, CONTROL_CHARACTER_MESSAGE).optional(),
    mrp: wholeNumber("MRP", 1, 10_000_000).optional(),
    discount: wholeNumber("discount", 0, 99).optional(),
    quantity: wholeNumber("stock", 0, 1_000_000).optional(),
  })
  .superRefine((row, ctx) => {
    const used =
      row.size !== undefined || row.mrp !== undefined || row.discount !== undefined || row.quantity !== undefined;
    if (!used) return;
    if (row.size === undefined) ctx.addIssue({ code: "custom", path: ["size"], message: "Enter the size" });
    if (row.mrp === undefined) ctx.addIssue({ code: "custom", path: ["mrp"], message: "Enter the MRP" });
  });

export type VariantRow = z.infer<typeof variantRow>;

export const isBlankRow = (row: VariantRow | undefined) =>
  !row || (row.size === undefined && row.mrp === undefined && row.discount === undefined && row.quantity === undefined);

export const AT_LEAST_ONE_SIZE = "Add at least one size with its MRP";

/** The Add/Edit Product form. Field names follow the form (`shortTitle`, `variants[1].mrp`). */
export const productFormSchema = z
  .object({
    shortTitle: line("short title", 100),
    longTitle: line("long title", 250),
    tagLine: z
      .string()
      .trim()
      .max(200, "At most 200 characters")
      .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE)
      .optional()
      .transform((value) => value ?? ""),
    description: z
      .string()
      .trim()
      .max(5000, "At most 5000 characters")
      .refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE)
      .optional()
      .transform((value) => value ?? ""),
    brand: line("brand", 60),
    category: line("category", 60),
    subCategory: line("subcategory", 60),
    productType: line("product type", 60),
    productSubType: line("product subtype", 60),
    // Blank: the HSN code of the product's type (api/lib/tax/gst.ts); the GST rate follows from the code.
    hsn: z
      .string()
      .trim()
      .regex(/^(\d{4}|\d{6}|\d{8})$/, "4, 6 or 8 digits")
      .optional(),
    gender: z.string({ error: "Choose the gender" }).trim().min(1, "Choose the gender").max(20).refine(isSingleLine),
    merchantId: z
      .string({ error: "Choose the merchant" })
      .trim()
      .min(1, "Choose the merchant")
      .max(64)
      .refine(isSingleLine),
    variants: z
      .array(variantRow.optional())
      .max(MAX_VARIANTS + EMPTY_VARIANT_ROWS, `At most ${MAX_VARIANTS} sizes`)
      .optional(),
  })
  .superRefine((value, ctx) => {
    const rows = value.variants ?? [];
    if (rows.every(isBlankRow)) {
      ctx.addIssue({ code: "custom", path: ["variants"], message: AT_LEAST_ONE_SIZE });
      return;
    }
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (!row?.size) return;
      const key = row.size.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: "custom", path: ["variants", index, "size"], message: "This size is listed twice" });
      seen.add(key);
    });
  });

export type ProductFormValue = z.infer<typeof productFormSchema>;

/** The body `POST`/`PUT /userapp/admin/products` take, and which form row each variant came from. */
export function productBody(value: ProductFormValue) {
  const rows: number[] = [];
  const variants: { size: string; mrp: number; discount: number; quantity: number }[] = [];
  (value.variants ?? []).forEach((row, index) => {
    if (!row || isBlankRow(row)) return;
    rows.push(index);
    variants.push({ size: row.size!, mrp: row.mrp!, discount: row.discount ?? 0, quantity: row.quantity ?? 0 });
  });
  const body = {
    title: { shortTitle: value.shortTitle, longTitle: value.longTitle },
    tagLine: value.tagLine,
    description: value.description,
    brand: value.brand,
    category: value.category,
    subCategory: value.subCategory,
    productType: value.productType,
    productSubType: value.productSubType,
    hsn: value.hsn ?? null,
    gender: value.gender,
    merchantId: value.merchantId,
    variants,
  };
  return { body, rows };
}

const TOP_LEVEL_FIELDS = new Set([
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
]);

/**
 * The form field an API error path names (422 `data: [{path}]`): `title.shortTitle` is
 * `shortTitle`, `variants.1.mrp` is the form row that variant came from (`rows`, blank rows
 * skipped). Null for a path the form does not show: that error goes above the form.
 */
export function formFieldOfApiPath(path: string, rows: number[]): string | null {
  const title = /^title\.(shortTitle|longTitle)$/.exec(path);
  if (title) return title[1];
  if (TOP_LEVEL_FIELDS.has(path)) return path;
  const variant = /^variants\.(\d+)\.(size|mrp|discount|quantity)$/.exec(path);
  if (variant) {
    const row = rows[Number(variant[1])];
    return row === undefined ? null : `variants[${row}].${variant[2]}`;
  }
  if (path === "variants") return "variants";
  return null;
}

/** The form's starting values: the product's own, its sizes, and the blank rows after them. */
export function productFormDefaults(product: AdminProduct | null, merchantId = "") {
  const sizes = (product?.variants ?? []).map((v) => ({
    size: v.size,
    mrp: String(v.mrp),
    discount: String(v.discount),
    quantity: String(v.quantity),
  }));
  const blank = Array.from({ length: EMPTY_VARIANT_ROWS }, () => ({ size: "", mrp: "", discount: "", quantity: "" }));
  return {
    shortTitle: product?.title.shortTitle ?? "",
    longTitle: product?.title.longTitle ?? "",
    tagLine: product?.tagLine ?? "",
    description: product?.description ?? "",
    brand: product?.brand ?? "",
    category: product?.category ?? "",
    subCategory: product?.subCategory ?? "",
    productType: product?.productType ?? "",
    productSubType: product?.productSubType ?? "",
    hsn: product?.hsn ?? "",
    gender: product?.gender ?? "",
    merchantId: product?.merchantId ?? merchantId,
    variants: [...sizes, ...blank],
  };
}

export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_SIZE_MESSAGE = "The file is larger than 5 MB. Split it and import the parts one by one.";

/** What an import did (`POST /userapp/admin/catalogue/import`). */
export type ImportCounts = ImportResult;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Created 2 products, updated 5, 19 variants." and how many the file left as they were. */
export function importSummary({ created, updated, unchanged, variants }: ImportCounts): string {
  const same = unchanged > 0 ? ` ${plural(unchanged, "product was", "products were")} already as the file says.` : "";
  return `Created ${plural(created, "product", "products")}, updated ${updated}, ${plural(variants, "variant", "variants")}.${same}`;
}
