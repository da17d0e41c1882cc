/**
 * The /userapp API's public constants, shared with the storefront (which may import this folder;
 * api/ never imports from app/). Keep this file free of imports so it fits any bundle; the types
 * of the API's answers are in ./types.ts.
 */

/** A record id (product, order, address, user…): 24 lower-case hex characters. */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

/**
 * A size's selling price in whole rupees: the MRP less the discount (%), rounded to the rupee, at
 * least ₹1 and never above the MRP. The seed, the back office, the CSV import and the back
 * office's product form all price with it.
 */
export function sellingPrice(mrp: number, discount: number): number {
  return Math.max(1, Math.min(mrp, Math.round(mrp * (1 - discount / 100))));
}

/** A cart or order line holds 1 to 10 pieces of one product and size. */
export const MIN_QTY_PER_LINE = 1;
export const MAX_QTY_PER_LINE = 10;

/** What the API says of any quantity outside that range, whatever was sent. */
export const QTY_RULE_MESSAGE = `Quantity must be between ${MIN_QTY_PER_LINE} and ${MAX_QTY_PER_LINE}`;

/**
 * Where "decrease" takes a cart line of `current` pieces: one fewer, or the quantity the form
 * expected afterwards (the shown quantity minus one) when that is lower, so quick clicks, each
 * cancelling the last in the browser, land where the shopper saw them land. Never a rise: a tab
 * showing an old, higher quantity still only lowers the line. Below 1 the line leaves the cart.
 * The API applies it (`cart/update` with `decrease`); the storefront's optimistic cart previews it.
 */
export function decreasedQty(current: number, expected: number | null | undefined): number {
  if (expected != null && expected >= 0 && expected < current) return expected;
  return current - 1;
}

/** The shop's name, on every page and message. */
export const SHOP_NAME = "Mart";

/** support@ the shop's own domain when it is known; otherwise a reserved example domain. */
export function defaultSupportEmail(publicOrigin: string | null): string {
  const host = publicOrigin ? new URL(publicOrigin).hostname.replace(/^www\./, "") : "";
  const isDomain = host.includes(".") && !/^[\d.]+$/.test(host);
  return `support@${isDomain ? host : "example.com"}`;
}

/**
 * Money is whole rupees, formatted here and nowhere else (lakh grouping: ₹1,23,456), exactly as
 * `Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 })`
 * formats every whole amount a number holds exactly (tests/unit/catalogue.test.ts compares them),
 * but without Intl: a browser's first Intl.NumberFormat loads the locale's data, tens of
 * milliseconds on a slow phone, in one task (issue 41: home formats its cards' prices while it
 * hydrates and needs Intl for nothing else).
 */
export function formatRupees(amount: number): string {
  // Intl rounds half away from zero; Math.round rounds half up, so round the magnitude.
  const digits = String(Math.round(Math.abs(amount)));
  // The last three digits, then pairs: 12,34,56,789.
  const grouped = digits.replace(/\B(?=(\d{2})*\d{3}$)/g, ",");
  // Intl signs negative zero too (-0.4 is "-₹0").
  return `${amount < 0 || Object.is(amount, -0) ? "-" : ""}₹${grouped}`;
}

/** Rupees added to every order's total, whatever its size. */
export const PLATFORM_FEE = 4;

/** Sizes with this many units or fewer are low on stock: the back office's default list and the dashboard's count. */
export const LOW_STOCK_THRESHOLD = 5;

/** A well-formed PIN code that no post office has (India Post's directory): the API refuses it in an address. */
export const UNKNOWN_PIN_MESSAGE = "No post office has this PIN code";

/** An Indian PIN code: six digits, never starting with 0 (the address form and the API check the same). */
export const PIN_PATTERN = /^[1-9][0-9]{5}$/;
