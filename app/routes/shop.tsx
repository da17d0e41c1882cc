import { memo, useContext, useEffect, useLayoutEffect, useRef } from "react";
import { data, redirect, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ProductCard } from "~/components/product-card";
import { FiltersPanel } from "~/components/shop/filters-panel";
import { SortControls } from "~/components/shop/sort-controls";
import { useShopDraft } from "~/components/shop/use-shop-draft";
import { SHOP_SEARCH_EVENT, type ShopSearchDetail } from "~/components/layout/site-search";
import type { CardProduct } from "~/lib/catalogue/catalogue";
import { cardProduct } from "~/lib/catalogue/card-product";
import { CATALOGUE_CACHE } from "~/lib/platform/http-cache";
import { highestCataloguePrice } from "~/lib/catalogue/price-ceiling.server";
import { catalogueShouldRevalidate } from "~/lib/cart/revalidate";
import { seo } from "~/lib/page/seo";
import {
  canonicalRedirect,
  clampPriceRange,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  parseShopParams,
  priceCeiling,
  productListBody,
  shopHref,
  shownRange,
  withChanges,
  withPage,
  type ShopParams,
} from "~/lib/catalogue/shop-params";
import { isWithheld, Kept, type Withheld, WithheldContext } from "~/lib/platform/kept";
import { withheldFromDocument } from "~/lib/platform/kept.server";
import type { EmptySearchHelp } from "~/components/shop/empty-search";
import type { SharedPageHandle } from "~/lib/platform/shared-page.server";
import type { Route } from "./+types/shop";

/** How many suggestions an empty search offers. */
const EMPTY_SEARCH_SUGGESTIONS = 6;

const FORM_ID = "shop-filters";
/** The filters' values when the API could not say: the panel then shows only what the URL selects. */
const NO_OPTIONS = { category: [], subCategory: [], brand: [], productType: [], productSubType: [], size: [] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = parseShopParams(url.searchParams);
  const listPage = (params: ShopParams) => context.api.public.productList(productListBody(params));
  // The price slider's top comes from the catalogue (kept for a minute); it is asked for alongside the page.
  // So are the filters' values: what the catalogue holds (decision 046).
  const [list, dearest, held] = await Promise.all([
    listPage(requested),
    highestCataloguePrice(context),
    context.api.public.filterOptions(),
  ]);
  const ceiling = priceCeiling(dearest.highest);
  let params = clampPriceRange(requested, ceiling);
  // A page past the end (an old link, a hand-typed URL) goes to the last page.
  if (list.ok && params.page > list.data.paginator.pageCount) {
    params = withPage(params, list.data.paginator.pageCount);
  }
  // Bad values, defaults and the empty fields a form without JavaScript sends: one clean URL.
  const canonical = canonicalRedirect(url, params);
  if (canonical) throw redirect(canonical);

  const failed = !list.ok || !dearest.ok || !held.ok;
  const now = new Date();
  const options = held.ok ? held.data : NO_OPTIONS;
  // A search that found nothing: the suggestions closest to it, and the categories (none if the API could not say).
  let emptySearch: EmptySearchHelp | null = null;
  if (list.ok && list.data.paginator.itemCount === 0 && params.search) {
    const near = await context.api.public.suggest(params.search.slice(0, 100), EMPTY_SEARCH_SUGGESTIONS);
    emptySearch = { suggestions: near.ok ? near.data.suggestions : [], categories: options.category };
  }
  // One clock for the NEW badges of the page's cards, decided here (cardProduct).
  const cards = list.ok ? list.data.data.map((product) => cardProduct(product, now)) : [];
  const result = {
    params,
    ceiling,
    // The filters' values: for the document only their hash, as its filter panel shows every one (read back as it hydrates).
    options: withheldFromDocument(request, context, options),
    emptySearch,
    // The cards without their ids and titles (`shown`).
    products: cards.map(({ _id: _, shortTitle: __, ...card }) => card),
    // The cards' ids and titles: for the document only their hash, as its cards show each one (read back as it hydrates).
    shown: withheldFromDocument(request, context, {
      ids: cards.map((card) => card._id),
      titles: cards.map((card) => card.shortTitle),
    }),
    itemCount: list.ok ? list.data.paginator.itemCount : 0,
    pageCount: list.ok ? list.data.paginator.pageCount : 0,
    correction: list.ok ? (list.data.correction ?? null) : null,
    // The API's own words when it gave up on the search in time (503: the shop is busy, or the
    // search too costly): shown in place of the products, not an error page.
    notice: !list.ok && list.code === "BUSY" ? list.message : null,
  };
  // A failed API call shows an empty shop rather than an error page, which no cache should keep.
  return data(
    result,
    failed ? { status: result.notice ? 503 : 200, headers: { "Cache-Control": "no-store" } } : undefined,
  );
}

// A card's cart, wishlist or compare form changes no product on the page: the list is not read again.
export const shouldRevalidate = catalogueShouldRevalidate;

/** Rendered once for every signed-in shopper and filled in per request (app/lib/platform/shared-page.server.tsx). */
export const handle: SharedPageHandle = { sharedPage: true };

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? CATALOGUE_CACHE };
}

export const meta: Route.MetaFunction = (args) => {
  const params = args.data?.params;
  const search = params?.search ?? "";
  const category = params?.category.length === 1 ? params.category[0] : null;
  const title = search ? `Search results for “${search}”` : (category ?? "Shop");
  const description = search
    ? `Products matching “${search}”: compare prices in rupees and shop online.`
    : `Shop ${category ?? "electronics, fashion, home decor and televisions"} online at great prices across India.`;
  // Sort order and page size only rearrange the same products: the canonical URL leaves them out.
  const path = params ? shopHref({ ...params, sort: DEFAULT_SORT, limit: DEFAULT_PAGE_SIZE }) : "/shop";
  return seo(args, { title, description, path });
};

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { params, ceiling, options, products, shown, itemCount, pageCount, correction, notice, emptySearch } =
    loaderData;
  const hydrated = useHydrated();
  const { draft, change, applyNow } = useShopDraft(params, ceiling);
  useHeaderSearch(draft, change);
  // useIsPending({ state: "loading", location: "/shop" }) written out: that module would be a
  // chunk of its own on /shop, 391 bytes of gzip for these two lines (decision 049, fifth round).
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/shop";
  const { first, last } = shownRange(itemCount, params.page, params.limit);

  return (
    <div className="mx-auto max-w-7xl px-4 pb-12 pt-4 sm:px-6">
      <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "Shop" }]} />

      {/* Kept as the server sent it: its code loads only when the search or its correction changes. */}
      <Kept
        as="div"
        part="shop-heading"
        props={{
          search: params.search,
          correction,
          exactHref: correction ? shopHref({ ...withChanges(params, { search: params.search }), exact: true }) : "",
          clearHref: params.search ? shopHref(withChanges(params, { search: "" })) : "",
        }}
        load={() => import("~/components/shop/shop-heading").then((module) => module.ShopHeading)}
      />

      {/* Kept as the server sent it: the tiles' code loads only when the chosen category changes. */}
      <Kept
        as="div"
        part="category-tiles"
        className="mt-3 sm:mt-4"
        props={{ selected: params.category }}
        load={() => import("~/components/shop/category-tiles").then((module) => module.CategoryTiles)}
      />

      <div className="mt-3 sm:mt-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <aside className="lg:sticky lg:top-4">
          <FiltersPanel
            formId={FORM_ID}
            params={params}
            draft={draft}
            ceiling={ceiling}
            options={options}
            hydrated={hydrated}
            change={change}
            applyNow={applyNow}
          />
        </aside>

        <section aria-labelledby="results-count" className="mt-3 sm:mt-4 lg:mt-0">
          {/* The cards' titles are h3s: this keeps the outline in order (h1, h2, h3). */}
          <h2 className="sr-only">Products</h2>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 pb-3">
            <p id="results-count" className="text-sm text-gray-600" role="status">
              {itemCount > 0 ? `Showing ${first}–${last} of ${itemCount} results` : "Showing 0 results"}
            </p>
            <SortControls formId={FORM_ID} draft={draft} hydrated={hydrated} change={change} />
          </div>

          {/* No products: the API's notice, or nothing found (with a way on for a search). Kept as the
              server sent it; its code (its own chunk) loads when a later page shows it. */}
          {notice || products.length === 0 ? (
            <Kept
              as="div"
              part="shop-empty"
              props={{ notice, search: params.search, help: emptySearch }}
              load={() => import("~/components/shop/empty-search").then((module) => module.ShopEmpty)}
            />
          ) : (
            <ProductGrid products={products} shown={shown} loading={loading} />
          )}

          {/* Kept as the server sent it: the pagination's code loads only when the page or query changes. */}
          <Kept
            as="div"
            part="shop-pagination"
            props={{ href: shopHref(withPage(params, 1)), page: params.page, pageCount }}
            load={() => import("~/components/shop/pagination-part").then((module) => module.ShopPagination)}
          />
        </section>
      </div>
    </div>
  );
}

/**
 * The cards, rendered again only when the products or the loading state change: not when the
 * page learns it has hydrated (useHydrated re-renders Shop at once, in one task a slow phone feels)
 * nor on each keystroke of the filters' draft.
 */
const ProductGrid = memo(function ProductGrid({
  products,
  shown: given,
  loading,
}: {
  products: Omit<CardProduct, "_id" | "shortTitle">[];
  shown: CardsShown | Withheld;
  loading: boolean;
}) {
  const withheld = useContext(WithheldContext);
  const { ids, titles } = isWithheld(given) ? ((withheld?.get(given.withheld) as CardsShown) ?? sentCards()) : given;
  return (
    <ul
      className={`mt-4 grid grid-cols-2 gap-3 transition-opacity sm:gap-4 md:grid-cols-3 ${loading ? "opacity-60" : ""}`}
      aria-busy={loading || undefined}
    >
      {products.map((product, index) => (
        <li key={ids[index]} className="@container">
          <ProductCard product={{ ...product, _id: ids[index], shortTitle: titles[index] }} eager={index === 0} />
        </li>
      ))}
    </ul>
  );
});

/** What each card shows of its product's own: its id (`data-product-card`) and its title. */
type CardsShown = { ids: string[]; titles: string[] };

let sent: CardsShown | undefined;

/**
 * In the browser, the cards' ids and titles the document came without, read back from the cards
 * the server rendered, as the page hydrates; once, as no later page withholds them.
 */
function sentCards(): CardsShown {
  if (!sent) {
    const cards = [...document.querySelectorAll("[aria-labelledby=results-count] [data-product-card]")];
    sent = {
      ids: cards.map((card) => card.getAttribute("data-product-card") ?? ""),
      titles: cards.map((card) => card.querySelector(".card-title")?.textContent ?? ""),
    };
  }
  return sent;
}

// `useBeforePaint` (components/use-before-paint.ts) written out: as a module of its own it added 154
// bytes of gzip to the shop's JavaScript (decision 011's budget), this line 32.
const useBeforePaint = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * The header's search box on /shop (app/components/layout/site-search.tsx) applies like a filter:
 * 500 ms after the last keystroke, back to page 1, the filters kept. It sends what is typed as an
 * event; the draft here owns the delay. It listens from the commit that renders the shop, not from
 * an effect after it: after a client-side navigation React runs effects once the page has painted,
 * and an Enter pressed on the painted shop before then was prevented with no one to apply it
 * (docs/decisions/013-forgiving-search.md, "Enter right after arriving").
 */
function useHeaderSearch(draft: ShopParams, change: (next: ShopParams, options?: { immediate?: boolean }) => void) {
  const latest = useRef(draft);
  latest.current = draft;
  useBeforePaint(() => {
    const onSearch = (event: Event) => {
      const { search, immediate } = (event as CustomEvent<ShopSearchDetail>).detail;
      const text = search.trim().replace(/\s+/g, " ");
      if (text === latest.current.search && !immediate) return;
      change({ ...withChanges(latest.current, { search: text }), exact: false }, { immediate });
    };
    window.addEventListener(SHOP_SEARCH_EVENT, onSearch);
    return () => window.removeEventListener(SHOP_SEARCH_EVENT, onSearch);
  }, [change]);
}
