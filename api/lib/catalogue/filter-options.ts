import { z } from "@hono/zod-openapi";
import { and, gt, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { searchTerms } from "../../db/schema";
import type { TermKind } from "../search/search-text";

/*
 * `GET /userapp/product/filters`: the values the shop's filters offer, read from the catalogue
 * (decision 046) rather than fixed lists: every category, subcategory, brand, type, subtype and
 * size some shown product has. They come from the search vocabulary, whose product counts a
 * trigger keeps (migration 0002), so the answer costs one index read however big the shop.
 */

/** The list filters of `product/list`, by the vocabulary kind that holds their values. */
const KINDS = {
  category: "category",
  subCategory: "sub_category",
  brand: "brand",
  productType: "product_type",
  productSubType: "product_sub_type",
  size: "size",
} as const satisfies Record<string, TermKind>;

export type FilterName = keyof typeof KINDS;
export type FilterOptions = Record<FilterName, string[]>;

const values = z.array(z.string());
export const filterOptionsSchema = z
  .object({
    category: values,
    subCategory: values,
    brand: values,
    productType: values,
    productSubType: values,
    size: values.openapi({ description: "Sizes in shop order: S to XXL, waists, UK sizes, others, Free Size last" }),
  })
  .openapi("FilterOptions");

const LETTERS = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL", "XXXXL"];
const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Where a size's family sits in the list: letters, waists, UK shoe sizes, anything else, one size. */
function familyRank(size: string): number {
  if (LETTERS.includes(size.toUpperCase())) return 0;
  if (/^\d+$/.test(size)) return 1;
  if (/^UK \d+$/i.test(size)) return 2;
  if (/^free size$/i.test(size)) return 4;
  return 3;
}

/**
 * Sizes as a shop lists them: S, M, L, XL, XXL before waists 28, 30, before UK 6 … UK 11, then
 * the rest by their unit and number ("32 inch" before "43 inch"), "Free Size" last.
 */
export function compareSizes(a: string, b: string): number {
  const rank = familyRank(a) - familyRank(b);
  if (rank !== 0) return rank;
  if (familyRank(a) === 0) return LETTERS.indexOf(a.toUpperCase()) - LETTERS.indexOf(b.toUpperCase());
  const unit = collator.compare(a.replace(/\d+/g, "#"), b.replace(/\d+/g, "#"));
  return unit !== 0 ? unit : collator.compare(a, b);
}

/** The catalogue's filter values: each list sorted (alphabetically, sizes by `compareSizes`). */
export async function loadFilterOptions(db: Database): Promise<FilterOptions> {
  const names = Object.keys(KINDS) as FilterName[];
  const rows = await db
    .select({ kind: searchTerms.kind, term: searchTerms.term })
    .from(searchTerms)
    .where(and(inArray(searchTerms.kind, Object.values(KINDS)), gt(searchTerms.productCount, 0)));
  const options = Object.fromEntries(names.map((name) => [name, [] as string[]])) as FilterOptions;
  const byKind = new Map(names.map((name) => [KINDS[name] as string, options[name]]));
  for (const row of rows) byKind.get(row.kind)?.push(row.term);
  for (const name of names) options[name].sort(name === "size" ? compareSizes : collator.compare);
  return options;
}
