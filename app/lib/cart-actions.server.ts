import { ID_PATTERN as PRODUCT_ID } from "../../api/contract";
import type { CartActionData, CartChange } from "./cart";
import { decreasedQty, isAllowedQty, sameLine } from "./cart-changes";
import { type Product, QTY_MAX, QTY_MIN, variantOf } from "./catalogue";
import type { ApiResult, ShopperApi } from "./shopper-api.server";
import type { CartJson } from "./shopper.server";

const QTY_RULE = `Quantity must be between ${QTY_MIN} and ${QTY_MAX}`;
const NOT_AVAILABLE = "Product not available";
const NOT_IN_CART = "Item not found in cart";

/** What a cart change came to: the toast to show. (A token the API no longer accepts never gets here: requireShopper signs the browser out.) */
export type Outcome = CartActionData;
const done = (message: string): Outcome => ({ ok: true, message });
const failed = (message: string): Outcome => ({ ok: false, message });

export const UNKNOWN_CART_ACTION = failed("Failed to update cart: Unknown cart action");

/**
 * The toast of a product page's "Update Cart" (a form with UPDATE_CART): the whole cart line was
 * set, not stepped, so it is the cart that was updated.
 */
export const CART_UPDATED = "Cart updated successfully!";

/** Does one change to the shopper's own cart through the API. `updateCart`: sent by "Update Cart". */
export async function changeCart(api: ShopperApi, change: CartChange, { updateCart = false } = {}): Promise<Outcome> {
  const outcome = await CART_INTENT_HANDLERS[change.intent](api, change);
  return outcome.ok && updateCart && change.intent === "update" ? done(CART_UPDATED) : outcome;
}

/** The cart now (to find a line's product, for its name, and quantity), or the outcome of failing to read it. */
async function readCart(api: ShopperApi, prefix: string): Promise<{ cart: CartJson } | { outcome: Outcome }> {
  const result = await api.cart();
  return result.ok ? { cart: result.envelope.data } : { outcome: apiFailure(result, prefix) };
}

type LineFound = { line: CartJson["products"][number] } | { outcome: Outcome };

/** The cart line a change is about; when there is none, the outcome to answer with `prefix`. */
async function findLine(api: ShopperApi, change: CartChange, prefix: string): Promise<LineFound> {
  const read = await readCart(api, prefix);
  if ("outcome" in read) return read;
  const line = read.cart.products.find((entry) =>
    sameLine({ productId: entry.productId._id, size: entry.size }, change.productId, change.size),
  );
  return line ? { line } : { outcome: failed(`${prefix}: ${NOT_IN_CART}`) };
}

/** What a failed API call means for the shopper, under the intent's prefix. */
function apiFailure(result: ApiResult<unknown>, prefix: string): Outcome {
  return failed(`${prefix}: ${result.envelope.message || "Internal server error"}`);
}

/**
 * A failed add: "Failed to add product to cart: …" when the API refused it (a rule, the stock),
 * "Error adding to cart: …" when it could not answer (5xx, unreachable).
 */
function addFailure(result: ApiResult<unknown>): Outcome {
  return apiFailure(result, result.httpStatus >= 500 ? "Error adding to cart" : "Failed to add product to cart");
}

function soldOut(product: Product, size: string): boolean {
  return (variantOf(product, size)?.quantity ?? 0) <= 0;
}

const CART_INTENT_HANDLERS: Record<CartChange["intent"], (api: ShopperApi, change: CartChange) => Promise<Outcome>> = {
  async add(api, { productId, size, qty }) {
    const prefix = "Failed to add product to cart";
    // A missing quantity means one.
    const pieces = qty ?? 1;
    if (!isAllowedQty(pieces)) return failed(`${prefix}: ${QTY_RULE}`);
    if (!PRODUCT_ID.test(productId)) return failed(NOT_AVAILABLE);
    const found = await api.product(productId);
    if (!found.ok) return found.httpStatus === 404 ? failed(NOT_AVAILABLE) : addFailure(found);
    if (soldOut(found.envelope.data, size)) return failed(NOT_AVAILABLE);
    const added = await api.addToCart({ productId, size, qty: pieces });
    return added.ok ? done("Product added successfully to cart!") : addFailure(added);
  },

  async update(api, change) {
    const prefix = "Failed to update quantity";
    if (change.qty === null || !isAllowedQty(change.qty)) return failed(`${prefix}: ${QTY_RULE}`);
    const found = await findLine(api, change, prefix);
    if ("outcome" in found) return found.outcome;
    const product = found.line.productId;
    // Raising a line needs stock; lowering one is always allowed.
    if (change.qty > found.line.qty && soldOut(product, change.size)) return failed(NOT_AVAILABLE);
    const updated = await api.updateCartLine({ productId: change.productId, size: change.size, qty: change.qty });
    return updated.ok
      ? done(`Updated ${product.title.shortTitle} quantity to ${change.qty}`)
      : apiFailure(updated, prefix);
  },

  async decrease(api, change) {
    const prefix = "Failed to update cart";
    const found = await findLine(api, change, prefix);
    if ("outcome" in found) return found.outcome;
    const name = found.line.productId.title.shortTitle;
    const next = decreasedQty(found.line.qty, change.qty);
    // Decreasing a line of one removes it.
    const result =
      next < QTY_MIN
        ? await api.removeCartLine({ productId: change.productId, size: change.size })
        : await api.updateCartLine({ productId: change.productId, size: change.size, qty: next });
    if (!result.ok) return apiFailure(result, prefix);
    return done(next < QTY_MIN ? `${name} removed from cart` : `Decreased ${name} quantity`);
  },

  async remove(api, change) {
    const prefix = "Failed to remove item from cart";
    const found = await findLine(api, change, prefix);
    if ("outcome" in found) return found.outcome;
    const removed = await api.removeCartLine({ productId: change.productId, size: change.size });
    return removed.ok
      ? done(`${found.line.productId.title.shortTitle} removed from cart`)
      : apiFailure(removed, prefix);
  },

  async clear(api) {
    const prefix = "Failed to clear cart";
    const read = await readCart(api, prefix);
    if ("outcome" in read) return read.outcome;
    // The API clears a cart by the list of its product ids.
    const productIds = [...new Set(read.cart.products.map((line) => line.productId._id))];
    const cleared = await api.removeFromCart(productIds);
    return cleared.ok ? done("Cart cleared") : apiFailure(cleared, prefix);
  },
};
