import { PLATFORM_FEE } from "../../../api/contract";
import type { CartLine } from "./cart";

/*
 * The cart's sums, a module of their own, not part of ./cart.ts: the header's cart and the product
 * cards import ./cart.ts, so whatever it exports that any page uses rides in the `shared` chunk
 * every page loads; these are for the cart page, the drawer and the optimistic cart, which load
 * later (decision 049, seventh round).
 */

/** totalQuantity is the sum of quantities, totalAmount the sum of cost × qty (as the API counts them). */
export function cartTotals(lines: readonly Pick<CartLine, "qty" | "price">[]): {
  totalQuantity: number;
  totalAmount: number;
} {
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
 * on it, then the platform fee. The discount is MRP minus selling price per piece (mrp ×
 * discount% is the same up to the catalogue's rounding), so the column always adds up.
 */
export function priceDetails(lines: readonly Pick<CartLine, "qty" | "price" | "mrp">[]) {
  const { totalQuantity, totalAmount } = cartTotals(lines);
  const price = lines.reduce((sum, line) => sum + Math.max(line.mrp, line.price) * line.qty, 0);
  const discount = price - totalAmount;
  return {
    itemCount: totalQuantity,
    price,
    discount,
    platformFee: PLATFORM_FEE,
    totalAmount: totalAmount + PLATFORM_FEE,
    savings: discount,
  };
}
