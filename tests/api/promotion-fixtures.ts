import type { Database } from "../../api/db/client";
import { promotionCodes, promotions } from "../../api/db/schema";
import { newId } from "../../api/lib/ids";

/*
 * Promotions for the shopper-side tests, written straight to the database: the back office that
 * creates them is its own work (and its own tests). Test data, not a double of our code.
 */

let counter = 0;

/** Inserts a promotion (a code unless `kind` says "offer"), active since 2020, and returns its row. */
export async function insertPromotion(db: Database, fields: Partial<typeof promotions.$inferInsert> = {}) {
  counter++;
  const kind = fields.kind ?? "code";
  const [row] = await db
    .insert(promotions)
    .values({
      id: newId(),
      kind,
      name: `Promotion ${counter}`,
      code: kind === "code" && !fields.bulk ? `TEST${counter}${newId().slice(0, 4).toUpperCase()}` : null,
      discountType: "percent",
      discountValue: 10,
      startsAt: new Date("2020-01-01T00:00:00Z"),
      ...fields,
    })
    .returning();
  return row;
}

/** A bulk campaign with `count` single-use codes; answers the promotion and its codes. */
export async function insertBulkCampaign(
  db: Database,
  count: number,
  fields: Partial<typeof promotions.$inferInsert> = {},
) {
  const promotion = await insertPromotion(db, { ...fields, kind: "code", bulk: true, code: null });
  const codes = Array.from({ length: count }, () => `BULK${newId().slice(-8).toUpperCase()}`);
  await db.insert(promotionCodes).values(codes.map((code) => ({ code, promotionId: promotion.id })));
  return { promotion, codes };
}
