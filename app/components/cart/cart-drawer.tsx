import { lazy, type MouseEvent, Suspense, useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { isDrawerOpen, setDrawerOpen, subscribe } from "./drawer-open";

const CartDrawerDialog = lazy(() => import("./cart-drawer-dialog"));

/** Starts loading the drawer before the first click (pointer over or focus on the cart link). */
export function preloadCartDrawer() {
  void import("./cart-drawer-dialog");
}

/**
 * The cart link's click with JavaScript: open the drawer instead of going to /mycart. A click
 * meant for a new tab or window keeps the link's own behaviour.
 */
export function openCartDrawer(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  setDrawerOpen(true);
}

/**
 * The side cart drawer, rendered once beside the header's cart link. It exists
 * only with JavaScript: without it the cart icon is a plain link to /mycart. A modal <dialog>
 * keeps focus inside, closes on Escape, on its close button and on the backdrop, and going to
 * another page closes it.
 */
export function CartDrawer() {
  const open = useSyncExternalStore(subscribe, isDrawerOpen, () => false);
  const { pathname } = useLocation();
  useEffect(() => setDrawerOpen(false), [pathname]);
  return open ? (
    <Suspense fallback={null}>
      <CartDrawerDialog />
    </Suspense>
  ) : null;
}
