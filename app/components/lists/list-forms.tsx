import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { AppLink } from "~/components/app-link";
import { loginHref } from "~/lib/page/root-data";

/** The two product lists a shopper keeps; each has its page and its action at the same path. */
export type ProductList = "wishlist" | "compare";

type ListIntent = "add" | "remove" | "clear";

/**
 * One fetcher per list and product, shared by every control of that product on the page (the
 * card and the product page's heart show the same pending state).
 */
export function useListFetcher(list: ProductList, productId: string) {
  return useFetcher({ key: `${list}:${productId}` });
}

/**
 * The intent a control of this product is posting right now, if any: what the optimistic UI
 * shows until the page's data catches up.
 */
export function pendingIntent(fetcher: ReturnType<typeof useFetcher>): ListIntent | null {
  const intent = fetcher.formData?.get("intent");
  return intent === "add" || intent === "remove" || intent === "clear" ? intent : null;
}

/**
 * A post to the list's action: a real <form> without JavaScript (303 back to `redirectTo` with a
 * toast), sent through the fetcher with it (no scroll jump; the redirect refreshes the page's
 * data). A plain form that hands itself to the fetcher, as CartForm does, rather than
 * `fetcher.Form`, whose hooks every card paid for twice on the server.
 */
export function ListForm({
  list,
  intent,
  productId,
  redirectTo,
  fetcher,
  className,
  children,
}: {
  list: ProductList;
  intent: ListIntent;
  productId?: string;
  redirectTo: string;
  fetcher: ReturnType<typeof useFetcher>;
  className?: string;
  children: ReactNode;
}) {
  const action = `/${list}`;
  return (
    <form
      method="post"
      action={action}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        void fetcher.submit(event.currentTarget, { method: "post", action, preventScrollReset: true });
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {productId && <input type="hidden" name="productId" value={productId} />}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {children}
    </form>
  );
}

/** A guest's version of a list control: a link to sign in that comes back to `redirectTo`. */
export function SignInFirst({
  redirectTo,
  label,
  className,
  children,
}: {
  redirectTo: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <AppLink to={loginHref(redirectTo)} title={label} aria-label={label} className={className}>
      {children}
    </AppLink>
  );
}
