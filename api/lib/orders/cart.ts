import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { decreasedQty, MAX_QTY_PER_LINE } from "../../contract";
import type { Database, Transaction } from "../../db/client";
import { cartItems, products, variants } from "../../db/schema";
import { loadProducts, loadProductStates, type ProductJson } from "../catalogue/catalogue";
import { badRequest, conflict, notFound } from "../http/http";

/*
 * The shopper's cart and every rule it keeps: what may be added (a visible product, a size it has,
 * no more than its stock), the quantity of a line (1 to 10), and how many lines a cart holds. The
 * cart routes (api/routes/cart.ts) only read the request and answer; the storefront has no rule of
 * its own, it shows what the API says.
 */

/** Quantity limit per cart line and per order line: 1 to 10 per item. */
export const maxQtyPerLine = MAX_QTY_PER_LINE;

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
  /** Why the line cannot be ordered now (the product hidden, the size gone, too few left), or null. */
  unavailable: string | null;
};

export type CartJson = { products: CartLineJson[]; totalQuantity: number; totalAmount: number };

/**
 * A line a change touched: its quantity now (0 when it left the cart) and its product's short
 * title, so a client can say "{name} removed from cart" without reading the cart again.
 */
export type ChangedLineJson = { productId: string; size: string; qty: number; shortTitle: string };

/** What every cart change answers: the cart as it now is, and the lines the change touched. */
export type CartChangeJson = CartJson & { changed: ChangedLineJson[] };

/** A cart line as stored: the product, the size and the quantity (and whether the product is hidden now). */
export type CartRow = { productId: string; size: string; qty: number; hidden?: boolean };

/**
 * Why `qty` of `size` of a product cannot be ordered now, or null when it can: the words the cart
 * and the checkout's quote (api/lib/orders/order-quote.ts) both show. Placing the order decides.
 */
export function lineProblem(product: ProductJson | undefined, hidden: boolean, size: string, qty: number) {
  const variant = product?.variants.find((v) => v.size === size);
  if (!product || hidden) return "This product is no longer available";
  if (!variant) return `Size ${size} is no longer available`;
  if (variant.quantity < qty) return variant.quantity > 0 ? `Only ${variant.quantity} left` : "Out of stock";
  return null;
}

export const cartLineId = (productId: string, size: string) => `${productId}:${size}`;

/** The selling price (variant cost) of `size`, or 0 when the product no longer has that size. */
export function costOfSize(product: ProductJson, size: string): number {
  return product.variants.find((v) => v.size === size)?.price.cost ?? 0;
}

/** The user's cart with every product populated, lines in the order they were first added. */
export async function loadCart(db: Database, userId: string): Promise<CartJson> {
  const rows = await db
    .select({ productId: cartItems.productId, size: cartItems.size, qty: cartItems.qty, hidden: products.hidden })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.productId), asc(cartItems.size));
  return cartOf(db, rows);
}

/** The cart of these stored lines, in their order, with every product populated. */
export async function cartOf(
  db: Database,
  rows: CartRow[],
  // A product an admin hid since stays in the cart (it is refused at checkout, api/lib/orders/orders.ts).
  load: (ids: string[]) => Promise<Map<string, ProductJson>> = (ids) => loadProducts(db, ids, { includeHidden: true }),
): Promise<CartJson> {
  const catalogue = await load(rows.map((row) => row.productId));
  const lines: CartLineJson[] = [];
  for (const row of rows) {
    // A product deleted between the two reads simply drops out (its lines cascade away anyway).
    const product = catalogue.get(row.productId);
    if (!product) continue;
    lines.push({
      _id: cartLineId(row.productId, row.size),
      productId: product,
      size: row.size,
      qty: row.qty,
      amount: costOfSize(product, row.size) * row.qty,
      unavailable: lineProblem(product, row.hidden === true, row.size, row.qty),
    });
  }
  return {
    products: lines,
    totalQuantity: lines.reduce((sum, line) => sum + line.qty, 0),
    totalAmount: lines.reduce((sum, line) => sum + line.amount, 0),
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

// ---------------------------------------------------------------------------------------------
// The rules

/**
 * The refusal of a line the size cannot supply: "Only 8 left in size M", or out of stock. `data`
 * says how many are available, so a client can tell "not available at all" (0) from "fewer".
 */
export function notEnoughStock(
  line: { productId: string; size: string; shortTitle: string },
  requested: number,
  available: number,
) {
  return badRequest(
    available > 0
      ? `Only ${available} left in size ${line.size}`
      : `${line.shortTitle} (size ${line.size}) is out of stock`,
    { productId: line.productId, size: line.size, requested, available: Math.max(0, available) },
    "NOT_ENOUGH_STOCK",
  );
}

/** A product a shopper cannot add: unknown or hidden (404), or without the size (400, nothing available). */
const noSuchProduct = () => notFound("Product not found");
const noSuchSize = (productId: string, size: string) =>
  badRequest(
    `Size ${size} is not available for this product`,
    { productId, size, requested: 0, available: 0 },
    "SIZE_UNAVAILABLE",
  );

/** The same product and size twice in one request is one line (one upsert row cannot be hit twice). */
function mergeRequested(requested: readonly CartRow[]): CartRow[] {
  const merged = new Map<string, CartRow>();
  for (const line of requested) {
    const key = cartLineId(line.productId, line.size);
    const existing = merged.get(key);
    if (existing) existing.qty = Math.min(existing.qty + line.qty, maxQtyPerLine);
    else merged.set(key, { ...line });
  }
  return [...merged.values()];
}

const pairIn = (lines: readonly { productId: string; size: string }[]) =>
  sql.join(
    lines.map((line) => sql`(${line.productId}, ${line.size})`),
    sql`, `,
  );

/**
 * Adds lines to the cart (`cart/create`). A line already there adds its quantity, capped at 10.
 * Every product must be visible and have the size, and every line as it ends up (what was in
 * the cart plus what is added) must be within the size's stock; new lines count against the
 * cart's cap. One transaction: two adds at once cannot together pass the stock.
 */
export async function addToCart(
  db: Database,
  userId: string,
  requested: readonly CartRow[],
  now: Date,
): Promise<CartChangeJson> {
  const lines = mergeRequested(requested);
  const states = await loadProductStates(
    db,
    lines.map((line) => line.productId),
    { includeHidden: true },
  );
  const titles = new Map<string, string>();
  for (const line of lines) {
    const state = states.get(line.productId);
    if (!state || state.hidden) throw noSuchProduct();
    if (!state.product.variants.some((v) => v.size === line.size)) throw noSuchSize(line.productId, line.size);
    titles.set(line.productId, state.product.title.shortTitle);
  }

  const changed = await db.transaction(async (tx) => {
    // Lines already in the cart merge; only new ones count against the cap.
    const [{ others }] = await tx
      .select({ others: sql<number>`count(*)::int` })
      .from(cartItems)
      .where(
        and(eq(cartItems.userId, userId), sql`(${cartItems.productId}, ${cartItems.size}) NOT IN (${pairIn(lines)})`),
      );
    if (others + lines.length > maxCartLines) {
      throw badRequest(
        `Your cart can hold up to ${maxCartLines} products. Remove some to add more.`,
        null,
        "CART_FULL",
      );
    }
    // Lines added together keep the order they were sent in: each is a millisecond after the one before.
    const addedAt = now.getTime();
    const upserted = await tx
      .insert(cartItems)
      .values(lines.map((line, index) => ({ userId, ...line, createdAt: new Date(addedAt + index) })))
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.size],
        // Adding to a line already there adds the quantities, capped at the limit; the upsert locks
        // the line, so a second add at the same time waits and then sees this one's quantity.
        set: { qty: sql`LEAST("cart_items"."qty" + excluded."qty", ${maxQtyPerLine})` },
      })
      .returning({ productId: cartItems.productId, size: cartItems.size, qty: cartItems.qty });
    const stock = await tx
      .select({ productId: variants.productId, size: variants.size, quantity: variants.quantity })
      .from(variants)
      .where(sql`(${variants.productId}, ${variants.size}) IN (${pairIn(lines)})`);
    const left = new Map(stock.map((row) => [cartLineId(row.productId, row.size), row.quantity]));
    // Checked in the order the lines were sent, so the first line short of stock is the one named.
    for (const line of lines) {
      const saved = upserted.find((row) => row.productId === line.productId && row.size === line.size)!;
      const available = left.get(cartLineId(line.productId, line.size)) ?? 0;
      const shortTitle = titles.get(line.productId)!;
      if (saved.qty > available) throw notEnoughStock({ ...line, shortTitle }, saved.qty, available);
    }
    return lines.map((line) => ({
      ...upserted.find((row) => row.productId === line.productId && row.size === line.size)!,
      shortTitle: titles.get(line.productId)!,
    }));
  });
  return { ...(await loadCart(db, userId)), changed };
}

/** A cart line as a change reads it: locked, with its size's stock and whether the product is hidden. */
async function lockLine(tx: Transaction, userId: string, productId: string, size: string) {
  const [line] = await tx
    .select({
      qty: cartItems.qty,
      stock: variants.quantity,
      hidden: products.hidden,
      shortTitle: products.shortTitle,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(variants, and(eq(variants.productId, cartItems.productId), eq(variants.size, cartItems.size)))
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), eq(cartItems.size, size)))
    .for("update", { of: cartItems });
  if (!line) throw notFound("Item not found in cart");
  return line;
}

/** `cart/update`'s 409 when its client gave up on the request before the line was changed. */
export const CHANGE_ABANDONED = "The request was cancelled before the cart was changed.";

/**
 * Sets a line's quantity (`cart/update`), or with `decrease` lowers it by one (or to the quantity
 * the client expects afterwards, never up; below 1 the line leaves the cart). Raising a line
 * needs stock, and a product that is still shown; lowering one is always allowed.
 */
export async function changeLine(
  db: Database,
  userId: string,
  change: { productId: string; size: string } & ({ qty: number } | { decrease: true; expected: number | null }),
  signal?: AbortSignal,
): Promise<CartChangeJson> {
  const { productId, size } = change;
  const changed = await db.transaction(async (tx) => {
    const line = await lockLine(tx, userId, productId, size);
    // Quick clicks on a line each name the quantity they lead to, and the storefront's newer one
    // aborts the older request. The older one may still reach this lock last (measured: sent 178
    // ms before, committed 25 ms after), and its quantity would undo the newer one. Once the line
    // is locked, a request its client has given up on changes nothing.
    if (signal?.aborted) throw conflict(CHANGE_ABANDONED, null, "CHANGE_ABANDONED");
    const next = "qty" in change ? change.qty : decreasedQty(line.qty, change.expected);
    const where = and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), eq(cartItems.size, size));
    if (next > line.qty) {
      const available = line.hidden || line.stock === null ? 0 : line.stock;
      if (next > available) throw notEnoughStock({ productId, size, shortTitle: line.shortTitle }, next, available);
    }
    if (next < 1) await tx.delete(cartItems).where(where);
    else await tx.update(cartItems).set({ qty: next }).where(where);
    return [{ productId, size, qty: Math.max(0, next), shortTitle: line.shortTitle }];
  });
  return { ...(await loadCart(db, userId)), changed };
}

/** Removes a line (`cart/remove`); without a size, every size of the product. */
export async function removeLines(
  db: Database,
  userId: string,
  productId: string,
  size: string | null,
): Promise<CartChangeJson> {
  const conditions = [eq(cartItems.userId, userId), eq(cartItems.productId, productId)];
  if (size != null) conditions.push(eq(cartItems.size, size));
  const removed = await db
    .delete(cartItems)
    .where(and(...conditions))
    .returning({ productId: cartItems.productId, size: cartItems.size });
  if (removed.length === 0) throw notFound("Item not found in cart");
  const [product] = await db
    .select({ shortTitle: products.shortTitle })
    .from(products)
    .where(eq(products.id, productId));
  const shortTitle = product?.shortTitle ?? "";
  return {
    ...(await loadCart(db, userId)),
    changed: removed.map((line) => ({ ...line, qty: 0, shortTitle })),
  };
}

/** Removes products, every size (`cart/remove-multiple`), or with "all" every line. */
export async function clearLines(
  db: Database,
  userId: string,
  productIds: readonly string[] | "all",
): Promise<CartJson> {
  const mine = eq(cartItems.userId, userId);
  if (productIds === "all") await db.delete(cartItems).where(mine);
  // Clearing an already empty cart is not an error: a client may clear after every order.
  else if (productIds.length > 0)
    await db.delete(cartItems).where(and(mine, inArray(cartItems.productId, [...productIds])));
  return loadCart(db, userId);
}
