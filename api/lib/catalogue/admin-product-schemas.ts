import { z } from "zod";
import type { ProductImage } from "../../db/schema";
import { sellingPrice } from "../../contract";
import { NO_PHOTO, type ProductJson } from "./catalogue";
import { gstRuleFor, HSN_PATTERN } from "../tax/gst";
import { idPattern } from "../http/http";

// The back office's product (docs/api.md, /userapp/admin/products and after;
// docs/decisions/008-catalogue-admin.md): the body a product is written from, the product as
// the back office reads it, and the snapshot the audit log compares. Writes are in
// api/lib/catalogue/admin-catalogue.ts, lists in admin-catalogue-reads.ts; the routes are
// api/routes/admin-catalogue.ts.

/** Sizes one product may have. */
export const MAX_VARIANTS = 30;
export const MAX_MRP = 10_000_000;
export const MAX_QUANTITY = 1_000_000;
/** The storefront's gender filter knows these (app/lib/catalogue/shop-params.ts). */
export const GENDERS = ["men", "women", "unisex"] as const;

const SINGLE_LINE = /^[^\r\n]*$/;

/** Text on one line, trimmed, `min` to `max` characters. */
const line = (label: string, max: number, min = 1) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`)
    .regex(SINGLE_LINE, `${label} must be one line`);

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

export const variantInputSchema = z.object({
  size: line("Size", 20),
  mrp: wholeNumber("MRP", 1, MAX_MRP),
  discount: wholeNumber("Discount", 0, 99),
  quantity: wholeNumber("Quantity", 0, MAX_QUANTITY),
});

/** The product's own fields, as the body of POST and PUT /userapp/admin/products has them. */
export const productFieldsSchema = z.object({
  title: z.object(
    {
      shortTitle: line("Short title", 100),
      longTitle: line("Long title", 250),
    },
    { error: "title must be {shortTitle, longTitle}" },
  ),
  tagLine: line("Tag line", 200, 0).default(""),
  description: z
    .string({ error: "Description must be text" })
    .trim()
    .max(5000, "Description is at most 5000 characters")
    .default(""),
  brand: line("Brand", 60),
  category: line("Category", 60),
  subCategory: line("Subcategory", 60),
  productType: line("Product type", 60),
  productSubType: line("Product subtype", 60),
  /**
   * The HSN code; its GST rate follows from the rate table (api/lib/tax/gst.ts). Blank or null: from
   * the product's classification (hsnForClassification); absent: unchanged (new products: blank).
   */
  hsn: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || null : value),
    z
      .string({ error: "HSN code must be text" })
      .regex(HSN_PATTERN, { message: "HSN code is 4, 6 or 8 digits", abort: true })
      .refine((hsn) => gstRuleFor(hsn) !== null, "The GST rate table has no rate for this HSN code")
      .nullable()
      .optional(),
  ),
  gender: z.enum(GENDERS, { error: `gender must be one of ${GENDERS.join(", ")}` }),
  merchantId: z.string({ error: "merchantId is required" }).regex(idPattern, "Not a merchant id"),
});

export const productInputSchema = productFieldsSchema
  .extend({
    variants: z
      .array(variantInputSchema, { error: "variants must be a list" })
      .min(1, "Add at least one size")
      .max(MAX_VARIANTS, `A product has at most ${MAX_VARIANTS} sizes`),
  })
  .superRefine((input, ctx) => {
    // Case-insensitively: "M" and "m" side by side would read as one size to a shopper.
    const seen = new Map<string, number>();
    input.variants.forEach((variant, index) => {
      const key = variant.size.toLowerCase();
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else
        ctx.addIssue({
          code: "custom",
          path: ["variants", index, "size"],
          message: `Size ${variant.size} is listed twice (also variants.${first}.size)`,
        });
    });
  });

export type ProductInput = z.output<typeof productInputSchema>;

export type AdminVariantJson = { size: string; mrp: number; discount: number; cost: number; quantity: number };

/** One product in the back office's list: the storefront's shape (api/lib/catalogue/catalogue.ts) and `hidden`. */
export type AdminListProductJson = ProductJson & { hidden: boolean };

/**
 * One product as the back office edits it: the storefront's fields, `merchantId`, `hidden`, its
 * `images` (the same entries as `productImages`) and its variants flat, as the body sends them.
 */
export type AdminProductJson = Omit<ProductJson, "variants"> & {
  merchantId: string;
  /** Its own HSN code; null when it takes its classification's (api/lib/tax/gst.ts). */
  hsn: string | null;
  hidden: boolean;
  images: ProductImage[];
  variants: AdminVariantJson[];
};

export function toAdminProduct(product: ProductJson, hidden: boolean, hsn: string | null = null): AdminProductJson {
  return {
    ...product,
    merchantId: product.merchant.id,
    hsn,
    hidden,
    // The shop's stand-in picture for a product without photos is not one of its photos.
    images: product.productImages.filter((image) => image.path !== NO_PHOTO.path),
    variants: product.variants.map((v) => ({
      size: v.size,
      mrp: v.price.mrp,
      discount: v.price.discount,
      cost: v.price.cost,
      quantity: v.quantity,
    })),
  };
}

/** What an admin can change of a product: the audit log's before and after. */
export type ProductSnapshot = {
  title: { shortTitle: string; longTitle: string };
  tagLine: string;
  description: string;
  brand: string;
  category: string;
  subCategory: string;
  productType: string;
  productSubType: string;
  hsn: string | null;
  gender: string;
  merchantId: string;
  hidden: boolean;
  variants: AdminVariantJson[];
  images: ProductImage[];
};

export function snapshotOf(product: AdminProductJson): ProductSnapshot {
  return {
    title: product.title,
    tagLine: product.tagLine,
    description: product.description,
    brand: product.brand,
    category: product.category,
    subCategory: product.subCategory,
    productType: product.productType,
    productSubType: product.productSubType,
    hsn: product.hsn,
    gender: product.gender,
    merchantId: product.merchantId,
    hidden: product.hidden,
    variants: product.variants,
    images: product.images,
  };
}

/** The snapshot a product would have after `input` (its images unchanged; its HSN code too when `input` has none). */
export function snapshotAfter(
  input: ProductInput,
  hidden: boolean,
  images: ProductImage[],
  hsn: string | null,
): ProductSnapshot {
  return {
    title: input.title,
    tagLine: input.tagLine,
    description: input.description,
    brand: input.brand,
    category: input.category,
    subCategory: input.subCategory,
    productType: input.productType,
    productSubType: input.productSubType,
    hsn: input.hsn === undefined ? hsn : input.hsn,
    gender: input.gender,
    merchantId: input.merchantId,
    hidden,
    // Keys in toAdminProduct's order: sameSnapshot compares the JSON.
    variants: input.variants.map((v) => ({
      size: v.size,
      mrp: v.mrp,
      discount: v.discount,
      cost: sellingPrice(v.mrp, v.discount),
      quantity: v.quantity,
    })),
    images,
  };
}

export const sameSnapshot = (a: ProductSnapshot, b: ProductSnapshot) => JSON.stringify(a) === JSON.stringify(b);
