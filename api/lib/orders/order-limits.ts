import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { formatRupees, PLATFORM_FEE } from "../../contract";
import type { Database, Transaction } from "../../db/client";
import { orders } from "../../db/schema";
import type { ProductJson } from "../catalogue/catalogue";
import { conflict } from "../http/http";
import { costOfSize } from "./cart";
import type { OrderSettings } from "./order-states";

/*
 * The limits an order is held to, as placing it (orders.ts) and quoting it (order-quote.ts) check
 * them: Cash on Delivery's limits on what one order holds and on the orders one shopper may have
 * open, and the orders one shopper may have awaiting payment (api/config.ts names their settings).
 */

/** The refusal of a Cash on Delivery order over COD_LIMIT. */
export const overCodLimit = (totalAmount: number, settings: OrderSettings) =>
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
 * (MAX_COD_UNITS) and the total at the catalogue's prices less `discount`, the promotions' (COD_LIMIT:
 * the limit is on what is payable); a null `discount` checks the units only (the order checks the
 * amount once its promotions are priced).
 */
export function refuseOverCodLimits(
  lines: { productId: string; size: string; qty: number }[],
  catalogue: Map<string, ProductJson>,
  settings: OrderSettings,
  discount: number | null,
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
  if (discount !== null && total - discount > settings.codLimit) throw overCodLimit(total - discount, settings);
}
