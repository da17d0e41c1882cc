import { PLATFORM_FEE } from "../../../api/contract";
import { formatRupees } from "~/lib/page/money";
import { type PartRender, ShopperPart } from "~/lib/page/shopper-holes";
import { CartIcon, CompareIcon, HeartIcon } from "./icons";
import { type ShopperLink, shortcutName } from "./shopper-links";

/**
 * What the header and the phone's bottom bar show of the shopper, each part drawn from one value
 * (app/lib/page/shopper-holes.tsx): in the page as it renders, and per request into a page shared
 * by every signed-in shopper (the values then come from shopper-parts.server.ts). In the browser
 * the cart's parts follow the optimistic cart.
 */

function CountBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -right-0.5 -top-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand px-1 text-[11px] font-semibold leading-5 text-white"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

/** A shortcut's name for screen readers and its count. */
const shortcut = (link: ShopperLink) => (
  <>
    <span className="sr-only">{shortcutName(link)}</span>
    <CountBadge count={link.count} />
  </>
);

export type CartSummaryValue = { link: ShopperLink; total: number; signedIn: boolean };

/** An item of the bottom bar: the icon with its count, the name screen readers hear, the label. */
function barItem(icon: JSX.Element) {
  return (link: ShopperLink) => (
    <>
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
      <span className="sr-only">{shortcutName(link)}</span>
      <span aria-hidden="true">{link.label}</span>
    </>
  );
}

export const SHOPPER_PARTS = {
  accountName: (first: string | null) => (
    <span className="hidden text-sm font-medium md:inline">{first === null ? "Account" : `Hi, ${first}`}</span>
  ),
  compareShortcut: shortcut,
  wishlistShortcut: shortcut,
  cartBadge: (count: number) => <CountBadge count={count} />,
  cartSummary: ({ link, total, signedIn }: CartSummaryValue) => (
    <>
      <span className="sr-only">{shortcutName(link)}, total</span>
      <span className="leading-tight">
        <span className="hidden text-xs text-gray-500 sm:block" aria-hidden="true">
          Your cart
        </span>
        <span className="text-sm font-semibold text-gray-900" data-testid="cart-total">
          {formatRupees(total)}
        </span>
        {/* The spec's total is the items'; the order adds the platform fee, so the header says so. */}
        {signedIn && link.count > 0 && (
          <span className="block text-[11px] text-gray-500" data-testid="cart-fee">
            +{formatRupees(PLATFORM_FEE)} fee at checkout
          </span>
        )}
      </span>
    </>
  ),
  barCompare: barItem(<CompareIcon />),
  barWishlist: barItem(<HeartIcon />),
  barCart: barItem(<CartIcon />),
} satisfies Record<string, PartRender<never>>;

export type ShopperPartName = keyof typeof SHOPPER_PARTS;
export type PartValue<N extends ShopperPartName> = Parameters<(typeof SHOPPER_PARTS)[N]>[0];

/** A part of the shopper's own in the header or the bottom bar, by its name. */
export function Part<N extends ShopperPartName>({ name, value }: { name: N; value: PartValue<N> }) {
  return <ShopperPart name={name} render={SHOPPER_PARTS[name] as PartRender<PartValue<N>>} value={value} />;
}
