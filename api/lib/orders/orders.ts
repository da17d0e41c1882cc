import { and, asc, eq, gt, gte, inArray, ne, or, sql } from "drizzle-orm";
import { formatRupees, PLATFORM_FEE } from "../../contract";
import { EMPTY_CART_MESSAGE } from "../../contract/refusals";
import type { Database, Transaction } from "../../db/client";
import { cartItems, type OrderStatus, orderItems, orders, users, variants } from "../../db/schema";
import { loadProducts, type ProductJson } from "../catalogue/catalogue";
import { costOfSize } from "./cart";
import { stockChanged } from "../catalogue/catalogue-cache";
import type { ShopIdentity } from "../context";
import { badRequest, conflict, notFound } from "../http/http";
import { newId } from "../ids";
import { orderMessage } from "../messages/order-messages";
import { recordMessage } from "../messages/outbox";
import { taxOrderLines } from "../tax/gst-invoices";
import { schedulePaymentJobs } from "../payments/payment-jobs";
import { recordWebhookEvent } from "../webhooks/webhook-events";
import { codLinks, newCodToken, scheduleCodConfirmExpiry } from "./cod-confirmation";
import { type DeliveryChoice, deliveryAddress } from "./delivery-address";
import { supplyState } from "./recipient";
import { byLockOrder, expireLocked, lockOverdueOrders, stockKey } from "./order-changes";
import type { OrderSettings } from "./order-states";
import {
  findOrderByKey,
  type OrderJson,
  type OrderSource,
  type PaymentMethod,
  paymentStatusFor,
  toOrderJson,
} from "./order-json";

export type OrderLineInput = { productId: string; size: string; qty: number };

export type PlaceOrderInput = {
  userId: string;
  source: OrderSource;
  /**
   * Distinct product and size pairs, qty 1..10 each (the route's schema merges duplicates), or
   * "cart": the shopper's cart as it is now, read here.
   */
  lines: OrderLineInput[] | "cart";
  delivery: DeliveryChoice;
  paymentMethod: PaymentMethod;
  idempotencyKey: string | null;
  now: Date;
  settings: OrderSettings;
  /** Who hears of it: the shopper's email, and the shop that writes (api/lib/messages/). */
  notify: { email: string; shop: ShopIdentity };
};

/** True when `error` (or an error it wraps, as Drizzle does) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === "23505") {
      return (
        candidate.constraint === constraint ||
        (typeof candidate.message === "string" && candidate.message.includes(constraint))
      );
    }
    current = candidate.cause;
  }
  return false;
}

const lineLabel = (title: string, size: string) => `${title} (size ${size})`;

/** The shopper's cart lines, in the order they were added. */
export async function cartLines(db: Database, userId: string): Promise<OrderLineInput[]> {
  return db
    .select({ productId: cartItems.productId, size: cartItems.size, qty: cartItems.qty })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.productId), asc(cartItems.size));
}

const overCodLimit = (totalAmount: number, settings: OrderSettings) =>
  conflict(
    `Cash on Delivery is available for orders up to ${formatRupees(settings.codLimit)}. Please choose Online Payment for this order of ${formatRupees(totalAmount)}.`,
    { totalAmount, codLimit: settings.codLimit },
    "COD_LIMIT",
  );

/** The refusal of one Cash on Delivery order too many (MAX_OPEN_COD_ORDERS). */
export const tooManyOpenCodOrders = (open: number, settings: OrderSettings) =>
  conflict(
    `You have ${open} Cash on Delivery orders on their way, the most one shopper may have. Please choose Online Payment, or wait until one is delivered.`,
    { openCodOrders: open, limit: settings.maxOpenCodOrders },
    "COD_ORDERS",
  );

/** The refusal of one Online Payment order too many awaiting payment (MAX_UNPAID_ORDERS). */
export const tooManyUnpaidOrders = (unpaid: number, settings: OrderSettings) =>
  conflict(
    `You have ${unpaid} orders awaiting payment. Please pay for or cancel one of them before placing another order with Online Payment.`,
    { unpaidOrders: unpaid, limit: settings.maxUnpaidOrders },
    "UNPAID_ORDERS",
  );

/** Open Cash on Delivery orders (placed, shipped or out for delivery) of the shopper, `except` one. */
export async function countOpenCodOrders(db: Database | Transaction, userId: string, except?: string) {
  const [{ open }] = await db
    .select({ open: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, "cod"),
        inArray(orders.status, ["confirmed", "shipped", "outForDelivery"]),
        except ? ne(orders.id, except) : undefined,
      ),
    );
  return open;
}

/** Orders of the shopper awaiting a payment whose window is still open, `except` one. */
export async function countUnpaidOrders(db: Database | Transaction, userId: string, now: Date, except?: string) {
  const [{ unpaid }] = await db
    .select({ unpaid: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentStatus, "awaitingPayment"),
        gt(orders.paymentDueAt, now),
        except ? ne(orders.id, except) : undefined,
      ),
    );
  return unpaid;
}

/**
 * Refuses a Cash on Delivery order over its limits on what one order holds: units of one product
 * (MAX_COD_UNITS) and the total at the catalogue's prices (COD_LIMIT).
 */
export function refuseOverCodLimits(
  lines: OrderLineInput[],
  catalogue: Map<string, ProductJson>,
  settings: OrderSettings,
): void {
  const units = new Map<string, number>();
  let total = PLATFORM_FEE;
  for (const line of lines) {
    units.set(line.productId, (units.get(line.productId) ?? 0) + line.qty);
    total += costOfSize(catalogue.get(line.productId)!, line.size) * line.qty;
  }
  for (const [productId, count] of units) {
    if (count > settings.maxCodUnits) {
      const title = catalogue.get(productId)!.title.shortTitle;
      throw conflict(
        `Cash on Delivery is available for up to ${settings.maxCodUnits} units of one product. Please choose Online Payment for ${count} units of ${title}.`,
        { productId, units: count, maxCodUnits: settings.maxCodUnits },
        "COD_UNITS",
      );
    }
  }
  if (total > settings.codLimit) throw overCodLimit(total, settings);
}

/** What ordering an empty cart answers (`data.emptyCart`, so a client can tell it from other refusals). */
export { EMPTY_CART_MESSAGE };

/**
 * Places an order: prices come from the catalogue (never from the client), stock is checked and
 * taken in one transaction, and a new delivery address is saved in that transaction too. An
 * idempotency key (checked by the caller, once, before the body) claims the order row, so a
 * concurrent duplicate answers the first order instead of placing a second.
 * An Online Payment order holds its stock until its payment window closes; orders past theirs
 * that hold stock this order needs (or are the shopper's own) are expired first, in the same
 * transaction, so their stock is sold rather than refused. Answers the order and whether it is
 * a replay of an earlier request.
 */
export async function placeOrder(
  db: Database,
  input: PlaceOrderInput,
): Promise<{ order: OrderJson; replayed: boolean }> {
  const { userId, idempotencyKey, now, settings } = input;
  const orderLines = input.lines === "cart" ? await cartLines(db, userId) : input.lines;
  if (orderLines.length === 0) {
    // The same checkout sent twice at once: the first one's commit emptied the cart after the
    // route looked for the key. Its order is the answer, not "Your cart is empty".
    const earlier = idempotencyKey ? await findOrderByKey(db, userId, idempotencyKey, now) : null;
    if (earlier) return { order: earlier, replayed: true };
    throw badRequest(EMPTY_CART_MESSAGE, { emptyCart: true }, "CART_EMPTY");
  }

  // Titles, images and merchants are snapshotted from here; the prices from the locked rows below.
  const catalogue = await loadProducts(
    db,
    orderLines.map((line) => line.productId),
  );
  for (const line of orderLines) {
    const product = catalogue.get(line.productId);
    if (!product) throw notFound("Product not found");
    if (!product.variants.some((v) => v.size === line.size)) {
      throw badRequest(`Size ${line.size} is not available for ${product.title.shortTitle}`, null, "SIZE_UNAVAILABLE");
    }
  }

  // Cash on Delivery's limits on what the order holds, before any stock is looked at: a refusal
  // names the limit, never the stock left.
  if (input.paymentMethod === "cod") refuseOverCodLimits(orderLines, catalogue, settings);

  const orderId = newId();
  const unstamped = { isConfirmed: false, date: null };
  const orderStatus: OrderStatus = {
    orderConfirmed: { isConfirmed: true, date: now.toISOString() },
    shipped: unstamped,
    outForDelivery: unstamped,
    delivered: unstamped,
    cancel: unstamped,
    returned: unstamped,
    refunded: unstamped,
  };
  const paymentStatus = paymentStatusFor(input.paymentMethod);
  // Cash on Delivery waits for its shopper's confirmation from the emailed link (cod-confirmation.ts).
  const cod = input.paymentMethod === "cod" ? newCodToken() : null;
  const codConfirmDueAt = cod ? new Date(now.getTime() + settings.codConfirmMs) : null;

  try {
    const placed = await db.transaction(async (tx) => {
      const address = await deliveryAddress(tx, userId, input.delivery);
      // The order row goes first: with an idempotency key it claims the key, so a concurrent
      // duplicate waits on the unique index and then fails, before it has touched any stock.
      const [order] = await tx
        .insert(orders)
        .values({
          id: orderId,
          userId,
          idempotencyKey,
          source: input.source,
          paymentMethod: input.paymentMethod,
          status: "confirmed",
          paymentStatus,
          paymentDueAt: paymentStatus === "awaitingPayment" ? new Date(now.getTime() + settings.paymentWindowMs) : null,
          codConfirmation: cod ? "awaiting" : null,
          codConfirmDueAt,
          codTokenHash: cod?.hash ?? null,
          itemsAmount: 0,
          platformFee: PLATFORM_FEE,
          totalAmount: PLATFORM_FEE,
          address,
          orderStatus,
          createdAt: now,
        })
        .returning();

      // One order at a time per shopper, so two at once cannot both be the last one a limit allows
      // ("no key update" leaves the foreign keys pointing at the user unblocked).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
      if (input.paymentMethod === "cod") {
        const open = await countOpenCodOrders(tx, userId, orderId);
        if (open >= settings.maxOpenCodOrders) throw tooManyOpenCodOrders(open, settings);
      }
      if (paymentStatus === "awaitingPayment") {
        const unpaid = await countUnpaidOrders(tx, userId, now, orderId);
        if (unpaid >= settings.maxUnpaidOrders) throw tooManyUnpaidOrders(unpaid, settings);
      }

      // Unpaid orders past their window that hold what this order needs give it back first.
      const overdue = await lockOverdueOrders(tx, now, { scope: { userId, variants: orderLines } });
      const released = await expireLocked(tx, overdue, now, input.notify.shop);

      // Every variant to change, released or taken, in one fixed order (product, then size), so
      // two orders for the same variants lock them in the same order and cannot deadlock on PostgreSQL.
      const wanted = new Map(orderLines.map((line) => [stockKey(line.productId, line.size), line]));
      const prices = new Map<string, { mrp: number; cost: number }>();
      for (const key of byLockOrder(new Set([...wanted.keys(), ...released.keys()]))) {
        const back = released.get(key) ?? 0;
        const line = wanted.get(key);
        const [productId, size] = key.split("\u0000");
        const variant = and(eq(variants.productId, productId), eq(variants.size, size));
        if (!line) {
          await tx
            .update(variants)
            .set({ quantity: sql`${variants.quantity} + ${back}` })
            .where(variant);
          continue;
        }
        // The conditional UPDATE is the stock check: it matches only while enough units remain,
        // and under PostgreSQL's row lock a waiting order re-reads the quantity left by the one
        // before it, so the last units are never sold twice.
        const [taken] = await tx
          .update(variants)
          .set({ quantity: sql`${variants.quantity} + ${back} - ${line.qty}` })
          .where(and(variant, gte(sql`${variants.quantity} + ${back}`, line.qty)))
          .returning({ mrp: variants.mrp, cost: variants.cost });
        if (!taken) {
          const [left] = await tx.select({ quantity: variants.quantity }).from(variants).where(variant);
          const title = catalogue.get(line.productId)?.title.shortTitle ?? "This product";
          const available = (left?.quantity ?? 0) + back;
          throw conflict(
            available > 0
              ? `Only ${available} left of ${lineLabel(title, line.size)}`
              : `${lineLabel(title, line.size)} is out of stock`,
            { productId: line.productId, size: line.size, requested: line.qty, available },
            "NOT_ENOUGH_STOCK",
          );
        }
        prices.set(key, taken);
      }

      // Each line with its GST split, fixed now (api/lib/tax/gst-invoices.ts).
      const lines = orderLines.map((line, position) => {
        const product = catalogue.get(line.productId)!;
        const price = prices.get(stockKey(line.productId, line.size))!;
        return {
          orderId,
          position,
          productId: line.productId,
          merchantId: product.merchant.id,
          merchantName: product.merchant.company_name,
          title: product.title.shortTitle,
          image: product.image,
          size: line.size,
          qty: line.qty,
          mrp: price.mrp,
          cost: price.cost,
          amount: price.cost * line.qty,
        };
      });
      const itemsAmount = lines.reduce((sum, item) => sum + item.amount, 0);
      const totalAmount = itemsAmount + PLATFORM_FEE;
      // Prices are the locked rows' now: checked again, for a price raised since the first look.
      if (input.paymentMethod === "cod" && totalAmount > settings.codLimit) throw overCodLimit(totalAmount, settings);
      const items = await taxOrderLines(tx, lines, supplyState(address));
      const insertedItems = await tx.insert(orderItems).values(items).returning();
      const [priced] = await tx
        .update(orders)
        .set({ itemsAmount, totalAmount })
        .where(eq(orders.id, orderId))
        .returning();

      // What was ordered from the cart leaves the cart with the same commit; Buy Now leaves it alone.
      if (input.source === "cart") {
        await tx
          .delete(cartItems)
          .where(
            and(
              eq(cartItems.userId, userId),
              or(
                ...orderLines.map((line) =>
                  and(eq(cartItems.productId, line.productId), eq(cartItems.size, line.size)),
                ),
              ),
            ),
          );
      }
      const placedOrder = toOrderJson(priced ?? order, insertedItems, now);
      // The shopper's message is recorded and queued with the order: both commit, or neither. A Cash
      // on Delivery order's asks for its confirmation, with the links to confirm or cancel it.
      const { email, shop } = input.notify;
      const message = cod
        ? await orderMessage("order.codConfirmation", placedOrder, email, shop, userId, {
            actions: codLinks(shop, cod.token),
          })
        : await orderMessage("order.placed", placedOrder, email, shop, userId);
      await recordMessage(tx, message);
      await recordWebhookEvent(tx, "order.placed", placedOrder, now);
      // An Online Payment order's reminder and expiry, as queue jobs (api/lib/payments/payment-jobs.ts).
      const dueAt = (priced ?? order).paymentDueAt;
      if (dueAt) await schedulePaymentJobs(tx, { id: orderId, placedAt: now, dueAt });
      if (codConfirmDueAt) await scheduleCodConfirmExpiry(tx, { id: orderId, dueAt: codConfirmDueAt });
      return placedOrder;
    });
    // Committed: the catalogue cache serves no product with the stock from before it.
    stockChanged();
    return { order: placed, replayed: false };
  } catch (error) {
    // A concurrent request with the same key committed first: answer its order.
    if (idempotencyKey && isUniqueViolation(error, "orders_idempotency_idx")) {
      const earlier = await findOrderByKey(db, userId, idempotencyKey, now);
      if (earlier) return { order: earlier, replayed: true };
    }
    throw error;
  }
}
