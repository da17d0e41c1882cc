/**
 * The shop page's state lives in its URL. This module reads the search params into `ShopParams`
 * (normalising whatever a hand-typed or stale URL holds, never failing), writes them back as a
 * canonical `/shop?…` link, and maps them onto the /userapp product list call.
 * Pure: the loader, the filter form and the tests share it.
 */

export const GENDERS = ["men", "women", "unisex"] as const;
export type Gender = (typeof GENDERS)[number];

/** The ratings filter's choices: "4★ & above" (a product's rating as its card shows it, to one decimal). */
export const MIN_RATINGS = [4] as const;
export type MinRating = (typeof MIN_RATINGS)[number];

/** The list filters, in the order the panel shows them and the URL writes them. */
export const LIST_FILTERS = ["category", "subCategory", "brand", "productType", "productSubType", "size"] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

/** Sort choices: the URL value and its label (the API's sort option: SORT_ORDERS). Newest first is the default. */
export const SORTS = {
  newest: "Newest first",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  discount: "Biggest discount",
  rating: "Top rated",
} as const;
export type SortKey = keyof typeof SORTS;

/** Each sort order as the API's list sorts (server only: the browser's chunk holds the names alone). */
const SORT_ORDERS: Record<SortKey, Record<string, 1 | -1>> = {
  newest: { createdAt: -1 },
  "price-asc": { price: 1 },
  "price-desc": { price: -1 },
  discount: { discount: -1 },
  rating: { rating: -1 },
};
export const DEFAULT_SORT: SortKey = "newest";

/** The page-size selector's options; the default is its first, so the page never shows a size the selector lacks. */
export const PAGE_SIZES = [20, 24, 28, 32] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** The price range runs from ₹200 to the catalogue's top price, in ₹100 steps. */
export const PRICE_FLOOR = 200;
export const PRICE_STEP = 100;
/** The slider's top when the catalogue's highest price is unknown (the API could not say). */
export const FALLBACK_PRICE_CEILING = 10_000;

const MAX_SEARCH = 200;
const MAX_VALUE = 100;
const MAX_VALUES = 50;
/** Far past any real catalogue; keeps the API's OFFSET sane. */
const MAX_PAGE = 100_000;

export type ShopParams = {
  search: string;
  category: string[];
  subCategory: string[];
  brand: string[];
  productType: string[];
  productSubType: string[];
  size: string[];
  gender: Gender | null;
  /** Price bounds in whole rupees; null is an open end of the range. */
  minPrice: number | null;
  maxPrice: number | null;
  /** Only products rated at least this ("4★ & above"); null: any, unrated too. */
  minRating: MinRating | null;
  sort: SortKey;
  limit: number;
  page: number;
  /** The search exactly as typed, never corrected ("Search instead for …"); only with a search. */
  exact?: boolean;
};

export const DEFAULT_PARAMS: ShopParams = {
  search: "",
  category: [],
  subCategory: [],
  brand: [],
  productType: [],
  productSubType: [],
  size: [],
  gender: null,
  minPrice: null,
  maxPrice: null,
  minRating: null,
  sort: DEFAULT_SORT,
  limit: DEFAULT_PAGE_SIZE,
  page: 1,
};

/** A list filter's values: trimmed, blanks and repeats dropped. Values the catalogue lacks stay (an old link may name them). */
function readList(values: string[]): string[] {
  const seen = new Set<string>();
  for (const raw of values) {
    const value = raw.trim();
    if (value !== "" && value.length <= MAX_VALUE && seen.size < MAX_VALUES) seen.add(value);
  }
  return [...seen];
}

/** A whole number of rupees at or above 0, or null when blank or unreadable. */
export function readPrice(raw: string | null | undefined): number | null {
  if (raw == null || raw.trim() === "") return null;
  const value = Number(raw.trim());
  if (!Number.isFinite(value)) return null;
  return Math.max(0, Math.round(value));
}

function readWhole(raw: string | null, fallback: number): number {
  if (raw == null || !/^\s*\d+\s*$/.test(raw)) return fallback;
  return Number.parseInt(raw, 10);
}

/**
 * A page number from a URL (the shop, the wishlist, the orders): a whole number, at most
 * MAX_PAGE; anything else ("1e21", "-1", "NaN", "") is page 1. Bounded so that no hand-typed URL
 * can ask the API for an offset its database cannot hold.
 */
export function readPageNumber(raw: string | null): number {
  return Math.min(MAX_PAGE, Math.max(1, readWhole(raw, 1)));
}

/**
 * Reads the shop's search params. Nothing here fails: an unknown sort, a page size not offered,
 * a page that is not a whole number or prices that are not numbers fall back to the defaults.
 * The price bounds are ordered and the range's floor is open; the ceiling, which needs the
 * catalogue, is applied by `clampPriceRange`.
 */
export function parseShopParams(searchParams: URLSearchParams): ShopParams {
  const sort = searchParams.get("sort")?.trim() ?? "";
  const limit = readWhole(searchParams.get("limit"), DEFAULT_PAGE_SIZE);
  const gender = searchParams.get("gender")?.trim().toLowerCase() ?? "";
  const minRating = Number(searchParams.get("minRating")?.trim() || Number.NaN);
  const params: ShopParams = {
    search: (searchParams.get("search") ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_SEARCH),
    category: readList(searchParams.getAll("category")),
    subCategory: readList(searchParams.getAll("subCategory")),
    brand: readList(searchParams.getAll("brand")),
    productType: readList(searchParams.getAll("productType")),
    productSubType: readList(searchParams.getAll("productSubType")),
    size: readList(searchParams.getAll("size")),
    gender: (GENDERS as readonly string[]).includes(gender) ? (gender as Gender) : null,
    minPrice: readPrice(searchParams.get("minPrice")),
    maxPrice: readPrice(searchParams.get("maxPrice")),
    minRating: (MIN_RATINGS as readonly number[]).includes(minRating) ? (minRating as MinRating) : null,
    sort: Object.hasOwn(SORTS, sort) ? (sort as SortKey) : DEFAULT_SORT,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    page: readPageNumber(searchParams.get("page")),
  };
  if (params.search && searchParams.get("exact") === "1") params.exact = true;
  return { ...params, ...orderPriceRange(params.minPrice, params.maxPrice) };
}

/** Bounds given the wrong way round are swapped; a minimum at or under the floor is no bound at all. */
function orderPriceRange(min: number | null, max: number | null) {
  const [low, high] = min !== null && max !== null && min > max ? [max, min] : [min, max];
  return { minPrice: low !== null && low <= PRICE_FLOOR ? null : low, maxPrice: high };
}

/** The price slider's top: the catalogue's highest selling price rounded up to the next ₹100 step. */
export function priceCeiling(highestPrice: number | null | undefined): number {
  if (highestPrice == null || !Number.isFinite(highestPrice) || highestPrice <= 0) return FALLBACK_PRICE_CEILING;
  return Math.max(PRICE_FLOOR + PRICE_STEP, Math.ceil(highestPrice / PRICE_STEP) * PRICE_STEP);
}

/**
 * Bounds are clamped to 0..ceiling and kept ordered.
 * Both ends of the slider are open: a minimum at the floor and a maximum at the ceiling filter
 * nothing, so the untouched range (as a form without JavaScript submits it) shows every product.
 */
export function clampPriceRange(params: ShopParams, ceiling: number): ShopParams {
  const clamp = (value: number | null) => (value === null ? null : Math.min(ceiling, Math.max(0, value)));
  const ordered = orderPriceRange(clamp(params.minPrice), clamp(params.maxPrice));
  return {
    ...params,
    minPrice: ordered.minPrice,
    maxPrice: ordered.maxPrice !== null && ordered.maxPrice >= ceiling ? null : ordered.maxPrice,
  };
}

/**
 * The typed price inputs' rules: a value is clamped to 0..ceiling, a blank
 * minimum reads 200 and a blank maximum the ceiling, and the bound being edited cannot pass the other.
 */
export function clampTypedPrice(edited: "min" | "max", typed: string, other: number, ceiling: number): number {
  const value = readPrice(typed);
  const clamped = Math.min(ceiling, Math.max(0, value ?? (edited === "min" ? PRICE_FLOOR : ceiling)));
  return edited === "min" ? Math.min(clamped, other) : Math.max(clamped, other);
}

/** Whether any filter (not sort, size or page) narrows the list: the panel's 'Clear all' shows then. */
export function hasFilters(params: ShopParams): boolean {
  return (
    params.search !== "" ||
    LIST_FILTERS.some((key) => params[key].length > 0) ||
    params.gender !== null ||
    params.minPrice !== null ||
    params.maxPrice !== null ||
    params.minRating !== null
  );
}

/**
 * The canonical query string (with its "?", or "" for the plain shop). Defaults are left out and
 * keys come in a fixed order, so one state has one URL.
 */
export function shopSearch(params: ShopParams, options: { withLimit?: boolean } = {}): string {
  const search = new URLSearchParams();
  if (params.search) search.set("search", params.search);
  if (params.search && params.exact) search.set("exact", "1");
  for (const key of LIST_FILTERS) for (const value of params[key]) search.append(key, value);
  if (params.gender) search.set("gender", params.gender);
  if (params.minPrice !== null) search.set("minPrice", String(params.minPrice));
  if (params.maxPrice !== null) search.set("maxPrice", String(params.maxPrice));
  if (params.minRating !== null) search.set("minRating", String(params.minRating));
  if (params.sort !== DEFAULT_SORT) search.set("sort", params.sort);
  if (params.limit !== DEFAULT_PAGE_SIZE && options.withLimit !== false) search.set("limit", String(params.limit));
  if (params.page > 1) search.set("page", String(params.page));
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The search params the shop reads; any other (a campaign tag, say) is passed along untouched. */
export const SHOP_KEYS: ReadonlySet<string> = new Set([
  "search",
  "exact",
  ...LIST_FILTERS,
  "gender",
  "minPrice",
  "maxPrice",
  "minRating",
  "sort",
  "limit",
  "page",
]);

/**
 * Where a request for the shop should be: its canonical query for `params`, with any keys the
 * shop does not read kept after it. Null when the URL already is that (no redirect needed).
 * A form without JavaScript submits every field, defaults too; this turns that into the clean URL.
 */
export function canonicalRedirect(url: URL, params: ShopParams): string | null {
  // A client-side navigation asks for "/shop.data?…&_routes=…"; the loader sees that URL as is,
  // but the redirect must name the page itself (React Router asks for its data again).
  const asked = new URLSearchParams(url.searchParams);
  asked.delete("_routes");
  const search = new URLSearchParams(shopSearch(params));
  for (const [key, value] of asked) if (!SHOP_KEYS.has(key)) search.append(key, value);
  const canonical = search.toString();
  // Compared re-encoded and by key, so "Home%20Decor" against "Home+Decor", or the same keys in
  // another order, cost no redirect.
  if (sortedByKey(search) === sortedByKey(asked)) return null;
  return `/shop${canonical ? `?${canonical}` : ""}`;
}

function sortedByKey(params: URLSearchParams): string {
  const copy = new URLSearchParams(params);
  copy.sort(); // stable: the values of one key keep their order
  return copy.toString();
}

export function shopHref(params: ShopParams, options: { withLimit?: boolean } = {}): string {
  return `/shop${shopSearch(params, options)}`;
}

/** The same listing on another page (pagination links keep every filter). */
export function withPage(params: ShopParams, page: number): ShopParams {
  return { ...params, page: Math.max(1, Math.trunc(page)) };
}

/** A change of filters, sort or page size: the list starts again at page 1. */
export function withChanges(params: ShopParams, changes: Partial<Omit<ShopParams, "page">>): ShopParams {
  return { ...params, ...changes, page: 1 };
}

/** Toggles one value of a list filter (a checkbox), back to page 1. */
export function toggleValue(params: ShopParams, key: ListFilter, value: string): ShopParams {
  const values = params[key];
  return withChanges(params, {
    [key]: values.includes(value) ? values.filter((v) => v !== value) : [...values, value],
  });
}

/** Everything cleared but the search text, sort and page size. */
export function clearFilters(params: ShopParams): ShopParams {
  return {
    ...DEFAULT_PARAMS,
    search: params.search,
    sort: params.sort,
    limit: params.limit,
    ...(params.exact && { exact: true }),
  };
}

/** The body of `POST /userapp/product/list` for these params. */
export function productListBody(params: ShopParams) {
  const query: Record<string, unknown> = {};
  if (params.search) query.search = params.search;
  for (const key of LIST_FILTERS) if (params[key].length > 0) query[key] = params[key];
  if (params.gender) query.gender = params.gender;
  if (params.minRating !== null) query.minRating = params.minRating;
  if (params.minPrice !== null || params.maxPrice !== null) {
    query.priceRange = {
      ...(params.minPrice !== null && { min: params.minPrice }),
      ...(params.maxPrice !== null && { max: params.maxPrice }),
    };
  }
  return {
    query,
    options: {
      page: params.page,
      limit: params.limit,
      sort: SORT_ORDERS[params.sort],
      ...(params.search && params.exact && { exact: true }),
    },
    isCountOnly: false as const,
  };
}

/** The one call that finds the catalogue's top price: the dearest products first (see `highestPriceOf`). */
export const HIGHEST_PRICE_BODY = {
  query: {},
  options: { page: 1, limit: 24, sort: { price: -1 } },
  isCountOnly: false,
} as const;

/**
 * The highest selling price among the given products. The API sorts by a product's lowest
 * variant price, so the dearest variant may belong to a product a little further down: the
 * price call reads a couple of dozen products, not one.
 */
export function highestPriceOf(products: { variants: { price: { cost: number } }[] }[]): number | null {
  let highest: number | null = null;
  for (const product of products)
    for (const v of product.variants) if (highest === null || v.price.cost > highest) highest = v.price.cost;
  return highest;
}

/** 'Showing X–Y of N results' numbers: the first and last item on this page. */
export function shownRange(itemCount: number, page: number, perPage: number): { first: number; last: number } {
  if (itemCount <= 0) return { first: 0, last: 0 };
  const first = Math.min(itemCount, (page - 1) * perPage + 1);
  return { first, last: Math.min(itemCount, page * perPage) };
}
