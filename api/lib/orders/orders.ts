import { and, asc, eq, gte, or, sql } from "drizzle-orm";
import { formatRupees, PLATFORM_FEE } from "../../contract";
import { EMPTY_CART_MESSAGE } from "../../contract/refusals";
import type { Database, Transaction } from "../../db/client";
import {
  cartItems,
  cartPromotions,
  type OrderAddress,
  type OrderStatus,
  orderItems,
  orders,
  users,
  variants,
} from "../../db/schema";
import { loadProducts, type ProductJson } from "../catalogue/catalogue";
import { stockChanged } from "../catalogue/catalogue-cache";
import type { ShopIdentity } from "../context";
import { ApiError, badRequest, conflict, notFound } from "../http/http";
import { newId } from "../ids";
import { taxOrderLines } from "../tax/gst-records";
import { schedulePaymentJobs } from "../payments/payment-jobs";
import { codLinks, newCodToken, scheduleCodConfirmExpiry } from "./cod-confirmation";
import { type DeliveryChoice, deliveryAddress } from "./delivery-address";
import { byLockOrder, expireLocked, lockOverdueOrders, type StockKey, stockKey } from "./order-changes";
import { recordPlacedOrder } from "./order-events";
import {
  dropLastingCode,
  dropRefusedCode,
  lockShopper,
  pricePromotions,
  promotionsOfOrders,
  type Shopper,
  takeUses,
} from "../promotions/promotions";
import { promoLinesOf } from "../promotions/cart-promotions";
import { normaliseCode, type PromoRefusalCode } from "../promotions/rules";
import { supplyState } from "./recipient";
import {
  countOpenCodOrders,
  countUnpaidOrders,
  overCodLimit,
  refuseOverCodLimits,
  tooManyOpenCodOrders,
  tooManyUnpaidOrders,
} from "./order-limits";
import type { OrderRow, OrderSettings } from "./order-states";
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
  /** The promotion code the checkout showed, null for none, or "cart": the one on the shopper's cart. */
  promotionCode?: string | null | "cart";
  /**
   * What the checkout showed this order costs paid this way (rupees), or null when the client does
   * not say: the order is placed at that amount or refused (PRICE_CHANGED, or the code's refusal),
   * and a code shown not to apply paid this way is left out rather than refusing the order.
   */
  expectedTotal?: number | null;
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
 *
 * It reads as the rules do: check what is ordered; open the order (claiming its key, within the
 * shopper's limits); take its stock; price it at the rows just locked; record it.
 */
export async function placeOrder(
  db: Database,
  input: PlaceOrderInput,
): Promise<{ order: OrderJson; replayed: boolean; promotionNote: PromotionNote | null }> {
  try {
    const lines = input.lines === "cart" ? await cartLines(db, input.userId) : input.lines;
    const catalogue = await checkOrder(db, input, lines);
    const placed = await db.transaction(async (tx) => {
      const opened = await openOrder(tx, input);
      const prices = await takeStock(tx, input, lines, catalogue);
      const priced = await priceOrder(tx, input, opened, lines, catalogue, prices);
      return { order: await recordOrder(tx, input, opened, priced, lines), note: priced.note };
    });
    // Committed: the catalogue cache serves no product with the stock from before it.
    stockChanged();
    // A code left out for good (expired, used already…) leaves the cart as a refused one does.
    if (placed.note) await dropLastingCode(db, input.userId, placed.note.code, placed.note.refusal);
    return { order: placed.order, replayed: false, promotionNote: placed.note };
  } catch (error) {
    const earlier = await replayedOrder(db, input, error);
    if (earlier) return { order: earlier, replayed: true, promotionNote: null };
    await dropRefusedCode(db, input.userId, error);
    throw error;
  }
}

/**
 * A code the order was placed without: the checkout showed that it does not apply paid this way
 * (or to these lines) and the amount without it, which the shopper chose (decision 050, amended
 * 2026-12-02).
 */
export type PromotionNote = { code: string; refusal: PromoRefusalCode; message: string };

/**
 * The one idempotency check of placing an order: when `error` says the order's key was used as
 * this request ran, the order that key placed, if any. Either a concurrent request with the same
 * key committed first (the unique index refused this one's row), or the same checkout sent twice
 * at once had its first commit empty the cart after the route looked for the key: its order is
 * the answer, not "Your cart is empty".
 */
async function replayedOrder(db: Database, input: PlaceOrderInput, error: unknown): Promise<OrderJson | null> {
  const { userId, idempotencyKey, now } = input;
  if (!idempotencyKey) return null;
  const keyUsed =
    isUniqueViolation(error, "orders_idempotency_idx") || (error instanceof ApiError && error.code === "CART_EMPTY");
  return keyUsed ? findOrderByKey(db, userId, idempotencyKey, now) : null;
}

/**
 * Checks what is ordered before any stock is looked at: something is, each product exists in the
 * size asked for, and a Cash on Delivery order is within its limits on what one order holds (a
 * refusal names the limit, never the stock left). Answers the products, whose titles, images and
 * merchants the order keeps; its prices come from the locked rows (takeStock).
 */
async function checkOrder(
  db: Database,
  input: PlaceOrderInput,
  orderLines: OrderLineInput[],
): Promise<Map<string, ProductJson>> {
  if (orderLines.length === 0) throw badRequest(EMPTY_CART_MESSAGE, { emptyCart: true }, "CART_EMPTY");
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
  // The amount is on what is payable after the promotions, as they price now (priceOrder checks again).
  if (input.paymentMethod === "cod") {
    const promoted = await pricePromotions(db, {
      shopper: { userId: input.userId, mobile: null },
      lines: promoLinesOf(orderLines, catalogue),
      code: await askedCode(db, input),
      paymentMethod: "cod",
      now: input.now,
    });
    refuseOverCodLimits(orderLines, catalogue, input.settings, promoted.total);
  }
  return catalogue;
}

/** The code the order asks for: the one the checkout showed, or the cart's; upper-case, or null. */
async function askedCode(db: Database | Transaction, input: PlaceOrderInput): Promise<string | null> {
  // Absent is the cart's code; null is none (a checkout that showed none).
  const asked = input.promotionCode === undefined ? "cart" : input.promotionCode;
  if (asked !== "cart") return asked ? normaliseCode(asked) : null;
  const [onCart] = await db
    .select({ code: cartPromotions.code })
    .from(cartPromotions)
    .where(eq(cartPromotions.userId, input.userId));
  return onCart?.code ?? null;
}

type OpenedOrder = { row: OrderRow; address: OrderAddress; cod: { token: string } | null };

/**
 * Writes the order's row, unpriced, with its delivery address, and holds the shopper to the limits
 * on open orders. The row goes first: with an idempotency key it claims the key, so a concurrent
 * duplicate waits on the unique index and then fails, before it has touched any stock.
 */
async function openOrder(tx: Transaction, input: PlaceOrderInput): Promise<OpenedOrder> {
  const { userId, idempotencyKey, now, settings } = input;
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
  const address = await deliveryAddress(tx, userId, input.delivery);
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
  return { row: order, address, cod };
}

type LinePrice = { mrp: number; cost: number };

/**
 * Takes the order's units from stock, and gives back first what unpaid orders past their window
 * held of them (expiring those orders). Every variant to change, released or taken, in one fixed
 * order (product, then size), so two orders for the same variants lock them in the same order and
 * cannot deadlock on PostgreSQL. Answers each line's price, as its locked row has it now.
 */
async function takeStock(
  tx: Transaction,
  input: PlaceOrderInput,
  orderLines: OrderLineInput[],
  catalogue: Map<string, ProductJson>,
): Promise<Map<StockKey, LinePrice>> {
  const { userId, now } = input;
  const overdue = await lockOverdueOrders(tx, now, { scope: { userId, variants: orderLines } });
  const released = await expireLocked(tx, overdue, now, input.notify.shop);
  const wanted = new Map(orderLines.map((line) => [stockKey(line.productId, line.size), line]));
  const prices = new Map<StockKey, LinePrice>();
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
      throw notEnoughStock(line, catalogue, (left?.quantity ?? 0) + back);
    }
    prices.set(key, taken);
  }
  return prices;
}

const notEnoughStock = (line: OrderLineInput, catalogue: Map<string, ProductJson>, available: number) => {
  const title = catalogue.get(line.productId)?.title.shortTitle ?? "This product";
  return conflict(
    available > 0
      ? `Only ${available} left of ${lineLabel(title, line.size)}`
      : `${lineLabel(title, line.size)} is out of stock`,
    { productId: line.productId, size: line.size, requested: line.qty, available },
    "NOT_ENOUGH_STOCK",
  );
};

type PricedOrder = { row: OrderRow; items: (typeof orderItems.$inferSelect)[]; note: PromotionNote | null };

/**
 * Prices the order at its locked rows' prices: its promotions computed again here from those
 * prices, every condition checked again (the code on the shopper's cart, for a Buy Now too, and
 * the automatic offers; api/lib/promotions/), their uses taken in this transaction; each line's
 * share of the discount and its GST split on what is paid for it, fixed now
 * (api/lib/tax/gst-records.ts); and the total, checked again against the Cash on Delivery limit
 * on what is payable. A code that no longer applies refuses the order with its reason (409).
 */
async function priceOrder(
  tx: Transaction,
  input: PlaceOrderInput,
  opened: OpenedOrder,
  orderLines: OrderLineInput[],
  catalogue: Map<string, ProductJson>,
  prices: Map<StockKey, LinePrice>,
): Promise<PricedOrder> {
  const orderId = opened.row.id;
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
  const shopper: Shopper = { userId: input.userId, mobile: opened.address.mobile ?? null };
  await lockShopper(tx, shopper);
  const typed = await askedCode(tx, input);
  const promoted = await pricePromotions(tx, {
    shopper,
    lines: lines.map((line) => {
      const product = catalogue.get(line.productId)!;
      const key = stockKey(line.productId, line.size);
      return { key, productId: line.productId, category: product.category, brand: product.brand, amount: line.amount };
    }),
    code: typed,
    paymentMethod: input.paymentMethod,
    now: input.now,
    orderId,
  });
  const itemsAmount = lines.reduce((sum, item) => sum + item.amount, 0);
  const promotionDiscount = promoted.total;
  // The platform fee is never discounted.
  const totalAmount = itemsAmount - promotionDiscount + PLATFORM_FEE;
  const expected = input.expectedTotal ?? null;
  let note: PromotionNote | null = null;
  if (promoted.codeRefusal) {
    const { code, message } = promoted.codeRefusal;
    // The checkout showed this method's amount without the code, and why it does not apply: the
    // order is placed at that amount, without it, and says so. Any other refusal was not shown.
    if (expected === null || expected !== totalAmount) throw conflict(message, { code: typed }, code);
    note = { code: typed!, refusal: code, message };
  }
  // Never at another amount than the checkout showed (an offer ended or began, a price changed).
  if (expected !== null && expected !== totalAmount) throw priceChanged(expected, totalAmount);
  const discounted = lines.map((line) => ({
    ...line,
    discount: promoted.lineDiscounts.get(stockKey(line.productId, line.size)) ?? 0,
  }));
  if (input.paymentMethod === "cod" && totalAmount > input.settings.codLimit) {
    throw overCodLimit(totalAmount, input.settings);
  }
  await takeUses(tx, promoted, { id: orderId, shopper, now: input.now });
  // The code stays on the cart: a second checkout sent at once is refused by the code's own rules
  // (its uses per shopper), never placed at a price the shopper did not see; the cart drops a
  // used-up code, with its message, the next time it is read (api/lib/promotions/cart-promotions.ts).
  const items = await taxOrderLines(tx, discounted, supplyState(opened.address));
  const insertedItems = await tx.insert(orderItems).values(items).returning();
  const [priced] = await tx
    .update(orders)
    .set({ itemsAmount, promotionDiscount, totalAmount })
    .where(eq(orders.id, orderId))
    .returning();
  return { row: priced ?? opened.row, items: insertedItems, note };
}

/** The refusal of an order that would cost another amount than the checkout showed. */
const priceChanged = (expectedTotal: number, totalAmount: number) =>
  conflict(
    `Your order now comes to ${formatRupees(totalAmount)}, not ${formatRupees(expectedTotal)}. Please check your order again.`,
    { expectedTotal, totalAmount },
    "PRICE_CHANGED",
  );

/**
 * Records the order as placed: what was ordered from the cart leaves the cart with the same
 * commit (Buy Now leaves it alone); the event is recorded (its message and webhook, order-events.ts),
 * a Cash on Delivery order's message asking for its confirmation with the links to confirm or
 * cancel it; and the order's jobs are queued: an Online Payment order's reminder and expiry
 * (api/lib/payments/payment-jobs.ts), a Cash on Delivery order's confirmation deadline.
 */
async function recordOrder(
  tx: Transaction,
  input: PlaceOrderInput,
  opened: OpenedOrder,
  priced: PricedOrder,
  orderLines: OrderLineInput[],
): Promise<OrderJson> {
  const { userId, now } = input;
  if (input.source === "cart") {
    await tx
      .delete(cartItems)
      .where(
        and(
          eq(cartItems.userId, userId),
          or(...orderLines.map((line) => and(eq(cartItems.productId, line.productId), eq(cartItems.size, line.size)))),
        ),
      );
  }
  const promotionsOf = await promotionsOfOrders(tx, [priced.row.id]);
  const placedOrder = toOrderJson(priced.row, priced.items, now, promotionsOf.get(priced.row.id));
  const { email, shop } = input.notify;
  const codActions = opened.cod ? codLinks(shop, opened.cod.token) : null;
  await recordPlacedOrder(tx, placedOrder, { email, userId, shop, now, codActions });
  const { id, paymentDueAt, codConfirmDueAt } = priced.row;
  if (paymentDueAt) await schedulePaymentJobs(tx, { id, placedAt: now, dueAt: paymentDueAt });
  if (codConfirmDueAt) await scheduleCodConfirmExpiry(tx, { id, dueAt: codConfirmDueAt });
  return placedOrder;
}
