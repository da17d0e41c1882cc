import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { products, variants } from "../../api/db/schema";
import { generateMerchants, generateProducts, seedCatalogue } from "../../api/seed/catalogue";
import { CATEGORY_BAR } from "../../app/components/layout/navigation";
import { openTestDatabase } from "../db";

/*
 * The seeded catalogue read as a careful shopper reads it (decision 046): each kind of product
 * comes in its own sizes, in one vocabulary and capitalisation; brands make the kind of product
 * they sell; and no text names a size the product does not come in. The rules are stated here,
 * apart from the seed's tables, so that a change to those tables is checked, not copied.
 */

const now = new Date("2025-03-01T06:30:00.000Z");

const FREE = ["Free Size"];
/** Each product subtype's size scale, smallest first. */
const SCALES: Record<string, string[]> = {
  "T-Shirts": ["S", "M", "L", "XL", "XXL"],
  Jeans: ["28", "30", "32", "34", "36", "38", "40"],
  Shoes: ["UK 6", "UK 7", "UK 8", "UK 9", "UK 10", "UK 11"],
  Televisions: ["32 inch", "43 inch", "55 inch", "65 inch"],
  Paintings: ["30 × 40 cm", "45 × 60 cm", "60 × 90 cm", "90 × 120 cm"],
  Cushions: ["30 × 30 cm", "40 × 40 cm", "45 × 45 cm", "60 × 60 cm"],
};
/** Things a shopper must find their own size of: they come in at least three. */
const FITTED = new Set(["T-Shirts", "Jeans", "Shoes"]);

const SPORTSWEAR = ["Nike", "Adidas", "Puma"];
const GADGETS = ["Samsung", "Apple", "Sony", "LG", "Philips", "Boat", "JBL", "Mi", "OnePlus", "Realme", "Oppo", "Vivo"];
const HOME_DECOR = ["Diya Living", "Roshni Crafts", "Kalakriti", "Chitrakatha", "Rangreza"];
/** Who makes each product subtype. */
const MAKERS: Record<string, string[]> = {
  "T-Shirts": SPORTSWEAR,
  Jeans: ["Levi's", "Wrangler", "Pepe Jeans"],
  Shoes: SPORTSWEAR,
  Bags: [...SPORTSWEAR, "American Tourister", "Wildcraft", "Skybags"],
  Watches: [...SPORTSWEAR, ...GADGETS],
  Headphones: GADGETS,
  Speakers: GADGETS,
  "Power Banks": GADGETS,
  Chargers: GADGETS,
  Televisions: GADGETS,
  Lamps: HOME_DECOR,
  Paintings: HOME_DECOR,
  Cushions: HOME_DECOR,
};

type Product = { id: string; productSubType: string; category: string; subCategory: string; brand: string } & Record<
  "shortTitle" | "longTitle" | "tagLine" | "description",
  string
>;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Whether `text` names `size` as a size of its own: "M" in "size M", not in "M33" or "T-Shirt". */
const names = (text: string, size: string) => new RegExp(`(?<![\\w.])${escaped(size)}(?![\\w.])`).test(text);

/** The rules' breaches for one product, in words: an empty list is a product that reads real. */
function breaches(product: Product, sizes: string[]): string[] {
  const found: string[] = [];
  const scale = SCALES[product.productSubType] ?? FREE;
  const at = sizes.map((size) => scale.indexOf(size));
  if (at.some((i) => i < 0)) found.push(`sizes ${sizes.join(", ")} are not all of ${scale.join(", ")}`);
  else if (at.some((i, n) => n > 0 && i !== at[n - 1] + 1)) found.push(`sizes ${sizes.join(", ")} skip or go back`);
  if (FITTED.has(product.productSubType) && sizes.length < 3) found.push(`only ${sizes.join(", ")}`);
  const makers = MAKERS[product.productSubType];
  if (!makers) found.push(`no makers known for ${product.productSubType}`);
  else if (!makers.includes(product.brand)) found.push(`${product.brand} does not make ${product.productSubType}`);
  if ((product.category === "Home Decor") !== HOME_DECOR.includes(product.brand)) {
    found.push(`${product.brand} in ${product.category}`);
  }
  const texts = [product.shortTitle, product.longTitle, product.tagLine, product.description].join("\n");
  for (const size of scale) {
    if (!sizes.includes(size) && names(texts, size)) found.push(`its text names ${size}`);
  }
  if (/usual (waist )?size/i.test(texts) && sizes.length < 3) found.push("asks for the usual size of too few sizes");
  return found.map((text) => `${product.shortTitle}: ${text}`);
}

describe("the seeded catalogue reads like a real shop's", () => {
  let handle: DatabaseHandle;
  let seeded: { product: Product; sizes: string[] }[];

  beforeAll(async () => {
    handle = await openTestDatabase();
    await seedCatalogue(handle.db, { now });
    const rows = await handle.db.select().from(products).orderBy(asc(products.id));
    const sold = await handle.db.select().from(variants).orderBy(asc(variants.productId), asc(variants.position));
    seeded = rows.map((product) => ({
      product,
      sizes: sold.filter((v) => v.productId === product.id).map((v) => v.size),
    }));
  });
  afterAll(() => handle.close());

  it("sells each kind of product in its own sizes, made by its makers, with texts that name only its sizes", () => {
    expect(seeded).toHaveLength(240);
    expect(seeded.flatMap(({ product, sizes }) => breaches(product, sizes))).toEqual([]);
  });

  it("uses one size vocabulary: every size of every scale is sold, and no other size", () => {
    const sold = new Set(seeded.flatMap(({ sizes }) => sizes));
    const known = new Set([...Object.values(SCALES).flat(), ...FREE]);
    expect([...sold].filter((size) => !known.has(size))).toEqual([]);
    expect([...known].filter((size) => !sold.has(size))).toEqual([]);
  });

  it("has products under every subcategory the navigation shows", () => {
    const subCategories = new Set(seeded.map(({ product }) => `${product.category} / ${product.subCategory}`));
    const shown = CATEGORY_BAR.flatMap((entry) =>
      entry.subCategories.map((sub) => `${entry.category.label} / ${sub.label}`),
    );
    expect(shown).toContain("Home Decor / Lighting");
    expect(shown.filter((entry) => !subCategories.has(entry))).toEqual([]);
  });

  it("keeps to the rules in bigger catalogues and under other seeds", () => {
    for (const seed of [2, 3]) {
      const found: string[] = [];
      for (const { product, variants: rows } of generateProducts(
        { products: 1500, seed, now },
        generateMerchants(seed, now),
      )) {
        found.push(
          ...breaches(
            product as Product,
            rows.map((v) => v.size),
          ),
        );
      }
      expect(found).toEqual([]);
    }
  });
});
