/**
 * The /userapp API's public constants, shared with the storefront (which may import this file;
 * api/ never imports from app/). Keep it free of imports so it fits any bundle.
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

/** Rupees added to every order's total, whatever its size. */
export const PLATFORM_FEE = 4;
