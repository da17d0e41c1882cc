import { HeartIcon } from "~/components/layout/icons";
import { useRootData } from "~/lib/page/root-data";
import { ShopperSwitch } from "~/lib/page/shopper-holes";
import { ListForm, pendingIntent, SignInFirst, useListFetcher } from "./list-forms";

/**
 * The wishlist heart of a product. Signed in: a form that adds or removes (explicit intents, so a
 * double submit or a stale tab cannot flip it back); with JavaScript the heart flips at once
 * while the post is on its way. Guests: a link to sign in that comes back to `redirectTo`.
 */
export function WishlistToggle({
  productId,
  redirectTo,
  className,
  iconClassName = "size-5",
}: {
  productId: string;
  /** The page the control is on (path and query). */
  redirectTo: string;
  className?: string;
  iconClassName?: string;
}) {
  const { user, wishlistIds } = useRootData();
  const fetcher = useListFetcher("wishlist", productId);
  if (!user) {
    return (
      <SignInFirst redirectTo={redirectTo} label="Login to add to Wishlist" className={className}>
        <HeartIcon className={iconClassName} />
      </SignInFirst>
    );
  }
  const pending = pendingIntent(fetcher);
  // One render per state: a page shared by signed-in shoppers holds both (app/lib/page/shopper-holes.tsx).
  const render = (wished: boolean) => {
    const label = wished ? "Remove from Wishlist" : "Add to Wishlist";
    return (
      <ListForm
        list="wishlist"
        intent={wished ? "remove" : "add"}
        productId={productId}
        redirectTo={redirectTo}
        fetcher={fetcher}
      >
        <button
          type="submit"
          title={label}
          aria-label={label}
          aria-pressed={wished}
          className={className}
          data-wished={wished}
        >
          <HeartIcon className={wished ? `${iconClassName} fill-current text-red-500` : iconClassName} />
        </button>
      </ListForm>
    );
  };
  return (
    <ShopperSwitch
      list="wishlist"
      productId={productId}
      value={pending ? pending === "add" : wishlistIds.includes(productId)}
      on={render(true)}
      off={render(false)}
    />
  );
}
