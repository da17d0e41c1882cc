import { z } from "@hono/zod-openapi";
import { productPageSchema, productSchema, totalRecordsSchema } from "../lib/http/api-schemas";
import { type ProductJson, loadProducts } from "../lib/catalogue/catalogue";
import { createCatalogueCache } from "../lib/catalogue/catalogue-cache";
import { filterOptionsSchema, loadFilterOptions } from "../lib/catalogue/filter-options";
import type { ApiDeps } from "../lib/context";
import { idPattern, notFound, ok, readBody } from "../lib/http/http";
import { countProducts, sortsByStock } from "../lib/search/listing-planner";
import { paginator } from "../lib/http/paging";
import { productCountSchema, productListSchema } from "../lib/search/product-query";
import { withStatementTimeout } from "../lib/search/product-search";
import { apiRoute, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";
import { forgivingListPage } from "../lib/search/search-fallback";

// The catalogue's calls (mounted at /userapp/product). A list request is parsed by
// lib/search/product-query.ts, turned into conditions on product_listing by lib/search/product-search.ts, and
// paged by lib/search/listing-planner.ts.

const tags = ["products"];

const listRoute = apiRoute({
  method: "post",
  path: "/list",
  tags,
  summary: "A page of the catalogue: search, filters, sort",
  access: "public",
  request: { body: jsonBody(productListSchema) },
  failures: [400, 503],
  responses: {
    200: success(
      "The page (`data`, `paginator`, and `correction` when a misspelt search was answered for what it meant), or `{totalRecords}` when `isCountOnly` is true",
      z.union([productPageSchema, totalRecordsSchema]),
    ),
  },
});

const getRoute = apiRoute({
  method: "get",
  path: "/get/{id}",
  tags,
  summary: "One product",
  access: "public",
  request: { params: z.object({ id: z.string().openapi({ description: "The product id (24 hex digits)" }) }) },
  failures: [404],
  responses: { 200: success("The product", productSchema) },
});

const countRoute = apiRoute({
  method: "post",
  path: "/count",
  tags,
  summary: "How many products match a query",
  access: "public",
  request: { body: jsonBody(productCountSchema) },
  failures: [400, 503],
  responses: { 200: success("The count", z.object({ count: z.number().int() })) },
});

const filtersRoute = apiRoute({
  method: "get",
  path: "/filters",
  tags,
  summary: "The values the shop's filters offer: what the catalogue's shown products hold",
  access: "public",
  responses: { 200: success("Each list filter's values", filterOptionsSchema) },
});

export function productRoutes(deps: ApiDeps) {
  const app = routeGroup();
  const { db } = deps;
  // What a guest's query may cost: each statement at most this long, then 503 (lib/search/product-search.ts).
  const guarded = <T>(read: (tx: typeof db) => Promise<T>) =>
    withStatementTimeout(db, deps.searchStatementTimeoutMs, read);
  // Lists by their parsed query, products by id (api/lib/catalogue/catalogue-cache.ts: what drops them, and when).
  const cache = createCatalogueCache();
  const products = (ids: readonly string[]) => cache.products(ids, (missing) => loadProducts(db, missing));
  const count = (query: Parameters<typeof countProducts>[1]) =>
    cache.list(
      `count ${JSON.stringify(query)}`,
      () => guarded((tx) => countProducts(tx, query)),
      query.inStock !== null,
    );

  mount(app, listRoute, async (c) => {
    const { query, options, isCountOnly } = await readBody(c, productListSchema);
    if (isCountOnly) return ok(c, { totalRecords: await count(query) });

    // A search that finds (almost) nothing is answered for what the shopper meant, if that finds more (lib/search-fallback.ts).
    const { ids, itemCount, correction } = await cache.list(
      `list ${JSON.stringify({ query, sort: options.sort, page: options.page, limit: options.limit, exact: options.exact })}`,
      () =>
        guarded((tx) =>
          forgivingListPage(tx, query, options.sort, options.limit, (options.page - 1) * options.limit, {
            exact: options.exact,
          }),
        ),
      // A list of what is in stock (or sold out), or newest first (sold-out products last), changes
      // with every order that sells out a product.
      query.inStock !== null || sortsByStock(options.sort),
    );
    const found = await products(ids);
    // A product deleted between the two reads is left out rather than answered as a hole.
    const data = ids.map((id) => found.get(id)).filter((p): p is ProductJson => p !== undefined);
    return ok(c, {
      data,
      paginator: paginator(itemCount, options.page, options.limit),
      ...(correction && { correction }),
    });
  });

  mount(app, getRoute, async (c) => {
    const id = c.req.param("id");
    const product = idPattern.test(id) ? (await products([id])).get(id) : undefined;
    if (!product) throw notFound("Product not found");
    return ok(c, product);
  });

  // Kept like a list: dropped when the catalogue changes (a stock change leaves the values as they are).
  mount(app, filtersRoute, async (c) => ok(c, await cache.list("filters", () => loadFilterOptions(db))));

  mount(app, countRoute, async (c) => {
    const { query } = await readBody(c, productCountSchema);
    return ok(c, { count: await count(query) });
  });

  return app;
}
