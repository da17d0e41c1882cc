import { useFetchers, useNavigation } from "react-router";
import { type CartChange, type CartSummary, optimisticCart, readCartChange } from "~/lib/cart";
import { useOtherTabMirror } from "~/state/persisted-root";

function postsToCart(formAction: string | undefined): boolean {
  return formAction !== undefined && new URL(formAction, "http://shop.invalid").pathname === "/cart";
}

/**
 * The cart forms on their way to the server: fetchers (per-line keys, so a newer click on a line
 * has replaced the older one) and a plain `<Form>` navigation, in the order they were sent.
 */
export function usePendingCartChanges(): CartChange[] {
  const fetchers = useFetchers();
  const navigation = useNavigation();
  const forms = fetchers.filter((fetcher) => fetcher.state !== "idle" && postsToCart(fetcher.formAction)).map((fetcher) => fetcher.formData);
  if (navigation.state !== "idle" && postsToCart(navigation.formAction)) forms.push(navigation.formData);
  return forms.flatMap((form) => {
    const change = form ? readCartChange(form) : null;
    return change ? [change] : [];
  });
}

/** `cart` as it will be once the pending cart forms are done (Hydrogen's optimistic cart, derived, never stored). */
export function useOptimisticCart(cart: CartSummary): CartSummary {
  return optimisticCart(cart, usePendingCartChanges());
}

/**
 * The signed-in shopper's cart for the header and the drawer: the server's (`cart`), another
 * tab's newer figures until ours reload, plus pending forms.
 */
export function useCart(cart: CartSummary): CartSummary {
  const otherTab = useOtherTabMirror();
  return useOptimisticCart(otherTab?.cart ?? cart);
}
