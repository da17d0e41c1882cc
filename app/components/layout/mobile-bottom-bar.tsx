import type { MouseEvent } from "react";
import { NavLink } from "react-router";
import { openCartDrawer } from "~/components/cart/cart-drawer";
import { useCart } from "~/components/cart/use-cart";
import { type CartSummary, type RootData } from "~/lib/page/root-data";
import { type ShopperLink, shopperLinks, withCartCount } from "./shopper-links";
import { Part } from "./shopper-parts";

/** Below md: Compare, Wishlist and Cart stay within thumb's reach (the layout pads the page for it). */
export function MobileBottomBar({ root }: { root: RootData }) {
  const links = shopperLinks(root);
  return (
    <nav
      aria-label="Shortcuts"
      data-bottom-bar
      className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_10px_rgba(0,0,0,0.06)] backdrop-blur md:hidden"
    >
      <ul className="grid h-16 grid-cols-3">
        <BottomBarItem name="barCompare" link={links.compare} />
        <BottomBarItem name="barWishlist" link={links.wishlist} />
        <CartBarItem link={links.cart} cart={root.user ? root.cart : null} />
      </ul>
    </nav>
  );
}

/** The cart: its count follows the optimistic cart, and with JavaScript it opens the header's cart drawer. */
function CartBarItem({ link, cart: serverCart }: { link: ShopperLink; cart: CartSummary | null }) {
  const cart = useCart(serverCart);
  return (
    <BottomBarItem
      name="barCart"
      link={withCartCount(link, serverCart ? cart : null)}
      onClick={serverCart ? openCartDrawer : undefined}
    />
  );
}

function BottomBarItem({
  name,
  link,
  onClick,
}: {
  name: "barCompare" | "barWishlist" | "barCart";
  link: ShopperLink;
  onClick?: (event: MouseEvent) => void;
}) {
  return (
    <li>
      <NavLink
        to={link.href}
        onClick={onClick}
        title={link.title}
        className={({ isActive }) =>
          `flex h-full flex-col items-center justify-center gap-0.5 text-xs font-medium ${isActive ? "text-brand" : "text-gray-700"}`
        }
      >
        <Part name={name} value={link} />
      </NavLink>
    </li>
  );
}
