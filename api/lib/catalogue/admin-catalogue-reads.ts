import { and, asc, desc, eq, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { merchants, products, variants } from "../../db/schema";
import { loadProductStates } from "./catalogue";
import { idPattern } from "../http/http";
import { likeEscaped, paginator } from "../http/paging";
import { GENDERS, type AdminListProductJson } from "./admin-product-schemas";

// The back office's catalogue lists: products with filters, low stock, merchants, the options.

export const VISIBILITIES = ["all", "visible", "hidden"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/**
 * GET /userapp/admin/products: every product, hidden ones too, newest first. `search` finds
 * products whose text (titles, tag line, brand, classification) holds every word, or the
 * product with that id. It reads products, not the shop's product_listing, which leaves hidden
 * products out; a back office's few requests can afford the scan.
 */
export async function listAdminProducts(
  db: Database,
  query: { search?: string; visibility: Visibility; page: number; limit: number },
) {
  const conditions: SQL[] = [];
  if (query.visibility !== "all") conditions.push(eq(products.hidden, query.visibility === "hidden"));
  const words = (query.search ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  if (words.length === 1 && idPattern.test(words[0])) {
    conditions.push(eq(products.id, words[0]));
  } else {
    for (const word of words) conditions.push(sql`${products.searchText} like ${`%${likeEscaped(word)}%`}`);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ itemCount }] = await db
    .select({ itemCount: sql<number>`count(*)::int` })
    .from(products)
    .where(where);
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const states = await loadProductStates(
    db,
    rows.map((row) => row.id),
    { includeHidden: true },
  );
  const data: AdminListProductJson[] = rows.flatMap((row) => {
    const state = states.get(row.id);
    return state ? [{ ...state.product, hidden: state.hidden }] : [];
  });
  return { data, paginator: paginator(itemCount, query.page, query.limit) };
}

export type LowStockJson = {
  productId: string;
  title: { shortTitle: string; longTitle: string };
  brand: string;
  hidden: boolean;
  size: string;
  quantity: number;
  mrp: number;
  discount: number;
  cost: number;
};

/** Sizes with `threshold` units or fewer (the low-stock list, and the dashboard's count of it). */
export const isLowOnStock = (threshold: number) => lte(variants.quantity, threshold);

/** GET /userapp/admin/stock/low: sizes with `threshold` units or fewer, fewest first, hidden products' too. */
export async function lowStock(db: Database, query: { threshold: number; page: number; limit: number }) {
  const where = isLowOnStock(query.threshold);
  const [{ itemCount }] = await db
    .select({ itemCount: sql<number>`count(*)::int` })
    .from(variants)
    .where(where);
  const rows = await db
    .select({
      productId: products.id,
      shortTitle: products.shortTitle,
      longTitle: products.longTitle,
      brand: products.brand,
      hidden: products.hidden,
      size: variants.size,
      quantity: variants.quantity,
      mrp: variants.mrp,
      discount: variants.discount,
      cost: variants.cost,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(where)
    .orderBy(asc(variants.quantity), asc(products.id), asc(variants.position))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const data: LowStockJson[] = rows.map(({ shortTitle, longTitle, ...row }) => ({
    productId: row.productId,
    title: { shortTitle, longTitle },
    brand: row.brand,
    hidden: row.hidden,
    size: row.size,
    quantity: row.quantity,
    mrp: row.mrp,
    discount: row.discount,
    cost: row.cost,
  }));
  return { data, paginator: paginator(itemCount, query.page, query.limit) };
}

/** GET /userapp/admin/merchants: every merchant, for the product form's select. */
export async function listMerchants(db: Database) {
  const rows = await db
    .select({
      _id: merchants.id,
      name: merchants.name,
      companyName: merchants.companyName,
      gstin: merchants.gstin,
      state: merchants.state,
    })
    .from(merchants)
    .orderBy(asc(merchants.companyName), asc(merchants.id));
  return rows;
}

export type CatalogueOptions = {
  categories: string[];
  subCategories: string[];
  productTypes: string[];
  productSubTypes: string[];
  genders: string[];
  sizes: string[];
  brands: string[];
};

const byText = (a: string, b: string) =>
  a.localeCompare(b, "en", { numeric: true, sensitivity: "base" }) || (a < b ? -1 : a > b ? 1 : 0);

/** GET /userapp/admin/catalogue/options: the values the catalogue holds (hidden products' too), for the form's lists. */
export async function catalogueOptions(db: Database): Promise<CatalogueOptions> {
  const distinct = async (column: SQL) =>
    (
      (await db.execute(sql`select distinct ${column} as "value" from ${products}`)) as unknown as {
        rows: { value: string }[];
      }
    ).rows
      .map((row) => row.value)
      .sort(byText);
  const sizes = (
    (await db.execute(sql`select distinct ${variants.size} as "value" from ${variants}`)) as unknown as {
      rows: { value: string }[];
    }
  ).rows
    .map((row) => row.value)
    .sort(byText);
  const genders = await distinct(sql`${products.gender}`);
  return {
    categories: await distinct(sql`${products.category}`),
    subCategories: await distinct(sql`${products.subCategory}`),
    productTypes: await distinct(sql`${products.productType}`),
    productSubTypes: await distinct(sql`${products.productSubType}`),
    // Every gender the shop's filter knows, whether or not a product has it yet.
    genders: [...new Set([...GENDERS, ...genders])],
    sizes,
    brands: await distinct(sql`${products.brand}`),
  };
}
