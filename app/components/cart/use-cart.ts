import { useEffect, useSyncExternalStore } from "react";
import { useFetchers, useNavigation } from "react-router";
import { type CartChange, type CartSummary, EMPTY_CART } from "~/lib/cart/cart";
import { useOtherTabMirror } from "~/state/persisted-root";

type CartChanges = typeof import("~/lib/cart/cart-changes");

// The optimistic cart's code (reading cart forms, applying them): fetched after hydration for a
// signed-in shopper only, since guests post no cart forms. Until it is here, the server's cart shows.
let changes: CartChanges | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadCartChanges() {
  loading ??= import("~/lib/cart/cart-changes").then(
    (module) => {
      changes = module;
      for (const listener of listeners) listener();
    },
    () => {
      // Tried again by the next page that needs it; meanwhile the server's figures show.
      loading = null;
    },
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function postsToCart(formAction: string | undefined): boolean {
  return formAction !== undefined && new URL(formAction, "http://shop.invalid").pathname === "/cart";
}

/**
 * The cart forms on their way to the server: fetchers (per-line keys, so a newer click on a line
 * has replaced the older one) and a plain `<Form>` navigation, in the order they were sent.
 */
function pendingCartChanges(
  readCartChange: CartChanges["readCartChange"],
  fetchers: ReturnType<typeof useFetchers>,
  navigation: ReturnType<typeof useNavigation>,
): CartChange[] {
  const forms = fetchers
    .filter((fetcher) => fetcher.state !== "idle" && postsToCart(fetcher.formAction))
    .map((fetcher) => fetcher.formData);
  if (navigation.state !== "idle" && postsToCart(navigation.formAction)) forms.push(navigation.formData);
  return forms.flatMap((form) => {
    const change = form ? readCartChange(form) : null;
    return change ? [change] : [];
  });
}

/**
 * `cart` as it will be once the pending cart forms are done (Hydrogen's optimistic cart, derived,
 * never stored). Only for a signed-in shopper's cart: it loads the code that applies the forms.
 */
export function useOptimisticCart(cart: CartSummary, enabled = true): CartSummary {
  const loaded = useSyncExternalStore(
    subscribe,
    () => changes,
    () => null,
  );
  useEffect(() => {
    if (enabled) loadCartChanges();
  }, [enabled]);
  const fetchers = useFetchers();
  const navigation = useNavigation();
  if (!enabled || !loaded) return cart;
  return loaded.optimisticCart(cart, pendingCartChanges(loaded.readCartChange, fetchers, navigation));
}

/**
 * The signed-in shopper's cart for the header and the drawer: the server's (`cart`), another
 * tab's newer figures until ours reload, plus pending forms. A guest (`null`) has the empty cart.
 */
export function useCart(cart: CartSummary | null): CartSummary {
  const otherTab = useOtherTabMirror();
  return useOptimisticCart(otherTab?.cart ?? cart ?? EMPTY_CART, cart !== null);
}
