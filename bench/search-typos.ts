/**
 * The forgiving search's fixed test set: what shoppers type (misspelt, singular for plural and
 * back, words run together or split), each with the product family they mean, as fields of the
 * seeded catalogue (api/seed/families.ts). bench/search.ts prints the share whose first page
 * (20 products, newest first) is mostly that family; tests/api/search-fallback.test.ts runs a few.
 *
 * `family: null` is a search for something the shop does not sell: the right answer is "No
 * products found", not a guess. Those are counted apart, as false corrections.
 */

/** Fields a product must have to be of the family meant: every one given must match. */
export type Family = {
  category?: string;
  subCategory?: string;
  brand?: string;
  productSubType?: string;
  /** A word the product's short title must hold (lower case), for families the fields do not tell apart. */
  titleWord?: string;
};

export type TypoCase = { query: string; family: Family | null; kind: "typo" | "plural" | "spacing" | "none" };

export const SEARCH_TYPOS: readonly TypoCase[] = [
  // Misspellings: a letter missing, doubled, wrong, or two swapped.
  { query: "samsng", family: { brand: "Samsung" }, kind: "typo" },
  { query: "samsng tv", family: { brand: "Samsung", category: "Televisions" }, kind: "typo" },
  { query: "samsumg", family: { brand: "Samsung" }, kind: "typo" },
  { query: "adiddas", family: { brand: "Adidas" }, kind: "typo" },
  { query: "addidas shoes", family: { brand: "Adidas", productSubType: "Shoes" }, kind: "typo" },
  { query: "nkie", family: { brand: "Nike" }, kind: "typo" },
  { query: "pumma", family: { brand: "Puma" }, kind: "typo" },
  { query: "philps", family: { brand: "Philips" }, kind: "typo" },
  { query: "realmi", family: { brand: "Realme" }, kind: "typo" },
  { query: "onplus", family: { brand: "OnePlus" }, kind: "typo" },
  { query: "hedphones", family: { productSubType: "Headphones" }, kind: "typo" },
  { query: "headfones", family: { productSubType: "Headphones" }, kind: "typo" },
  { query: "earbdus", family: { titleWord: "earbuds" }, kind: "typo" },
  { query: "blutooth speaker", family: { productSubType: "Speakers" }, kind: "typo" },
  { query: "speeker", family: { productSubType: "Speakers" }, kind: "typo" },
  { query: "televsion", family: { category: "Televisions" }, kind: "typo" },
  { query: "jeens", family: { productSubType: "Jeans" }, kind: "typo" },
  { query: "sneekers", family: { titleWord: "sneakers" }, kind: "typo" },
  { query: "smartwach", family: { titleWord: "smartwatch" }, kind: "typo" },
  { query: "backpak", family: { titleWord: "backpack" }, kind: "typo" },
  { query: "cushon cover", family: { productSubType: "Cushions" }, kind: "typo" },
  { query: "wall paintng", family: { subCategory: "Wall Art" }, kind: "typo" },
  { query: "labtop bag", family: { titleWord: "laptop" }, kind: "typo" },
  { query: "soundbaar", family: { titleWord: "soundbar" }, kind: "typo" },
  { query: "chargr", family: { subCategory: "Mobile Accessories" }, kind: "typo" },
  { query: "tabel lamp", family: { productSubType: "Lamps" }, kind: "typo" },
  { query: "sony bravya", family: { brand: "Sony", category: "Televisions" }, kind: "typo" },
  { query: "rockers", family: { brand: "Boat" }, kind: "typo" },
  // Singular for plural and back.
  { query: "headphone", family: { productSubType: "Headphones" }, kind: "plural" },
  { query: "tshirts", family: { productSubType: "T-Shirts" }, kind: "plural" },
  { query: "tvs", family: { category: "Televisions" }, kind: "plural" },
  { query: "watch", family: { productSubType: "Watches" }, kind: "plural" },
  { query: "lamps", family: { productSubType: "Lamps" }, kind: "plural" },
  { query: "earbud", family: { titleWord: "earbuds" }, kind: "plural" },
  { query: "power banks", family: { productSubType: "Power Banks" }, kind: "plural" },
  { query: "cushion covers", family: { productSubType: "Cushions" }, kind: "plural" },
  { query: "polos", family: { titleWord: "polo" }, kind: "plural" },
  { query: "backpacks", family: { titleWord: "backpack" }, kind: "plural" },
  { query: "smartwatches", family: { titleWord: "smartwatch" }, kind: "plural" },
  { query: "soundbars", family: { titleWord: "soundbar" }, kind: "plural" },
  // Spacing: words split or run together.
  { query: "head phones", family: { productSubType: "Headphones" }, kind: "spacing" },
  { query: "tshirt", family: { productSubType: "T-Shirts" }, kind: "spacing" },
  { query: "t shirt", family: { productSubType: "T-Shirts" }, kind: "spacing" },
  { query: "ear buds", family: { titleWord: "earbuds" }, kind: "spacing" },
  { query: "powerbank", family: { productSubType: "Power Banks" }, kind: "spacing" },
  { query: "smart watch", family: { titleWord: "smartwatch" }, kind: "spacing" },
  { query: "sound bar", family: { titleWord: "soundbar" }, kind: "spacing" },
  { query: "back pack", family: { titleWord: "backpack" }, kind: "spacing" },
  { query: "neck band", family: { titleWord: "neckband" }, kind: "spacing" },
  { query: "air pods", family: { brand: "Apple" }, kind: "spacing" },
  { query: "one plus", family: { brand: "OnePlus" }, kind: "spacing" },
  { query: "wallart", family: { subCategory: "Wall Art" }, kind: "spacing" },
  { query: "tablelamp", family: { productSubType: "Lamps" }, kind: "spacing" },
  // What the shop does not sell: a correction would be a wrong guess.
  { query: "kurtas", family: null, kind: "none" },
  { query: "saree", family: null, kind: "none" },
  { query: "refrigerator", family: null, kind: "none" },
  { query: "xyzzy", family: null, kind: "none" },
];

/** Whether a product (as the list answers it) is of the family. */
export function ofFamily(
  product: {
    brand: string;
    category: string;
    subCategory: string;
    productSubType: string;
    title: { shortTitle: string };
  },
  family: Family,
): boolean {
  return (
    (family.brand === undefined || product.brand === family.brand) &&
    (family.category === undefined || product.category === family.category) &&
    (family.subCategory === undefined || product.subCategory === family.subCategory) &&
    (family.productSubType === undefined || product.productSubType === family.productSubType) &&
    (family.titleWord === undefined || product.title.shortTitle.toLowerCase().split(/\s+/).includes(family.titleWord))
  );
}

/**
 * Whether a first page finds the family: it is not empty and at least half of it is of the
 * family (a stray match or two on a page of the right products still counts; a page of the
 * wrong ones does not). For a search of nothing the shop sells, the page must be empty.
 */
export function pageFindsFamily(page: Parameters<typeof ofFamily>[0][], family: Family | null): boolean {
  if (family === null) return page.length === 0;
  if (page.length === 0) return false;
  return page.filter((product) => ofFamily(product, family)).length * 2 >= page.length;
}
