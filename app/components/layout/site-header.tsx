import type { ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { CartDrawer, openCartDrawer, preloadCartDrawer } from "~/components/cart/cart-drawer";
import { useCart } from "~/components/cart/use-cart";
import { type CartSummary, type RootData } from "~/lib/page/root-data";
import { Kept } from "~/lib/platform/kept";
import { CartIcon, ChevronDownIcon, CompareIcon, HeadsetIcon, HeartIcon, LogoMark, MenuIcon, UserIcon } from "./icons";
import { CATEGORY_LABELS } from "./menu-names";
import { LayoutPart } from "./part";
import { SiteSearch } from "./site-search";
import { accountHref, greetingName, type ShopperLink, shopperLinks, withCartCount } from "./shopper-links";
import { Part } from "./shopper-parts";

/** The page's path and query, where a guest comes back to after signing in. */
export function useCurrentPath(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

export function SiteHeader({ root }: { root: RootData }) {
  const links = shopperLinks(root);
  return (
    <header className="relative z-40 border-b border-gray-200 bg-white">
      <div className="hidden bg-brand-dark text-xs text-white md:block">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-1.5">
          <p>Electronics, Fashion, Home Decor and Televisions · Cash on Delivery or Online Payment</p>
          <p className="lg:hidden">
            <span className="font-semibold">24 Hour Support</span>{" "}
            <a className="underline-offset-2 hover:underline" href={`mailto:${root.supportEmail}`}>
              {root.supportEmail}
            </a>
          </p>
        </div>
      </div>

      <div className="relative mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 md:flex-nowrap md:gap-x-6">
        <MobileMenu root={root} />
        <Logo />
        <SiteSearch />
        <SupportBlock email={root.supportEmail} />
        <div className="ml-auto flex items-center gap-0.5 md:ml-0 md:gap-1">
          <AccountMenu root={root} />
          <ShortcutIcon
            name="compareShortcut"
            link={links.compare}
            icon={<CompareIcon />}
            className="hidden md:inline-flex"
          />
          <ShortcutIcon
            name="wishlistShortcut"
            link={links.wishlist}
            icon={<HeartIcon />}
            className="hidden md:inline-flex"
          />
          <CartShortcut link={links.cart} cart={root.user ? root.cart : null} />
        </div>
      </div>

      <nav aria-label="Main" className="relative hidden border-t border-gray-100 md:block">
        <ul className="mx-auto flex max-w-7xl items-center px-2 text-sm font-medium">
          <li>
            <NavLink to="/" end className={navLinkClass}>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/shop" end className={navLinkClass}>
              All Products
            </NavLink>
          </li>
          {CATEGORY_LABELS.map((label) => (
            <LayoutPart key={label} as="li" className="menu static" part={`header-menu:${label}`} />
          ))}
        </ul>
      </nav>
    </header>
  );
}

function navLinkClass({ isActive }: { isActive: boolean }) {
  return `inline-flex items-center gap-1 rounded px-3 py-3 hover:text-brand ${isActive ? "text-brand" : "text-gray-800"}`;
}

/** The shop's logo, linking home (the checkout's slim header shows it too). */
export function Logo() {
  return (
    <Link to="/" className="inline-flex shrink-0 items-center gap-1.5 text-brand" aria-label="Mart, home">
      <LogoMark className="size-8" />
      <span className="text-2xl font-extrabold tracking-tight text-gray-900">
        Mart<span className="text-brand">.</span>
      </span>
    </Link>
  );
}

function SupportBlock({ email }: { email: string }) {
  return (
    <div className="hidden shrink-0 items-center gap-2 lg:flex">
      <HeadsetIcon className="size-8 text-brand" />
      <div className="leading-tight">
        <p className="text-xs text-gray-500">24 Hour Support</p>
        <a href={`mailto:${email}`} className="text-sm font-semibold text-gray-900 hover:text-brand">
          {email}
        </a>
      </div>
    </div>
  );
}

// Without a display value, so each use can say when it shows (hidden below md, inline-flex above).
const iconButtonClass =
  "relative size-10 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 hover:text-brand";

function ShortcutIcon({
  name,
  link,
  icon,
  className = "",
}: {
  name: "compareShortcut" | "wishlistShortcut";
  link: ShopperLink;
  icon: ReactNode;
  className?: string;
}) {
  return (
    <Link to={link.href} title={link.title} className={`${iconButtonClass} ${className}`}>
      {icon}
      <Part name={name} value={link} />
    </Link>
  );
}

/**
 * The cart link with the cart's total (optimistic while cart forms are on their way). With
 * JavaScript a signed-in shopper's click opens the cart drawer; without it, it goes to /mycart.
 */
function CartShortcut({ link, cart: serverCart }: { link: ShopperLink; cart: CartSummary | null }) {
  const signedIn = serverCart !== null;
  const cart = useCart(serverCart);
  const shown = withCartCount(link, signedIn ? cart : null);
  return (
    <>
      <Link
        to={link.href}
        title={link.title}
        onClick={signedIn ? openCartDrawer : undefined}
        onPointerEnter={signedIn ? preloadCartDrawer : undefined}
        onFocus={signedIn ? preloadCartDrawer : undefined}
        className="group inline-flex items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-gray-100"
      >
        <span className="relative inline-flex size-10 items-center justify-center rounded-full bg-brand/10 text-brand">
          <CartIcon />
          <Part name="cartBadge" value={shown.count} />
        </span>
        <Part name="cartSummary" value={{ link: shown, total: signedIn ? cart.totalAmount : 0, signedIn }} />
      </Link>
      {signedIn && <CartDrawer />}
    </>
  );
}

function AccountMenu({ root }: { root: RootData }) {
  const props = { signedIn: Boolean(root.user), here: useCurrentPath() };
  const profile = accountHref(root, "/myaccount/profile");
  return (
    <div className="menu relative">
      <Link
        to={profile}
        className={`menu-trigger inline-flex ${iconButtonClass} md:w-auto md:gap-1 md:px-2`}
        title={root.user ? "My account" : "Login to your account"}
      >
        <UserIcon />
        <Part name="accountName" value={greetingName(root)} />
        <span className="sr-only md:hidden">{root.user ? "My account" : "Account"}</span>
        <ChevronDownIcon className="menu-chevron hidden size-4 transition-transform md:block" />
      </Link>
      {/* Kept as the server sent it: its code loads only when the page or the shopper changes. */}
      <Kept
        as="div"
        part="account-menu"
        className="menu-panel absolute right-0 top-full z-50 pt-2 max-md:hidden"
        props={props}
        load={() => import("./header-menus").then((module) => module.AccountMenuList)}
      />
    </div>
  );
}

/** Below md the header's menus fold into a <details> menu: it opens and closes without JavaScript. */
function MobileMenu({ root }: { root: RootData }) {
  const props = { signedIn: Boolean(root.user), here: useCurrentPath(), supportEmail: root.supportEmail };
  return (
    <details className="disclosure md:hidden" data-mobile-menu>
      <summary className={`flex ${iconButtonClass}`}>
        <MenuIcon />
        <span className="sr-only">Menu</span>
      </summary>
      <div className="absolute inset-x-0 top-full z-50 max-h-[calc(100dvh-13rem)] overflow-y-auto border-t border-gray-200 bg-white shadow-xl">
        {/* Kept as the server sent it, as the account menu is. */}
        <Kept
          as="nav"
          part="mobile-menu"
          aria-label="Mobile"
          className="px-4 py-3 text-sm"
          props={props}
          load={() => import("./header-menus").then((module) => module.MobileMenuList)}
        />
      </div>
    </details>
  );
}
