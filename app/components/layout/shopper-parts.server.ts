import type { RootData } from "~/lib/page/root-data";
import type { ShopperParts } from "~/lib/platform/shared-page.server";
import { greetingName, shopperLinks, withCartCount } from "./shopper-links";
import { type PartValue, SHOPPER_PARTS, type ShopperPartName } from "./shopper-parts";

/**
 * Each part's value as the server renders it for the shopper the root data is about (what the
 * header and the bottom bar pass to their parts): a page shared by every signed-in shopper is
 * filled in from these (app/lib/platform/shared-page.server.tsx). tests/routes/shared-pages.test.ts
 * holds them to the page React renders in full.
 */
export const PART_VALUES: { [N in ShopperPartName]: (root: RootData) => PartValue<N> } = {
  accountName: greetingName,
  compareShortcut: (root) => shopperLinks(root).compare,
  wishlistShortcut: (root) => shopperLinks(root).wishlist,
  cartBadge: (root) => cartLink(root).count,
  cartSummary: (root) => ({
    link: cartLink(root),
    total: root.user ? root.cart.totalAmount : 0,
    signedIn: Boolean(root.user),
  }),
  barCompare: (root) => shopperLinks(root).compare,
  barWishlist: (root) => shopperLinks(root).wishlist,
  barCart: (root) => cartLink(root),
};

/** The cart's link as the header shows it: a signed-in shopper's count is the cart's. */
function cartLink(root: RootData) {
  return withCartCount(shopperLinks(root).cart, root.user ? root.cart : null);
}

/** The header's and bottom bar's parts, and the cards' switches: whether a product is on the shopper's list. */
export const SHOPPER_FILL: ShopperParts = {
  render: SHOPPER_PARTS,
  values: PART_VALUES,
  switches: {
    wishlist: (root, productId) => root.wishlistIds.includes(productId),
    compare: (root, productId) => root.compareIds.includes(productId),
  },
};
