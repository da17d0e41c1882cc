import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { ANSWER_FETCHER, type CartIntent } from "~/lib/cart/cart";

export type CartFormProps = {
  /** The line's fetcher key (`cartLineKey`): a newer change to the line replaces an older one. */
  fetcherKey: string;
  intent: CartIntent;
  productId: string;
  size: string;
  qty?: number;
  /** The page to come back to after a plain form post. */
  redirectTo: string;
  className?: string;
  children: ReactNode;
};

/**
 * A cart control (Hydrogen's CartForm): a real `<form method="post" action="/cart">`, so it works
 * without JavaScript (the action answers 303 back with a toast). With JavaScript it is sent through
 * the line's fetcher and marked so the action answers with data instead of a redirect: the page
 * stays put, React Router reloads the root data (header total, toast) and the optimistic cart
 * (`useOptimisticCart`) shows the change meanwhile.
 */
export function CartForm({ fetcherKey, intent, productId, size, qty, redirectTo, className, children }: CartFormProps) {
  const fetcher = useFetcher({ key: fetcherKey });
  return (
    <form
      method="post"
      action="/cart"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        form.set(ANSWER_FETCHER.name, ANSWER_FETCHER.value);
        void fetcher.submit(form, { method: "post", action: "/cart" });
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="size" value={size} />
      {qty !== undefined && <input type="hidden" name="qty" value={qty} />}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {children}
    </form>
  );
}
