import type { CartActionData, CartChange } from "./cart";
import type { SentQty, ShopperApi } from "../session/require-shopper.server";
import { sharedMessage } from "../userapp/refusals.server";
import type { Refused, RouteRefusalCode } from "../userapp/transport.server";
import type { CartChangeJson } from "./cart-summary.server";

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

/** A refusal of a cart change (`cart/create`, `cart/update`, `cart/remove`, `cart/remove-multiple`). */
type CartRefusal = Refused<
  | RouteRefusalCode<"POST /cart/create">
  | RouteRefusalCode<"PUT /cart/update">
  | RouteRefusalCode<"PUT /cart/remove">
  | RouteRefusalCode<"PUT /cart/remove-multiple">
>;

/**
 * What a refused change tells the shopper, under the intent's prefix: the API's own message (for
 * a field error, the field's: "Quantity must be between 1 and 10"). A product or size the shop
 * cannot supply at all (a size it lacks or has none of: `available` 0; with `notFound`, an unknown
 * or hidden product too) is the spec's "Product not available", for add and for raising a line.
 */
function refusal(result: CartRefusal, prefix: string, { unavailable = false, notFound = false } = {}): Outcome {
  const refused = (message: string) => failed(`${prefix}: ${message || "Internal server error"}`);
  switch (result.code) {
    case "NOT_FOUND":
      return notFound ? failed(NOT_AVAILABLE) : refused(result.message);
    case "SIZE_UNAVAILABLE":
      return unavailable ? failed(NOT_AVAILABLE) : refused(result.message);
    case "NOT_ENOUGH_STOCK":
      return unavailable && result.data.available === 0 ? failed(NOT_AVAILABLE) : refused(result.message);
    case "VALIDATION":
      return refused(result.data[0]?.message ?? result.message);
    case "CART_FULL":
    case "CHANGE_ABANDONED":
      return refused(result.message);
    default:
      return refused(sharedMessage(result));
  }
}

const CART_INTENT_HANDLERS: Record<CartChange["intent"], (api: ShopperApi, change: CartChange) => Promise<Outcome>> = {
  async add(api, { productId, size, qty }) {
    const added = await api.addToCart({ productId, size, qty: sentQty(qty ?? 1) });
    if (added.ok) return done("Product added successfully to cart!");
    // "Error adding to cart: …" when the API could not answer (it failed, or is unreachable).
    if (added.code === "SERVER_ERROR" || added.code === "BUSY") return refusal(added, "Error adding to cart");
    return refusal(added, "Failed to add product to cart", { unavailable: true, notFound: true });
  },

  async update(api, { productId, size, qty }) {
    const prefix = "Failed to update quantity";
    // An empty quantity field is a quantity the API does not take, not "none".
    const updated = await api.updateCartLine({ productId, size, qty: qty === null ? "" : sentQty(qty) });
    if (!updated.ok) return refusal(updated, prefix, { unavailable: true });
    return done(`Updated ${nameOf(updated.data)} quantity to ${updated.data.changed[0]?.qty}`);
  },

  async decrease(api, { productId, size, qty }) {
    const lowered = await api.decreaseCartLine({ productId, size, qty: Number.isNaN(qty) ? null : qty });
    if (!lowered.ok) return refusal(lowered, "Failed to update cart");
    const name = nameOf(lowered.data);
    // Decreasing a line of one removes it.
    return done(lowered.data.changed[0]?.qty === 0 ? `${name} removed from cart` : `Decreased ${name} quantity`);
  },

  async remove(api, { productId, size }) {
    const removed = await api.removeCartLine({ productId, size });
    if (!removed.ok) return refusal(removed, "Failed to remove item from cart");
    return done(`${nameOf(removed.data)} removed from cart`);
  },

  async clear(api) {
    const cleared = await api.clearCart();
    return cleared.ok ? done("Cart cleared") : refusal(cleared, "Failed to clear cart");
  },
};
