import { describe, expect, it } from "vitest";
import { upgradedShop } from "../migrations";

// Migration 0005 (the back office's catalogue) on a database holding a catalogue from before it:
// on a database of its own on the test run's PostgreSQL server. Then hiding a product takes its listing row and its terms' counts
// away through the triggers, and showing it again puts them back.

const m = "a".repeat(24);
const p1 = "1".repeat(24);
const p2 = "2".repeat(24);
const oldCatalogue = `
  INSERT INTO merchants (id, company_name, name, contact_phone, contact_email) VALUES ('${m}', 'Old Co', 'Old', '9800000000', 'old@example.test');
  INSERT INTO products (id, short_title, long_title, tag_line, description, brand, category, sub_category, product_type,
      product_sub_type, gender, merchant_id, images, price, discount, search_text) VALUES
    ('${p1}', 'Marigold Lamp', 'Marigold Lamp', 't', 'd', 'Diya', 'Home Decor', 'Lamps', 'Lighting', 'Lamp', 'unisex', '${m}', '[]', 900, 10, 'marigold lamp diya'),
    ('${p2}', 'Jasmine Lamp', 'Jasmine Lamp', 't', 'd', 'Diya', 'Home Decor', 'Lamps', 'Lighting', 'Lamp', 'unisex', '${m}', '[]', 500, 0, 'jasmine lamp diya');
  INSERT INTO variants (product_id, size, position, quantity, mrp, cost, discount) VALUES
    ('${p1}', 'small', 0, 3, 1000, 900, 10), ('${p2}', 'small', 0, 5, 500, 500, 0);
`;

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

async function expectUpgradedAndHideable(query: Query) {
  const listed = async () =>
    (await query(`SELECT product_id FROM product_listing ORDER BY product_id`)).rows.map((r) => r.product_id);
  const count = async (term: string) =>
    Number(
      (await query(`SELECT product_count FROM search_terms WHERE kind = 'word' AND term = '${term}'`)).rows[0]
        .product_count,
    );
  expect((await query(`SELECT id, hidden FROM products ORDER BY id`)).rows).toEqual([
    { id: p1, hidden: false },
    { id: p2, hidden: false },
  ]);
  expect((await query(`SELECT id, version FROM catalogue_version`)).rows).toEqual([{ id: 1, version: 0 }]);
  expect(await listed()).toEqual([p1, p2]);
  expect(await count("diya")).toBe(2);

  await query(`UPDATE products SET hidden = true WHERE id = '${p1}'`);
  expect(await listed()).toEqual([p2]);
  expect(await count("diya")).toBe(1);
  expect(await count("marigold")).toBe(0);
  // A change to a hidden product's variants writes no listing row either.
  await query(`UPDATE variants SET cost = 800 WHERE product_id = '${p1}'`);
  await query(
    `INSERT INTO variants (product_id, size, position, quantity, mrp, cost, discount) VALUES ('${p1}', 'large', 1, 1, 2000, 2000, 0)`,
  );
  expect(await listed()).toEqual([p2]);

  await query(`UPDATE products SET hidden = false WHERE id = '${p1}'`);
  expect(await listed()).toEqual([p1, p2]);
  expect(await count("diya")).toBe(2);
  expect(await count("marigold")).toBe(1);
  expect((await query(`SELECT min_cost, max_cost FROM product_listing WHERE product_id = '${p1}'`)).rows).toEqual([
    { min_cost: 800, max_cost: 2000 },
  ]);
  await expect(query(`INSERT INTO catalogue_version (id, version) VALUES (2, 0)`)).rejects.toThrow(
    /catalogue_version_one_row|duplicate|violates/,
  );
}

describe("migration 0005 on an existing catalogue", () => {
  it("makes every product visible, adds the version row, and keeps hidden products out of the listing", async () => {
    await upgradedShop(5, oldCatalogue, async (pool) => {
      await expectUpgradedAndHideable((text) => pool.query(text));
    });
  });
});
