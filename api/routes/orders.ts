import { z } from "@hono/zod-openapi";
import type { OrderAddress } from "../db/schema";
import { ADDRESS_FIELD_NAMES, checkPins, deliveryAddressSchema, recipientFields } from "../lib/accounts/address-input";
import { listPage, orderQuoteSchema, orderSchema, placedOrderSchema } from "../lib/http/api-schemas";
import { quoteOrder } from "../lib/orders/order-quote";
import { requireUser } from "../lib/accounts/auth";
import { maxQtyPerLine } from "../lib/orders/cart";
import type { ApiDeps } from "../lib/context";
import { ApiError, idPattern, notFound, ok, readBody, validate } from "../lib/http/http";
import { isPlainObject, lineSchema, productIdSchema, qtySchema, sizeSchema } from "../lib/http/line-schemas";
import { changeOrder } from "../lib/orders/order-changes";
import {
  MAX_REASON_LENGTH,
  orderReasonOf,
  otherNeedsText,
  reasonCodeSchema,
  reasonTextSchema,
} from "../lib/orders/order-reasons";
import { type OrderEvent } from "../lib/orders/order-states";
import type { DeliveryChoice } from "../lib/orders/delivery-address";
import { findOrder, findOrderByKey, listOrders, type PaymentMethod } from "../lib/orders/order-json";
import { type OrderLineInput, placeOrder } from "../lib/orders/orders";
import { apiRoute, failure, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";
import { countingSentCode } from "../lib/promotions/cart-promotions";
import { clientAddress } from "../platform/client-address";
import { defaultPageSize, maxPageSize } from "../lib/http/paging";

/** Lines one order may hold: as many as a cart (api/lib/orders/cart.ts). */
const maxOrderLines = 50;

/**
 * The delivery address sent with the order, checked as a saved address is (api/lib/accounts/address-input.ts).
 * An absent, null or blank one means "use my primary address" (a client may send an empty form);
 * without a primary address that is 422 on `address`. A partly filled one is a validation error.
 */
const addressSchema = z.preprocess(
  (value) => {
    if (value == null) return undefined;
    if (
      isPlainObject(value) &&
      ADDRESS_FIELD_NAMES.every((field) => value[field] == null || String(value[field]).trim() === "")
    ) {
      return undefined;
    }
    return value;
  },
  deliveryAddressSchema.optional().openapi({
    description:
      "Where to deliver. Absent, null or all blank: the shopper's primary address (422 when they have none).",
  }),
);

/**
 * Where to deliver, besides `address`: `addressId` (one of the shopper's saved addresses), or
 * `saveAddress: true` with `address` to add it to the shopper's addresses with the order.
 */
const deliveryFields = {
  address: addressSchema,
  addressId: z
    .string({ error: "Choose a delivery address" })
    .trim()
    .max(100, "Choose a delivery address")
    .optional()
    .openapi({ description: "One of the shopper's saved addresses (`user/me`), instead of `address`" }),
  saveAddress: z
    .boolean({ error: "saveAddress must be true or false" })
    .optional()
    .openapi({ description: "With `address`: also add it to the shopper's addresses (unless saved already)" }),
  promotionCode: z
    .string({ error: "promotionCode must be text or null" })
    .trim()
    .max(40, "A code is at most 40 characters")
    .nullish()
    .openapi({
      type: "string",
      description:
        "The promotion code the checkout showed (null: none). Absent: the code on the shopper's cart. A code that does not apply refuses the order (409, PROMO_*), so it is never placed at a price the shopper did not see, unless `expectedTotal` is the amount without it (then the order is placed without it, and `promotionNote` says why).",
      example: "WELCOME10",
    }),
  expectedTotal: z
    .number({ error: "expectedTotal must be a whole number of rupees" })
    .int("expectedTotal must be a whole number of rupees")
    .min(0, "expectedTotal must be a whole number of rupees")
    .nullish()
    .openapi({
      type: "integer",
      description:
        "Optional: the total the shopper was shown for this payment method (`order/quote`'s `promotions.byPaymentMethod[method].totalAmount`). The order is placed at exactly it or refused: 409 PRICE_CHANGED when it would cost another amount (an offer ended or began, a price changed). A code shown not to apply paid this way (or to these lines) is then left out: the order is placed without it at this amount, and the answer's `promotionNote` says why.",
      example: 704,
    }),
  mobile: recipientFields.mobile.openapi({
    type: "string",
    description:
      "The mobile number the courier calls for this order, before the address's and the account's (MOBILE_REQUIRED 422 when none of them has one)",
    example: "9876543210",
  }),
};

/** The delivery choice of a body with deliveryFields; both an address and an address id is a field error. */
function deliveryOf(
  body: { address?: OrderAddress; addressId?: string; saveAddress?: boolean; mobile?: string | null },
  ctx: z.RefinementCtx,
): DeliveryChoice {
  const mobile = body.mobile ?? null;
  if (body.addressId) {
    if (body.address)
      ctx.addIssue({ code: "custom", path: ["addressId"], message: "Send either addressId or address" });
    return { kind: "saved", addressId: body.addressId, mobile };
  }
  if (body.address)
    return body.saveAddress
      ? { kind: "new", address: body.address, mobile }
      : { kind: "given", address: body.address, mobile };
  return { kind: "primary", mobile };
}

/** The code an order asks for: the cart's when absent, none when null or blank. */
const codeOf = (code: string | null | undefined): string | null | "cart" =>
  code === undefined ? "cart" : code ? code : null;

/** The payment methods, exactly as spelt: cod ('Cash on Delivery') and Upi ('Online Payment'). */
export const PAYMENT_METHODS = ["cod", "Upi"] as const satisfies readonly PaymentMethod[];

/** One of PAYMENT_METHODS, exactly; absent means cod. */
const paymentMethodSchema = z
  .enum(PAYMENT_METHODS, { error: "Payment method must be cod or Upi" })
  .default("cod")
  .openapi({ description: "cod (Cash on Delivery, the default) or Upi (Online Payment), exactly as spelt" });

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
    ...deliveryFields,
    paymentMethod: paymentMethodSchema,
  })
  .transform((body, ctx) => ({
    source: "cart" as const,
    lines: mergeLines(body.products, ctx) as OrderLineInput[] | "cart",
    delivery: deliveryOf(body, ctx),
    paymentMethod: body.paymentMethod as PaymentMethod,
    promotionCode: codeOf(body.promotionCode),
    expectedTotal: body.expectedTotal ?? null,
  }));

/** `{fromCart: true}`: the shopper's cart as it is, read by the API (the storefront's checkout). */
const fromCartSchema = z
  .object({
    fromCart: z.literal(true).openapi({ description: "Order the cart as it is now" }),
    ...deliveryFields,
    paymentMethod: paymentMethodSchema,
  })
  .transform((body, ctx) => ({
    source: "cart" as const,
    lines: "cart" as OrderLineInput[] | "cart",
    delivery: deliveryOf(body, ctx),
    paymentMethod: body.paymentMethod as PaymentMethod,
    promotionCode: codeOf(body.promotionCode),
    expectedTotal: body.expectedTotal ?? null,
  }));

/** Buy Now / quick view: productId, quantity, size; merchantId and merchantName are ignored. */
const buyNowSchema = z
  .object({
    productId: productIdSchema,
    size: sizeSchema,
    quantity: qtySchema.nullish(),
    qty: qtySchema.nullish(),
    ...deliveryFields,
    paymentMethod: paymentMethodSchema,
  })
  .transform((body, ctx) => ({
    source: "buyNow" as const,
    lines: [{ productId: body.productId, size: body.size, qty: body.quantity ?? body.qty ?? 1 }] as
      OrderLineInput[] | "cart",
    delivery: deliveryOf(body, ctx),
    paymentMethod: body.paymentMethod as PaymentMethod,
    promotionCode: codeOf(body.promotionCode),
    expectedTotal: body.expectedTotal ?? null,
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
    throw new ApiError(
      422,
      "VALIDATION_ERROR",
      `Invalid input: ${message}`,
      [{ path: "Idempotency-Key", message }],
      {},
      "VALIDATION",
    );
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

/** Longest cancel or return reason kept (api/contract/order-reasons.ts). */
export const maxReasonLength = MAX_REASON_LENGTH;

/**
 * `{reasonCode?, reason?}`: why the shopper cancels, if they say: a code of the shopper's list,
 * with the words of "other" or a note; words alone (the shape before the list) are "other".
 */
const cancelSchema = z
  .object({ reasonCode: reasonCodeSchema("shopperCancel"), reason: reasonTextSchema })
  .superRefine(otherNeedsText);

/** `{reasonCode?, reason?}`: why the shopper returns the order; a code or words are required. */
const returnSchema = z
  .object({ reasonCode: reasonCodeSchema("shopperReturn"), reason: reasonTextSchema })
  .superRefine((body, ctx) => {
    if (body.reasonCode === null && body.reason === null) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Please tell us why you are returning the order" });
    }
    otherNeedsText(body, ctx);
  });

const tags = ["orders"];
const orderId = z.object({ id: z.string().openapi({ description: "The order id (24 hex digits)" }) });

const createOrderRoute = apiRoute({
  method: "post",
  path: "/order/create",
  tags,
  summary: "Place an order: the cart (`fromCart`), the cart's lines (`products`) or one product (Buy Now)",
  description:
    "`{fromCart: true}` orders the shopper's cart as it is now (400 with `data.emptyCart` when it is empty); a body with `products` is a cart or checkout order of those lines; either way what was ordered leaves the cart. Anything else is read as Buy Now (`productId`, `size`, `quantity`). Delivery: `address`, or `addressId` (a saved address), or neither (the primary address); `saveAddress: true` adds `address` to the shopper's addresses in the same transaction. Prices come from the catalogue; `amount`, `totalAmount`, `userId`, `merchantId` and `merchantName` are accepted and ignored. With an `Idempotency-Key` a repeat answers the first order (200) instead of placing another, whatever its body.",
  access: "user",
  request: {
    headers: z.object({
      "idempotency-key": z
        .string()
        .optional()
        .openapi({ description: "1 to 200 printable ASCII characters, e.g. a UUID per checkout page" }),
    }),
    body: jsonBody(z.union([fromCartSchema, cartOrderSchema, buyNowSchema])),
  },
  failures: [400, 404, 409, 429],
  responses: {
    201: success("Order placed successfully!", placedOrderSchema),
    200: success("This order was already placed (the same Idempotency-Key): the first order", placedOrderSchema),
    400: failure(400, "BAD_REQUEST: malformed JSON, a size the product lacks, or an empty cart (`data.emptyCart`)"),
    404: failure(404, "RECORD_NOT_FOUND: a product that is not in the catalogue"),
    409: failure(
      409,
      "FAILURE: not enough stock (`data.available`), the Cash on Delivery limit, too many unpaid orders, a promotion code that does not apply (PROMO_*), or another amount than `expectedTotal` (PRICE_CHANGED)",
    ),
    429: failure(
      429,
      "TOO_MANY_REQUESTS: a `promotionCode` other than the cart's, past the limits on codes that do not apply (TOO_MANY_ATTEMPTS, as `cart/promotion`)",
    ),
    422: failure(
      422,
      "VALIDATION_ERROR: field errors; `address` when none is sent and the shopper has no primary address",
    ),
  },
});

/** What the quote asks about: the cart as it is, or one product (Buy Now). */
const quoteSchema = z.union([
  z.object({ fromCart: z.literal(true) }).transform(() => "cart" as OrderLineInput[] | "cart"),
  z
    .object({ productId: productIdSchema, size: sizeSchema, quantity: qtySchema.nullish() })
    .transform(
      (body) => [{ productId: body.productId, size: body.size, qty: body.quantity ?? 1 }] as OrderLineInput[] | "cart",
    ),
]);

const quoteRoute = apiRoute({
  method: "post",
  path: "/order/quote",
  tags,
  summary:
    "Before placing an order: its total now, which payment methods it may use (and why not), and which lines cannot be ordered",
  description:
    "`{fromCart: true}` asks about the shopper's cart, `{productId, size, quantity}` about one product. Nothing is taken or written; placing the order (`order/create`) still decides.",
  access: "user",
  request: { body: jsonBody(quoteSchema) },
  failures: [400],
  responses: { 200: success("What an order would be now", orderQuoteSchema) },
});

const listOrdersRoute = apiRoute({
  method: "get",
  path: "/orders",
  tags,
  summary: "The shopper's orders, newest first, a page at a time",
  description: `\`page\` (from 1) and \`limit\` (${defaultPageSize} by default, at most ${maxPageSize}); \`paginator.itemCount\` is the total and \`paginator.pageCount\` the number of pages.`,
  access: "user",
  request: { query: pageQuerySchema },
  responses: { 200: success("A page of orders", listPage(orderSchema)) },
});

const getOrderRoute = apiRoute({
  method: "get",
  path: "/orders/{id}",
  tags,
  summary: "One of the shopper's orders",
  access: "user",
  request: { params: orderId },
  failures: [404],
  responses: { 200: success("The order", orderSchema) },
});

const cancelRoute = apiRoute({
  method: "put",
  path: "/orders/{id}/cancel",
  tags,
  summary: "Cancel an order that has not shipped; its stock goes back",
  description:
    'Why, if the shopper says: `reasonCode` from the shopper\'s list (api/contract/order-reasons.ts), `reason` the words of "other" or a note. `reason` alone is kept as "other" with those words; neither, as "other" without words.',
  access: "user",
  request: { params: orderId, body: jsonBody(cancelSchema) },
  failures: [400, 404, 409],
  responses: {
    200: success("Your order has been cancelled.", orderSchema),
    400: failure(400, "BAD_REQUEST: malformed JSON, or a reasonCode not on the list (REASON_UNKNOWN)"),
    409: failure(409, "FAILURE: the order can no longer be cancelled"),
  },
});

const returnRoute = apiRoute({
  method: "put",
  path: "/orders/{id}/return",
  tags,
  summary: "Ask to return a delivered order, within the return window",
  description:
    'Why is required: `reasonCode` from the shopper\'s return list, `reason` the words of "other" (required then) or a note; `reason` alone is kept as "other" with those words.',
  access: "user",
  request: { params: orderId, body: jsonBody(returnSchema) },
  failures: [400, 404, 409],
  responses: {
    400: failure(400, "BAD_REQUEST: malformed JSON, or a reasonCode not on the list (REASON_UNKNOWN)"),
    200: success("Your return has been requested.", orderSchema),
    409: failure(409, "FAILURE: the order cannot be returned (not delivered, or past its return window)"),
  },
});

/** The order calls (mounted at /userapp/). Every call is about the signed-in user's own orders. */
export function orderRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = routeGroup();
  const signedIn = requireUser(deps);

  mount(app, createOrderRoute, signedIn, async (c) => {
    const raw = await readBody(c, z.unknown());
    const idempotencyKey = readIdempotencyKey(c.req.header("idempotency-key"));
    // The one idempotency check: a key that already placed an order answers that order before
    // the body is read, so a re-sent checkout whose cart the first request emptied still lands on
    // its order, not on "empty cart". (Two requests with one key at once: placeOrder's unique index.)
    const earlier = idempotencyKey ? await findOrderByKey(db, c.var.user.id, idempotencyKey, deps.now()) : null;
    if (earlier) return ok(c, { ...earlier, success: true }, "This order was already placed");
    // `fromCart` orders the cart; a body with `products` is a cart/checkout order; anything else is Buy Now.
    const schema = !isPlainObject(raw)
      ? buyNowSchema
      : "fromCart" in raw
        ? fromCartSchema
        : "products" in raw
          ? cartOrderSchema
          : buyNowSchema;
    const body = validate(schema, raw);
    // A typed address's PIN code must be one a post office has, and its state the PIN's (checked
    // before the order's transaction, which never waits on the directory).
    const typed = body.delivery.kind === "new" || body.delivery.kind === "given" ? body.delivery.address : null;
    if (typed) await checkPins([{ address: typed, path: "address" }], deps.pinCheckWaitMs);
    const userId = c.var.user.id;
    // A code sent that is not the cart's counts as a try, as cart/promotion's (429 past the limits).
    const placed = await countingSentCode(
      deps,
      { userId, sent: body.promotionCode, clientAddress: clientAddress(c, deps.trustProxy) },
      () =>
        placeOrder(db, {
          userId,
          source: body.source,
          lines: body.lines,
          delivery: body.delivery,
          paymentMethod: body.paymentMethod,
          promotionCode: body.promotionCode,
          expectedTotal: body.expectedTotal,
          idempotencyKey,
          now: deps.now(),
          settings: deps.orders,
          notify: { email: c.var.user.email, shop: deps.shop },
        }),
    );
    const { order, replayed, promotionNote } = placed;
    // A replay answers the first order with 200, so the client can tell nothing new was created.
    return replayed
      ? ok(c, { ...order, success: true }, "This order was already placed")
      : ok(
          c,
          { ...order, success: true, ...(promotionNote ? { promotionNote } : {}) },
          "Order placed successfully!",
          201,
        );
  });

  mount(app, quoteRoute, signedIn, async (c) => {
    const lines = await readBody(c, quoteSchema);
    return ok(c, await quoteOrder(db, { userId: c.var.user.id, lines, settings: deps.orders, now: deps.now() }));
  });

  mount(app, listOrdersRoute, signedIn, async (c) => {
    const { page, limit } = validate(pageQuerySchema, c.req.query());
    return ok(c, await listOrders(db, c.var.user.id, page, limit, deps.now()));
  });

  mount(app, getOrderRoute, signedIn, async (c) => {
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

  mount(app, cancelRoute, signedIn, async (c) => {
    const reason = orderReasonOf("shopperCancel", await readBody(c, cancelSchema));
    const order = await changeOwnOrder(c.var.user.id, c.req.param("id"), { type: "cancel", reason });
    return ok(c, order, "Your order has been cancelled.");
  });

  mount(app, returnRoute, signedIn, async (c) => {
    const reason = orderReasonOf("shopperReturn", await readBody(c, returnSchema));
    const order = await changeOwnOrder(c.var.user.id, c.req.param("id"), { type: "return", reason });
    return ok(c, order, "Your return has been requested.");
  });

  return app;
}
