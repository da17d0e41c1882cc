import type { CartActionData, CartChange } from "./cart";
import type { ApiResult, SentQty, ShopperApi } from "./shopper-api.server";
import type { CartChangeJson } from "./shopper.server";

const NOT_AVAILABLE = "Product not available";

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

/** Does one change to the shopper's own cart: one API call. `updateCart`: sent by "Update Cart". */
export async function changeCart(api: ShopperApi, change: CartChange, { updateCart = false } = {}): Promise<Outcome> {
  const outcome = await CART_INTENT_HANDLERS[change.intent](api, change);
  return outcome.ok && updateCart && change.intent === "update" ? done(CART_UPDATED) : outcome;
}

/**
 * A quantity as the form sent it: none means one piece for add; one that is not a whole number
 * goes as text, so the API refuses it with its own rule ("Quantity must be between 1 and 10").
 */
const sentQty = (qty: number): SentQty => (Number.isNaN(qty) ? "not a whole number" : qty);

/** The name of the product a change touched, from the API's answer. */
const nameOf = (cart: CartChangeJson) => cart.changed[0]?.shortTitle ?? "";

/**
 * What a refused change tells the shopper, under the intent's prefix: the API's own message (for
 * a field error, the field's: "Quantity must be between 1 and 10"). A product or size the shop
 * cannot supply at all (unknown, hidden, a size it lacks or has none of: `data.available` 0) is
 * the spec's "Product not available", for add and for raising a line.
 */
function refusal(result: ApiResult<unknown>, prefix: string, { unavailable = false } = {}): Outcome {
  const { envelope, httpStatus } = result;
  if (unavailable && (httpStatus === 404 || availableOf(envelope.data) === 0)) return failed(NOT_AVAILABLE);
  const fields = httpStatus === 422 && Array.isArray(envelope.data) ? (envelope.data as { message?: unknown }[]) : [];
  const message = typeof fields[0]?.message === "string" ? fields[0].message : envelope.message;
  return failed(`${prefix}: ${message || "Internal server error"}`);
}

const availableOf = (data: unknown) =>
  data !== null && typeof data === "object" && "available" in data ? (data as { available: unknown }).available : null;

const CART_INTENT_HANDLERS: Record<CartChange["intent"], (api: ShopperApi, change: CartChange) => Promise<Outcome>> = {
  async add(api, { productId, size, qty }) {
    const added = await api.addToCart({ productId, size, qty: sentQty(qty ?? 1) });
    if (added.ok) return done("Product added successfully to cart!");
    // "Error adding to cart: …" when the API could not answer (5xx, unreachable).
    if (added.httpStatus >= 500) return refusal(added, "Error adding to cart");
    return refusal(added, "Failed to add product to cart", { unavailable: true });
  },

  async update(api, { productId, size, qty }) {
    const prefix = "Failed to update quantity";
    // An empty quantity field is a quantity the API does not take, not "none".
    const updated = await api.updateCartLine({ productId, size, qty: qty === null ? "" : sentQty(qty) });
    if (!updated.ok) return refusal(updated, prefix, { unavailable: updated.httpStatus !== 404 });
    return done(`Updated ${nameOf(updated.envelope.data)} quantity to ${updated.envelope.data.changed[0]?.qty}`);
  },

  async decrease(api, { productId, size, qty }) {
    const lowered = await api.decreaseCartLine({ productId, size, qty: Number.isNaN(qty) ? null : qty });
    if (!lowered.ok) return refusal(lowered, "Failed to update cart");
    const name = nameOf(lowered.envelope.data);
    // Decreasing a line of one removes it.
    return done(
      lowered.envelope.data.changed[0]?.qty === 0 ? `${name} removed from cart` : `Decreased ${name} quantity`,
    );
  },

  async remove(api, { productId, size }) {
    const removed = await api.removeCartLine({ productId, size });
    if (!removed.ok) return refusal(removed, "Failed to remove item from cart");
    return done(`${nameOf(removed.envelope.data)} removed from cart`);
  },

  async clear(api) {
    const cleared = await api.clearCart();
    return cleared.ok ? done("Cart cleared") : refusal(cleared, "Failed to clear cart");
  },
};
