import { z } from "@hono/zod-openapi";
import { QTY_RULE_MESSAGE } from "../contract";
import { requireUser } from "../lib/accounts/auth";
import {
  addToCart,
  changeLine,
  clearLines,
  countCart,
  loadCart,
  maxCartLines,
  maxQtyPerLine,
  removeLines,
} from "../lib/orders/cart";
import {
  cartChangeSchema,
  cartCountSchema,
  cartPromotionsSchema,
  cartSchema,
  cartWithPromotionsSchema,
  totalRecordsSchema,
} from "../lib/http/api-schemas";
import { applyCode, promoLinesOf, promotionsFor, removeCode } from "../lib/promotions/cart-promotions";
import { cartLines } from "../lib/orders/orders";
import { loadProducts } from "../lib/catalogue/catalogue";
import { clientAddress } from "../platform/client-address";
import type { ApiDeps } from "../lib/context";
import { ok, readBody } from "../lib/http/http";
import { isPlainObject, lineSchema, productIdSchema, qtySchema, sizeSchema } from "../lib/http/line-schemas";
import { apiRoute, failure, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";

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
  /**
   * false: the cart's lines only, without `promotions` (the checkout, which asks order/quote for
   * them, and would otherwise price them twice).
   */
  promotions: z.boolean().optional(),
});

/**
 * `{productId, size, qty}` sets the line's quantity (`quantity` is accepted for `qty`).
 * `{productId, size, decrease: true}` lowers it by one instead; with `qty` it goes to that
 * quantity when it is lower (the quantity the client expects afterwards), and below 1 it leaves the cart.
 */
/** A whole number; its range depends on what it means (checked below). */
const qtyField = z.number({ error: QTY_RULE_MESSAGE }).int(QTY_RULE_MESSAGE).nullish();

const updateSchema = z
  .object({
    productId: productIdSchema,
    size: sizeSchema,
    qty: qtyField,
    quantity: qtyField,
    decrease: z.literal(true, { error: "decrease must be true or absent" }).optional(),
  })
  .transform((value, ctx) => {
    const raw = value.qty ?? value.quantity;
    if (value.decrease) {
      // The expected quantity may be 0 (the last piece goes); one that is out of range is no hint.
      const expected = raw != null && raw >= 0 && raw < maxQtyPerLine ? raw : null;
      return { productId: value.productId, size: value.size, decrease: true as const, expected };
    }
    if (raw == null) {
      ctx.addIssue({ code: "custom", path: ["qty"], message: "Quantity is required" });
      return z.NEVER;
    }
    const qty = qtySchema.safeParse(raw);
    if (!qty.success) {
      ctx.addIssue({ code: "custom", path: ["qty"], message: qty.error.issues[0]!.message });
      return z.NEVER;
    }
    return { productId: value.productId, size: value.size, qty: qty.data };
  });

const removeSchema = z.object({ productId: productIdSchema, size: sizeSchema.nullish() });

/** `productIds`; `products` (ids or cart lines) accepted as an alias; `{all: true}` empties the cart. */
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
    all: z.literal(true, { error: "all must be true or absent" }).optional(),
  })
  .transform((value, ctx): string[] | "all" => {
    if (value.all) return "all";
    const ids = value.productIds ?? value.products;
    if (!ids) {
      ctx.addIssue({ code: "custom", path: ["productIds"], message: "Product IDs are required" });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

/**
 * `{code}` applies a promotion code to the cart; with `productId`, `size` and `quantity` it is
 * checked against that one product instead (a Buy Now checkout), and still kept with the cart.
 */
const promotionSchema = z.object({
  code: z
    .string({ error: "Enter a code" })
    .trim()
    .min(1, "Enter a code")
    .max(40, "A code is at most 40 characters")
    .openapi({ description: "Case-insensitive; spaces around it are ignored", example: "WELCOME10" }),
  productId: productIdSchema.optional(),
  size: sizeSchema.optional(),
  quantity: qtySchema.nullish(),
});

const tags = ["cart"];

const addRoute = apiRoute({
  method: "post",
  path: "/create",
  tags,
  summary: "Add products to the cart (a line already there adds its quantity, capped at 10)",
  description:
    "Each product must be shown in the shop and have the size, and each line as it ends up (what the cart held plus what is added) must be within the size's stock: `Only 8 left in size M`, with `data.available`.",
  access: "user",
  request: { body: jsonBody(createSchema, "`{products: [{productId, size, qty}]}`, or one bare line") },
  failures: [404],
  responses: {
    201: success("Product added to cart successfully!", cartChangeSchema.extend({ success: z.literal(true) })),
    400: failure(
      400,
      "BAD_REQUEST: a size the product lacks or more than its stock (`data.available`, 0 when none), or a full cart",
    ),
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
      "The cart with its promotions by payment method (without them when `promotions` is false), or `{totalRecords}` (its lines) when `isCountOnly` is true",
      z.union([cartWithPromotionsSchema, cartSchema, totalRecordsSchema]),
    ),
  },
});

const updateRoute = apiRoute({
  method: "put",
  path: "/update",
  tags,
  summary: "Set a line's quantity, or lower it by one (`decrease`)",
  description:
    "Raising a line needs the size's stock and a product still shown in the shop (400, `data.available`); lowering one is always allowed. With `decrease: true` the line goes down by one, or to `qty` when that is lower, and leaves the cart below 1. A request its client gave up on (closed the connection) before the line was changed changes nothing (409): a newer change of the line replaced it.",
  access: "user",
  request: { body: jsonBody(updateSchema, "`qty` (or `quantity`), 1 to 10; or `decrease: true`") },
  failures: [400, 404, 409],
  responses: { 200: success("Cart updated successfully!", cartChangeSchema) },
});

const removeRoute = apiRoute({
  method: "put",
  path: "/remove",
  tags,
  summary: "Remove a line (without a size: every size of the product)",
  access: "user",
  request: { body: jsonBody(removeSchema) },
  failures: [400, 404],
  responses: { 200: success("Item removed from cart", cartChangeSchema) },
});

const removeMultipleRoute = apiRoute({
  method: "put",
  path: "/remove-multiple",
  tags,
  summary: "Remove products (every size): what clearing the cart sends",
  access: "user",
  request: {
    body: jsonBody(removeMultipleSchema, "`productIds` (or `products`, ids or cart lines), or `{all: true}`"),
  },
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

const applyPromotionRoute = apiRoute({
  method: "post",
  path: "/promotion",
  tags,
  summary: "Apply a promotion code to the cart (one code; a new one replaces it)",
  description:
    "The code is checked against every rule that does not depend on the payment method, on the cart's lines (or the Buy Now product sent with it): 400 with the rule's code and words when it does not apply (`This code needs a cart of ₹999 or more`, `This code has expired`, `This code is for your first order`, `You have used this code already`). A code for one payment method applies; the other method's price says why not (`codeRefusal`). Codes that do not apply are limited per account and per client address (429 TOO_MANY_ATTEMPTS). Answers the promotions by payment method.",
  access: "user",
  request: {
    body: jsonBody(promotionSchema, "`{code}`, and for a Buy Now checkout its `productId`, `size`, `quantity`"),
  },
  failures: [400, 429],
  responses: { 200: success("Code applied", cartPromotionsSchema) },
});

const removePromotionRoute = apiRoute({
  method: "delete",
  path: "/promotion",
  tags,
  summary: "Take the promotion code off the cart",
  access: "user",
  responses: { 200: success("Code removed", cartPromotionsSchema) },
});

/** The cart calls (mounted at /userapp/cart). Every call is the signed-in user's own cart. */
export function cartRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = routeGroup();
  app.use("*", requireUser(deps));

  mount(app, addRoute, async (c) => {
    const { products } = await readBody(c, createSchema);
    const cart = await addToCart(db, c.var.user.id, products, deps.now());
    return ok(c, { success: true, ...cart }, "Product added to cart successfully!", 201);
  });

  mount(app, getRoute, async (c) => {
    const userId = c.var.user.id;
    const body = await readBody(c, getSchema);
    if (body.isCountOnly) {
      const { count } = await countCart(db, userId);
      return ok(c, { totalRecords: count });
    }
    const cart = await loadCart(db, userId);
    const message = cart.products.length === 0 ? "Your cart is empty" : "Cart loaded successfully";
    if (body.promotions === false) return ok(c, cart, message);
    return ok(c, { ...cart, promotions: await cartPromotionsOf(userId) }, message);
  });

  /** The cart's promotions by payment method, on its lines that can be ordered now. */
  const cartPromotionsOf = async (userId: string) => {
    const lines = await cartLines(db, userId);
    const catalogue = await loadProducts(
      db,
      lines.map((line) => line.productId),
    );
    return promotionsFor(db, { userId, lines: promoLinesOf(lines, catalogue), now: deps.now(), cart: true });
  };

  mount(app, applyPromotionRoute, async (c) => {
    const body = await readBody(c, promotionSchema);
    const userId = c.var.user.id;
    const buyNow = body.productId && body.size;
    const lines = buyNow
      ? [{ productId: body.productId!, size: body.size!, qty: body.quantity ?? 1 }]
      : await cartLines(db, userId);
    const promotions = await applyCode(deps, {
      userId,
      typed: body.code,
      lines,
      clientAddress: clientAddress(c, deps.trustProxy),
      cart: !buyNow,
    });
    return ok(c, promotions, "Code applied");
  });

  mount(app, removePromotionRoute, async (c) => {
    await removeCode(db, c.var.user.id);
    return ok(c, await cartPromotionsOf(c.var.user.id), "Code removed");
  });

  mount(app, updateRoute, async (c) => {
    const change = await readBody(c, updateSchema);
    // A request its client has given up on (a newer click on the line replaced it) changes nothing.
    const cart = await changeLine(db, c.var.user.id, change, c.req.raw.signal);
    return ok(c, cart, cart.changed[0]?.qty === 0 ? "Item removed from cart" : "Cart updated successfully!");
  });

  mount(app, removeRoute, async (c) => {
    const { productId, size } = await readBody(c, removeSchema);
    return ok(c, await removeLines(db, c.var.user.id, productId, size ?? null), "Item removed from cart");
  });

  mount(app, removeMultipleRoute, async (c) => {
    const productIds = await readBody(c, removeMultipleSchema);
    return ok(c, await clearLines(db, c.var.user.id, productIds), "Cart cleared");
  });

  mount(app, countRoute, async (c) => {
    return ok(c, await countCart(db, c.var.user.id));
  });

  return app;
}
