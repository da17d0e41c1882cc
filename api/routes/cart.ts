import { z } from "@hono/zod-openapi";
import { and, eq, inArray, sql } from "drizzle-orm";
import { cartItems } from "../db/schema";
import { requireUser } from "../lib/auth";
import { countCart, loadCart, maxCartLines, maxQtyPerLine } from "../lib/cart";
import { loadProducts } from "../lib/catalogue";
import { cartCountSchema, cartSchema, totalRecordsSchema } from "../lib/api-schemas";
import type { ApiDeps } from "../lib/context";
import { badRequest, notFound, ok, readBody } from "../lib/http";
import { isPlainObject, lineSchema, productIdSchema, qtySchema, sizeSchema } from "../lib/line-schemas";
import { apiRoute, failure, jsonBody, mount, routeGroup, success } from "../lib/openapi";

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

const tags = ["cart"];

const addRoute = apiRoute({
  method: "post",
  path: "/create",
  tags,
  summary: "Add products to the cart (a line already there adds its quantity, capped at 10)",
  access: "user",
  request: { body: jsonBody(createSchema, "`{products: [{productId, size, qty}]}`, or one bare line") },
  failures: [404],
  responses: {
    201: success("Product added to cart successfully!", cartSchema.extend({ success: z.literal(true) })),
    400: failure(400, "BAD_REQUEST: a size the product lacks, out of stock, or a full cart"),
  },
});

const getRoute = apiRoute({
  method: "post",
  path: "/get",
  tags,
  summary: "The cart, every line with its product",
  access: "user",
  request: { body: jsonBody(getSchema) },
  failures: [400],
  responses: {
    200: success(
      "The cart, or `{totalRecords}` (its lines) when `isCountOnly` is true",
      z.union([cartSchema, totalRecordsSchema]),
    ),
  },
});

const updateRoute = apiRoute({
  method: "put",
  path: "/update",
  tags,
  summary: "Set a line's quantity",
  access: "user",
  request: { body: jsonBody(updateSchema, "`qty` (or `quantity`), 1 to 10") },
  failures: [400, 404],
  responses: { 200: success("Cart updated successfully!", cartSchema) },
});

const removeRoute = apiRoute({
  method: "put",
  path: "/remove",
  tags,
  summary: "Remove a line (without a size: every size of the product)",
  access: "user",
  request: { body: jsonBody(removeSchema) },
  failures: [400, 404],
  responses: { 200: success("Item removed from cart", cartSchema) },
});

const removeMultipleRoute = apiRoute({
  method: "put",
  path: "/remove-multiple",
  tags,
  summary: "Remove products (every size): what clearing the cart sends",
  access: "user",
  request: { body: jsonBody(removeMultipleSchema, "`productIds` (or `products`, ids or cart lines)") },
  failures: [400],
  responses: { 200: success("Cart cleared", cartSchema) },
});

const countRoute = apiRoute({
  method: "get",
  path: "/count",
  tags,
  summary: "How many lines and units the cart holds",
  access: "user",
  responses: { 200: success("The counts", cartCountSchema) },
});

/** The cart calls (mounted at /userapp/cart). Every call is the signed-in user's own cart. */
export function cartRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = routeGroup();
  app.use("*", requireUser(deps));

  mount(app, addRoute, async (c) => {
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

  mount(app, getRoute, async (c) => {
    const userId = c.var.user.id;
    const { isCountOnly } = await readBody(c, getSchema);
    if (isCountOnly) {
      const { count } = await countCart(db, userId);
      return ok(c, { totalRecords: count });
    }
    const cart = await loadCart(db, userId);
    return ok(c, cart, cart.products.length === 0 ? "Your cart is empty" : "Cart loaded successfully");
  });

  mount(app, updateRoute, async (c) => {
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

  mount(app, removeRoute, async (c) => {
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

  mount(app, removeMultipleRoute, async (c) => {
    const userId = c.var.user.id;
    const productIds = await readBody(c, removeMultipleSchema);
    // Clearing an already empty cart is not an error: the client clears after every order.
    if (productIds.length > 0) {
      await db.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, productIds)));
    }
    return ok(c, await loadCart(db, userId), "Cart cleared");
  });

  mount(app, countRoute, async (c) => {
    return ok(c, await countCart(db, c.var.user.id));
  });

  return app;
}
