import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { cartItems } from "../db/schema";
import { loadProducts, type ProductJson } from "./catalogue";

/** Quantity limit per cart line and per order line: 1 to 10 per item. */
export const maxQtyPerLine = 10;

/**
 * Distinct lines a cart may hold. Clients fetch the cart with a page size of 50,
 * so a bigger cart could never be shown whole; the cap also bounds the work of one request.
 */
export const maxCartLines = 50;

export type CartLineJson = {
  /** Stable id of the line within the cart (there is one line per product and size). */
  _id: string;
  productId: ProductJson;
  size: string;
  qty: number;
  /** Selling price of the line: the size's cost × qty, 0 when the size no longer exists. */
  amount: number;
};

export type CartJson = { products: CartLineJson[]; totalQuantity: number; totalAmount: number };

export const cartLineId = (productId: string, size: string) => `${productId}:${size}`;

/** The selling price (variant cost) of `size`, or 0 when the product no longer has that size. */
export function costOfSize(product: ProductJson, size: string): number {
  return product.variants.find((v) => v.size === size)?.price.cost ?? 0;
}

/** The user's cart with every product populated, lines in the order they were first added. */
export async function loadCart(db: Database, userId: string): Promise<CartJson> {
  const rows = await db
    .select({ productId: cartItems.productId, size: cartItems.size, qty: cartItems.qty })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.productId), asc(cartItems.size));
  return cartOf(db, rows);
}

/** A cart line as stored: the product, the size and the quantity. */
export type CartRow = { productId: string; size: string; qty: number };

/** The cart of these stored lines, in their order, with every product populated. */
export async function cartOf(
  db: Database,
  rows: CartRow[],
  // A product an admin hid since stays in the cart (it is refused at checkout, api/lib/orders.ts).
  load: (ids: string[]) => Promise<Map<string, ProductJson>> = (ids) => loadProducts(db, ids, { includeHidden: true }),
): Promise<CartJson> {
  const catalogue = await load(rows.map((row) => row.productId));
  const products: CartLineJson[] = [];
  for (const row of rows) {
    // A product deleted between the two reads simply drops out (its lines cascade away anyway).
    const product = catalogue.get(row.productId);
    if (!product) continue;
    products.push({
      _id: cartLineId(row.productId, row.size),
      productId: product,
      size: row.size,
      qty: row.qty,
      amount: costOfSize(product, row.size) * row.qty,
    });
  }
  return {
    products,
    totalQuantity: products.reduce((sum, line) => sum + line.qty, 0),
    totalAmount: products.reduce((sum, line) => sum + line.amount, 0),
  };
}

/** Number of lines and of units in the user's cart, in one query. */
export async function countCart(db: Database, userId: string): Promise<{ count: number; totalQuantity: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      totalQuantity: sql<number>`coalesce(sum(${cartItems.qty}), 0)::int`,
    })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return { count: row?.count ?? 0, totalQuantity: row?.totalQuantity ?? 0 };
}
