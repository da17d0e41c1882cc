import { Hono } from "hono";
import { type ProductJson, loadProducts } from "../lib/catalogue";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { idPattern, notFound, ok, readBody } from "../lib/http";
import { countProducts, listPage } from "../lib/listing-planner";
import { paginator } from "../lib/paging";
import { productCountSchema, productListSchema } from "../lib/product-query";
import { resolveQuery } from "../lib/product-search";

// The catalogue's calls (mounted at /userapp/product). A list request is parsed by
// lib/product-query.ts, turned into conditions on product_listing by lib/product-search.ts, and
// paged by lib/listing-planner.ts.

export function productRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const { db } = deps;

  app.post("/list", async (c) => {
    const { query, options, isCountOnly } = await readBody(c, productListSchema);
    if (isCountOnly) return ok(c, { totalRecords: await countProducts(db, query) });

    const { ids, itemCount } = await listPage(
      db,
      await resolveQuery(db, query),
      options.sort,
      options.limit,
      (options.page - 1) * options.limit,
    );
    const found = await loadProducts(db, ids);
    // A product deleted between the two reads is left out rather than answered as a hole.
    const data = ids.map((id) => found.get(id)).filter((p): p is ProductJson => p !== undefined);
    return ok(c, { data, paginator: paginator(itemCount, options.page, options.limit) });
  });

  app.get("/get/:id", async (c) => {
    const id = c.req.param("id");
    const product = idPattern.test(id) ? (await loadProducts(db, [id])).get(id) : undefined;
    if (!product) throw notFound("Product not found");
    return ok(c, product);
  });

  app.post("/count", async (c) => {
    const { query } = await readBody(c, productCountSchema);
    return ok(c, { count: await countProducts(db, query) });
  });

  return app;
}
