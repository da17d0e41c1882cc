import { z } from "zod";
import { QTY_RULE_MESSAGE } from "../../contract";
import { maxQtyPerLine } from "../orders/cart";

// The lines a shopper sends to the cart (api/routes/cart.ts) and with an order
// (api/routes/orders.ts): one set of rules for both.

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** A quantity of one line: a whole number from 1 to 10; anything else gets the one message. */
export const qtySchema = z
  .number({ error: QTY_RULE_MESSAGE })
  .int(QTY_RULE_MESSAGE)
  .min(1, QTY_RULE_MESSAGE)
  .max(maxQtyPerLine, QTY_RULE_MESSAGE);

/**
 * A product reference: the id, or the product object itself (a client may keep the
 * populated product under `productId` in its cart items and may send it back as is).
 * A malformed id is not a validation error: it names no product, so lookups answer 404.
 */
export const productIdSchema = z.preprocess(
  (value) => (value !== null && typeof value === "object" && "_id" in value ? (value as { _id: unknown })._id : value),
  z
    .string({ error: "Product ID is required" })
    .trim()
    .min(1, "Product ID is required")
    .max(100, "Product ID is too long"),
);

export const sizeSchema = z
  .string({ error: "Size is required" })
  .trim()
  .min(1, "Size is required")
  .max(40, "Size is too long");

/** One line of a cart or an order; clients send the quantity as `qty` or `quantity`, and a missing one means 1. */
export const lineSchema = z
  .object({
    productId: productIdSchema,
    size: sizeSchema,
    qty: qtySchema.nullish(),
    quantity: qtySchema.nullish(),
  })
  .transform(({ productId, size, qty, quantity }) => ({ productId, size, qty: qty ?? quantity ?? 1 }));
