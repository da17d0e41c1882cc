import { describe, expect, it } from "vitest";
import { loadProducts } from "../../api/lib/catalogue/catalogue";
import { createTestApi, insertProduct } from "./helpers";

const { db } = await createTestApi();

describe("loadProducts", () => {
  it("answers products with variants in order and the merchant populated", async () => {
    const id = await insertProduct(db, {
      variants: [
        { size: "M", quantity: 5, mrp: 1000, discount: 20 },
        { size: "L", quantity: 0, mrp: 1200, discount: 25 },
      ],
    });
    const found = await loadProducts(db, [id, id, "0".repeat(24)]);
    expect([...found.keys()]).toEqual([id]);
    const product = found.get(id)!;
    expect(product._id).toBe(id);
    expect(product.variants).toEqual([
      { size: "M", quantity: 5, price: { mrp: 1000, cost: 800, discount: 20 } },
      { size: "L", quantity: 0, price: { mrp: 1200, cost: 900, discount: 25 } },
    ]);
    expect(product.merchant.company_name).toMatch(/Test Traders/);
    expect(product.image).toBe(product.productImages[0].path);
  });
});
