import type { AppLoadContext } from "react-router";
import type { CartSummary, Shopper } from "./shopper";
import { EMPTY_CART } from "./shopper";
import { callUserapp } from "./userapp.server";
import type { UserJson } from "../../api/lib/users";

/** A user as the API answers it (`user/me`, login, `user/update`): the API's own type, imported for its shape only. */
export type { AddressJson, UserJson } from "../../api/lib/users";

type CartJson = {
  products: { productId: { _id: string }; size: string; qty: number }[];
  totalQuantity: number;
  totalAmount: number;
};

/** The name the shop greets a user by: their name, else the part of the email before the @. */
export function displayName(user: Pick<UserJson, "name" | "email">): string {
  return user.name?.trim() || user.email.split("@")[0];
}

export function toShopper(user: UserJson): Shopper {
  return { id: user.id, name: displayName(user), email: user.email };
}

/**
 * The profile of the token's user. "signed-out" when the API no longer accepts the token
 * (revoked, expired, user gone); "unavailable" when the API failed otherwise.
 */
export async function fetchProfile(
  context: AppLoadContext,
  token: string,
): Promise<{ user: UserJson } | "signed-out" | "unavailable"> {
  const result = await callUserapp<UserJson>(context, "GET", "user/me", { token });
  if (result.ok) return { user: result.envelope.data };
  return result.httpStatus === 401 ? "signed-out" : "unavailable";
}

/** The header's cart: totals and which product sizes are in it. An API failure shows an empty cart. */
export async function fetchCartSummary(context: AppLoadContext, token: string): Promise<CartSummary> {
  const result = await callUserapp<CartJson>(context, "POST", "cart/get", {
    token,
    body: { query: {}, options: {}, isCountOnly: false },
  });
  if (!result.ok) return EMPTY_CART;
  const cart = result.envelope.data;
  return {
    totalAmount: cart.totalAmount,
    totalQuantity: cart.totalQuantity,
    lines: cart.products.map((line) => ({ productId: line.productId._id, size: line.size, qty: line.qty })),
  };
}

/** Every product id of a shopper's list (the hearts, the compare buttons and the header counts); a failure reads as empty. */
async function fetchListIds(context: AppLoadContext, token: string, list: "wishlist" | "compare"): Promise<string[]> {
  const result = await callUserapp<{ productIds: string[] }>(context, "POST", `${list}/ids`, { token });
  return result.ok ? result.envelope.data.productIds : [];
}

export const fetchWishlistIds = (context: AppLoadContext, token: string) => fetchListIds(context, token, "wishlist");
export const fetchCompareIds = (context: AppLoadContext, token: string) => fetchListIds(context, token, "compare");
