import { getTableColumns, sql } from "drizzle-orm";
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

/** A product row as the API needs it: its search text is for the product list's index only. */
type ProductRow = Omit<typeof products.$inferSelect, "searchText">;
type VariantRow = Pick<typeof variants.$inferSelect, "size" | "position" | "quantity" | "mrp" | "cost" | "discount">;
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

const { searchText: _searchText, ...productColumns } = getTableColumns(products);

/** json_build_object('id', "products"."id", 'shortTitle', …): a product row under its JavaScript names. */
const productObject = sql.join(
  Object.entries(productColumns).map(([key, column]) => sql`${key}::text, ${column}`),
  sql`, `,
);

type LoadedRow = {
  product: Omit<ProductRow, "createdAt"> & { createdAt: string };
  merchant: { id: string; companyName: string; name: string };
  variants: VariantRow[];
};

/**
 * Loads products by id with variants and merchant, in one query whatever the count. PostgreSQL
 * builds each product as one JSON text: on PGlite that is about half the time of reading the
 * same columns as rows and their variants in a second query (1.6 ms against 2.6 ms for a page
 * of 30), because every column of every row is otherwise converted one by one. The map holds only
 * ids that exist; the order of `ids` is for the caller to keep.
 */
export async function loadProducts(db: Database, ids: readonly string[]): Promise<Map<string, ProductJson>> {
  const result = new Map<string, ProductJson>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return result;
  // Both drivers answer `execute` with `{ rows }`; drizzle's select would convert each row again.
  const { rows } = (await db.execute(sql`
    select json_build_object(
      'product', json_build_object(${productObject}),
      'merchant', json_build_object('id', ${merchants.id}, 'companyName', ${merchants.companyName}, 'name', ${merchants.name}),
      'variants', coalesce((
        select json_agg(json_build_object('size', v.size, 'position', v.position, 'quantity', v.quantity,
          'mrp', v.mrp, 'cost', v.cost, 'discount', v.discount) order by v.position)
        from ${variants} v where v.product_id = ${products.id}), '[]'::json))::text as "json"
    from ${products} join ${merchants} on ${merchants.id} = ${products.merchantId}
    where ${products.id} = any(${sql.param(unique)}::text[])`)) as unknown as { rows: { json: string }[] };
  for (const { json } of rows) {
    const row = JSON.parse(json) as LoadedRow;
    const product: ProductRow = { ...row.product, createdAt: new Date(row.product.createdAt) };
    result.set(product.id, toProductJson(product, row.variants, row.merchant));
  }
  return result;
}
