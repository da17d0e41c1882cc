import type { MouseEvent, ReactNode } from "react";
import { NavLink } from "react-router";
import { openCartDrawer } from "~/components/cart/cart-drawer";
import { useCart } from "~/components/cart/use-cart";
import { type CartSummary, type RootData } from "~/lib/page/root-data";
import { CartIcon, CompareIcon, HeartIcon } from "./icons";
import { type ShopperLink, shopperLinks, shortcutName } from "./shopper-links";

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
        <BottomBarItem link={links.compare} icon={<CompareIcon />} />
        <BottomBarItem link={links.wishlist} icon={<HeartIcon />} />
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
      link={serverCart ? { ...link, count: cart.totalQuantity } : link}
      icon={<CartIcon />}
      onClick={serverCart ? openCartDrawer : undefined}
    />
  );
}

function BottomBarItem({
  link,
  icon,
  onClick,
}: {
  link: ShopperLink;
  icon: ReactNode;
  onClick?: (event: MouseEvent) => void;
}) {
  return (
    <li>
      <NavLink
        to={link.href}
        onClick={onClick}
        title={link.title}
        aria-label={shortcutName(link)}
        className={({ isActive }) =>
          `flex h-full flex-col items-center justify-center gap-0.5 text-xs font-medium ${isActive ? "text-brand" : "text-gray-700"}`
        }
      >
        <span className="relative">
          {icon}
          {link.count > 0 && (
            <span
              aria-hidden="true"
              className="absolute -right-2 -top-1.5 inline-flex min-w-4 items-center justify-center rounded-full bg-brand px-1 text-[10px] font-semibold leading-4 text-white"
            >
              {link.count > 99 ? "99+" : link.count}
            </span>
          )}
        </span>
        <span aria-hidden="true">{link.label}</span>
      </NavLink>
    </li>
  );
}
