import { clampQty, defaultSize, type Product } from "~/lib/catalogue/catalogue";

/** The size a shopper is shown first, and a card adds, when the product has it. */
const PREFERRED_SIZE = "M";

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
  /** The PIN code of the last "Check delivery" (`?pin=`), kept while size, quantity and image change. */
  pin: string | null;
};

/** Reads and normalises the product page's query: unknown sizes fall back, quantities clamp to 1..10. */
export function readSelection(
  product: Pick<Product, "variants" | "productImages">,
  params: URLSearchParams,
): ProductSelection {
  const wanted = params.get("size")?.trim().toLowerCase();
  const size = product.variants.find((v) => v.size.toLowerCase() === wanted)?.size ?? defaultSize(product);
  const rawQty = params.get("qty");
  const qty = rawQty === null || rawQty.trim() === "" ? null : clampQty(rawQty);
  const imageCount = Math.max(1, product.productImages.length);
  const image = Number.parseInt(params.get("image") ?? "", 10);
  const pin = params.get("pin")?.trim().slice(0, 12) || null;
  return { size, qty, image: Number.isInteger(image) && image >= 0 && image < imageCount ? image : 0, pin };
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
  if (selection.pin) params.set("pin", selection.pin);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** What the "Check delivery" form sends along with its PIN, so the page keeps the chosen size and quantity. */
export function deliveryKeep(product: Pick<Product, "variants">, selection: ProductSelection): Record<string, string> {
  return Object.fromEntries(
    new URLSearchParams(selectionSearch(product, { size: selection.size, qty: selection.qty })),
  );
}

/**
 * The size a product card's "Add To cart" adds: the preferred size (M) when it is in stock, else
 * the first size in stock; null when no size is (the card's button is disabled).
 */
export function cardSize(product: Pick<Product, "variants">): string | null {
  const inStock = product.variants.filter((variant) => variant.quantity > 0);
  return (inStock.find((variant) => variant.size === PREFERRED_SIZE) ?? inStock[0])?.size ?? null;
}
