import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../api/db/schema";
import { compareSizes } from "../../api/lib/catalogue/filter-options";
import { catalogueChanged } from "../../api/platform/catalogue-version";
import { createTestApi, insertProduct } from "./helpers";

// GET /userapp/product/filters: the shop's filter values, from the catalogue (decision 046).
const { db, call } = await createTestApi();

const filters = async () => {
  const response = await call("GET", "/userapp/product/filters");
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.status).toBe("SUCCESS");
  return response.body.data as Record<string, string[]>;
};

describe("GET /userapp/product/filters", () => {
  it("answers empty lists for an empty catalogue", async () => {
    expect(await filters()).toEqual({
      category: [],
      subCategory: [],
      brand: [],
      productType: [],
      productSubType: [],
      size: [],
    });
  });

  it("lists what the shown products hold, each value once, sorted; sizes in shop order", async () => {
    await insertProduct(db, {
      category: "Home Decor",
      subCategory: "Lighting",
      brand: "Diya Living",
      productType: "Home Appliances",
      productSubType: "Lamps",
      variants: [{ size: "Free Size", quantity: 0, mrp: 1999, discount: 0 }],
    });
    await insertProduct(db, {
      category: "Fashion",
      subCategory: "Casual Wear",
      brand: "Levi's",
      productType: "Clothing",
      productSubType: "Jeans",
      variants: ["30", "28", "32"].map((size) => ({ size, quantity: 5, mrp: 2999, discount: 10 })),
    });
    await insertProduct(db, {
      category: "Fashion",
      subCategory: "Casual Wear",
      brand: "Nike",
      productType: "Clothing",
      productSubType: "T-Shirts",
      variants: ["XXL", "S", "M"].map((size) => ({ size, quantity: 5, mrp: 999, discount: 0 })),
    });
    await insertProduct(db, {
      category: "Fashion",
      subCategory: "Casual Wear",
      brand: "Nike",
      productType: "Sports",
      productSubType: "Shoes",
      variants: ["UK 10", "UK 9"].map((size) => ({ size, quantity: 5, mrp: 5999, discount: 0 })),
    });
    catalogueChanged();
    expect(await filters()).toEqual({
      category: ["Fashion", "Home Decor"],
      subCategory: ["Casual Wear", "Lighting"],
      brand: ["Diya Living", "Levi's", "Nike"],
      productType: ["Clothing", "Home Appliances", "Sports"],
      productSubType: ["Jeans", "Lamps", "Shoes", "T-Shirts"],
      // A sold-out product is still in the shop, and so are its sizes.
      size: ["S", "M", "XXL", "28", "30", "32", "UK 9", "UK 10", "Free Size"],
    });
  });

  it("leaves out values only hidden or deleted products hold, once the catalogue changes", async () => {
    const hidden = await insertProduct(db, {
      brand: "Hidden Maker",
      variants: [{ size: "99 cm", quantity: 1, mrp: 500, discount: 0 }],
    });
    catalogueChanged();
    expect((await filters()).brand).toContain("Hidden Maker");
    await db.update(products).set({ hidden: true }).where(eq(products.id, hidden));
    catalogueChanged();
    expect((await filters()).brand).not.toContain("Hidden Maker");
    expect((await filters()).size).not.toContain("99 cm");
    await db.delete(products).where(eq(products.id, hidden));
    catalogueChanged();
    expect((await filters()).brand).not.toContain("Hidden Maker");
  });
});

describe("compareSizes", () => {
  it("orders letters, waists, UK sizes, other units by number, and Free Size last", () => {
    const sizes = [
      "Free Size",
      "65 inch",
      "UK 11",
      "40",
      "XL",
      "32 inch",
      "UK 6",
      "28",
      "S",
      "60 × 60 cm",
      "30 × 30 cm",
    ];
    expect(sizes.sort(compareSizes)).toEqual([
      "S",
      "XL",
      "28",
      "40",
      "UK 6",
      "UK 11",
      "30 × 30 cm",
      "60 × 60 cm",
      "32 inch",
      "65 inch",
      "Free Size",
    ]);
  });
});
