import { clampQty, defaultSize, type Product } from "~/lib/catalogue";

/**
 * What the shopper has chosen on a product page, read from its URL (`?size=L&qty=3&image=2`) so
 * that every choice works as a plain link without JavaScript.
 */
export type ProductSelection = {
  /** One of the product's sizes (the default when the URL names none, or one it does not sell). */
  size: string;
  /** 1..10 when the URL says so; null when it does not (the cart's quantity or 1 then applies). */
  qty: number | null;
  /** Index into the gallery. */
  image: number;
};

/** Reads and normalises the product page's query: unknown sizes fall back, quantities clamp to 1..10. */
export function readSelection(product: Pick<Product, "variants" | "productImages">, params: URLSearchParams): ProductSelection {
  const wanted = params.get("size")?.trim().toLowerCase();
  const size = product.variants.find((v) => v.size.toLowerCase() === wanted)?.size ?? defaultSize(product);
  const rawQty = params.get("qty");
  const qty = rawQty === null || rawQty.trim() === "" ? null : clampQty(rawQty);
  const imageCount = Math.max(1, product.productImages.length);
  const image = Number.parseInt(params.get("image") ?? "", 10);
  return { size, qty, image: Number.isInteger(image) && image >= 0 && image < imageCount ? image : 0 };
}

/**
 * The query string for a selection, leaving out what is already the default (so the plain
 * product URL stays the canonical one). Answers "" or "?…".
 */
export function selectionSearch(product: Pick<Product, "variants">, selection: Partial<ProductSelection>): string {
  const params = new URLSearchParams();
  if (selection.size && selection.size !== defaultSize(product)) params.set("size", selection.size);
  if (selection.qty != null) params.set("qty", String(selection.qty));
  if (selection.image) params.set("image", String(selection.image));
  const search = params.toString();
  return search ? `?${search}` : "";
}
