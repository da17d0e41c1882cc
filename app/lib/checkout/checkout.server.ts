import { ID_PATTERN as PRODUCT_ID } from "../../../api/contract";
import type { OrderJson } from "../../../api/contract/types";
import { defaultSize, productPath, QTY_MAX, QTY_MIN, variantOf } from "../catalogue/catalogue";
import { orErrorPage, type ShopperApi } from "../session/require-shopper.server";

export type { OrderJson };

/** One line of the order summary, as the checkout page shows it. */
export type CheckoutLine = {
  productId: string;
  title: string;
  image: string;
  href: string;
  size: string;
  qty: number;
  /** The size's selling price × qty. */
  amount: number;
};

/** The shopper's cart as order summary lines (the API prices them); the API down is the error page. */
export async function cartLines(api: ShopperApi): Promise<CheckoutLine[]> {
  return orErrorPage(await api.cart()).products.map((line) => ({
    productId: line.productId._id,
    title: line.productId.title.shortTitle,
    image: line.productId.image,
    href: productPath(line.productId),
    size: line.size,
    qty: line.qty,
    amount: line.amount,
  }));
}

/** What a Buy Now link asks for: `?buyNow=1&productId&size&qty`. */
export type BuyNowRequest = { productId: string; size: string | null; qty: number };

export const isBuyNow = (url: URL) => url.searchParams.get("buyNow") === "1";

/** A Buy Now request that cannot be checked out, with the page's status and what to tell the shopper. */
export type BuyNowProblem = { status: number; message: string; productHref: string | null };

/** Reads the Buy Now query; a malformed one is a problem before any API call. */
export function readBuyNow(url: URL): BuyNowRequest | BuyNowProblem {
  const productId = url.searchParams.get("productId") ?? "";
  if (!PRODUCT_ID.test(productId))
    return { status: 404, message: "This product could not be found.", productHref: null };
  const rawQty = url.searchParams.get("qty") ?? "1";
  const qty = /^\d{1,2}$/.test(rawQty) ? Number(rawQty) : Number.NaN;
  if (!(qty >= QTY_MIN && qty <= QTY_MAX)) {
    return { status: 400, message: `Quantity must be between ${QTY_MIN} and ${QTY_MAX}.`, productHref: null };
  }
  return { productId, size: url.searchParams.get("size")?.trim() || null, qty };
}

export const isProblem = (value: object): value is BuyNowProblem => "message" in value;

const lineLabel = (title: string, size: string) => `${title} (size ${size})`;

/**
 * The single line of a Buy Now checkout: the product must exist, have the size (its default size
 * when none is asked for) and enough stock. The messages are the API's own for the same faults.
 */
export async function buyNowLine(api: ShopperApi, url: URL): Promise<CheckoutLine | BuyNowProblem> {
  const wanted = readBuyNow(url);
  if (isProblem(wanted)) return wanted;
  const result = await api.product(wanted.productId);
  if (!result.ok && result.code === "NOT_FOUND")
    return { status: 404, message: "This product could not be found.", productHref: null };
  const product = orErrorPage(result);
  const href = productPath(product);
  const title = product.title.shortTitle;
  const size = wanted.size ?? defaultSize(product);
  const variant = variantOf(product, size);
  if (!variant) return { status: 400, message: `Size ${size} is not available for ${title}`, productHref: href };
  if (variant.quantity < wanted.qty) {
    const message =
      variant.quantity > 0
        ? `Only ${variant.quantity} left of ${lineLabel(title, size)}`
        : `${lineLabel(title, size)} is out of stock`;
    return { status: 409, message, productHref: href };
  }
  return {
    productId: product._id,
    title,
    image: product.image,
    href,
    size,
    qty: wanted.qty,
    amount: variant.price.cost * wanted.qty,
  };
}
