import { randomInt } from "node:crypto";
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { auditLog, products, promotionCodes, promotions, type PromotionScope } from "../../db/schema";
import { conflict, fieldErrorsResponse, notFound } from "../http/http";
import { likeEscaped } from "../http/paging";
import { newId } from "../ids";
import {
  BULK_CODE_ALPHABET,
  BULK_CODE_RANDOM_LENGTH,
  type PromotionInput,
  promotionIssues,
  type PromotionUpdate,
} from "./admin-promotion-schemas";

// The back office's promotions (/userapp/admin/promotions…): codes and automatic offers created,
// edited, paused, resumed and ended, and a bulk campaign's single-use codes generated and
// exported; every change audited (entity "promotion"). How an order is priced with them is the
// shopper's side of api/lib/promotions/, not here. Decision 051.

type Row = typeof promotions.$inferSelect;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type AdminContext = { actorId: string; now: Date };

/** Where a promotion stands in its dates at `now`. */
export function validityAt(row: Pick<Row, "startsAt" | "endsAt">, now: Date) {
  if (now < row.startsAt) return "scheduled" as const;
  if (row.endsAt && now >= row.endsAt) return "expired" as const;
  return "running" as const;
}

export function promotionJson(row: Row, bulkCodes: number, now: Date) {
  return {
    id: row.id,
    kind: row.kind as "code" | "offer",
    name: row.name,
    code: row.code,
    bulk: row.bulk,
    bulkCodes,
    discountType: row.discountType as "percent" | "flat",
    discountValue: row.discountValue,
    maxDiscount: row.maxDiscount,
    minCartValue: row.minCartValue,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    totalUses: row.totalUses,
    perShopperUses: row.perShopperUses,
    firstOrderOnly: row.firstOrderOnly,
    paymentMethod: row.paymentMethod as "Upi" | "cod" | null,
    scope: row.scope,
    combinesWithOffers: row.combinesWithOffers,
    status: row.status as "active" | "paused" | "ended",
    validity: validityAt(row, now),
    usesCount: row.usesCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type PromotionJson = ReturnType<typeof promotionJson>;

/** What the audit log keeps of a promotion: its conditions and status (its uses change with orders, not admins). */
const auditView = (row: Row) => ({
  kind: row.kind,
  name: row.name,
  code: row.code,
  bulk: row.bulk,
  discountType: row.discountType,
  discountValue: row.discountValue,
  maxDiscount: row.maxDiscount,
  minCartValue: row.minCartValue,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
  totalUses: row.totalUses,
  perShopperUses: row.perShopperUses,
  firstOrderOnly: row.firstOrderOnly,
  paymentMethod: row.paymentMethod,
  scope: row.scope,
  combinesWithOffers: row.combinesWithOffers,
  status: row.status,
});

const bulkCountOf = async (db: Pick<Database, "select">, id: string) => {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(promotionCodes)
    .where(eq(promotionCodes.promotionId, id));
  return count;
};

/** A page of promotions, newest first, by kind, status, and part of the name or code. */
export async function listPromotions(
  db: Database,
  query: { kind?: string; status?: string; search?: string; page: number; limit: number },
  now: Date,
) {
  const search = query.search ? `%${likeEscaped(query.search)}%` : null;
  const where = and(
    ...([
      query.kind ? eq(promotions.kind, query.kind) : undefined,
      query.status ? eq(promotions.status, query.status) : undefined,
      search ? or(ilike(promotions.name, search), ilike(promotions.code, search)) : undefined,
    ] satisfies (SQL | undefined)[]),
  );
  const [{ itemCount }] = await db
    .select({ itemCount: sql<number>`count(*)::int` })
    .from(promotions)
    .where(where);
  const rows = await db
    .select({
      row: promotions,
      bulkCodes: sql<number>`(select count(*)::int from ${promotionCodes} where ${promotionCodes.promotionId} = ${promotions.id})`,
    })
    .from(promotions)
    .where(where)
    .orderBy(desc(promotions.createdAt), desc(promotions.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { data: rows.map(({ row, bulkCodes }) => promotionJson(row, bulkCodes, now)), itemCount };
}

export async function loadPromotion(db: Pick<Database, "select">, id: string, now: Date) {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  return row ? promotionJson(row, await bulkCountOf(db, id), now) : null;
}

/** Codes are made one at a time, so that a code and a bulk code cannot both pass the check. */
const lockCodes = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('promotion_codes'))`);

/** Refuses (409 PROMO_CODE_TAKEN) a code another promotion or a bulk code has, in any case. */
async function checkCodeFree(tx: Tx, code: string, ownId: string | null) {
  const [taken] = await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.code, code), ownId ? sql`${promotions.id} <> ${ownId}` : undefined))
    .limit(1);
  const [bulk] = taken
    ? [taken]
    : await tx
        .select({ id: promotionCodes.promotionId })
        .from(promotionCodes)
        .where(eq(promotionCodes.code, code))
        .limit(1);
  if (taken || bulk) throw conflict(`The code ${code} is taken: choose another.`, null, "PROMO_CODE_TAKEN");
}

/**
 * The scope with each category and brand as the catalogue spells it; a value no product has is a
 * field error (a typo would make a code that never applies).
 */
async function canonicalScope(tx: Tx, scope: PromotionScope): Promise<PromotionScope> {
  const issues: { path: string; message: string }[] = [];
  const known = async (column: typeof products.category | typeof products.brand, values: string[]) => {
    if (values.length === 0) return new Map<string, string>();
    const rows = await tx
      .selectDistinct({ value: column })
      .from(products)
      .where(
        inArray(
          sql`lower(${column})`,
          values.map((value) => value.toLowerCase()),
        ),
      );
    return new Map(rows.map(({ value }) => [value.toLowerCase(), value]));
  };
  const result = structuredClone(scope);
  for (const side of ["include", "exclude"] as const) {
    const list = scope[side];
    const categories = await known(products.category, list.categories);
    const brands = await known(products.brand, list.brands);
    result[side].categories = list.categories.map((value, i) => {
      const found = categories.get(value.toLowerCase());
      if (!found)
        issues.push({ path: `scope.${side}.categories.${i}`, message: `No product is in the category ${value}` });
      return found ?? value;
    });
    result[side].brands = list.brands.map((value, i) => {
      const found = brands.get(value.toLowerCase());
      if (!found) issues.push({ path: `scope.${side}.brands.${i}`, message: `No product is of the brand ${value}` });
      return found ?? value;
    });
    result[side].productIds = list.productIds.map((value) => value.toLowerCase());
    const ids = result[side].productIds;
    if (ids.length > 0) {
      const rows = await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids));
      const present = new Set(rows.map((row) => row.id));
      ids.forEach((value, i) => {
        if (!present.has(value))
          issues.push({ path: `scope.${side}.productIds.${i}`, message: `No product has the id ${value}` });
      });
    }
    result[side].categories = [...new Set(result[side].categories)];
    result[side].brands = [...new Set(result[side].brands)];
    result[side].productIds = [...new Set(result[side].productIds)];
  }
  if (issues.length > 0) throw fieldErrorsResponse(issues);
  return result;
}

/** The columns an admin sets, from checked input. */
const fieldsOf = (input: PromotionUpdate, kind: string) => ({
  name: input.name,
  code: input.code,
  discountType: input.discountType,
  discountValue: input.discountValue,
  maxDiscount: input.discountType === "percent" ? input.maxDiscount : null,
  minCartValue: input.minCartValue,
  endsAt: input.endsAt,
  totalUses: input.totalUses,
  perShopperUses: input.perShopperUses,
  firstOrderOnly: input.firstOrderOnly,
  paymentMethod: input.paymentMethod,
  // An offer always may meet a code; whether they combine is the code's to say.
  combinesWithOffers: kind === "offer" ? true : input.combinesWithOffers,
});

/** Creates a code or an offer, active from `startsAt` (now when unset), audited. */
export async function createPromotion(
  db: Database,
  input: PromotionInput,
  context: AdminContext,
): Promise<PromotionJson> {
  const startsAt = input.startsAt ?? context.now;
  const issues = promotionIssues(input, startsAt);
  if (issues.length > 0) throw fieldErrorsResponse(issues);
  const id = newId();
  await db.transaction(async (tx) => {
    const scope = await canonicalScope(tx, input.scope);
    if (input.code) {
      await lockCodes(tx);
      await checkCodeFree(tx, input.code, null);
    }
    const [row] = await tx
      .insert(promotions)
      .values({
        id,
        kind: input.kind,
        bulk: input.bulk,
        ...fieldsOf(input, input.kind),
        startsAt,
        scope,
        createdAt: context.now,
        updatedAt: context.now,
      })
      .returning();
    await tx.insert(auditLog).values({
      actorId: context.actorId,
      action: "promotion.create",
      entity: "promotion",
      entityId: id,
      after: auditView(row!),
      at: context.now,
    });
  });
  return (await loadPromotion(db, id, context.now))!;
}

const locked = async (tx: Tx, id: string) => {
  const [row] = await tx.select().from(promotions).where(eq(promotions.id, id)).for("update");
  if (!row) throw notFound("Promotion not found");
  return row;
};

/** Refuses (409 PROMO_STATE) a change to an ended promotion. */
const refuseEnded = (row: Row) => {
  if (row.status === "ended")
    throw conflict(
      "This promotion has ended: it cannot change. Create a new one.",
      { status: row.status },
      "PROMO_STATE",
    );
};

/** Saves a promotion's conditions (its kind and whether it is bulk stay as created), audited. */
export async function updatePromotion(
  db: Database,
  id: string,
  input: PromotionUpdate,
  context: AdminContext,
): Promise<PromotionJson> {
  await db.transaction(async (tx) => {
    const before = await locked(tx, id);
    refuseEnded(before);
    const startsAt = input.startsAt ?? before.startsAt;
    const kind = before.kind as "code" | "offer";
    const issues = promotionIssues({ ...input, kind, bulk: before.bulk }, startsAt);
    if (input.totalUses !== null && input.totalUses < before.usesCount)
      issues.push({
        path: "totalUses",
        message: `${before.usesCount} orders hold a use already: the total uses cannot be fewer`,
      });
    if (issues.length > 0) throw fieldErrorsResponse(issues);
    const scope = await canonicalScope(tx, input.scope);
    if (input.code && input.code !== before.code) {
      await lockCodes(tx);
      await checkCodeFree(tx, input.code, id);
    }
    const [after] = await tx
      .update(promotions)
      .set({ ...fieldsOf(input, kind), startsAt, scope, updatedAt: context.now })
      .where(eq(promotions.id, id))
      .returning();
    await tx.insert(auditLog).values({
      actorId: context.actorId,
      action: "promotion.update",
      entity: "promotion",
      entityId: id,
      before: auditView(before),
      after: auditView(after!),
      at: context.now,
    });
  });
  return (await loadPromotion(db, id, context.now))!;
}

/** The status changes an admin makes: from which statuses each may be made, and to what. */
export const STATUS_CHANGES = {
  pause: { from: ["active"], to: "paused", done: "paused" },
  resume: { from: ["paused"], to: "active", done: "running again" },
  end: { from: ["active", "paused"], to: "ended", done: "ended" },
} as const;
export type StatusChange = keyof typeof STATUS_CHANGES;

/** Pauses, resumes or ends a promotion, audited; from any other status, 409 PROMO_STATE. */
export async function changePromotionStatus(
  db: Database,
  id: string,
  change: StatusChange,
  context: AdminContext,
): Promise<PromotionJson> {
  const { from, to } = STATUS_CHANGES[change];
  await db.transaction(async (tx) => {
    const before = await locked(tx, id);
    if (!(from as readonly string[]).includes(before.status))
      throw conflict(
        before.status === "ended"
          ? "This promotion has ended already."
          : before.status === "paused"
            ? "This promotion is paused already."
            : "This promotion is running already.",
        { status: before.status },
        "PROMO_STATE",
      );
    await tx.update(promotions).set({ status: to, updatedAt: context.now }).where(eq(promotions.id, id));
    await tx.insert(auditLog).values({
      actorId: context.actorId,
      action: `promotion.${change}`,
      entity: "promotion",
      entityId: id,
      before: { status: before.status },
      after: { status: to },
      at: context.now,
    });
  });
  return (await loadPromotion(db, id, context.now))!;
}

/** One bulk code: `prefix` and BULK_CODE_RANDOM_LENGTH characters drawn without bias by crypto.randomInt. */
export function newBulkCode(prefix: string | null): string {
  let random = "";
  for (let i = 0; i < BULK_CODE_RANDOM_LENGTH; i++) random += BULK_CODE_ALPHABET[randomInt(BULK_CODE_ALPHABET.length)];
  return `${prefix ?? ""}${random}`;
}

const INSERT_CHUNK = 1000;

/**
 * Generates `count` single-use codes for a bulk campaign, unique across every promotion's code and
 * every bulk code (a clash, most unlikely, is drawn again), audited with how many and the prefix.
 */
export async function generateBulkCodes(
  db: Database,
  id: string,
  input: { count: number; prefix: string | null },
  context: AdminContext,
): Promise<{ generated: number; bulkCodes: number }> {
  return db.transaction(async (tx) => {
    const row = await locked(tx, id);
    if (!row.bulk)
      throw conflict(
        "Only a bulk campaign has generated codes: this promotion has its own code.",
        null,
        "PROMO_NOT_BULK",
      );
    refuseEnded(row);
    await lockCodes(tx);
    let generated = 0;
    while (generated < input.count) {
      const wanted = Math.min(INSERT_CHUNK, input.count - generated);
      const fresh = new Set<string>();
      while (fresh.size < wanted) fresh.add(newBulkCode(input.prefix));
      const candidates = [...fresh];
      const clashes = await tx
        .select({ code: promotions.code })
        .from(promotions)
        .where(inArray(promotions.code, candidates));
      const clashing = new Set(clashes.map((clash) => clash.code));
      const inserted = await tx
        .insert(promotionCodes)
        .values(
          candidates
            .filter((code) => !clashing.has(code))
            .map((code) => ({ code, promotionId: id, createdAt: context.now })),
        )
        .onConflictDoNothing()
        .returning({ code: promotionCodes.code });
      generated += inserted.length;
    }
    const bulkCodes = await bulkCountOf(tx, id);
    await tx.insert(auditLog).values({
      actorId: context.actorId,
      action: "promotion.codes",
      entity: "promotion",
      entityId: id,
      before: { bulkCodes: bulkCodes - generated },
      after: { bulkCodes, prefix: input.prefix },
      at: context.now,
    });
    return { generated, bulkCodes };
  });
}
