import { useRouteLoaderData } from "react-router";
import { type CartSummary, EMPTY_CART } from "../cart/cart";

export { type CartLine, type CartSummary, EMPTY_CART } from "../cart/cart";

/** The signed-in shopper as the root loader exposes it: no secrets, nothing but what the header shows. */
export type Shopper = { id: string; name: string; email: string };

/** A message from the last action (remix-toast's flash cookie), shown top right for 3000 ms. */
export type Toast = { message: string; type: "success" | "error" | "info" | "warning" };

/** What the root loader answers: every page reads it through `useRootData()`. */
export type RootData = {
  user: Shopper | null;
  cart: CartSummary;
  wishlistIds: string[];
  compareIds: string[];
  supportEmail: string;
  toast: Toast | null;
};

const guestDefaults: RootData = {
  user: null,
  cart: EMPTY_CART,
  wishlistIds: [],
  compareIds: [],
  supportEmail: "support@example.com",
  toast: null,
};

export function useRootData(): RootData {
  return (useRouteLoaderData("root") as RootData | undefined) ?? guestDefaults;
}

/** Where a guest goes for a signed-in action, coming back to `path` afterwards. */
export function loginHref(path: string): string {
  return `/login?redirectTo=${encodeURIComponent(path)}`;
}
