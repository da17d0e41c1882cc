import type { CartJson } from "../../../api/contract/types";
import { priceOf, productPath, variantOf } from "../catalogue/catalogue";
import type { CartSummary } from "./cart";

/** A cart as the API answers it (`cart/get`, `cart/update`...): the API's own type, for its shape only. */
export type { CartChangeJson, CartJson } from "../../../api/contract/types";

/** The cart as the shop shows it: each line with its title, picture, page and prices. */
export function toCartSummary(cart: CartJson): CartSummary {
  return {
    totalAmount: cart.totalAmount,
    totalQuantity: cart.totalQuantity,
    lines: cart.products.map(({ productId: product, size, qty, unavailable }) => {
      const { sellingPrice, mrp } = priceOf(variantOf(product, size));
      return {
        productId: product._id,
        size,
        qty,
        title: product.title.shortTitle,
        image: product.image,
        href: productPath(product),
        price: sellingPrice,
        mrp,
        unavailable: unavailable ?? null,
      };
    }),
  };
}
