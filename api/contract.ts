/**
 * The /userapp API's public constants, shared with the storefront (which may import this file;
 * api/ never imports from app/). Keep it free of imports so it fits any bundle.
 */

/** A record id (product, order, address, user…): 24 lower-case hex characters. */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

/** Rupees added to every order's total, whatever its size. */
export const PLATFORM_FEE = 4;
