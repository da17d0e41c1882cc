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

/** An Indian PIN code: six digits, never starting with 0 (the address form and the API check the same). */
export const PIN_PATTERN = /^[1-9][0-9]{5}$/;

/**
 * India's 28 states and 8 union territories, in alphabetical order: the names the address form
 * offers (its `<select>`, app/lib/address.ts) and the PIN look-up answers.
 */
export const STATE_NAMES = [
  "Andaman and Nicobar Islands",
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chandigarh",
  "Chhattisgarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jammu and Kashmir",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Ladakh",
  "Lakshadweep",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Puducherry",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
] as const;
