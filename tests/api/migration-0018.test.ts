import { drizzle } from "drizzle-orm/node-postgres";
import { describe, expect, it } from "vitest";
import type { Database } from "../../api/db/client";
import * as schema from "../../api/db/schema";
import { upgradedShop } from "../migrations";
import { createUserWithToken, insertProduct } from "./helpers";

// Migration 0018 on a shop with reviews from before it: a review the shop removed, and not deleted
// since, is recorded in review_removals, so its author cannot post another once they delete it
// (docs/decisions/029-reviews.md). Published and held reviews, and sample ones, are not.

describe("migration 0018 on an existing shop", () => {
  it("records the removals of the reviews still there, with their reason and the audit log's time", async () => {
    const ids: Record<string, string> = {};
    const removedAt = new Date("2026-11-20T10:00:00Z");
    await upgradedShop(
      18,
      async (pool) => {
        const db = drizzle(pool, { schema }) as unknown as Database;
        const productId = await insertProduct(db);
        // Written as that release did, without the columns of later migrations (`sample`, 0021).
        const review = (id: string, userId: string | null, status: "published" | "held" | "removed") =>
          pool.query(
            `INSERT INTO reviews (id, product_id, user_id, author_name, verified, stars, status, removal_reason)
             VALUES ($1, $2, $3, 'A.', $4, 3, $5, $6)`,
            [id, productId, userId, userId !== null, status, status === "removed" ? "Spam" : null],
          );
        const [removed, kept, held] = await Promise.all([1, 2, 3].map(() => createUserWithToken(db)));
        Object.assign(ids, { productId, removed: removed.id, kept: kept.id, held: held.id });
        await review("r00000000000000000000001", removed.id, "removed");
        await review("r00000000000000000000002", kept.id, "published");
        await review("r00000000000000000000003", held.id, "held");
        await review("r00000000000000000000004", null, "removed");
        await db.insert(schema.auditLog).values({
          action: "review.remove",
          entity: "review",
          entityId: "r00000000000000000000001",
          at: removedAt,
        });
      },
      async (pool) => {
        const rows = (await pool.query("SELECT * FROM review_removals")).rows;
        expect(rows).toEqual([
          {
            product_id: ids.productId,
            user_id: ids.removed,
            review_id: "r00000000000000000000001",
            reason: "Spam",
            removed_at: removedAt,
          },
        ]);
      },
    );
  });
});
