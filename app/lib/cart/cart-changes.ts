import { type CartChange, type CartIntent, type CartLine, type CartSummary, CART_INTENTS, EMPTY_CART } from "./cart";
import { cartTotals } from "./cart-prices";
import { decreasedQty } from "../../../api/contract";
import { QTY_MAX, QTY_MIN } from "../catalogue/catalogue";

/*
 * Reading a cart form and previewing it on a cart: what the optimistic cart shows until the API,
 * which owns the rules, answers. Its own module, so a guest's pages never load it (use-cart.ts fetches it for a
 * signed-in shopper after hydration).
 */

export function sameLine(line: Pick<CartLine, "productId" | "size">, productId: string, size: string): boolean {
  return line.productId === productId && line.size === size;
}

/**
 * A posted quantity: null when there is none (add then means one), NaN when it is not a whole
 * number, else the number. The range is checked by the caller.
 */
export function readQty(value: unknown): number | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  return /^\s*-?\d{1,3}\s*$/.test(value) ? Number.parseInt(value, 10) : Number.NaN;
}

export function isAllowedQty(qty: number): boolean {
  return Number.isInteger(qty) && qty >= QTY_MIN && qty <= QTY_MAX;
}

/** The cart form's fields, or null when they do not make a change (unknown intent, missing product). */
export function readCartChange(form: { get(name: string): FormDataEntryValue | null }): CartChange | null {
  const intent = String(form.get("intent") ?? "");
  if (!(CART_INTENTS as readonly string[]).includes(intent)) return null;
  const productId = String(form.get("productId") ?? "").trim();
  const size = String(form.get("size") ?? "").trim();
  if (intent !== "clear" && !productId) return null;
  return { intent: intent as CartIntent, productId, size, qty: readQty(form.get("qty")) };
}

function withTotals(lines: CartLine[]): CartSummary {
  return { lines, ...cartTotals(lines) };
}

/**
 * The cart as it will be once `change` is done: what the /cart action does, for the optimistic
 * cart. A product added for the first time has no known price yet, so it shows once the server answers.
 */
export function applyCartChange(cart: CartSummary, change: CartChange): CartSummary {
  const { intent, productId, size, qty } = change;
  const index = cart.lines.findIndex((line) => sameLine(line, productId, size));
  const line = index >= 0 ? cart.lines[index] : undefined;
  const replaceQty = (next: number) =>
    withTotals(
      next < QTY_MIN
        ? cart.lines.filter((_, i) => i !== index)
        : cart.lines.map((l, i) => (i === index ? { ...l, qty: next } : l)),
    );
  switch (intent) {
    case "clear":
      return EMPTY_CART;
    case "remove":
      return line ? withTotals(cart.lines.filter((_, i) => i !== index)) : cart;
    case "add":
      if (!line || qty === null || !isAllowedQty(qty)) return cart;
      return replaceQty(Math.min(QTY_MAX, line.qty + qty));
    case "update":
      return line && qty !== null && isAllowedQty(qty) ? replaceQty(qty) : cart;
    case "decrease":
      if (!line) return cart;
      return replaceQty(decreasedQty(line.qty, qty));
  }
}

/** The cart with every pending cart form applied in order (Hydrogen's optimistic cart). */
export function optimisticCart(cart: CartSummary, pending: readonly CartChange[]): CartSummary {
  return pending.reduce(applyCartChange, cart);
}
