import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { merchants, products, variants } from "../db/schema";

/** A product as the API answers it (the shape of spec section 3), with its merchant populated. */
export type ProductJson = {
  _id: string;
  id: string;
  title: { shortTitle: string; longTitle: string };
  tagLine: string;
  description: string;
  brand: string;
  category: string;
  subCategory: string;
  productType: string;
  productSubType: string;
  gender: string;
  image: string;
  productImages: { path: string }[];
  variants: { size: string; quantity: number; price: { mrp: number; cost: number; discount: number } }[];
  merchant: { _id: string; id: string; company_name: string; name: string };
  ratingValue: number | null;
  ratingCount: number | null;
  createdAt: string;
};

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;
type MerchantRow = Pick<typeof merchants.$inferSelect, "id" | "companyName" | "name">;

export function toProductJson(p: ProductRow, vs: VariantRow[], m: MerchantRow): ProductJson {
  return {
    _id: p.id,
    id: p.id,
    title: { shortTitle: p.shortTitle, longTitle: p.longTitle },
    tagLine: p.tagLine,
    description: p.description,
    brand: p.brand,
    category: p.category,
    subCategory: p.subCategory,
    productType: p.productType,
    productSubType: p.productSubType,
    gender: p.gender,
    image: p.images[0]?.path ?? "",
    productImages: p.images,
    variants: vs
      .slice()
      .sort((a, b) => a.position - b.position)
      .map((v) => ({ size: v.size, quantity: v.quantity, price: { mrp: v.mrp, cost: v.cost, discount: v.discount } })),
    merchant: { _id: m.id, id: m.id, company_name: m.companyName, name: m.name },
    ratingValue: p.ratingValue,
    ratingCount: p.ratingCount,
    createdAt: p.createdAt.toISOString(),
  };
}

/**
 * Loads products by id with variants and merchant, in two queries whatever the count.
 * The map holds only ids that exist; the order of `ids` is for the caller to keep.
 */
export async function loadProducts(db: Database, ids: readonly string[]): Promise<Map<string, ProductJson>> {
  const result = new Map<string, ProductJson>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return result;
  const rows = await db
    .select({ product: products, merchantId: merchants.id, companyName: merchants.companyName, merchantName: merchants.name })
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(inArray(products.id, unique));
  const variantRows = await db
    .select()
    .from(variants)
    .where(inArray(variants.productId, unique))
    .orderBy(asc(variants.productId), asc(variants.position));
  const byProduct = new Map<string, VariantRow[]>();
  for (const v of variantRows) {
    const list = byProduct.get(v.productId) ?? [];
    list.push(v);
    byProduct.set(v.productId, list);
  }
  for (const row of rows) {
    result.set(
      row.product.id,
      toProductJson(row.product, byProduct.get(row.product.id) ?? [], {
        id: row.merchantId,
        companyName: row.companyName,
        name: row.merchantName,
      }),
    );
  }
  return result;
}
