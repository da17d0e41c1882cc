import { z } from "@hono/zod-openapi";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { loadProducts } from "../lib/catalogue/catalogue";
import { listProductSchema, type productList } from "../lib/catalogue/product-lists";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { productIdsSchema } from "../lib/http/api-schemas";
import { notFound, ok, readBody } from "../lib/http/http";
import { apiRoute, jsonBody, mount, success } from "../lib/http/openapi";

// What the wishlist and the compare list (api/routes/wishlist.ts, compare.ts) answer alike.

/** How one of the shopper's product lists names itself in its routes and answers. */
export type ListWords = {
  tags: string[];
  /** "the wishlist", "the compare list": what the ids are of. */
  name: string;
  /** "wishlist", "compare": as "Removed from …" and "Product not found in …" say it. */
  short: string;
  /** "the wishlist", "compare": as "Remove a product from …" says it. */
  removeFrom: string;
  order: "newest first" | "oldest first";
};

/** The product a shopper adds to a list, or the 404 every list answers for an unknown one. */
export async function productToAdd(deps: ApiDeps, productId: string) {
  const product = (await loadProducts(deps.db, [productId])).get(productId);
  if (!product) throw notFound("Product not found");
  return product;
}

/** `POST /ids` and `PUT /remove`, the same on every list; the group already requires a signed-in user. */
export function mountIdsAndRemove(
  app: OpenAPIHono<ApiEnv>,
  deps: ApiDeps,
  list: ReturnType<typeof productList>,
  words: ListWords,
) {
  const { db } = deps;
  const idsRoute = apiRoute({
    method: "post",
    path: "/ids",
    tags: words.tags,
    summary: `Every product id of ${words.name}, ${words.order}`,
    access: "user",
    responses: { 200: success("The ids", productIdsSchema) },
  });
  const removeRoute = apiRoute({
    method: "put",
    path: "/remove",
    tags: words.tags,
    summary: `Remove a product from ${words.removeFrom}`,
    access: "user",
    request: { body: jsonBody(listProductSchema) },
    failures: [400, 404],
    responses: {
      200: success(
        `Removed from ${words.short}`,
        z.object({ success: z.literal(true), productId: z.string(), count: z.number().int() }),
      ),
    },
  });

  // Only the ids, in the list's order: what the storefront needs on every page for its hearts and header counts.
  mount(app, idsRoute, async (c) => {
    const rows = await list.entries(db, c.var.user.id);
    return ok(c, { productIds: rows.map((row) => row.productId) });
  });

  mount(app, removeRoute, async (c) => {
    const userId = c.var.user.id;
    const { productId } = await readBody(c, listProductSchema);
    if (!(await list.remove(db, userId, productId))) throw notFound(`Product not found in ${words.short}`);
    return ok(c, { success: true, productId, count: await list.count(db, userId) }, `Removed from ${words.short}`);
  });
}
