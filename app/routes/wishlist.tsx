import { Form, Link, redirect, useLocation } from "react-router";
import { CompareButton } from "~/components/lists/compare-button";
import { RemoveFromList, usePendingRemovals } from "~/components/lists/list-page";
import { Pagination } from "~/components/shop/pagination";
import { defaultSize, priceOf, productPath, variantOf, type Product } from "~/lib/catalogue/catalogue";
import { backWithError, backWithSuccess, failure, readListPost } from "~/lib/lists/list-forms.server";
import { seo } from "~/lib/page/seo";
import { readPageNumber } from "~/lib/catalogue/shop-params";
import { orErrorPage, requireShopper } from "~/lib/session/require-shopper.server";
import type { Route } from "./+types/wishlist";
import { Prices } from "~/components/prices";

/** The wishlist is fetched 10 at a time. */
export const WISHLIST_PAGE_SIZE = 10;

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: "Wishlist", description: "The products you saved for later.", path: "/wishlist" }),
  { name: "robots", content: "noindex" },
];

function pageOf(url: URL): number {
  return readPageNumber(url.searchParams.get("page"));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireShopper(request, context);
  const page = pageOf(new URL(request.url));
  const wishlist = orErrorPage(await api.wishlist(page, WISHLIST_PAGE_SIZE));
  // Past the last page (its last product was just removed, or an old link): go to the last one.
  const { pageCount, itemCount } = wishlist.paginator;
  if (page > pageCount) throw redirect(itemCount > 0 && pageCount > 1 ? `/wishlist?page=${pageCount}` : "/wishlist");
  return { wishlist };
}

/**
 * POST /wishlist: intent toggle (add when absent, remove when present), add or remove, for
 * `productId`; answers 303 back to `redirectTo` (else /wishlist) with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { intent, productId, back, api } = await readListPost(request, context, "/wishlist");
  if (intent !== "toggle" && intent !== "add" && intent !== "remove")
    return backWithError(back, "Unknown wishlist action");
  if (!productId) return backWithError(back, "Product ID is required");

  if (intent === "add" || intent === "toggle") {
    const added = await api.addToWishlist(productId);
    if (!added.ok) return backWithError(back, failure("Failed to add to wishlist", added));
    // A new entry, or one there already, which a toggle takes out again.
    if (intent === "add" || added.created) return backWithSuccess(back, "Added to wishlist");
  }
  const removed = await api.removeFromWishlist(productId);
  // Already gone (a second click of the same Remove) is what the shopper asked for.
  if (!removed.ok && removed.code !== "NOT_FOUND")
    return backWithError(back, failure("Failed to remove from wishlist", removed));
  return backWithSuccess(back, "Removed from wishlist");
}

const buttonClass =
  "inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const { wishlist } = loaderData;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const removing = usePendingRemovals("wishlist");
  const shown = wishlist.products.filter((entry) => !removing.has(entry._id)).length;
  const { itemCount, pageCount, currentPage } = wishlist.paginator;

  return (
    <div className="mx-auto max-w-screen-lg px-4 pb-16 pt-6 sm:px-6">
      <h1 className="text-2xl font-bold text-gray-900">
        Wishlist {itemCount > 0 && <span className="text-base font-normal text-gray-500">({itemCount})</span>}
      </h1>
      {shown === 0 && (
        <div className="mt-10 flex flex-col items-center gap-4 text-center" data-empty="wishlist">
          <p className="text-lg font-semibold text-gray-700">Your Wishlist is Empty</p>
          <Link to="/shop" className={`${buttonClass} bg-brand text-white hover:bg-brand-dark`}>
            Browse Products
          </Link>
        </div>
      )}
      {wishlist.products.length > 0 && (
        <ul className="mt-6 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" hidden={shown === 0}>
          {wishlist.products.map(({ _id, productId: product }) => (
            <WishlistItem key={_id} product={product} here={here} hidden={removing.has(_id)} />
          ))}
        </ul>
      )}
      <Pagination
        page={currentPage}
        pageCount={pageCount}
        hrefFor={(page) => (page === 1 ? "/wishlist" : `/wishlist?page=${page}`)}
      />
    </div>
  );
}

function WishlistItem({ product, here, hidden }: { product: Product; here: string; hidden: boolean }) {
  const href = productPath(product);
  const title = product.title.shortTitle;
  // 'Add to cart' adds the default size, so the price and stock shown are that size's.
  const size = defaultSize(product);
  const variant = variantOf(product, size);
  const { sellingPrice, mrp, discount } = priceOf(variant);
  const inStock = (variant?.quantity ?? 0) > 0;
  return (
    <li className="flex gap-4 p-4" data-wishlist-item={product._id} hidden={hidden}>
      <Link to={href} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img
          src={product.image}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          className="size-24 rounded-md bg-gray-50 object-contain"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-xs uppercase tracking-wide text-gray-500">{product.brand}</p>
        <h2 className="font-medium text-gray-900">
          <Link to={href} className="hover:text-brand hover:underline">
            {title}
          </Link>
        </h2>
        <Prices sellingPrice={sellingPrice} mrp={mrp} discount={discount} />
        <p className={`text-sm font-medium ${inStock ? "text-brand" : "text-red-600"}`}>
          {inStock ? "In stock" : "Out of stock"}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {inStock ? (
            // The /cart action (the cart issue) adds one of the default size and comes back here.
            <Form method="post" action="/cart">
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="productId" value={product._id} />
              <input type="hidden" name="size" value={size} />
              <input type="hidden" name="qty" value="1" />
              <input type="hidden" name="redirectTo" value="/wishlist" />
              <button type="submit" className={`${buttonClass} bg-brand text-white hover:bg-brand-dark`}>
                Add to cart
              </button>
            </Form>
          ) : (
            <button type="button" disabled className={`${buttonClass} cursor-not-allowed bg-gray-200 text-gray-500`}>
              Add to cart
            </button>
          )}
          <RemoveFromList
            list="wishlist"
            productId={product._id}
            productTitle={title}
            redirectTo={here}
            className={`${buttonClass} border border-gray-300 text-gray-700 hover:border-red-400 hover:text-red-700`}
          />
          <CompareButton
            productId={product._id}
            redirectTo={here}
            withLabel
            iconClassName="size-4"
            className={`${buttonClass} border border-gray-300 text-gray-700 hover:border-brand hover:text-brand`}
          />
        </div>
      </div>
    </li>
  );
}
