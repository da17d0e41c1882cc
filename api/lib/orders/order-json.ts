import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  type OrderAddress,
  type OrderNote,
  type OrderStatus,
  orderItems,
  orders,
  type Shipment,
} from "../../db/schema";
import { type Paginator, paginator } from "../http/paging";
import { type OrderPromotionJson, promotionsOfOrders } from "../promotions/promotions";
import { decide } from "./order-lifecycle";
import { type CancelReasonCode, NO_REASON, type ReturnReasonCode } from "./order-reasons";
import { formatOrderNumber } from "./order-numbers";
import { orderAddressJson } from "./recipient";
import { type CodConfirmation, isOverdue, type OrderState, type PaymentStatus, returnableUntil } from "./order-states";

/**
 * Orders as the API answers them (the OpenAPI schema `Order`, api/lib/http/api-schemas.ts), and
 * the shopper's reads of them. Placing an order is api/lib/orders/orders.ts.
 */
export type PaymentMethod = "cod" | "Upi";
export type OrderSource = "cart" | "buyNow";

/** Cash on delivery is paid at the door; an online (UPI) order waits for its payment. */
export const paymentStatusFor = (method: PaymentMethod): PaymentStatus =>
  method === "cod" ? "payOnDelivery" : "awaitingPayment";

// ---------------------------------------------------------------------------------------------
// Reading orders

export type OrderLineJson = {
  productId: string;
  title: string;
  image: string;
  size: string;
  qty: number;
  mrp: number;
  cost: number;
  amount: number;
  /** The same as `amount`: the name order pages read. */
  totalAmount: number;
  merchantId: string;
  merchantName: string;
  /** Rupees of the order's promotions given on this line; the shopper paid `amount` − `discount` for it. */
  discount: number;
};

export type OrderJson = {
  _id: string;
  id: string;
  /** The number people read it by ("MRT-26-000042", api/lib/orders/order-numbers.ts). */
  orderNumber: string;
  products: OrderLineJson[];
  itemsAmount: number;
  platformFee: number;
  /** What is payable: `itemsAmount` − `promotionDiscount` + `platformFee`. */
  totalAmount: number;
  /** Rupees the order's promotions took off, over its lines (0 without one). */
  promotionDiscount: number;
  /** The code and the automatic offer the order got, with what each took off. */
  promotions: OrderPromotionJson[];
  paymentMethod: PaymentMethod;
  /** Where the order is in its lifecycle (api/lib/orders/order-states.ts). */
  status: OrderState;
  paymentStatus: PaymentStatus;
  /** Until when an order awaiting its UPI payment waits for it; null once it no longer waits. */
  paymentDueAt: string | null;
  /** A Cash on Delivery order's confirmation by its shopper (null for Online Payment); it ships once "confirmed". */
  codConfirmation: CodConfirmation | null;
  /** Until when an order awaiting its confirmation waits for it; null once it no longer waits. */
  codConfirmDueAt: string | null;
  /** The UPI transaction reference (UTR) the order was paid with. */
  paymentReference: string | null;
  paidAt: string | null;
  /** Why it was cancelled or returned, in words: a reason's label (and note), the text of "Other", or null. */
  cancelReason: string | null;
  returnReason: string | null;
  /** The same reasons as codes of the short lists (api/contract/order-reasons.ts); null while not cancelled or returned. */
  cancelReasonCode: CancelReasonCode | null;
  returnReasonCode: ReturnReasonCode | null;
  refundReference: string | null;
  /** Whether the shopper can cancel the order now, or return it (until `returnableUntil`). */
  canCancel: boolean;
  canReturn: boolean;
  returnableUntil: string | null;
  address: Omit<OrderAddress, "pinState">;
  orderStatus: OrderStatus;
  /** The steps beyond `orderStatus`, oldest first. */
  notes: OrderNote[];
  /** The courier and tracking (AWB) number it shipped with, and the tracking link where known; null before. */
  shipment: Shipment | null;
  source: OrderSource;
  createdAt: string;
};

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

export function toOrderJson(
  order: OrderRow,
  items: OrderItemRow[],
  now: Date,
  promotions: OrderPromotionJson[] = [],
): OrderJson {
  const returnBy = returnableUntil(order);
  return {
    _id: order.id,
    id: order.id,
    orderNumber: formatOrderNumber(order.orderNumber, order.createdAt),
    products: items
      .slice()
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        productId: item.productId,
        title: item.title,
        image: item.image,
        size: item.size,
        qty: item.qty,
        mrp: item.mrp,
        cost: item.cost,
        amount: item.amount,
        totalAmount: item.amount,
        merchantId: item.merchantId,
        merchantName: item.merchantName,
        discount: item.discount,
      })),
    itemsAmount: order.itemsAmount,
    platformFee: order.platformFee,
    totalAmount: order.totalAmount,
    promotionDiscount: order.promotionDiscount,
    promotions,
    paymentMethod: order.paymentMethod as PaymentMethod,
    status: order.status as OrderState,
    paymentStatus: order.paymentStatus as PaymentStatus,
    paymentDueAt: order.paymentStatus === "awaitingPayment" ? (order.paymentDueAt?.toISOString() ?? null) : null,
    codConfirmation: order.codConfirmation as CodConfirmation | null,
    codConfirmDueAt:
      order.codConfirmation === "awaiting" && order.status === "confirmed"
        ? (order.codConfirmDueAt?.toISOString() ?? null)
        : null,
    paymentReference: order.paymentReference,
    paidAt: order.paidAt?.toISOString() ?? null,
    cancelReason: order.cancelReason,
    returnReason: order.returnReason,
    cancelReasonCode: order.cancelReasonCode as CancelReasonCode | null,
    returnReasonCode: order.returnReasonCode as ReturnReasonCode | null,
    refundReference: order.refundReference,
    // An order past its payment window is as good as cancelled: the sweep is on its way.
    canCancel: decide(order, { type: "cancel", reason: NO_REASON }, now).ok && !isOverdue(order, now),
    canReturn: decide(order, { type: "return", reason: NO_REASON }, now).ok,
    returnableUntil: returnBy?.toISOString() ?? null,
    address: orderAddressJson(order.address),
    orderStatus: order.orderStatus,
    notes: order.notes,
    shipment: order.shipment ?? null,
    source: order.source as OrderSource,
    createdAt: order.createdAt.toISOString(),
  };
}

export async function withItems(db: Database, rows: OrderRow[], now: Date): Promise<OrderJson[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push(item);
    byOrder.set(item.orderId, list);
  }
  const promotionsOf = await promotionsOfOrders(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toOrderJson(row, byOrder.get(row.id) ?? [], now, promotionsOf.get(row.id)));
}

/** One of the user's orders; someone else's order is as absent as an unknown one. */
export async function findOrder(db: Database, userId: string, orderId: string, now: Date): Promise<OrderJson | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  const [order] = await withItems(db, rows, now);
  return order ?? null;
}

/** The user's order placed with this idempotency key, if any. */
export async function findOrderByKey(
  db: Database,
  userId: string,
  idempotencyKey: string,
  now: Date,
): Promise<OrderJson | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)))
    .limit(1);
  const [order] = await withItems(db, rows, now);
  return order ?? null;
}

/** A page of the user's orders, newest first. */
export async function listOrders(
  db: Database,
  userId: string,
  page: number,
  perPage: number,
  now: Date,
): Promise<{ data: OrderJson[]; paginator: Paginator }> {
  const [{ itemCount }] = await db
    .select({ itemCount: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.userId, userId));
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { data: await withItems(db, rows, now), paginator: paginator(itemCount, page, perPage) };
}

// ---------------------------------------------------------------------------------------------
// Placing an order
