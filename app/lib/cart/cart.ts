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
  /** Why the line cannot be ordered now (the API's words), or null. */
  unavailable?: string | null;
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

/** The hidden field of a product page's "Update Cart" form: its toast is "Cart updated successfully!". */
export const UPDATE_CART = { name: "button", value: "update-cart" } as const;

/** What the cart action answers a fetcher: the toast's message, and whether the change was made. */
export type CartActionData = { ok: boolean; message: string };

/** What a cart form posts (the optimistic cart reads the same fields the action does). */
export type CartChange = { intent: CartIntent; productId: string; size: string; qty: number | null };

/** The fetcher key of one line: quick +/- clicks on a line replace each other instead of queueing. */
export function cartLineKey(productId: string, size: string): string {
  return `cart-line:${productId}:${size}`;
}

const INDIA_TIME_ZONE = "Asia/Kolkata";
export const DELIVERY_DAYS = 4;

/**
 * 'Sat 29 Nov': today in India plus four delivery days, Sundays not counted (and never a
 * Sunday itself), the date the cart page promises.
 */
export function deliveryDate(now: Date = new Date()): string {
  // The calendar date in India, as a UTC midnight we can step through day by day.
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: INDIA_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
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
