import type { CartJson } from "../../api/contract/types";
import type { UserJson } from "../../api/contract/types";
import { priceOf, productPath, variantOf } from "./catalogue";
import type { CartSummary, Shopper } from "./shopper";

/** A user as the API answers it (`user/me`, login, `user/update`): the API's own type, imported for its shape only. */
export type { AddressJson, UserJson } from "../../api/contract/types";

/** A cart as the API answers it (`cart/get`, `cart/update`...): the API's own type, for its shape only. */
export type { CartChangeJson, CartJson } from "../../api/contract/types";

/** The name the shop greets a user by: their name, else the part of the email before the @. */
export function displayName(user: Pick<UserJson, "name" | "email">): string {
  return user.name?.trim() || user.email.split("@")[0];
}

export function toShopper(user: UserJson): Shopper {
  return { id: user.id, name: displayName(user), email: user.email };
}

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
