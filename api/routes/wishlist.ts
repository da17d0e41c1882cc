import { z } from "@hono/zod-openapi";
import { wishlistItems } from "../db/schema";
import { requireUser } from "../lib/accounts/auth";
import { listEntrySchema, paginatorSchema, productSchema, totalRecordsSchema } from "../lib/http/api-schemas";
import type { ApiDeps } from "../lib/context";
import { ok, readBody } from "../lib/http/http";
import { defaultPageSize, maxPageSize, paginator } from "../lib/http/paging";
import { apiRoute, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";
import {
  listProductSchema,
  populateEntries,
  productList,
  type ProductListEntryJson,
} from "../lib/catalogue/product-lists";
import { mountIdsAndRemove, productToAdd } from "./product-list-routes";

export type WishlistEntryJson = ProductListEntryJson;

const wishlist = productList(wishlistItems, "newest first");

/**
 * `{query, options, isCountOnly}` as clients send it. Of the options only page and
 * limit mean anything here (the list is newest first); the other keys are ignored.
 */
const listSchema = z.object({
  query: z.unknown().optional(),
  options: z
    .object({
      page: z.number().int("page must be a whole number").min(1, "page must be at least 1").optional(),
      limit: z.number().int("limit must be a whole number").min(1, "limit must be at least 1").optional(),
    })
    .optional(),
  isCountOnly: z.boolean().optional(),
});

const tags = ["wishlist"];

/** An add's answer: the entry, its product populated, and how many the wishlist now holds. */
const addedSchema = z.object({
  success: z.literal(true),
  _id: z.string(),
  productId: productSchema,
  createdAt: z.string(),
  count: z.number().int(),
});

const addRoute = apiRoute({
  method: "post",
  path: "/create",
  tags,
  summary: "Add a product to the wishlist (adding twice keeps one entry)",
  access: "user",
  request: { body: jsonBody(listProductSchema) },
  failures: [400, 404],
  responses: {
    201: success("Added to wishlist", addedSchema),
    200: success("Already in your wishlist", addedSchema),
  },
});

const listRoute = apiRoute({
  method: "post",
  path: "/list",
  tags,
  summary: "A page of the wishlist, newest first",
  access: "user",
  request: {
    body: jsonBody(listSchema, "`{query, options: {page, limit}, isCountOnly}`; only page and limit are read"),
  },
  failures: [400],
  responses: {
    200: success(
      "`{products, paginator}`, or `{totalRecords}` when `isCountOnly` is true",
      z.union([z.object({ products: z.array(listEntrySchema), paginator: paginatorSchema }), totalRecordsSchema]),
    ),
  },
});

const countRoute = apiRoute({
  method: "get",
  path: "/count",
  tags,
  summary: "How many products the wishlist holds",
  access: "user",
  responses: { 200: success("The count", z.object({ count: z.number().int() })) },
});

/** The wishlist calls (mounted at /userapp/wishlist), always the signed-in user's own. */
export function wishlistRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = routeGroup();
  app.use("*", requireUser(deps));

  mount(app, addRoute, async (c) => {
    const userId = c.var.user.id;
    const { productId } = await readBody(c, listProductSchema);
    const product = await productToAdd(deps, productId);
    // Adding twice keeps one entry (and its first date): the toggle of a double click is harmless.
    const { added, createdAt } = await wishlist.add(db, userId, productId, deps.now());
    const data = {
      success: true,
      _id: productId,
      productId: product,
      createdAt: createdAt.toISOString(),
      count: await wishlist.count(db, userId),
    };
    return added ? ok(c, data, "Added to wishlist", 201) : ok(c, data, "Already in your wishlist");
  });

  mount(app, listRoute, async (c) => {
    const userId = c.var.user.id;
    const { options, isCountOnly } = await readBody(c, listSchema);
    const itemCount = await wishlist.count(db, userId);
    if (isCountOnly) return ok(c, { totalRecords: itemCount });
    const page = options?.page ?? 1;
    const perPage = Math.min(options?.limit ?? defaultPageSize, maxPageSize);
    const rows = await wishlist.entries(db, userId, { limit: perPage, offset: (page - 1) * perPage });
    const products = await populateEntries(db, rows);
    return ok(c, { products, paginator: paginator(itemCount, page, perPage) });
  });

  mountIdsAndRemove(app, deps, wishlist, {
    tags,
    name: "the wishlist",
    short: "wishlist",
    removeFrom: "the wishlist",
    order: "newest first",
  });

  mount(app, countRoute, async (c) => {
    return ok(c, { count: await wishlist.count(db, c.var.user.id) });
  });

  return app;
}
