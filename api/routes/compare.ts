import { z } from "@hono/zod-openapi";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { compareItems, users } from "../db/schema";
import { requireUser } from "../lib/accounts/auth";
import { loadProducts } from "../lib/catalogue/catalogue";
import { listEntrySchema, paginatorSchema, productIdsSchema, productSchema } from "../lib/http/api-schemas";
import type { ApiDeps } from "../lib/context";
import { notFound, ok, readBody } from "../lib/http/http";
import { paginator } from "../lib/http/paging";
import { apiRoute, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";
import { listProductSchema, populateEntries } from "../lib/catalogue/product-lists";

/** How many products /compare shows side by side; a fifth replaces the oldest. */
export const maxCompareItems = 4;

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

const idsRoute = apiRoute({
  method: "post",
  path: "/ids",
  tags,
  summary: "Every product id of the compare list, oldest first",
  access: "user",
  responses: { 200: success("The ids", productIdsSchema) },
});

const removeRoute = apiRoute({
  method: "put",
  path: "/remove",
  tags,
  summary: "Remove a product from compare",
  access: "user",
  request: { body: jsonBody(listProductSchema) },
  failures: [400, 404],
  responses: {
    200: success(
      "Removed from compare",
      z.object({ success: z.literal(true), productId: z.string(), count: z.number().int() }),
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

  // Oldest first: the order the products were added, left to right on /compare.
  const entriesOf = (userId: string, executor: Pick<Database, "select"> = db) =>
    executor
      .select({ productId: compareItems.productId, createdAt: compareItems.createdAt })
      .from(compareItems)
      .where(eq(compareItems.userId, userId))
      .orderBy(asc(compareItems.createdAt), asc(compareItems.productId));

  mount(app, addRoute, async (c) => {
    const userId = c.var.user.id;
    const { productId } = await readBody(c, listProductSchema);
    const product = (await loadProducts(db, [productId])).get(productId);
    if (!product) throw notFound("Product not found");

    const outcome = await db.transaction(async (tx) => {
      // One add at a time per shopper, so two quick adds cannot both take the fourth place.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
      const entries = await entriesOf(userId, tx);
      const existing = entries.find((entry) => entry.productId === productId);
      if (existing) return { added: false, createdAt: existing.createdAt, replacedId: null, count: entries.length };

      const replaced = entries.length >= maxCompareItems ? entries.slice(0, entries.length - maxCompareItems + 1) : [];
      for (const entry of replaced) {
        await tx
          .delete(compareItems)
          .where(and(eq(compareItems.userId, userId), eq(compareItems.productId, entry.productId)));
      }
      // Strictly after the newest entry, so "the oldest" is always one product even within one millisecond.
      const newest = entries.at(-1)?.createdAt.getTime() ?? 0;
      const createdAt = new Date(Math.max(deps.now().getTime(), newest + 1));
      await tx.insert(compareItems).values({ userId, productId, createdAt });
      return {
        added: true,
        createdAt,
        replacedId: replaced[0]?.productId ?? null,
        count: entries.length - replaced.length + 1,
      };
    });

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
    const products = await populateEntries(db, await entriesOf(c.var.user.id));
    return ok(c, { products, paginator: paginator(products.length, 1, maxCompareItems) });
  });

  mount(app, idsRoute, async (c) => {
    const rows = await entriesOf(c.var.user.id);
    return ok(c, { productIds: rows.map((row) => row.productId) });
  });

  mount(app, removeRoute, async (c) => {
    const userId = c.var.user.id;
    const { productId } = await readBody(c, listProductSchema);
    const removed = await db
      .delete(compareItems)
      .where(and(eq(compareItems.userId, userId), eq(compareItems.productId, productId)))
      .returning({ productId: compareItems.productId });
    if (removed.length === 0) throw notFound("Product not found in compare");
    const count = (await entriesOf(userId)).length;
    return ok(c, { success: true, productId, count }, "Removed from compare");
  });

  mount(app, clearRoute, async (c) => {
    await db.delete(compareItems).where(eq(compareItems.userId, c.var.user.id));
    return ok(c, { success: true, count: 0 }, "Compare list cleared");
  });

  return app;
}
