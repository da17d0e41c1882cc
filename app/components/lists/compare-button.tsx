import { CompareIcon } from "~/components/layout/icons";
import { useRootData } from "~/lib/page/root-data";
import { ShopperSwitch } from "~/lib/page/shopper-holes";
import { ListForm, pendingIntent, SignInFirst, useListFetcher } from "./list-forms";

/**
 * Add a product to the compare list, or take it out when it is there; with JavaScript the button
 * shows its new state at once. Guests get a link to sign in ('Login to Compare').
 * `withLabel` shows the words beside the icon (the product page); cards show the icon alone.
 */
export function CompareButton({
  productId,
  redirectTo,
  className,
  iconClassName = "size-5",
  withLabel = false,
}: {
  productId: string;
  redirectTo: string;
  className?: string;
  iconClassName?: string;
  withLabel?: boolean;
}) {
  const { user, compareIds } = useRootData();
  const fetcher = useListFetcher("compare", productId);
  if (!user) {
    return (
      <SignInFirst redirectTo={redirectTo} label="Login to Compare" className={className}>
        <CompareIcon className={iconClassName} />
        {withLabel && <span>Compare</span>}
      </SignInFirst>
    );
  }
  const pending = pendingIntent(fetcher);
  // One render per state: a page shared by signed-in shoppers holds both (app/lib/page/shopper-holes.tsx).
  const render = (compared: boolean) => {
    const label = compared ? "Remove from Compare" : "Add to Compare";
    return (
      <ListForm
        list="compare"
        intent={compared ? "remove" : "add"}
        productId={productId}
        redirectTo={redirectTo}
        fetcher={fetcher}
      >
        <button
          type="submit"
          title={label}
          aria-label={withLabel ? undefined : label}
          aria-pressed={compared}
          className={className}
          data-compared={compared}
        >
          <CompareIcon className={compared ? `${iconClassName} text-brand` : iconClassName} />
          {withLabel && <span>{label}</span>}
        </button>
      </ListForm>
    );
  };
  return (
    <ShopperSwitch
      list="compare"
      productId={productId}
      value={pending ? pending === "add" : compareIds.includes(productId)}
      on={render(true)}
      off={render(false)}
    />
  );
}
