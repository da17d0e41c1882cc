import { PLATFORM_FEE, QTY_MAX, QTY_MIN } from "./catalogue";

/** One line of the cart as every cart screen shows it (header, drawer, /mycart). */
export type CartLine = {
  productId: string;
  size: string;
  qty: number;
  /** The product's short title: the {name} of the cart toasts. */
  title: string;
  image: string;
  /** The product page. */
  href: string;
  /** Selling price of one piece (the size's `cost`), 0 when the size is gone. */
  price: number;
  /** Struck-through price of one piece (the size's `mrp`). */
  mrp: number;
};

export type CartSummary = { totalAmount: number; totalQuantity: number; lines: CartLine[] };

export const EMPTY_CART: CartSummary = { totalAmount: 0, totalQuantity: 0, lines: [] };

export const CART_INTENTS = ["add", "update", "decrease", "remove", "clear"] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

/**
 * The field a cart form sent through a fetcher adds (only JavaScript adds it): the action then
 * answers with data for the fetcher instead of redirecting a page that never left.
 */
export const ANSWER_FETCHER = { name: "answer", value: "fetcher" } as const;

/** What the cart action answers a fetcher: the toast's message, and whether the change was made. */
export type CartActionData = { ok: boolean; message: string };

/** What a cart form posts (the optimistic cart reads the same fields the action does). */
export type CartChange = { intent: CartIntent; productId: string; size: string; qty: number | null };

/** The fetcher key of one line: quick +/- clicks on a line replace each other instead of queueing. */
export function cartLineKey(productId: string, size: string): string {
  return `cart-line:${productId}:${size}`;
}

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

/** Spec section 4: totalQuantity is the sum of quantities, totalAmount the sum of cost × qty. */
export function cartTotals(lines: readonly Pick<CartLine, "qty" | "price">[]): { totalQuantity: number; totalAmount: number } {
  let totalQuantity = 0;
  let totalAmount = 0;
  for (const line of lines) {
    totalQuantity += line.qty;
    totalAmount += line.price * line.qty;
  }
  return { totalQuantity, totalAmount };
}

export function lineTotal(line: Pick<CartLine, "qty" | "price">): number {
  return line.price * line.qty;
}

/**
 * PRICE DETAILS of the cart page: Price (n items) is MRP × qty, Discount what the shopper saves
 * on it, then the platform fee. The discount is MRP minus selling price per piece (the spec's
 * mrp × discount% is the same up to the catalogue's rounding), so the column always adds up.
 */
export function priceDetails(lines: readonly Pick<CartLine, "qty" | "price" | "mrp">[]) {
  const { totalQuantity, totalAmount } = cartTotals(lines);
  const price = lines.reduce((sum, line) => sum + Math.max(line.mrp, line.price) * line.qty, 0);
  const discount = price - totalAmount;
  return { itemCount: totalQuantity, price, discount, platformFee: PLATFORM_FEE, totalAmount: totalAmount + PLATFORM_FEE, savings: discount };
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
    withTotals(next < QTY_MIN ? cart.lines.filter((_, i) => i !== index) : cart.lines.map((l, i) => (i === index ? { ...l, qty: next } : l)));
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

/**
 * Decrease lowers a line by one and removes it at 0 (spec section 4). A form may name the quantity
 * it expects afterwards (the shown quantity minus one): then quick clicks, where each newer one
 * cancels the last in the browser, still land where the shopper saw them land.
 */
export function decreasedQty(current: number, expected: number | null): number {
  // Never a rise: a tab showing an old, higher quantity still only lowers the line.
  if (expected !== null && expected >= 0 && expected < current) return expected;
  return current - 1;
}

/** The cart with every pending cart form applied in order (Hydrogen's optimistic cart). */
export function optimisticCart(cart: CartSummary, pending: readonly CartChange[]): CartSummary {
  return pending.reduce(applyCartChange, cart);
}

const INDIA_TIME_ZONE = "Asia/Kolkata";
export const DELIVERY_DAYS = 4;

/**
 * 'Sat 29 Nov': today in India plus four delivery days, Sundays not counted (and never a
 * Sunday itself), the date the cart page promises.
 */
export function deliveryDate(now: Date = new Date()): string {
  // The calendar date in India, as a UTC midnight we can step through day by day.
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: INDIA_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  const day = new Date(`${parts}T00:00:00Z`);
  let counted = 0;
  while (counted < DELIVERY_DAYS) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0) counted++;
  }
  const weekday = day.toLocaleDateString("en-GB", { weekday: "short", timeZone: "UTC" });
  const month = day.toLocaleDateString("en-GB", { month: "short", timeZone: "UTC" });
  return `${weekday} ${day.getUTCDate()} ${month}`;
}
