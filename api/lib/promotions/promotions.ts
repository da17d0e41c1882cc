/**
 * Which promotions an order gets, and their uses (issue "Coupons and offers", docs/decisions/050):
 * the code a shopper typed and the automatic offers, checked against every rule (./rules.ts, the
 * shopper's history here) and priced by ./money.ts; a placed order's uses taken by an atomic
 * conditional update inside its transaction, given back when it is cancelled, taken again when a
 * late payment reinstates it.
 */
import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { cartPromotions, orders, promotionCodes, promotionRedemptions, promotions } from "../../db/schema";
import { ApiError, conflict } from "../http/http";
import { newId } from "../ids";
import { applyPromotions, bestOffer, moneyRefusal, type PromoLine, type PromotionTerms } from "./money";
import {
  LASTING_REFUSALS,
  normaliseCode,
  paymentRefusal,
  type PaymentMethod,
  type PromoRefusalCode,
  type PromotionRow,
  refusalMessage,
  stateRefusal,
} from "./rules";

type Reader = Database | Transaction;

/** Who is asking: the account, and the mobile number (the delivery one at the order, the account's before). */
export type Shopper = { userId: string; mobile: string | null };

/** A code as found: its promotion, and for a bulk campaign's code, whether an order holds it. */
type FoundCode = { code: string; promotion: PromotionRow; bulkTakenBy: string | null; bulk: boolean };

const terms = (row: PromotionRow) => row as PromotionRow & PromotionTerms;

/** The promotion of a typed code (a campaign's own code or one of a bulk campaign's), or null. */
export async function findCode(db: Reader, typed: string): Promise<FoundCode | null> {
  const code = normaliseCode(typed);
  if (code === "") return null;
  const [own] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.code, code), eq(promotions.kind, "code")));
  if (own) return { code, promotion: own, bulkTakenBy: null, bulk: false };
  const [bulk] = await db
    .select({ promotion: promotions, orderId: promotionCodes.orderId })
    .from(promotionCodes)
    .innerJoin(promotions, eq(promotions.id, promotionCodes.promotionId))
    .where(eq(promotionCodes.code, code));
  return bulk ? { code, promotion: bulk.promotion, bulkTakenBy: bulk.orderId, bulk: true } : null;
}

/** The automatic offers running at `now` with uses left, oldest first. */
async function liveOffers(db: Reader, now: Date): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.kind, "offer"),
        eq(promotions.status, "active"),
        lte(promotions.startsAt, now),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
        or(isNull(promotions.totalUses), sql`${promotions.usesCount} < ${promotions.totalUses}`),
      ),
    )
    .orderBy(asc(promotions.createdAt), asc(promotions.id));
}

/** The shopper's account or mobile number, as a condition on `userColumn` / `mobileColumn`. */
const sameShopper = (shopper: Shopper, userColumn: typeof orders.userId, mobile: ReturnType<typeof sql>) =>
  shopper.mobile
    ? or(eq(userColumn, shopper.userId), sql`${mobile} = ${shopper.mobile}`)
    : eq(userColumn, shopper.userId);

/**
 * Whether the shopper has an order already, by account or by mobile number (other than `exceptOrderId`):
 * an order cancelled before dispatch (or expired unpaid) does not count; one returned to origin does.
 */
async function hasOrdered(db: Reader, shopper: Shopper, exceptOrderId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        sameShopper(shopper, orders.userId, sql`${orders.address}->>'mobile'`),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
        sql`NOT (${orders.status} = 'cancelled' AND coalesce((${orders.orderStatus}->'shipped'->>'isConfirmed')::boolean, false) = false)`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Uses of a promotion the shopper holds now (by account or by mobile number); released ones do not count. */
async function heldUses(db: Reader, promotionId: string, shopper: Shopper): Promise<number> {
  const [{ held }] = await db
    .select({ held: sql<number>`count(*)::int` })
    .from(promotionRedemptions)
    .where(
      and(
        eq(promotionRedemptions.promotionId, promotionId),
        eq(promotionRedemptions.status, "held"),
        shopper.mobile
          ? or(eq(promotionRedemptions.userId, shopper.userId), eq(promotionRedemptions.mobile, shopper.mobile))
          : eq(promotionRedemptions.userId, shopper.userId),
      ),
    );
  return held;
}

/** The shopper's own refusals of a promotion: its uses per shopper, and first order only. */
async function shopperRefusal(
  db: Reader,
  promotion: PromotionRow,
  shopper: Shopper,
  exceptOrderId: string | null,
): Promise<PromoRefusalCode | null> {
  if (promotion.perShopperUses !== null && (await heldUses(db, promotion.id, shopper)) >= promotion.perShopperUses)
    return "PROMO_USED";
  if (promotion.firstOrderOnly && (await hasOrdered(db, shopper, exceptOrderId))) return "PROMO_FIRST_ORDER";
  return null;
}

export type PromotionAsked = {
  shopper: Shopper;
  lines: PromoLine[];
  /** The code on the cart, as typed, or null. */
  code: string | null;
  /** The payment method, or null before one is chosen (a method-bound promotion then applies). */
  paymentMethod: PaymentMethod | null;
  now: Date;
  /** At the order: the order itself, which is not the shopper's earlier order. */
  orderId?: string | null;
};

export type CodeRefusal = { code: PromoRefusalCode; message: string };

/** What the order's promotions come to: the code (or why not), the offer, and the discount per line and in all. */
export type PromotionOutcome = {
  code: { code: string; promotion: PromotionRow; bulk: boolean; discount: number } | null;
  codeRefusal: CodeRefusal | null;
  offer: { promotion: PromotionRow; discount: number } | null;
  lineDiscounts: Map<string, number>;
  total: number;
};

/** Why the typed code does not apply, or null with its promotion when it does. */
async function checkCode(db: Reader, asked: PromotionAsked, typed: string) {
  const found = await findCode(db, typed);
  const refuse = (code: PromoRefusalCode) => ({
    found,
    refusal: { code, message: refusalMessage(code, found?.promotion ?? null) },
  });
  if (!found) return refuse("PROMO_UNKNOWN");
  if (found.bulkTakenBy && found.bulkTakenBy !== asked.orderId) return refuse("PROMO_EXHAUSTED");
  const refusal =
    stateRefusal(found.promotion, asked.now) ??
    paymentRefusal(found.promotion, asked.paymentMethod) ??
    (await shopperRefusal(db, found.promotion, asked.shopper, asked.orderId ?? null)) ??
    moneyRefusal(terms(found.promotion), asked.lines);
  return refusal ? refuse(refusal) : { found, refusal: null };
}

/**
 * Prices the order's promotions: the code, when it passes every rule; the automatic offer that
 * takes most, of those that pass theirs, unless the code does not combine with offers. Reads only.
 */
export async function pricePromotions(db: Reader, asked: PromotionAsked): Promise<PromotionOutcome> {
  let code: PromotionRow | null = null;
  let found: FoundCode | null = null;
  let codeRefusal: CodeRefusal | null = null;
  if (asked.code) {
    const checked = await checkCode(db, asked, asked.code);
    found = checked.found;
    codeRefusal = checked.refusal;
    if (!checked.refusal) code = checked.found!.promotion;
  }
  const offers: PromotionRow[] = [];
  if (!code || code.combinesWithOffers) {
    for (const offer of await liveOffers(db, asked.now)) {
      if (paymentRefusal(offer, asked.paymentMethod) || moneyRefusal(terms(offer), asked.lines)) continue;
      if (await shopperRefusal(db, offer, asked.shopper, asked.orderId ?? null)) continue;
      offers.push(offer);
    }
  }
  const offer = bestOffer(asked.lines, offers.map(terms), code ? terms(code) : null);
  const chosen = [offer, code].filter((one): one is PromotionRow => one !== null).map(terms);
  const priced = applyPromotions(asked.lines, chosen);
  const discountOf = (row: PromotionRow | null) =>
    priced.applied.find((one) => one.promotion.id === row?.id)?.discount ?? 0;
  return {
    code: code && found ? { code: found.code, promotion: code, bulk: found.bulk, discount: discountOf(code) } : null,
    codeRefusal,
    offer: offer ? { promotion: offer, discount: discountOf(offer) } : null,
    lineDiscounts: priced.lineDiscounts,
    total: priced.total,
  };
}

/** The refusal an order gets for a promotion whose last use another order took first. */
const exhausted = (code: string | null, promotion: PromotionRow) =>
  conflict(
    code
      ? refusalMessage("PROMO_EXHAUSTED", promotion)
      : `The offer "${promotion.name}" has just ended. Please check your order again.`,
    { code },
    "PROMO_EXHAUSTED",
  );

/**
 * Holds the shopper's promotions still while the order is priced, in its transaction: one order
 * at a time per mobile number (the account's row the order locked already), so two accounts with
 * one number cannot both take a first order or a shopper's last use.
 */
export async function lockShopper(tx: Transaction, shopper: Shopper): Promise<void> {
  if (!shopper.mobile) return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`promotions-shopper:${shopper.mobile}`}))`);
}

/**
 * Takes the order's uses, in its transaction: each promotion's with one conditional UPDATE that
 * matches only while it is active and has a use left (concurrent orders wait on the row and
 * re-read the count, so the last use goes to exactly one), a bulk code's by claiming its row;
 * then records each use. A use another order took first refuses the order (409 PROMO_EXHAUSTED).
 */
export async function takeUses(
  tx: Transaction,
  outcome: PromotionOutcome,
  order: { id: string; shopper: Shopper; now: Date },
): Promise<void> {
  const taken = [
    ...(outcome.offer
      ? [{ code: null, promotion: outcome.offer.promotion, discount: outcome.offer.discount, bulk: false }]
      : []),
    ...(outcome.code ? [outcome.code] : []),
  ]
    .filter((one) => one.discount > 0)
    .sort((a, b) => a.promotion.id.localeCompare(b.promotion.id));
  for (const use of taken) {
    const [took] = await tx
      .update(promotions)
      .set({ usesCount: sql`${promotions.usesCount} + 1` })
      .where(
        and(
          eq(promotions.id, use.promotion.id),
          eq(promotions.status, "active"),
          or(isNull(promotions.totalUses), sql`${promotions.usesCount} < ${promotions.totalUses}`),
        ),
      )
      .returning({ id: promotions.id });
    if (!took) throw exhausted(use.code, use.promotion);
    if (use.bulk && use.code) {
      const [claimed] = await tx
        .update(promotionCodes)
        .set({ orderId: order.id })
        .where(and(eq(promotionCodes.code, use.code), isNull(promotionCodes.orderId)))
        .returning({ code: promotionCodes.code });
      if (!claimed) throw exhausted(use.code, use.promotion);
    }
    await tx.insert(promotionRedemptions).values({
      id: newId(),
      promotionId: use.promotion.id,
      orderId: order.id,
      code: use.code,
      userId: order.shopper.userId,
      mobile: order.shopper.mobile,
      discount: use.discount,
      createdAt: order.now,
    });
  }
}

/** A cancelled (or expired) order gives its uses back: each redemption released, its count and bulk code freed. */
export async function releaseUses(tx: Reader, orderId: string, now: Date): Promise<void> {
  const released = await tx
    .update(promotionRedemptions)
    .set({ status: "released", releasedAt: now })
    .where(and(eq(promotionRedemptions.orderId, orderId), eq(promotionRedemptions.status, "held")))
    .returning({ promotionId: promotionRedemptions.promotionId, code: promotionRedemptions.code });
  for (const use of released.sort((a, b) => a.promotionId.localeCompare(b.promotionId))) {
    await tx
      .update(promotions)
      .set({ usesCount: sql`greatest(${promotions.usesCount} - 1, 0)` })
      .where(eq(promotions.id, use.promotionId));
    if (use.code) {
      await tx
        .update(promotionCodes)
        .set({ orderId: null })
        .where(and(eq(promotionCodes.code, use.code), eq(promotionCodes.orderId, orderId)));
    }
  }
}

/**
 * A late payment reinstated the order: it takes its uses again, even past a promotion's cap (the
 * shopper paid for the order as it was priced), and a use taken past it is marked `overCap`.
 */
export async function retakeUses(tx: Reader, orderId: string): Promise<void> {
  const uses = await tx
    .select()
    .from(promotionRedemptions)
    .where(and(eq(promotionRedemptions.orderId, orderId), eq(promotionRedemptions.status, "released")))
    .orderBy(asc(promotionRedemptions.promotionId));
  for (const use of uses) {
    const [before] = await tx
      .select({ usesCount: promotions.usesCount, totalUses: promotions.totalUses })
      .from(promotions)
      .where(eq(promotions.id, use.promotionId))
      .for("update");
    let overCap = before !== undefined && before.totalUses !== null && before.usesCount >= before.totalUses;
    await tx
      .update(promotions)
      .set({ usesCount: sql`${promotions.usesCount} + 1` })
      .where(eq(promotions.id, use.promotionId));
    if (use.code) {
      const [claimed] = await tx
        .update(promotionCodes)
        .set({ orderId })
        .where(
          and(
            eq(promotionCodes.code, use.code),
            or(isNull(promotionCodes.orderId), eq(promotionCodes.orderId, orderId)),
          ),
        )
        .returning({ code: promotionCodes.code });
      // A bulk code another order took meanwhile is used twice: over its cap of one.
      const isBulk =
        (await tx.select({ code: promotionCodes.code }).from(promotionCodes).where(eq(promotionCodes.code, use.code)))
          .length > 0;
      if (isBulk && !claimed) overCap = true;
    }
    await tx
      .update(promotionRedemptions)
      .set({ status: "held", releasedAt: null, overCap })
      .where(eq(promotionRedemptions.id, use.id));
  }
}

/** An order's promotions as its JSON shows them. */
export type OrderPromotionJson = { kind: "code" | "offer"; code: string | null; name: string; discount: number };

/** The promotions of these orders (held or released), by order id, code before offer. */
export async function promotionsOfOrders(db: Reader, orderIds: string[]): Promise<Map<string, OrderPromotionJson[]>> {
  const byOrder = new Map<string, OrderPromotionJson[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: promotionRedemptions.orderId,
      kind: promotions.kind,
      code: promotionRedemptions.code,
      name: promotions.name,
      discount: promotionRedemptions.discount,
    })
    .from(promotionRedemptions)
    .innerJoin(promotions, eq(promotions.id, promotionRedemptions.promotionId))
    .where(inArray(promotionRedemptions.orderId, orderIds))
    .orderBy(asc(promotionRedemptions.orderId), asc(promotions.kind));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push({ kind: row.kind as "code" | "offer", code: row.code, name: row.name, discount: row.discount });
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/**
 * A code the order was refused for, for good (expired, used up, used by this shopper already, not
 * a first order), leaves the cart, after the refusal said why: the next try is priced without it,
 * never silently. One refused for the payment method or the cart stays: those can change.
 */
export async function dropRefusedCode(db: Database, userId: string, error: unknown): Promise<void> {
  if (!(error instanceof ApiError)) return;
  const code = (error.data as { code?: unknown } | null)?.code;
  if (typeof code === "string") await dropLastingCode(db, userId, code, error.code);
}

/** The code leaves the shopper's cart when `refusal` is one that lasts (LASTING_REFUSALS). */
export async function dropLastingCode(db: Database, userId: string, code: string, refusal: string): Promise<void> {
  if (!LASTING_REFUSALS.has(refusal as PromoRefusalCode)) return;
  await db.delete(cartPromotions).where(and(eq(cartPromotions.userId, userId), eq(cartPromotions.code, code)));
}
