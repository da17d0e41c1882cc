import { Hono } from "hono";
import { z } from "zod";
import type { OrderAddress } from "../db/schema";
import { requireUser } from "../lib/auth";
import { maxQtyPerLine } from "../lib/cart";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError, idPattern, notFound, ok, readBody, validate } from "../lib/http";
import { isPlainObject, lineSchema, productIdSchema, qtySchema, sizeSchema } from "../lib/line-schemas";
import { changeOrder, type OrderEvent } from "../lib/order-lifecycle";
import { findOrder, findOrderByKey, listOrders, type OrderLineInput, type PaymentMethod, placeOrder } from "../lib/orders";
import { defaultPageSize, maxPageSize } from "../lib/paging";

/** Lines one order may hold: as many as a cart (api/lib/cart.ts). */
const maxOrderLines = 50;

const addressField = (label: string) =>
  z.preprocess(
    // A PIN code may arrive as a number.
    (value) => (typeof value === "number" ? String(value) : value),
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(200, `${label} is too long`),
  );

const addressFields = ["locality", "city", "state", "zipcode", "country"] as const;

/**
 * The delivery address sent with the order. An absent, null or blank one means "use my primary
 * address" (a client may send an empty form); a partly filled one is a validation error.
 */
const addressSchema = z.preprocess(
  (value) => {
    if (value == null) return undefined;
    if (isPlainObject(value) && addressFields.every((field) => value[field] == null || String(value[field]).trim() === "")) {
      return undefined;
    }
    return value;
  },
  z
    .object({
      locality: addressField("Locality"),
      city: addressField("City"),
      state: addressField("State"),
      zipcode: addressField("Zipcode"),
      country: addressField("Country"),
    })
    .optional(),
);

/** cod ('Cash on Delivery', the default) or Upi ('Online Payment'); case is forgiven. */
const paymentMethodSchema = z.preprocess(
  (value) => {
    if (value == null || value === "") return undefined;
    if (typeof value !== "string") return value;
    const lower = value.trim().toLowerCase();
    return lower === "cod" ? "cod" : lower === "upi" ? "Upi" : value;
  },
  z.enum(["cod", "Upi"], { error: "Payment method must be cod or Upi" }).default("cod"),
);

/**
 * The same product and size twice in one order are merged into one line; the merged quantity
 * must still be within the limit, like any other line.
 */
function mergeLines(lines: OrderLineInput[], ctx: z.RefinementCtx): OrderLineInput[] {
  const merged = new Map<string, OrderLineInput & { index: number }>();
  lines.forEach((line, index) => {
    const key = `${line.productId}\u0000${line.size}`;
    const existing = merged.get(key);
    if (!existing) {
      merged.set(key, { ...line, index });
      return;
    }
    existing.qty += line.qty;
    if (existing.qty > maxQtyPerLine) {
      ctx.addIssue({
        code: "custom",
        path: ["products", index, "qty"],
        message: `Quantity can be at most ${maxQtyPerLine} of one product and size`,
      });
    }
  });
  return [...merged.values()].map(({ productId, size, qty }) => ({ productId, size, qty }));
}

/** Order from the cart or checkout: products[], address, paymentMethod. */
const cartOrderSchema = z
  .object({
    // A line's `amount` (and the order's `totalAmount`, `userId`) are accepted and ignored: the server prices the order.
    products: z
      .array(lineSchema)
      .min(1, "Your cart is empty")
      .max(maxOrderLines, `An order holds at most ${maxOrderLines} products`),
    address: addressSchema,
    paymentMethod: paymentMethodSchema,
  })
  .transform((body, ctx) => ({
    source: "cart" as const,
    lines: mergeLines(body.products, ctx),
    address: body.address ?? null,
    paymentMethod: body.paymentMethod as PaymentMethod,
  }));

/** Buy Now / quick view: productId, quantity, size; merchantId and merchantName are ignored. */
const buyNowSchema = z
  .object({
    productId: productIdSchema,
    size: sizeSchema,
    quantity: qtySchema.nullish(),
    qty: qtySchema.nullish(),
    address: addressSchema,
    paymentMethod: paymentMethodSchema,
  })
  .transform((body) => ({
    source: "buyNow" as const,
    lines: [{ productId: body.productId, size: body.size, qty: body.quantity ?? body.qty ?? 1 }],
    address: body.address ?? null,
    paymentMethod: body.paymentMethod as PaymentMethod,
  }));

/** Printable ASCII, 1 to 200 characters: room for a UUID or any client's scheme, nothing binary. */
const idempotencyKeySchema = z
  .string()
  .min(1, "Idempotency-Key must not be empty")
  .max(200, "Idempotency-Key is at most 200 characters")
  .regex(/^[\x20-\x7e]+$/, "Idempotency-Key must be printable ASCII")
  .refine((key) => key.trim() !== "", "Idempotency-Key must not be blank");

function readIdempotencyKey(header: string | undefined): string | null {
  if (header === undefined) return null;
  const result = idempotencyKeySchema.safeParse(header);
  if (!result.success) {
    // One message is enough: an empty key would otherwise also be "blank" and "not printable".
    const message = result.error.issues[0]?.message ?? "Invalid Idempotency-Key";
    throw new ApiError(422, "VALIDATION_ERROR", `Invalid input: ${message}`, [{ path: "Idempotency-Key", message }]);
  }
  return result.data;
}

export const pageQuerySchema = z.object({
  page: z.coerce.number().int("page must be a whole number").min(1, "page must be at least 1").default(1),
  limit: z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .default(defaultPageSize)
    // Capped rather than refused, as for every list: a client asking for too much still gets a page.
    .transform((limit) => Math.min(limit, maxPageSize)),
});

/** Longest cancel or return reason kept. */
export const maxReasonLength = 500;

const reasonText = z
  .string({ error: "Reason must be text" })
  .trim()
  .max(maxReasonLength, `Reason is at most ${maxReasonLength} characters`);

/** `{reason?}`: why the shopper cancels, if they say. */
const cancelSchema = z.object({
  reason: reasonText.nullish().transform((reason) => (reason ? reason : null)),
});

/** `{reason}`: why the shopper returns the order; required. */
const returnSchema = z.object({
  reason: z.preprocess((value) => value ?? "", reasonText.min(1, "Please tell us why you are returning the order")),
});

/** The order calls (mounted at /userapp/). Every call is about the signed-in user's own orders. */
export function orderRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = new Hono<ApiEnv>();
  const signedIn = requireUser(deps);

  app.post("/order/create", signedIn, async (c) => {
    const raw = await readBody(c, z.unknown());
    const idempotencyKey = readIdempotencyKey(c.req.header("idempotency-key"));
    // A key that already placed an order answers that order before the body is read: a re-sent
    // checkout whose cart the first request emptied still lands on its order, not on "empty cart".
    const earlier = idempotencyKey ? await findOrderByKey(db, c.var.user.id, idempotencyKey, deps.now()) : null;
    if (earlier) return ok(c, { ...earlier, success: true }, "This order was already placed");
    // A body with `products` is a cart/checkout order; anything else is read as Buy Now.
    const body = validate(isPlainObject(raw) && "products" in raw ? cartOrderSchema : buyNowSchema, raw);
    const { order, replayed } = await placeOrder(db, {
      userId: c.var.user.id,
      source: body.source,
      lines: body.lines,
      address: body.address as OrderAddress | null,
      paymentMethod: body.paymentMethod,
      idempotencyKey,
      now: deps.now(),
      settings: deps.orders,
    });
    // A replay answers the first order with 200, so the client can tell nothing new was created.
    return replayed
      ? ok(c, { ...order, success: true }, "This order was already placed")
      : ok(c, { ...order, success: true }, "Order placed successfully!", 201);
  });

  app.get("/orders", signedIn, async (c) => {
    const { page, limit } = validate(pageQuerySchema, c.req.query());
    return ok(c, await listOrders(db, c.var.user.id, page, limit, deps.now()));
  });

  app.get("/orders/:id", signedIn, async (c) => {
    const id = c.req.param("id");
    const order = idPattern.test(id) ? await findOrder(db, c.var.user.id, id, deps.now()) : null;
    if (!order) throw notFound("Order not found");
    return ok(c, order);
  });

  /** Answers the shopper's order after a change (someone else's order is as unknown as a missing one). */
  const changeOwnOrder = async (userId: string, orderId: string, event: OrderEvent) => {
    if (!idPattern.test(orderId)) throw notFound("Order not found");
    await changeOrder(deps, { orderId, userId, event });
    const order = await findOrder(db, userId, orderId, deps.now());
    if (!order) throw notFound("Order not found");
    return order;
  };

  app.put("/orders/:id/cancel", signedIn, async (c) => {
    const { reason } = await readBody(c, cancelSchema);
    const order = await changeOwnOrder(c.var.user.id, c.req.param("id"), { type: "cancel", reason });
    return ok(c, order, "Your order has been cancelled.");
  });

  app.put("/orders/:id/return", signedIn, async (c) => {
    const { reason } = await readBody(c, returnSchema);
    const order = await changeOwnOrder(c.var.user.id, c.req.param("id"), { type: "return", reason });
    return ok(c, order, "Your return has been requested.");
  });

  return app;
}
