import type { ReactNode } from "react";
import { useFetchers } from "react-router";
import { ListForm, type ProductList, useListFetcher } from "./list-forms";

/*
 * What only the /wishlist and /compare pages use: kept out of list-forms.tsx, which every page
 * with a product card loads.
 */

/**
 * Product ids whose removal from `list` is on its way ("*" for all): pages hide them at once,
 * Hydrogen-style. Hide, do not unmount: a fetcher whose form is unmounted while in flight has
 * its redirect dropped by React Router, so the page would never reload.
 */
export function usePendingRemovals(list: ProductList): Set<string> {
  const removing = new Set<string>();
  for (const fetcher of useFetchers()) {
    if (fetcher.formAction !== `/${list}` || !fetcher.formData) continue;
    const intent = fetcher.formData.get("intent");
    if (intent === "remove") removing.add(String(fetcher.formData.get("productId")));
    if (intent === "clear") removing.add("*");
  }
  return removing;
}

/** 'Remove' (or another label) for one product of a list page; the page hides the product while it goes. */
export function RemoveFromList({
  list,
  productId,
  redirectTo,
  productTitle,
  className,
  children = "Remove",
}: {
  list: ProductList;
  productId: string;
  redirectTo: string;
  /** Names the product for screen readers: "Remove Blue Kurta from wishlist". */
  productTitle: string;
  className?: string;
  children?: ReactNode;
}) {
  const fetcher = useListFetcher(list, productId);
  return (
    <ListForm list={list} intent="remove" productId={productId} redirectTo={redirectTo} fetcher={fetcher}>
      <button type="submit" className={className} aria-label={`Remove ${productTitle} from ${list}`}>
        {children}
      </button>
    </ListForm>
  );
}
