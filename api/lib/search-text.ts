/** The fields the product search covers (spec section 7), lower-cased into one indexed column. */
export type SearchableProduct = {
  category: string;
  subCategory: string;
  tagLine: string;
  shortTitle: string;
  longTitle: string;
  brand: string;
  productType: string;
  productSubType: string;
  gender: string;
};

export function buildSearchText(p: SearchableProduct): string {
  return [p.shortTitle, p.longTitle, p.tagLine, p.brand, p.category, p.subCategory, p.productType, p.productSubType, p.gender]
    .join(" \u0001 ")
    .toLowerCase();
}
