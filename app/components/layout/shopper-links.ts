import { type CartSummary, loginHref, type RootData } from "~/lib/page/root-data";

export type ShopperLink = { href: string; title: string; label: string; count: number };

/**
 * The Compare, Wishlist and Cart shortcuts of the header and the mobile bottom bar. Guests go
 * to the login page and come back to the page they asked for.
 */
export function shopperLinks(root: RootData): { compare: ShopperLink; wishlist: ShopperLink; cart: ShopperLink } {
  if (!root.user) {
    return {
      compare: { href: loginHref("/compare"), title: "Login to Compare", label: "Compare", count: 0 },
      wishlist: { href: loginHref("/wishlist"), title: "Login to view Wishlist", label: "Wishlist", count: 0 },
      cart: { href: loginHref("/mycart"), title: "Login to view Cart", label: "Cart", count: 0 },
    };
  }
  return {
    compare: { href: "/compare", title: "Compare", label: "Compare", count: root.compareIds.length },
    wishlist: { href: "/wishlist", title: "Wishlist", label: "Wishlist", count: root.wishlistIds.length },
    cart: { href: "/mycart", title: "Cart", label: "Cart", count: root.cart.totalQuantity },
  };
}

/** A guest's account links lead to the login page, then on to where they pointed. */
export function accountHref(root: RootData, path: string): string {
  return root.user ? path : loginHref(path);
}

/** What a screen reader hears for a shortcut: "Cart, 3 items" or the guest's title. */
export function shortcutName(link: ShopperLink): string {
  if (link.count === 0) return link.title;
  return `${link.title}, ${link.count} ${link.count === 1 ? "item" : "items"}`;
}

/** The cart's shortcut with the cart's count, for a signed-in shopper (`cart`; null for a guest). */
export function withCartCount(link: ShopperLink, cart: CartSummary | null): ShopperLink {
  return cart ? { ...link, count: cart.totalQuantity } : link;
}

/** The first name the header greets a signed-in shopper by; null for a guest. */
export function greetingName(root: RootData): string | null {
  return root.user ? root.user.name.split(" ")[0] : null;
}
