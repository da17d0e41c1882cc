import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { CartForm } from "~/components/cart/cart-form";
import { cartLineKey, UPDATE_CART } from "~/lib/cart/cart";
import { loginHref } from "~/lib/page/root-data";

type BuyBoxProps = {
  productId: string;
  size: string;
  qty: number;
  /** The chosen size can be sold (the product has stock and so has that size). */
  available: boolean;
  /** The cart already holds this product in this size. */
  inCart: boolean;
  signedIn: boolean;
  /** The current path and query: where the forms send the shopper back to. */
  here: string;
  /** The add button's words (the quick view writes "Add To Cart"). */
  addLabel?: string;
  /** The line's change is on its way: the add button waits for it (the quick view closes after it). */
  sending?: boolean;
};

const buttonClass =
  "inline-flex flex-1 items-center justify-center gap-2 rounded-lg px-5 py-3 text-sm font-semibold shadow-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 sm:text-base";
const primaryClass = `${buttonClass} bg-brand text-white hover:bg-brand-dark focus-visible:outline-brand disabled:opacity-60`;
const buyNowClass = `${buttonClass} bg-amber-400 text-gray-900 hover:bg-amber-500 focus-visible:outline-amber-500`;
const disabledClass = `${buttonClass} cursor-not-allowed bg-gray-200 text-gray-500 shadow-none`;

/** Buy Now: the checkout of one product in one size and quantity, bypassing the cart. */
export function buyNowSearch(productId: string, size: string, qty: number): string {
  return `?${new URLSearchParams({ buyNow: "1", productId, size, qty: String(qty) })}`;
}

/**
 * Add to Cart (Update Cart when the line is in the cart), Remove and Buy Now, on the product page
 * and in the quick view. Signed-in shoppers get real forms posting to the `/cart` action (through
 * the line's fetcher with JavaScript, so the header and drawer update at once); guests get links to
 * sign in that bring them back. Without stock, Add to Cart and Buy Now are disabled.
 */
export function BuyBox({
  productId,
  size,
  qty,
  available,
  inCart,
  signedIn,
  here,
  addLabel = "Add to Cart",
  sending = false,
}: BuyBoxProps) {
  const cartLabel = inCart ? "Update Cart" : addLabel;
  // The same fetcher as the line's controls in the drawer: a newer change to the line replaces an older one.
  const line = { fetcherKey: cartLineKey(productId, size), productId, size, redirectTo: here };

  let cartControl: ReactNode;
  let buyNowControl: ReactNode;
  if (!available) {
    cartControl = (
      <button type="button" disabled className={disabledClass}>
        <CartIcon /> {cartLabel}
      </button>
    );
    buyNowControl = (
      <button type="button" disabled className={disabledClass}>
        <BoltIcon /> Buy Now
      </button>
    );
  } else if (!signedIn) {
    cartControl = (
      <Link to={loginHref(here)} title="Login to add to Cart" className={primaryClass}>
        <CartIcon /> {cartLabel}
      </Link>
    );
    buyNowControl = (
      <Link
        to={loginHref(`/checkout${buyNowSearch(productId, size, qty)}`)}
        title="Login to Buy Now"
        className={buyNowClass}
      >
        <BoltIcon /> Buy Now
      </Link>
    );
  } else {
    cartControl = (
      <CartForm {...line} intent={inCart ? "update" : "add"} qty={qty} className="flex flex-1">
        {inCart ? <input type="hidden" name={UPDATE_CART.name} value={UPDATE_CART.value} /> : null}
        <button type="submit" className={primaryClass} disabled={sending}>
          <CartIcon /> {cartLabel}
        </button>
      </CartForm>
    );
    buyNowControl = (
      <Form method="get" action="/checkout" className="flex flex-1">
        <input type="hidden" name="buyNow" value="1" />
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="size" value={size} />
        <input type="hidden" name="qty" value={qty} />
        <button type="submit" className={buyNowClass}>
          <BoltIcon /> Buy Now
        </button>
      </Form>
    );
  }

  return (
    <div className="flex flex-col gap-3" data-buy-box>
      <div className="flex flex-col gap-3 sm:flex-row">
        {cartControl}
        {buyNowControl}
      </div>
      {inCart && signedIn && (
        <CartForm {...line} intent="remove">
          <button type="submit" className="text-sm font-semibold text-red-700 underline-offset-2 hover:underline">
            Remove
          </button>
        </CartForm>
      )}
    </div>
  );
}

function Icon({ children, filled = false, className }: { children: ReactNode; filled?: boolean; className?: string }) {
  return (
    <svg
      className={className}
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

function CartIcon() {
  return (
    <Icon>
      <circle cx="9" cy="21" r="1" />
      <circle cx="20" cy="21" r="1" />
      <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
    </Icon>
  );
}

function BoltIcon() {
  return (
    <Icon>
      <path d="M13 2L3 14h9l-1 8 10-12h-9l1-8z" />
    </Icon>
  );
}
