import { drizzle } from "drizzle-orm/node-postgres";
import { describe, expect, it } from "vitest";
import type { Database } from "../../api/db/client";
import * as schema from "../../api/db/schema";
import { upgradedShop } from "../migrations";
import { createUserWithToken, insertProduct } from "./helpers";

// Migration 0021 on a shop with the seed's sample reviews from before it (decision 047): they are
// marked `sample` (no author account and not verified), shoppers' reviews are not (a deleted
// account's keeps `verified`), and every rating is worked out again without the samples.

describe("migration 0021 on an existing shop", () => {
  it("marks the seed's reviews as samples and takes them out of the ratings", async () => {
    const ids: Record<string, string> = {};
    await upgradedShop(
      21,
      async (pool) => {
        const db = drizzle(pool, { schema }) as unknown as Database;
        // As the seed and the reviews of that release left them: every published review counted.
        const mixed = await insertProduct(db, { ratingValue: 3, ratingCount: 3 });
        const onlySamples = await insertProduct(db, { ratingValue: 4.5, ratingCount: 2 });
        const shopper = await createUserWithToken(db);
        Object.assign(ids, { mixed, onlySamples });
        const review = (id: string, productId: string, userId: string | null, verified: boolean, stars: number) =>
          pool.query(
            `INSERT INTO reviews (id, product_id, user_id, author_name, verified, stars, status)
             VALUES ($1, $2, $3, 'A.', $4, $5, 'published')`,
            [id, productId, userId, verified, stars],
          );
        await review("r00000000000000000000001", mixed, null, false, 1); // the seed's
        await review("r00000000000000000000002", mixed, shopper.id, true, 4); // a shopper's
        await review("r00000000000000000000003", mixed, null, true, 4); // a shopper's, account deleted since
        await review("r00000000000000000000004", onlySamples, null, false, 5);
        await review("r00000000000000000000005", onlySamples, null, false, 4);
        await pool.query(`UPDATE product_listing SET rating_value = 3 WHERE product_id = $1`, [mixed]);
        await pool.query(`UPDATE product_listing SET rating_value = 4.5 WHERE product_id = $1`, [onlySamples]);
      },
      async (pool) => {
        const samples = (await pool.query("SELECT id FROM reviews WHERE sample ORDER BY id")).rows;
        expect(samples.map((row) => row.id)).toEqual([
          "r00000000000000000000001",
          "r00000000000000000000004",
          "r00000000000000000000005",
        ]);
        const ratings = (
          await pool.query(
            `SELECT p.id, p.rating_value, p.rating_count, l.rating_value AS listed
             FROM products p JOIN product_listing l ON l.product_id = p.id WHERE p.id = ANY($1) ORDER BY p.id`,
            [[ids.mixed, ids.onlySamples]],
          )
        ).rows;
        const byId = Object.fromEntries(ratings.map((row) => [row.id, row]));
        expect(byId[ids.mixed]).toMatchObject({ rating_value: 4, rating_count: 2, listed: 4 });
        expect(byId[ids.onlySamples]).toMatchObject({ rating_value: null, rating_count: null, listed: null });
      },
    );
  });
});
