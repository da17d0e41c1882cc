import { and, asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../db/client";
import { compareItems, users } from "../db/schema";
import { requireUser } from "../lib/auth";
import { loadProducts } from "../lib/catalogue";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { notFound, ok, readBody } from "../lib/http";
import { paginator } from "../lib/paging";
import { listProductSchema, populateEntries } from "../lib/product-lists";

/** How many products /compare shows side by side; a fifth replaces the oldest. */
export const maxCompareItems = 4;

/** The list takes `{query, options}` like the other lists; a compare list is one short page, so both are ignored. */
const listSchema = z.object({ query: z.unknown().optional(), options: z.unknown().optional() });

/**
 * The compare list (kept by the API, so /compare is a real page that works without JavaScript), mounted at
 * /userapp/compare: at most four products per user, oldest first, always the signed-in user's own.
 */
export function compareRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = new Hono<ApiEnv>();
  app.use("*", requireUser(deps));

  // Oldest first: the order the products were added, left to right on /compare.
  const entriesOf = (userId: string, executor: Pick<Database, "select"> = db) =>
    executor
      .select({ productId: compareItems.productId, createdAt: compareItems.createdAt })
      .from(compareItems)
      .where(eq(compareItems.userId, userId))
      .orderBy(asc(compareItems.createdAt), asc(compareItems.productId));

  app.post("/add", async (c) => {
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
        await tx.delete(compareItems).where(and(eq(compareItems.userId, userId), eq(compareItems.productId, entry.productId)));
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

  app.post("/list", async (c) => {
    await readBody(c, listSchema);
    const products = await populateEntries(db, await entriesOf(c.var.user.id));
    return ok(c, { products, paginator: paginator(products.length, 1, maxCompareItems) });
  });

  app.post("/ids", async (c) => {
    const rows = await entriesOf(c.var.user.id);
    return ok(c, { productIds: rows.map((row) => row.productId) });
  });

  app.put("/remove", async (c) => {
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

  app.put("/clear", async (c) => {
    await db.delete(compareItems).where(eq(compareItems.userId, c.var.user.id));
    return ok(c, { success: true, count: 0 }, "Compare list cleared");
  });

  return app;
}
