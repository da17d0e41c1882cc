/**
 * The shopper's side of promotions before the order: the code applied to the cart (one per
 * shopper, `cart_promotions`; it applies to a Buy Now checkout too), and what the cart or a Buy
 * Now would cost with each payment method, with the code and the best automatic offer, so the
 * checkout can show what paying online saves. Placing the order prices it all again
 * (api/lib/orders/orders.ts, priceOrder).
 */
import { eq } from "drizzle-orm";
import { accountMobile } from "../../contract/mobile";
import { PLATFORM_FEE } from "../../contract";
import type { Database } from "../../db/client";
import { cartPromotions, users } from "../../db/schema";
import { reserveCodeAttempt, releaseCodeAttempt } from "../accounts/throttle";
import { PROMO_REFUSALS } from "../../contract/refusals";
import { loadProducts, type ProductJson } from "../catalogue/catalogue";
import type { ApiDeps } from "../context";
import { ApiError, badRequest } from "../http/http";
import { costOfSize, lineProblem } from "../orders/cart";
import type { PaymentMethod } from "./rules";
import { stockKey } from "../orders/order-changes";

/** A line asked about: a product, its size and how many (the cart's, or a Buy Now's). */
type OrderLineInput = { productId: string; size: string; qty: number };
import type { PromoLine } from "./money";
import { type CodeRefusal, pricePromotions, type PromotionOutcome, type Shopper } from "./promotions";
import { normaliseCode, type PromoRefusalCode } from "./rules";

/** One promotion on a price: the code or the automatic offer, and what it takes off. */
export type PromotionLineJson = { kind: "code" | "offer"; code: string | null; name: string; discount: number };

/** What the order would cost paid one way. */
export type MethodPriceJson = {
  itemsAmount: number;
  promotionDiscount: number;
  platformFee: number;
  /** What is payable: itemsAmount − promotionDiscount + platformFee. */
  totalAmount: number;
  promotions: PromotionLineJson[];
  /** Why the cart's code does not apply paid this way (null: it does, or there is none). */
  codeRefusal: CodeRefusal | null;
};

/** The promotions of a cart or a Buy Now, by payment method. */
export type CartPromotionsJson = {
  /** The code applied to the cart, upper-case, or null. */
  code: string | null;
  /** A code that left the cart as this was read, because it no longer applies, and why. */
  dropped: { code: string; message: string } | null;
  byPaymentMethod: Record<PaymentMethod, MethodPriceJson>;
};

const METHODS: PaymentMethod[] = ["cod", "Upi"];

/** The lines that can be ordered now, as promotions see them. */
export function promoLinesOf(lines: OrderLineInput[], catalogue: Map<string, ProductJson>): PromoLine[] {
  return lines.flatMap((line) => {
    const product = catalogue.get(line.productId);
    if (!product || lineProblem(product, false, line.size, line.qty)) return [];
    return [
      {
        key: stockKey(line.productId, line.size),
        productId: line.productId,
        category: product.category,
        brand: product.brand,
        amount: costOfSize(product, line.size) * line.qty,
      },
    ];
  });
}

/** The shopper before an order: the account, and its own mobile number. */
export async function shopperOf(db: Database, userId: string): Promise<Shopper> {
  const [user] = await db
    .select({ phone: users.phone, countryCode: users.countryCode })
    .from(users)
    .where(eq(users.id, userId));
  return { userId, mobile: user ? accountMobile(user.phone, user.countryCode) : null };
}

export async function codeOnCart(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: cartPromotions.code })
    .from(cartPromotions)
    .where(eq(cartPromotions.userId, userId));
  return row?.code ?? null;
}

function methodPrice(lines: PromoLine[], outcome: PromotionOutcome): MethodPriceJson {
  const itemsAmount = lines.reduce((sum, line) => sum + line.amount, 0);
  const promotions: PromotionLineJson[] = [];
  if (outcome.code)
    promotions.push({
      kind: "code",
      code: outcome.code.code,
      name: outcome.code.promotion.name,
      discount: outcome.code.discount,
    });
  if (outcome.offer)
    promotions.push({
      kind: "offer",
      code: null,
      name: outcome.offer.promotion.name,
      discount: outcome.offer.discount,
    });
  return {
    itemsAmount,
    promotionDiscount: outcome.total,
    platformFee: PLATFORM_FEE,
    totalAmount: itemsAmount - outcome.total + PLATFORM_FEE,
    promotions,
    codeRefusal: outcome.codeRefusal,
  };
}

/**
 * The promotions of these lines for each payment method. Reading the cart itself (`cart`), a code
 * refused whichever way the shopper pays leaves the cart, and the answer says so once (`dropped`):
 * a code that stops applying is never dropped silently. A Buy Now leaves the cart's code alone.
 */
export async function promotionsFor(
  db: Database,
  input: { userId: string; lines: PromoLine[]; now: Date; cart: boolean },
): Promise<CartPromotionsJson> {
  const { userId, lines, now } = input;
  const shopper = await shopperOf(db, userId);
  let code = await codeOnCart(db, userId);
  const outcomes = new Map<PaymentMethod, PromotionOutcome>();
  for (const paymentMethod of METHODS)
    outcomes.set(paymentMethod, await pricePromotions(db, { shopper, lines, code, paymentMethod, now }));
  let dropped: CartPromotionsJson["dropped"] = null;
  const refusals = METHODS.map((method) => outcomes.get(method)!.codeRefusal);
  if (code && input.cart && refusals.every((refusal) => refusal !== null)) {
    dropped = { code, message: refusals[0]!.message };
    await db.delete(cartPromotions).where(eq(cartPromotions.userId, userId));
    code = null;
    for (const paymentMethod of METHODS)
      outcomes.set(paymentMethod, await pricePromotions(db, { shopper, lines, code: null, paymentMethod, now }));
  }
  return {
    code,
    dropped,
    byPaymentMethod: {
      cod: methodPrice(lines, outcomes.get("cod")!),
      Upi: methodPrice(lines, outcomes.get("Upi")!),
    },
  };
}

/** The lines of the cart, or of one Buy Now product, as promotions see them. */
export async function promoLinesFor(db: Database, lines: OrderLineInput[]): Promise<PromoLine[]> {
  const catalogue = await loadProducts(
    db,
    lines.map((line) => line.productId),
  );
  return promoLinesOf(lines, catalogue);
}

/**
 * Applies a code to the shopper's cart: case-insensitive and trimmed, checked against every rule
 * that does not depend on how the shopper pays, on the cart's lines (or the Buy Now's, when the
 * checkout is one). A code for one payment method applies; the price for the other says why not.
 * Each code that does not apply counts against the shopper's and the address's limits (429 past
 * them); a refusal is 400 with the rule's code and words.
 */
export async function applyCode(
  deps: ApiDeps,
  input: { userId: string; typed: string; lines: OrderLineInput[]; clientAddress: string | null; cart: boolean },
): Promise<CartPromotionsJson> {
  const { db } = deps;
  const now = deps.now();
  const keys = await reserveCodeAttempt(deps, input.userId, input.clientAddress);
  const code = normaliseCode(input.typed);
  const lines = await promoLinesFor(db, input.lines);
  const shopper = await shopperOf(db, input.userId);
  const outcome = await pricePromotions(db, { shopper, lines, code, paymentMethod: null, now });
  if (outcome.codeRefusal) {
    throw badRequest(outcome.codeRefusal.message, { code }, outcome.codeRefusal.code as PromoRefusalCode);
  }
  await releaseCodeAttempt(deps, keys);
  await db
    .insert(cartPromotions)
    .values({ userId: input.userId, code, appliedAt: now })
    .onConflictDoUpdate({ target: cartPromotions.userId, set: { code, appliedAt: now } });
  return promotionsFor(db, { userId: input.userId, lines, now, cart: input.cart });
}

/** Takes the code off the shopper's cart (nothing when there is none). */
export async function removeCode(db: Database, userId: string): Promise<void> {
  await db.delete(cartPromotions).where(eq(cartPromotions.userId, userId));
}

/**
 * Whether a refusal says a code does not apply, as `applyCode` counts it: every PROMO_* refusal
 * but the payment method's (which applying a code does not check).
 */
const codeDidNotApply = (code: string) =>
  (PROMO_REFUSALS as readonly string[]).includes(code) && code !== "PROMO_PAYMENT_METHOD";

/**
 * Places an order (`place`) counting the code it sends, when that is not the one on the shopper's
 * cart (counted when it was applied), as a try against `applyCode`'s limits (429 past them): one
 * that does not apply, refusing the order or left out of it, keeps its try; one that applies gives
 * it back.
 */
export async function countingSentCode<T extends { promotionNote: { refusal: string } | null }>(
  deps: ApiDeps,
  input: { userId: string; sent: string | null | "cart"; clientAddress: string | null },
  place: () => Promise<T>,
): Promise<T> {
  const { userId, sent } = input;
  if (sent === null || sent === "cart" || normaliseCode(sent) === (await codeOnCart(deps.db, userId))) return place();
  const keys = await reserveCodeAttempt(deps, userId, input.clientAddress);
  let placed: T;
  try {
    placed = await place();
  } catch (error) {
    if (!(error instanceof ApiError && codeDidNotApply(error.code))) await releaseCodeAttempt(deps, keys);
    throw error;
  }
  if (!(placed.promotionNote && codeDidNotApply(placed.promotionNote.refusal))) await releaseCodeAttempt(deps, keys);
  return placed;
}
