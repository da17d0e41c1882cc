import { PLATFORM_FEE } from "../../contract";
import type { Database } from "../../db/client";
import { loadProducts } from "../catalogue/catalogue";
import { ApiError } from "../http/http";
import { costOfSize, lineProblem } from "./cart";
import type { PaymentMethod } from "./order-json";
import type { OrderSettings } from "./order-states";
import {
  countOpenCodOrders,
  countUnpaidOrders,
  refuseOverCodLimits,
  tooManyOpenCodOrders,
  tooManyUnpaidOrders,
} from "./order-limits";
import { cartLines, type OrderLineInput } from "./orders";
import { type CartPromotionsJson, promoLinesOf, promotionsFor } from "../promotions/cart-promotions";

export type PaymentOption = { available: boolean; reason: string | null };

/** What an order of these lines would cost now, which payment methods it may use, and which lines cannot be ordered. */
export type OrderQuote = {
  itemsAmount: number;
  platformFee: number;
  totalAmount: number;
  paymentMethods: Record<PaymentMethod, PaymentOption>;
  /** The code and the automatic offer, and the final amount, for each payment method. */
  promotions: CartPromotionsJson;
  unavailable: { productId: string; size: string; reason: string }[];
};

const refusalOf = (check: () => void): PaymentOption => {
  try {
    check();
    return { available: true, reason: null };
  } catch (error) {
    if (error instanceof ApiError) return { available: false, reason: error.message };
    throw error;
  }
};

/**
 * The checkout's question before the post (POST /userapp/order/quote): the same rules as placing
 * the order (api/lib/orders/orders.ts), read without taking anything, so the page can say before
 * the shopper presses the button that Cash on Delivery is over a limit, or that a product in the
 * cart is hidden or out of stock. Placing the order still decides.
 */
export async function quoteOrder(
  db: Database,
  input: { userId: string; lines: OrderLineInput[] | "cart"; settings: OrderSettings; now: Date },
): Promise<OrderQuote> {
  const { userId, settings } = input;
  const lines = input.lines === "cart" ? await cartLines(db, userId) : input.lines;
  // Hidden products are not loaded: they count as gone.
  const catalogue = await loadProducts(
    db,
    lines.map((line) => line.productId),
  );
  const unavailable: OrderQuote["unavailable"] = [];
  const orderable: OrderLineInput[] = [];
  for (const line of lines) {
    const reason = lineProblem(catalogue.get(line.productId), false, line.size, line.qty);
    if (reason) unavailable.push({ productId: line.productId, size: line.size, reason });
    else orderable.push(line);
  }
  const itemsAmount = orderable.reduce(
    (sum, line) => sum + costOfSize(catalogue.get(line.productId)!, line.size) * line.qty,
    0,
  );
  const [open, unpaid] = await Promise.all([countOpenCodOrders(db, userId), countUnpaidOrders(db, userId, input.now)]);
  const promotions = await promotionsFor(db, {
    userId,
    lines: promoLinesOf(orderable, catalogue),
    now: input.now,
    cart: input.lines === "cart",
  });
  const cod = refusalOf(() => {
    // The Cash on Delivery limit is on what is payable, after the promotions.
    refuseOverCodLimits(orderable, catalogue, settings, promotions.byPaymentMethod.cod.promotionDiscount);
    if (open >= settings.maxOpenCodOrders) throw tooManyOpenCodOrders(open, settings);
  });
  const upi = refusalOf(() => {
    if (unpaid >= settings.maxUnpaidOrders) throw tooManyUnpaidOrders(unpaid, settings);
  });
  return {
    itemsAmount,
    platformFee: PLATFORM_FEE,
    totalAmount: itemsAmount + PLATFORM_FEE,
    paymentMethods: { cod, Upi: upi },
    promotions,
    unavailable,
  };
}
