import type { AppLoadContext } from "react-router";
import type { CartChange } from "./cart";
import { decreasedQty, isAllowedQty, sameLine } from "./cart-changes";
import { type Product, QTY_MAX, QTY_MIN, variantOf } from "./catalogue";
import type { CartJson } from "./shopper.server";
import { callUserapp, type UserappResult } from "./userapp.server";

const PRODUCT_ID = /^[0-9a-f]{24}$/;
const QTY_RULE = `Quantity must be between ${QTY_MIN} and ${QTY_MAX}`;
const NOT_AVAILABLE = "Product not available";
const NOT_IN_CART = "Item not found in cart";

/** What a cart change came to: a toast to show, or a token the API no longer accepts. */
export type Outcome = { ok: boolean; message: string } | "signed-out";
const done = (message: string): Outcome => ({ ok: true, message });
const failed = (message: string): Outcome => ({ ok: false, message });

export const UNKNOWN_CART_ACTION = failed("Failed to update cart: Unknown cart action");

/** Does one change to the shopper's own cart through the API (spec sections 4 and 7). */
export function changeCart(context: AppLoadContext, token: string, change: CartChange): Promise<Outcome> {
  return CART_INTENT_HANDLERS[change.intent](new CartApi(context, token), change);
}

/** The API calls of the cart, with the shopper's token; a 401 anywhere reads as "signed-out". */
class CartApi {
  constructor(
    private readonly context: AppLoadContext,
    private readonly token: string,
  ) {}

  call<T>(method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<UserappResult<T>> {
    return callUserapp<T>(this.context, method, path, { token: this.token, body });
  }

  /** The cart now (to find a line's product, for its name, and quantity), or the outcome of failing to read it. */
  async cart(prefix: string): Promise<{ cart: CartJson } | { outcome: Outcome }> {
    const result = await this.call<CartJson>("POST", "cart/get", { query: {}, options: {}, isCountOnly: false });
    return result.ok ? { cart: result.envelope.data } : { outcome: apiFailure(result, prefix) };
  }
}

type LineFound = { line: CartJson["products"][number] } | { outcome: Outcome };

/** The cart line a change is about; when there is none, the outcome to answer with `prefix`. */
async function findLine(api: CartApi, change: CartChange, prefix: string): Promise<LineFound> {
  const read = await api.cart(prefix);
  if ("outcome" in read) return read;
  const line = read.cart.products.find((entry) => sameLine({ productId: entry.productId._id, size: entry.size }, change.productId, change.size));
  return line ? { line } : { outcome: failed(`${prefix}: ${NOT_IN_CART}`) };
}

/** What a failed API call means for the shopper, under the intent's prefix. */
function apiFailure(result: UserappResult<unknown>, prefix: string): Outcome {
  if (result.httpStatus === 401) return "signed-out";
  return failed(`${prefix}: ${result.envelope.message || "Internal server error"}`);
}

function soldOut(product: Product, size: string): boolean {
  return (variantOf(product, size)?.quantity ?? 0) <= 0;
}

const CART_INTENT_HANDLERS: Record<CartChange["intent"], (api: CartApi, change: CartChange) => Promise<Outcome>> = {
  async add(api, { productId, size, qty }) {
    const prefix = "Failed to add product to cart";
    // A missing quantity means one (spec section 4).
    const pieces = qty ?? 1;
    if (!isAllowedQty(pieces)) return failed(`${prefix}: ${QTY_RULE}`);
    if (!PRODUCT_ID.test(productId)) return failed(NOT_AVAILABLE);
    const found = await api.call<Product>("GET", `product/get/${productId}`);
    if (!found.ok) return found.httpStatus === 404 ? failed(NOT_AVAILABLE) : apiFailure(found, prefix);
    if (soldOut(found.envelope.data, size)) return failed(NOT_AVAILABLE);
    const added = await api.call("POST", "cart/create", { products: [{ productId, size, qty: pieces }] });
    return added.ok ? done("Product added successfully to cart!") : apiFailure(added, prefix);
  },

  async update(api, change) {
    const prefix = "Failed to update quantity";
    if (change.qty === null || !isAllowedQty(change.qty)) return failed(`${prefix}: ${QTY_RULE}`);
    const found = await findLine(api, change, prefix);
    if ("outcome" in found) return found.outcome;
    const product = found.line.productId;
    // Raising a line needs stock; lowering one is always allowed.
    if (change.qty > found.line.qty && soldOut(product, change.size)) return failed(NOT_AVAILABLE);
    const updated = await api.call("PUT", "cart/update", { productId: change.productId, size: change.size, qty: change.qty });
    return updated.ok ? done(`Updated ${product.title.shortTitle} quantity to ${change.qty}`) : apiFailure(updated, prefix);
  },

  async decrease(api, change) {
    const prefix = "Failed to update cart";
    const found = await findLine(api, change, prefix);
    if ("outcome" in found) return found.outcome;
    const name = found.line.productId.title.shortTitle;
    const next = decreasedQty(found.line.qty, change.qty);
    // Decreasing a line of one removes it (spec section 4).
    const result =
      next < QTY_MIN
        ? await api.call("PUT", "cart/remove", { productId: change.productId, size: change.size })
        : await api.call("PUT", "cart/update", { productId: change.productId, size: change.size, qty: next });
    if (!result.ok) return apiFailure(result, prefix);
    return done(next < QTY_MIN ? `${name} removed from cart` : `Decreased ${name} quantity`);
  },

  async remove(api, change) {
    const prefix = "Failed to remove item from cart";
    const found = await findLine(api, change, prefix);
    if ("outcome" in found) return found.outcome;
    const removed = await api.call("PUT", "cart/remove", { productId: change.productId, size: change.size });
    return removed.ok ? done(`${found.line.productId.title.shortTitle} removed from cart`) : apiFailure(removed, prefix);
  },

  async clear(api) {
    const prefix = "Failed to clear cart";
    const read = await api.cart(prefix);
    if ("outcome" in read) return read.outcome;
    // The spec's client clears by sending the list of product ids.
    const productIds = [...new Set(read.cart.products.map((line) => line.productId._id))];
    const cleared = await api.call("PUT", "cart/remove-multiple", { productIds });
    return cleared.ok ? done("Cart cleared") : apiFailure(cleared, prefix);
  },
};
