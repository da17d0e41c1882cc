import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useLocation,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { ID_PATTERN } from "../../api/contract";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { WishlistToggle } from "~/components/lists/wishlist-toggle";
import { BuyBox } from "~/components/product/buy-box";
import type { BuyBarHandle } from "~/components/layout/site-chrome";
import { ProductGallery } from "~/components/product/gallery";
import { QuantityStepper } from "~/components/product/quantity";
import { SizeSelector } from "~/components/product/size-selector";
import { Prices } from "~/components/prices";
import { Stars } from "~/components/stars";
import { isInStock, priceOf, productPath, ratingOf, type ShownProduct, variantOf } from "~/lib/catalogue/catalogue";
import { CATALOGUE_CACHE } from "~/lib/platform/http-cache";
import { imagesOf } from "~/lib/catalogue/images";
import { deliveryKeep, readSelection, selectionSearch, type ProductSelection } from "~/lib/catalogue/product-selection";
import { catalogueShouldRevalidate } from "~/lib/cart/revalidate";
import { publicOrigin } from "~/lib/platform/config.server";
import { deliveryCheck } from "~/lib/checkout/pincode.server";
import { isWithheld, Kept } from "~/lib/platform/kept";
import { withheldFromDocument } from "~/lib/platform/kept.server";
import { PRODUCT_PAGE_REVIEWS, readReviewParams, reviewQuery } from "~/lib/reviews/reviews";
import { REVIEW_PARAMS } from "~/lib/reviews/review-params";
import { shownReviewPage, shownStanding } from "~/lib/reviews/reviews.server";
import { readToken } from "~/lib/session/session.server";
import { seo, SHOP_NAME } from "~/lib/page/seo";
import { skusOf } from "~/lib/catalogue/sku.server";
import { productJsonLd } from "~/lib/catalogue/structured-data.server";
import { useRootData } from "~/lib/page/root-data";
import type { Route } from "./+types/product";

/** Below this many pieces of the chosen size, the stock label says how many are left. */
const FEW_LEFT = 10;

/**
 * /product/{category}/{shorttitle}/{id}: the id is the last segment, the slugs are only for people
 * and search engines, so any other shape (`/product/{id}`, stale slugs) answers a 301 to the
 * canonical path, keeping the query. An unknown or malformed id is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = (params["*"] ?? "").split("/").filter(Boolean).at(-1) ?? "";
  if (!ID_PATTERN.test(id)) throw data(null, { status: 404 });

  const result = await context.api.public.product(id);
  if (!result.ok) throw data(null, { status: result.code === "NOT_FOUND" ? 404 : 500 });
  const product = result.data;

  const canonical = productPath(product);
  // Compare the route's own path, not request.url: a client navigation loads data from
  // `<path>.data?_routes=…`, which must not count as a wrong slug (it would redirect for ever).
  if (`/product/${params["*"] ?? ""}` !== canonical) {
    const query = new URLSearchParams(url.search);
    query.delete("_routes");
    const search = query.size > 0 ? `?${query}` : "";
    throw redirect(`${canonical}${search}`, { status: 301, headers: { "Cache-Control": CATALOGUE_CACHE } });
  }
  const reviewParams = readReviewParams(url.searchParams);
  const token = await readToken(request);
  const [delivery, reviews, standing] = await Promise.all([
    deliveryCheck(context, url, product._id),
    context.api.public.reviews(product._id, reviewQuery(reviewParams, PRODUCT_PAGE_REVIEWS)),
    // A signed-in shopper is offered the review form when they may write one (the page is then personal: server/security-headers.ts).
    token ? context.api.shopper(token).reviewStanding(product._id) : null,
  ]);
  if (!reviews.ok) throw data(null, { status: reviews.code === "NOT_FOUND" ? 404 : 500 });
  const {
    id: _copy,
    productType: _type,
    productSubType: _subType,
    gender: _gender,
    createdAt: _added,
    ...rest
  } = product;
  const shown: ShownProduct = { ...rest, merchant: { company_name: product.merchant.company_name } };
  const selection = readSelection(product, url.searchParams);
  // For search engines, in the document only (entry.server.tsx), with the reviews' whole texts.
  context.structuredData = productJsonLd(product, selection.size, publicOrigin(request), reviews.data.data);
  const summary = `${product.tagLine}. ${product.description}`;
  return {
    product: shown,
    // The meta description, cut here so that the cutting is not in the page's JavaScript.
    summary: summary.length > 160 ? `${summary.slice(0, 157).trimEnd()}…` : summary,
    // The SKU of each size (the page shows the chosen one's): computed here, not in the browser.
    skus: skusOf(product),
    selection,
    delivery,
    // Only what the list shows, each text cut short. The reviews are a kept part: the document's
    // loader data carries only their hash, as its HTML shows them (app/lib/platform/kept.server.ts).
    reviews: withheldFromDocument(request, context, {
      page: shownReviewPage(reviews.data),
      standing: standing?.ok ? shownStanding(standing.data) : null,
    }),
    reviewParams,
  };
}

// Size, quantity and image only change the query: the product is the same, so no new request.
// The cart, wishlist and compare forms do not change the product either (app/lib/cart/revalidate.ts).
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const { currentUrl, nextUrl, formMethod } = args;
  // …and any change of the query while the page has its reviews from the document only (their
  // hash): the reviews' links keep the query, so they need their data to follow it.
  if (reviewsWithheld && currentUrl.search !== nextUrl.search) return true;
  // …except a new "Check delivery" PIN, which the loader answers.
  const samePin = currentUrl.searchParams.get("pin") === nextUrl.searchParams.get("pin");
  // …and another page, filter or sort of the reviews.
  const sameReviews = REVIEW_PARAMS.every((key) => currentUrl.searchParams.get(key) === nextUrl.searchParams.get(key));
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && samePin && sameReviews) return false;
  return catalogueShouldRevalidate(args);
}

export function headers() {
  return { "Cache-Control": CATALOGUE_CACHE };
}

/** The phone's buy bar is fixed over the page's end: the layout's footer leaves room for it (site-chrome.tsx). */
export const handle: BuyBarHandle = { buyBar: true };

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) return [{ title: `Product not found | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];
  const { product, summary } = args.loaderData;
  return seo(args, {
    title: product.title.shortTitle,
    description: summary,
    path: productPath(product),
    image: product.image,
    type: "product",
  });
};

/** Whether the page shown has its reviews' hash only (the document's data): read by shouldRevalidate. */
let reviewsWithheld = false;

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  reviewsWithheld = isWithheld(loaderData.reviews);
  const location = useLocation();
  const { user, cart } = useRootData();

  // Read from the URL, not the loader: size/qty/image links do not revalidate (see shouldRevalidate).
  const query = new URLSearchParams(location.search);
  const selection = readSelection(product, query);
  const cartLine = cart.lines.find((line) => line.productId === product._id && line.size === selection.size);
  const qty = selection.qty ?? cartLine?.qty ?? 1;
  const variant = variantOf(product, selection.size);
  const { sellingPrice, mrp, discount } = priceOf(variant);
  const stock = variant?.quantity ?? 0;
  const available = isInStock(product) && stock > 0;
  const rating = ratingOf(product);
  const here = `${location.pathname}${location.search}`;
  const images = imagesOf(product);
  const hrefWith = (changes: Partial<ProductSelection>) =>
    `${productPath(product)}${selectionSearch(product, { ...selection, ...changes })}`;
  const categoryHref = `/shop?${new URLSearchParams({ category: product.category })}`;

  return (
    <div className="mx-auto max-w-screen-xl px-4 pb-16 pt-4 sm:px-6 lg:px-8" data-product={product._id}>
      <Breadcrumbs
        className="mb-4"
        items={[
          { label: "Home", to: "/" },
          { label: "Shop", to: "/shop" },
          { label: product.category, to: categoryHref },
          { label: product.title.shortTitle },
        ]}
      />

      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="lg:sticky lg:top-4 lg:self-start">
          <ProductGallery
            images={images}
            title={product.title.shortTitle}
            selected={selection.image}
            hrefFor={(image) => hrefWith({ image })}
          />
        </div>

        <div className="flex flex-col gap-5">
          <div className="flex items-start justify-between gap-4">
            <div>
              <p className="text-sm font-semibold uppercase tracking-wide text-brand">{product.brand}</p>
              <h1 className="mt-1 text-2xl font-bold leading-tight text-gray-900 sm:text-3xl">
                {product.title.shortTitle}
              </h1>
              {product.tagLine && <p className="mt-1 text-gray-600">{product.tagLine}</p>}
            </div>
            <WishlistToggle
              productId={product._id}
              redirectTo={here}
              className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-gray-200 bg-white text-gray-600 shadow-sm transition hover:border-red-300 hover:text-red-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            />
          </div>

          {rating ? (
            <a href="#reviews" className="flex items-center gap-2 self-start hover:underline">
              <Stars value={rating.value} />
              <span className="text-sm text-gray-600" data-review-count>
                {rating.value.toFixed(1)} · {rating.count.toLocaleString("en-IN")}{" "}
                {rating.count === 1 ? "rating" : "ratings"}
              </span>
            </a>
          ) : (
            <p className="text-sm text-gray-600" data-review-count>
              No ratings yet
            </p>
          )}

          <div className="rounded-xl bg-gray-50 p-4" data-price-block>
            <Prices
              sellingPrice={sellingPrice}
              mrp={mrp}
              discount={discount}
              mrpLabel
              sellingClass="text-3xl font-bold"
              detailClass="text-base"
              className="gap-x-3 gap-y-1"
            />
            <p className="mt-1 text-xs text-gray-500">Inclusive of all taxes</p>
            <p
              className={`mt-3 text-sm font-semibold ${available ? "text-brand" : "text-red-600"}`}
              data-stock={available ? "in" : "out"}
            >
              {available ? "In stock" : "Out of stock"}
              {available && stock < FEW_LEFT && (
                <span className="ml-2 font-medium text-amber-700">Only {stock} left</span>
              )}
            </p>
          </div>

          <SizeSelector
            variants={product.variants}
            selected={selection.size}
            hrefFor={(size) => hrefWith({ size, image: 0 })}
          />
          <QuantityStepper qty={qty} hrefFor={(next) => hrefWith({ qty: next })} />
          <BuyBox
            productId={product._id}
            size={selection.size}
            qty={qty}
            available={available}
            inCart={cartLine !== undefined}
            signedIn={user !== null}
            here={here}
          />

          {/* Kept as the server sent it: its code loads only once a size or a PIN changes it. */}
          <Kept
            as="div"
            part="delivery-check"
            props={{ action: productPath(product), keep: deliveryKeep(product, selection), check: loaderData.delivery }}
            load={() => import("~/components/product/delivery-check").then((module) => module.DeliveryCheck)}
          />

          <dl
            className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 border-t border-gray-200 pt-4 text-sm"
            data-product-details
          >
            <dt className="text-gray-500">SKU</dt>
            <dd className="font-medium text-gray-900">
              <span data-sku>{loaderData.skus[selection.size]}</span> · Size: {selection.size}
            </dd>
            <dt className="text-gray-500">Brand</dt>
            <dd className="font-medium text-gray-900">{product.brand}</dd>
            <dt className="text-gray-500">Category</dt>
            <dd className="font-medium text-gray-900">
              <Link to={categoryHref} className="hover:text-brand hover:underline">
                {product.category}
              </Link>
              {product.subCategory && <span className="text-gray-500"> · {product.subCategory}</span>}
            </dd>
            <dt className="text-gray-500">Sold by</dt>
            <dd className="font-medium text-gray-900" data-merchant>
              {product.merchant.company_name}
            </dd>
          </dl>
        </div>
      </div>

      <section aria-labelledby="description-heading" className="mt-12 max-w-3xl">
        <h2 id="description-heading" className="text-xl font-bold text-gray-900">
          Description
        </h2>
        <p className="mt-3 font-medium text-gray-800">{product.title.longTitle}</p>
        <p className="mt-2 leading-relaxed text-gray-700">{product.description}</p>
      </section>

      {/* Kept as the server sent it: the reviews' code loads only when what they show changes. */}
      <Kept
        as="div"
        part="reviews"
        props={{
          productId: product._id,
          reviews: loaderData.reviews,
          pathname: location.pathname,
          // Normalised, so that the server's and the browser's spelling of the same query
          // ("65%20inch", "65+inch") hash alike and the kept markup is kept.
          search: new URLSearchParams(location.search).toString(),
        }}
        load={() => import("~/components/product/reviews").then((module) => module.ReviewsPart)}
      />
    </div>
  );
}

/** An unknown product: a real 404 inside the layout, with a way back to the shop. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-brand">{notFound ? "404" : "Error"}</p>
      <h1 className="mt-2 text-2xl font-bold text-gray-900 sm:text-3xl">
        {notFound ? "Product not found" : "Something went wrong"}
      </h1>
      <p className="mt-3 text-gray-600">
        {notFound
          ? "This product does not exist or is no longer sold."
          : "We could not load this product. Please try again in a moment."}
      </p>
      <Link
        to="/shop"
        className="mt-6 inline-block rounded-lg bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark"
      >
        Continue shopping
      </Link>
    </div>
  );
}
