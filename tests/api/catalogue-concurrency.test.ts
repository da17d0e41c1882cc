import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApi, insertProduct } from "./helpers";

const api = await createTestApi();

describe("catalogue writes at the same time", () => {
  it("never deadlock on the search vocabulary: 3 rounds of 50 products sharing new words, inserted at once", async () => {
    // Before migration 0007 some of these ended with PostgreSQL's "deadlock detected" (40P01):
    // one in 250 inserts when it was found.
    for (const word of ["quokka", "zephyr", "marmot"]) {
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, n) => insertProduct(api.db, { shortTitle: `${word} Widget ${word}x${n}` })),
      );
      expect(results.filter((result) => result.status === "rejected")).toEqual([]);
      const { rows } = (await api.db.execute(
        sql`select product_count from search_terms where kind = 'word' and term = ${word}`,
      )) as unknown as { rows: unknown[] };
      expect(rows).toEqual([{ product_count: 50 }]);
    }
  });
});
