import { z } from "@hono/zod-openapi";
import { requireUser } from "../lib/accounts/auth";
import { loadProducts } from "../lib/catalogue/catalogue";
import { listEntrySchema, paginatorSchema, productSchema } from "../lib/http/api-schemas";
import type { ApiDeps } from "../lib/context";
import { ok, readBody } from "../lib/http/http";
import { paginator } from "../lib/http/paging";
import { apiRoute, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";
import {
  addToCompare,
  compareList,
  listProductSchema,
  maxCompareItems,
  populateEntries,
} from "../lib/catalogue/product-lists";
import { mountIdsAndRemove, productToAdd } from "./product-list-routes";

/** The list takes `{query, options}` like the other lists; a compare list is one short page, so both are ignored. */
const listSchema = z.object({ query: z.unknown().optional(), options: z.unknown().optional() });

/**
 * The compare list (kept by the API, so /compare is a real page that works without JavaScript), mounted at
 * /userapp/compare: at most four products per user, oldest first, always the signed-in user's own.
 */
const tags = ["compare"];

const addedSchema = z.object({
  success: z.literal(true),
  _id: z.string(),
  productId: productSchema,
  createdAt: z.string(),
  count: z.number().int(),
  replaced: productSchema
    .nullable()
    .openapi({ description: "The oldest product, taken out to make room (null when there was room)" }),
});

const addRoute = apiRoute({
  method: "post",
  path: "/add",
  tags,
  summary: `Add a product to compare (a fifth replaces the oldest of ${maxCompareItems})`,
  access: "user",
  request: { body: jsonBody(listProductSchema) },
  failures: [400, 404],
  responses: {
    201: success("Added to compare (replacing the oldest product when the list was full)", addedSchema),
    200: success("Already in compare", addedSchema),
  },
});

const listRoute = apiRoute({
  method: "post",
  path: "/list",
  tags,
  summary: "The compare list, oldest first",
  access: "user",
  request: { body: jsonBody(listSchema) },
  failures: [400],
  responses: {
    200: success(
      "`{products, paginator}`",
      z.object({ products: z.array(listEntrySchema), paginator: paginatorSchema }),
    ),
  },
});

const clearRoute = apiRoute({
  method: "put",
  path: "/clear",
  tags,
  summary: "Empty the compare list",
  access: "user",
  responses: { 200: success("Compare list cleared", z.object({ success: z.literal(true), count: z.literal(0) })) },
});

export function compareRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = routeGroup();
  app.use("*", requireUser(deps));

  mount(app, addRoute, async (c) => {
    const userId = c.var.user.id;
    const { productId } = await readBody(c, listProductSchema);
    const product = await productToAdd(deps, productId);
    const outcome = await addToCompare(db, userId, productId, deps.now());

    const replacedProduct = outcome.replacedId
      ? ((await loadProducts(db, [outcome.replacedId], { includeHidden: true })).get(outcome.replacedId) ?? null)
      : null;
    const data = {
      success: true,
      _id: productId,
      productId: product,
      createdAt: outcome.createdAt.toISOString(),
      count: outcome.count,
      /** The oldest product, taken out to make room for this one (null when there was room). */
      replaced: replacedProduct,
    };
    if (!outcome.added) return ok(c, data, "Already in compare");
    return ok(c, data, replacedProduct ? "Added to compare, replacing the oldest product" : "Added to compare", 201);
  });

  mount(app, listRoute, async (c) => {
    await readBody(c, listSchema);
    const products = await populateEntries(db, await compareList.entries(db, c.var.user.id));
    return ok(c, { products, paginator: paginator(products.length, 1, maxCompareItems) });
  });

  mountIdsAndRemove(app, deps, compareList, {
    tags,
    name: "the compare list",
    short: "compare",
    removeFrom: "compare",
    order: "oldest first",
  });

  mount(app, clearRoute, async (c) => {
    await compareList.clear(db, c.var.user.id);
    return ok(c, { success: true, count: 0 }, "Compare list cleared");
  });

  return app;
}
