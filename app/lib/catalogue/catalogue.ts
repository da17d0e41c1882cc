import type { ProductJson } from "../../../api/contract/types";
import { MAX_QTY_PER_LINE, MIN_QTY_PER_LINE } from "../../../api/contract";
import type { CardImage } from "./images";

/** The product shape the /userapp API answers (`GET /userapp/product/get/{id}`). */
export type Product = ProductJson;
/**
 * A product as its page shows it: without what the page never reads (the id's copy, the types and
 * gender the filters use, the merchant's people, when it was added), since the page's data rides
 * along in its HTML for the first render.
 */
export type ShownProduct = Omit<
  Product,
  "id" | "productType" | "productSubType" | "gender" | "createdAt" | "merchant"
> & {
  merchant: Pick<Product["merchant"], "company_name">;
};
export type Variant = Product["variants"][number];

/**
 * A product as a card shows it, built on the server by `cardProduct` (app/lib/catalogue/card-product.ts)
 * from the API's product: what the card shows and nothing more, since every field is also the
 * page's hydration data (the quick view loads its own product). Its variants are reduced to the
 * price on show (the best offer), and the size "Add To cart" adds (null: none is in stock).
 */
/**
 * What a product card reads, flat (each nested object is one more entry per card in the page's
 * loader data): the short title, and the featured variant's price (featuredVariant, priceOf).
 */
export type CardProduct = Pick<Product, "_id" | "brand" | "category" | "ratingValue" | "ratingCount"> &
  ReturnType<typeof priceOf> & {
    shortTitle: string;
    /** The pictures, first shown first; an uploaded photo keeps its srcset, artwork is its path (CardImage). */
    images: CardImage[];
    /** The size a card's "Add To cart" adds (cardSize in app/lib/catalogue/product-selection.ts); null when no size is in stock. */
    cartSize: string | null;
    /** Whether the card shows the NEW badge (isNew, decided on the server: no dates in the page's data). */
    isNew: boolean;
  };

export const NEW_BADGE_DAYS = 7;
export const QTY_MIN = MIN_QTY_PER_LINE;
export const QTY_MAX = MAX_QTY_PER_LINE;

/** A URL slug: lower-case, keep letters, digits, spaces and hyphens, spaces to hyphens, collapse repeats. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ /g, "-")
    .replace(/-+/g, "-");
}

/** The canonical product page path: /product/{category}/{shorttitle}/{id}. */
export function productPath(
  product: Pick<Product, "_id" | "category"> &
    ({ title: Product["title"] | { shortTitle: string } } | { shortTitle: string }),
): string {
  const title = "shortTitle" in product ? product.shortTitle : product.title.shortTitle;
  return `/product/${slugify(product.category)}/${slugify(title)}/${product._id}`;
}

/** The variant a card shows: the one with the highest discount (the best offer), first on ties. */
export function featuredVariant(product: Pick<Product, "variants">): Variant | undefined {
  let best: Variant | undefined;
  for (const variant of product.variants) if (!best || variant.price.discount > best.price.discount) best = variant;
  return best;
}

/** One price everywhere: the selling price is `cost`, the struck-through price `mrp`, the percent off `discount`. */
export function priceOf(variant: Variant | undefined) {
  return {
    sellingPrice: variant?.price.cost ?? 0,
    mrp: variant?.price.mrp ?? 0,
    discount: variant?.price.discount ?? 0,
  };
}

export function totalStock(product: Pick<Product, "variants">): number {
  return product.variants.reduce((sum, v) => sum + v.quantity, 0);
}

export function isInStock(product: Pick<Product, "variants">): boolean {
  return totalStock(product) > 0;
}

export function isNew(createdAt: string, now: Date = new Date()): boolean {
  return now.getTime() - new Date(createdAt).getTime() <= NEW_BADGE_DAYS * 24 * 60 * 60 * 1000;
}

/**
 * The product's rating from its published reviews, the average to one decimal, or null when it
 * has none: shown as "No ratings yet", never as the spec's 5 stars and 100 ratings, which no
 * shopper gave (docs/decisions/029-reviews.md).
 */
export function ratingOf(
  product: Pick<Product, "ratingValue" | "ratingCount">,
): { value: number; count: number } | null {
  if (product.ratingValue == null || !product.ratingCount) return null;
  return { value: Math.round(product.ratingValue * 10) / 10, count: product.ratingCount };
}

/** Default size: M if the product has it, else the first size, else "free". */
export function defaultSize(product: Pick<Product, "variants">): string {
  return product.variants.find((v) => v.size === "M")?.size ?? product.variants[0]?.size ?? "free";
}

export function variantOf(product: Pick<Product, "variants">, size: string): Variant | undefined {
  return product.variants.find((v) => v.size === size);
}

/** Clamps a quantity to 1..10; anything unreadable is 1. */
export function clampQty(value: unknown): number {
  const n = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
  if (!Number.isFinite(n)) return QTY_MIN;
  return Math.min(QTY_MAX, Math.max(QTY_MIN, Math.trunc(n)));
}

/** What /resources/quick-view/{id} answers the quick-view dialog: the product, or null for an unknown one. */
export type QuickViewData = { product: Product | null };
