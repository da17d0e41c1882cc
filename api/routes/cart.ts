import { and, eq, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { cartItems } from "../db/schema";
import { requireUser } from "../lib/auth";
import { countCart, loadCart, maxCartLines, maxQtyPerLine } from "../lib/cart";
import { loadProducts } from "../lib/catalogue";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { badRequest, notFound, ok, readBody } from "../lib/http";
import { isPlainObject, lineSchema, productIdSchema, qtySchema, sizeSchema } from "../lib/line-schemas";

/** `{products: [...]}`, or one bare line (clients send both). */
const createSchema = z.preprocess(
  (body) => (isPlainObject(body) && !("products" in body) ? { products: [body] } : body),
  z.object({
    products: z
      .array(lineSchema)
      .min(1, "Add at least one product")
      .max(maxCartLines, `A cart holds at most ${maxCartLines} products`),
  }),
);

/** Clients send `{query, options, isCountOnly}`; a cart is one short list, so only isCountOnly matters. */
const getSchema = z.object({
  query: z.unknown().optional(),
  options: z.unknown().optional(),
  isCountOnly: z.boolean().optional(),
});

const updateSchema = z
  .object({
    productId: productIdSchema,
    size: sizeSchema,
    qty: qtySchema.nullish(),
    quantity: qtySchema.nullish(),
  })
  .transform((value, ctx) => {
    const qty = value.qty ?? value.quantity;
    if (qty == null) {
      ctx.addIssue({ code: "custom", path: ["qty"], message: "Quantity is required" });
      return z.NEVER;
    }
    return { productId: value.productId, size: value.size, qty };
  });

const removeSchema = z.object({ productId: productIdSchema, size: sizeSchema.nullish() });

/** `productIds`; `products` (ids or cart lines) accepted as an alias. */
const removeMultipleSchema = z
  .object({
    productIds: z.array(productIdSchema).max(100, "At most 100 products at once").optional(),
    products: z
      .array(
        z.preprocess(
          (value) => (isPlainObject(value) && "productId" in value ? value.productId : value),
          productIdSchema,
        ),
      )
      .max(100, "At most 100 products at once")
      .optional(),
  })
  .transform((value, ctx) => {
    const ids = value.productIds ?? value.products;
    if (!ids) {
      ctx.addIssue({ code: "custom", path: ["productIds"], message: "Product IDs are required" });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

/** The cart calls (mounted at /userapp/cart). Every call is the signed-in user's own cart. */
export function cartRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = new Hono<ApiEnv>();
  app.use("*", requireUser(deps));

  app.post("/create", async (c) => {
    const userId = c.var.user.id;
    const { products: requested } = await readBody(c, createSchema);

    // The same product and size twice in one request is one line (one upsert row cannot be hit twice).
    const merged = new Map<string, { productId: string; size: string; qty: number }>();
    for (const line of requested) {
      const key = `${line.productId}\u0000${line.size}`;
      const existing = merged.get(key);
      if (existing) existing.qty = Math.min(existing.qty + line.qty, maxQtyPerLine);
      else merged.set(key, { ...line });
    }
    const lines = [...merged.values()];

    const catalogue = await loadProducts(
      db,
      lines.map((line) => line.productId),
    );
    for (const line of lines) {
      const product = catalogue.get(line.productId);
      if (!product) throw notFound("Product not found");
      const variant = product.variants.find((v) => v.size === line.size);
      if (!variant) throw badRequest(`Size ${line.size} is not available for this product`);
      // The product page disables Add to Cart for a sold-out product; the API keeps the same rule.
      if (variant.quantity === 0) {
        throw badRequest(`${product.title.shortTitle} (size ${line.size}) is out of stock`, {
          productId: line.productId,
          size: line.size,
          available: 0,
        });
      }
    }

    // Lines already in the cart merge; only new ones count against the cap.
    const [{ others }] = await db
      .select({ others: sql<number>`count(*)::int` })
      .from(cartItems)
      .where(
        and(
          eq(cartItems.userId, userId),
          sql`(${cartItems.productId}, ${cartItems.size}) NOT IN (${sql.join(
            lines.map((line) => sql`(${line.productId}, ${line.size})`),
            sql`, `,
          )})`,
        ),
      );
    if (others + lines.length > maxCartLines) {
      throw badRequest(`Your cart can hold up to ${maxCartLines} products. Remove some to add more.`);
    }

    // Lines added together keep the order they were sent in: each is a millisecond after the one before.
    const addedAt = deps.now().getTime();
    await db
      .insert(cartItems)
      .values(
        lines.map((line, index) => ({
          userId,
          productId: line.productId,
          size: line.size,
          qty: line.qty,
          createdAt: new Date(addedAt + index),
        })),
      )
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.size],
        // Adding to a line already in the cart adds the quantities, capped at the limit, in one statement
        // so two concurrent adds cannot lose one another.
        set: { qty: sql`LEAST("cart_items"."qty" + excluded."qty", ${maxQtyPerLine})` },
      });

    return ok(c, { success: true, ...(await loadCart(db, userId)) }, "Product added to cart successfully!", 201);
  });

  app.post("/get", async (c) => {
    const userId = c.var.user.id;
    const { isCountOnly } = await readBody(c, getSchema);
    if (isCountOnly) {
      const { count } = await countCart(db, userId);
      return ok(c, { totalRecords: count });
    }
    const cart = await loadCart(db, userId);
    return ok(c, cart, cart.products.length === 0 ? "Your cart is empty" : "Cart loaded successfully");
  });

  app.put("/update", async (c) => {
    const userId = c.var.user.id;
    const { productId, size, qty } = await readBody(c, updateSchema);
    const updated = await db
      .update(cartItems)
      .set({ qty })
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), eq(cartItems.size, size)))
      .returning({ productId: cartItems.productId });
    if (updated.length === 0) throw notFound("Item not found in cart");
    return ok(c, await loadCart(db, userId), "Cart updated successfully!");
  });

  app.put("/remove", async (c) => {
    const userId = c.var.user.id;
    const { productId, size } = await readBody(c, removeSchema);
    const conditions = [eq(cartItems.userId, userId), eq(cartItems.productId, productId)];
    // Without a size (as some clients send it) every size of the product goes.
    if (size != null) conditions.push(eq(cartItems.size, size));
    const removed = await db
      .delete(cartItems)
      .where(and(...conditions))
      .returning({ productId: cartItems.productId });
    if (removed.length === 0) throw notFound("Item not found in cart");
    return ok(c, await loadCart(db, userId), "Item removed from cart");
  });

  app.put("/remove-multiple", async (c) => {
    const userId = c.var.user.id;
    const productIds = await readBody(c, removeMultipleSchema);
    // Clearing an already empty cart is not an error: the client clears after every order.
    if (productIds.length > 0) {
      await db.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, productIds)));
    }
    return ok(c, await loadCart(db, userId), "Cart cleared");
  });

  app.get("/count", async (c) => {
    return ok(c, await countCart(db, c.var.user.id));
  });

  return app;
}
