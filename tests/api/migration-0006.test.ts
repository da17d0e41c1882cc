import { describe, expect, it } from "vitest";
import { upgradedShop } from "../migrations";
import { hsnForClassification } from "../../api/lib/tax/gst";
import { FAMILIES, MERCHANTS } from "../../api/seed/families";

// Migration 0006 (GST) on a database holding merchants, products and orders from before it, on a
// database of its own on the test run's PostgreSQL server. The seed's
// merchants get their GSTIN and state, every product the HSN code of its classification (the
// same as hsnForClassification), and the orders their invoice numbers, per merchant and
// financial year, in the order they were placed.

const id = (n: number, prefix = "a") => `${prefix}${String(n).padStart(23, "0")}`;
const seedMerchant = MERCHANTS.find((m) => m.key === "iyer")!;
const seeded = id(1, "b");
const other = id(2, "b");
const user = id(1, "c");
const products = FAMILIES.map((family, index) => ({ id: id(index + 1), family }));
// Placed, in India time: 1 and 31 March 2026 (financial year 2025-26), then 1 April 2026 (2026-27).
const placed = [
  ["2026-03-31T18:29:00Z", [seeded, other]],
  ["2026-02-28T20:00:00Z", [seeded]],
  ["2026-03-31T18:30:00Z", [seeded]],
  ["2026-04-02T06:00:00Z", [other, seeded]],
] as const;
const orderId = (n: number) => id(n + 1, "d");

const oldData = () => {
  const status = `'{"orderConfirmed":{"isConfirmed":true,"date":null}}'`;
  const address = `'{"locality":"1 Road","city":"Chennai","state":"Tamil Nadu","zipcode":"600017","country":"India"}'`;
  return `
  INSERT INTO merchants (id, company_name, name, contact_phone, contact_email) VALUES
    ('${seeded}', '${seedMerchant.companyName}', 'Seeded', '9800000001', 'seeded@example.test'),
    ('${other}', 'Not From The Seed', 'Other', '9800000002', 'other@example.test');
  INSERT INTO users (id, email, password_hash) VALUES ('${user}', 'old@example.test', 'x');
  INSERT INTO products (id, short_title, long_title, tag_line, description, brand, category, sub_category, product_type,
      product_sub_type, gender, merchant_id, images, price, discount, search_text) VALUES
    ${products
      .map(
        ({ id: productId, family }) =>
          `('${productId}', 'P', 'P', 't', 'd', 'B', '${family.category}', '${family.subCategory}', '${family.productType}', '${family.productSubType}', 'unisex', '${seeded}', '[]', 500, 0, 'p')`,
      )
      .join(",\n    ")};
  INSERT INTO orders (id, user_id, source, payment_method, payment_status, items_amount, platform_fee, total_amount, address, order_status, created_at) VALUES
    ${placed
      .map(
        ([at], n) =>
          `('${orderId(n)}', '${user}', 'cart', 'cod', 'payOnDelivery', 500, 4, 504, ${address}, ${status}, '${at}')`,
      )
      .join(",\n    ")};
  INSERT INTO order_items (order_id, position, product_id, merchant_id, merchant_name, title, image, size, qty, mrp, cost, amount) VALUES
    ${placed
      .flatMap(([, merchants], n) =>
        merchants.map(
          (merchant, position) =>
            `('${orderId(n)}', ${position}, '${products[0].id}', '${merchant}', 'M', 'T', 'i', 'M', 1, 500, 500, 500)`,
        ),
      )
      .join(",\n    ")};
`;
};

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

async function expectUpgraded(query: Query) {
  expect((await query(`SELECT id, gstin, state, address FROM merchants ORDER BY id`)).rows).toEqual([
    { id: seeded, gstin: seedMerchant.gstin, state: seedMerchant.state, address: seedMerchant.address },
    { id: other, gstin: null, state: null, address: null },
  ]);
  const hsn = new Map((await query(`SELECT id, hsn FROM products`)).rows.map((row) => [row.id, row.hsn]));
  for (const { id: productId, family } of products)
    expect(hsn.get(productId), family.key).toBe(hsnForClassification(family));

  const numbers = (await query(`SELECT order_id, merchant_id, number FROM invoices ORDER BY merchant_id, number`)).rows;
  expect(numbers).toEqual([
    { order_id: orderId(1), merchant_id: seeded, number: "2025-26/000001" },
    { order_id: orderId(0), merchant_id: seeded, number: "2025-26/000002" },
    { order_id: orderId(2), merchant_id: seeded, number: "2026-27/000001" },
    { order_id: orderId(3), merchant_id: seeded, number: "2026-27/000002" },
    { order_id: orderId(0), merchant_id: other, number: "2025-26/000001" },
    { order_id: orderId(3), merchant_id: other, number: "2026-27/000001" },
  ]);
  expect(
    (
      await query(
        `SELECT substr(series, 9) AS merchant_id, financial_year, last_serial FROM document_counters
         WHERE series LIKE 'invoice:%' ORDER BY merchant_id, financial_year`,
      )
    ).rows,
  ).toEqual([
    { merchant_id: seeded, financial_year: "2025-26", last_serial: 2 },
    { merchant_id: seeded, financial_year: "2026-27", last_serial: 2 },
    { merchant_id: other, financial_year: "2025-26", last_serial: 1 },
    { merchant_id: other, financial_year: "2026-27", last_serial: 1 },
  ]);
  // The old lines keep no split: it is worked out when read.
  expect((await query(`SELECT count(*)::int AS n FROM order_items WHERE gst_rate IS NOT NULL`)).rows).toEqual([
    { n: 0 },
  ]);
  await expect(query(`UPDATE merchants SET gstin = 'not a gstin' WHERE id = '${other}'`)).rejects.toThrow(
    /merchants_gstin_shape|violates/,
  );
}

describe("migration 0006 on an existing shop", () => {
  it("backfills GST registrations, HSN codes and invoice numbers", async () => {
    await upgradedShop(6, oldData(), async (pool) => {
      await expectUpgraded((text) => pool.query(text));
    });
  });
});
