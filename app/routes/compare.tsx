import type { ReactNode } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { ListForm } from "~/components/lists/list-forms";
import { RemoveFromList, usePendingRemovals } from "~/components/lists/list-page";
import { WishlistToggle } from "~/components/lists/wishlist-toggle";
import { RatingSummary } from "~/components/stars";
import {
  defaultSize,
  isInStock,
  priceOf,
  productPath,
  ratingOf,
  variantOf,
  type Product,
} from "~/lib/catalogue/catalogue";
import { backWithError, backWithInfo, backWithSuccess, failure, readListPost } from "~/lib/lists/list-forms.server";
import { formatRupees } from "~/lib/page/money";
import { seo } from "~/lib/page/seo";
import { orErrorPage, requireShopper } from "~/lib/session/require-shopper.server";
import type { Route } from "./+types/compare";

/** How many products fit side by side (the API keeps the same cap). */
export const MAX_COMPARE = 4;

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: "Compare products", description: "Up to four products side by side.", path: "/compare" }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireShopper(request, context);
  const list = orErrorPage(await api.compareList());
  return { products: list.products.map((entry) => entry.productId) };
}

/**
 * POST /compare: intent add, remove or clear (productId for the first two); answers 303 back to
 * `redirectTo` (else /compare) with a toast. A fifth product replaces the oldest, and says so.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { intent, productId, back, api } = await readListPost(request, context, "/compare");
  if (intent === "clear") {
    const cleared = await api.clearCompare();
    if (!cleared.ok) return backWithError(back, failure("Failed to clear compare", cleared));
    return backWithSuccess(back, "Compare list cleared");
  }
  if (intent !== "add" && intent !== "remove") return backWithError(back, "Unknown compare action");
  if (!productId) return backWithError(back, "Product ID is required");

  if (intent === "add") {
    const added = await api.addToCompare(productId);
    if (!added.ok) return backWithError(back, failure("Failed to add to compare", added));
    if (!added.created) return backWithInfo(back, "Already in compare");
    const replaced = added.data.replaced;
    if (replaced) {
      return backWithInfo(
        back,
        `${replaced.title.shortTitle} was replaced: you can compare up to ${MAX_COMPARE} products.`,
      );
    }
    return backWithSuccess(back, "Added to compare");
  }
  const removed = await api.removeFromCompare(productId);
  // Already gone (a second click of the same Remove) is what the shopper asked for.
  if (!removed.ok && removed.code !== "NOT_FOUND")
    return backWithError(back, failure("Failed to remove from compare", removed));
  return backWithSuccess(back, "Removed from compare");
}

const headCell =
  "sticky left-0 z-10 w-28 min-w-28 bg-gray-50 px-3 py-2 text-left align-top text-sm font-semibold text-gray-600 sm:w-36";
const cell = "min-w-44 px-3 py-2 align-top text-sm text-gray-800 sm:min-w-52";

export default function Compare({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const removing = usePendingRemovals("compare");
  const { products } = loaderData;
  const isRemoving = (product: Product) => removing.has("*") || removing.has(product._id);
  const shown = products.filter((product) => !isRemoving(product)).length;
  const clearFetcher = useFetcher({ key: "compare:clear" });

  const row = (label: string, render: (product: Product) => ReactNode) => (
    <tr className="border-t border-gray-200">
      <th scope="row" className={headCell}>
        {label}
      </th>
      {products.map((product) => (
        <td key={product._id} className={cell} hidden={isRemoving(product)}>
          {render(product)}
        </td>
      ))}
    </tr>
  );
  const priceFor = (product: Product) => priceOf(variantOf(product, defaultSize(product)));

  return (
    <div className="mx-auto max-w-screen-xl px-4 pb-16 pt-6 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">
          Compare products{" "}
          {shown > 0 && (
            <span className="text-base font-normal text-gray-500">
              ({shown} of {MAX_COMPARE})
            </span>
          )}
        </h1>
        {shown > 0 && (
          <ListForm list="compare" intent="clear" redirectTo={here} fetcher={clearFetcher}>
            <button type="submit" className="text-sm font-semibold text-red-700 hover:underline">
              Clear all
            </button>
          </ListForm>
        )}
      </div>
      {shown === 0 && (
        <div className="mt-10 flex flex-col items-center gap-4 text-center" data-empty="compare">
          <p className="text-lg font-semibold text-gray-700">No products to compare yet.</p>
          <p className="text-sm text-gray-600">
            Use the compare button on any product to see up to {MAX_COMPARE} side by side.
          </p>
          <Link
            to="/shop"
            className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
          >
            Browse Products
          </Link>
        </div>
      )}
      {/* Wider than a phone: the table scrolls sideways and the row names stay in view. Hidden, not
          unmounted, while removals are on their way (see usePendingRemovals). */}
      {products.length > 0 && (
        <div
          className="mt-6 overflow-x-auto rounded-lg border border-gray-200"
          role="region"
          aria-label="Products side by side"
          tabIndex={0}
          hidden={shown === 0}
        >
          <table className="w-full border-collapse bg-white" data-compare-table>
            <caption className="sr-only">Products side by side</caption>
            <thead>
              <tr>
                <td className={headCell} />
                {products.map((product) => (
                  <th
                    key={product._id}
                    scope="col"
                    className={`${cell} text-left`}
                    data-compare-product={product._id}
                    hidden={isRemoving(product)}
                  >
                    <div className="flex items-start justify-between gap-2">
                      <Link
                        to={productPath(product)}
                        className="font-semibold text-gray-900 hover:text-brand hover:underline"
                      >
                        {product.title.shortTitle}
                      </Link>
                      <WishlistToggle
                        productId={product._id}
                        redirectTo={here}
                        iconClassName="size-4"
                        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full border border-gray-200 text-gray-600 hover:text-red-500"
                      />
                    </div>
                    <RemoveFromList
                      list="compare"
                      productId={product._id}
                      productTitle={product.title.shortTitle}
                      redirectTo={here}
                      className="mt-1 text-sm font-semibold text-red-700 hover:underline"
                    />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {row("Image", (product) => (
                <Link to={productPath(product)} tabIndex={-1} aria-hidden="true">
                  <img
                    src={product.image}
                    alt=""
                    width={160}
                    height={160}
                    loading="lazy"
                    className="size-32 object-contain sm:size-40"
                  />
                </Link>
              ))}
              {row("Price", (product) => (
                <span className="font-semibold">{formatRupees(priceFor(product).sellingPrice)}</span>
              ))}
              {row("MRP", (product) => (
                <s className="text-gray-500">{formatRupees(priceFor(product).mrp)}</s>
              ))}
              {row("Discount", (product) => {
                const { discount } = priceFor(product);
                return discount > 0 ? <span className="text-green-700">{discount}% off</span> : "None";
              })}
              {row("Brand", (product) => product.brand)}
              {row("Category", (product) => `${product.category} / ${product.subCategory}`)}
              {row("Sizes", (product) => product.variants.map((variant) => variant.size).join(", ") || "One size")}
              {row("Stock", (product) =>
                isInStock(product) ? (
                  <span className="text-brand">In stock</span>
                ) : (
                  <span className="text-red-600">Out of stock</span>
                ),
              )}
              {row("Rating", (product) => {
                return <RatingSummary rating={ratingOf(product)} />;
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
