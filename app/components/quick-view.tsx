import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";

const loadDialog = () => import("~/components/quick-view-dialog");
// The dialog is code a shopper may never need: it is fetched on the first hover of a Quick View link.
const QuickViewDialog = lazy(loadDialog);

/** The element that opens the quick view of a product: `<a href="/product/…" data-quick-view="{id}">`. */
function quickViewTarget(event: Event): Element | null {
  const target = event.target instanceof Element ? event.target.closest("[data-quick-view]") : null;
  return target?.getAttribute("data-quick-view") ? target : null;
}

/**
 * Opens the quick-view dialog for any `[data-quick-view]` link on the page (one listener for all
 * product cards). Without JavaScript those stay plain links to the product page. Render it once
 * per page; a second copy stands aside (the first to see a click claims it).
 */
export function QuickViewHost() {
  const [productId, setProductId] = useState<string | null>(null);
  const location = useLocation();

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      // A new tab or window (modifier keys, middle button) keeps the link's own behaviour.
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const target = quickViewTarget(event);
      if (!target) return;
      // Capture phase on window: this runs before React Router's <Link> handler, which then
      // sees the default prevented and does not navigate.
      event.preventDefault();
      const id = target.getAttribute("data-quick-view")!;
      const href = target.getAttribute("href");
      // Opened once its code is here (usually already, from the hover); if that code cannot be
      // fetched, the link does what it does without JavaScript.
      loadDialog().then(
        () => setProductId(id),
        () => href && window.location.assign(href),
      );
    };
    const warmUp = (event: Event) => {
      if (quickViewTarget(event)) void loadDialog().catch(() => {});
    };
    window.addEventListener("click", onClick, true);
    window.addEventListener("pointerover", warmUp, { passive: true });
    window.addEventListener("focusin", warmUp);
    return () => {
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("pointerover", warmUp);
      window.removeEventListener("focusin", warmUp);
    };
  }, []);

  // Following any link (Buy Now, sign in, full details) leaves the dialog behind.
  useEffect(() => setProductId(null), [location.key]);

  if (!productId) return null;
  return (
    <Suspense fallback={null}>
      <QuickViewDialog key={productId} productId={productId} onClose={() => setProductId(null)} />
    </Suspense>
  );
}
