import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { DialogToaster } from "~/components/toaster";
import { useBackdropClose } from "~/components/use-backdrop-close";
import { formatRupees } from "~/lib/page/money";
import { useRootData } from "~/lib/page/root-data";
import type { CartLine } from "~/lib/cart/cart";
import { lineTotal } from "~/lib/cart/cart-prices";
import { setDrawerOpen } from "./drawer-open";
import { CartLineStepper, RemoveLineButton } from "./line-controls";
import { useCart } from "./use-cart";

// Loaded on the first open (React.lazy in cart-drawer.tsx): no page pays for it up front.
export default function CartDrawerDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cart = useCart(useRootData().cart);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  useBackdropClose(dialogRef);
  // Closing the <dialog> itself hands focus back to the cart link.
  const close = () => dialogRef.current?.close();

  return (
    <dialog
      ref={dialogRef}
      onClose={() => setDrawerOpen(false)}
      aria-labelledby="cart-drawer-title"
      data-cart-drawer
      className="fixed inset-y-0 left-auto right-0 m-0 h-dvh max-h-none w-[min(26rem,100vw)] max-w-none bg-white p-0 text-gray-900 shadow-2xl backdrop:bg-black/50"
    >
      <DialogToaster />
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
          <h2 id="cart-drawer-title" className="text-lg font-bold">
            Shopping cart
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label="Close cart"
            title="Close"
            className="flex size-10 items-center justify-center rounded-full text-gray-600 hover:bg-gray-100 hover:text-gray-900"
          >
            <StrokeIcon size={22} path="M6 6l12 12M18 6L6 18" />
          </button>
        </div>

        {cart.lines.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
            <p className="text-gray-700">No products in the cart.</p>
            <Link
              to="/shop"
              onClick={close}
              className="rounded-lg bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark"
            >
              Return To Shop
            </Link>
          </div>
        ) : (
          <>
            <ul className="flex-1 divide-y divide-gray-100 overflow-y-auto px-4" aria-label="Products in your cart">
              {cart.lines.map((line) => (
                <DrawerLine key={`${line.productId}:${line.size}`} line={line} here={here} onFollow={close} />
              ))}
            </ul>
            <div className="border-t border-gray-200 p-4">
              <p className="flex items-center justify-between text-base font-semibold">
                <span>Subtotal</span>
                <span data-drawer-subtotal>{formatRupees(cart.totalAmount)}</span>
              </p>
              <div className="mt-3 grid grid-cols-2 gap-3">
                <Link
                  to="/mycart"
                  onClick={close}
                  className="rounded-lg border-2 border-brand px-4 py-2.5 text-center font-semibold text-brand hover:bg-brand/10"
                >
                  View Cart
                </Link>
                <Link
                  to="/checkout"
                  onClick={close}
                  className="rounded-lg bg-brand px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-dark"
                >
                  Checkout
                </Link>
              </div>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}

function DrawerLine({ line, here, onFollow }: { line: CartLine; here: string; onFollow: () => void }) {
  return (
    <li className="flex gap-3 py-4" data-cart-line={`${line.productId}:${line.size}`}>
      <img
        src={line.image}
        alt=""
        width={72}
        height={72}
        className="size-18 shrink-0 rounded-lg bg-gray-50 object-contain"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex items-start justify-between gap-2">
          <Link to={line.href} onClick={onFollow} className="line-clamp-2 text-sm font-semibold hover:text-brand">
            {line.title}
          </Link>
          <RemoveLineButton
            line={line}
            here={here}
            className="flex size-8 shrink-0 items-center justify-center rounded-full text-gray-500 hover:bg-red-50 hover:text-red-700"
          >
            <StrokeIcon size={18} path="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />
          </RemoveLineButton>
        </div>
        <p className="text-xs text-gray-600">Size: {line.size}</p>
        <div className="flex items-center justify-between gap-2">
          <CartLineStepper line={line} here={here} />
          <span className="text-sm font-semibold" data-line-total>
            {formatRupees(lineTotal(line))}
          </span>
        </div>
      </div>
    </li>
  );
}

function StrokeIcon({ size, path }: { size: number; path: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}
