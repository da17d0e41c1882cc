import { merchants } from "../api/db/schema";
import type { Database } from "../api/db/client";
import { insertProducts, withListingDeferred } from "../api/lib/catalogue/admin-catalogue";
import { type ProductInput } from "../api/lib/catalogue/admin-product-schemas";
import { childSeed, createRandom, type Random, seededId } from "../api/seed/random";
import { generateMerchants } from "../api/seed/catalogue";

/**
 * A second catalogue for the search bench (docs/decisions/013-forgiving-search.md, 2026-11-26):
 * where the seeded one (api/seed/families.ts) has about 4,000 distinct words at 1,00,000 products,
 * a real shop's titles carry model numbers ("SM-A546E", "WH-1000XM5"), colour names, materials,
 * sizes and capacities, so its vocabulary grows with the catalogue: this one holds over 1,00,000
 * distinct words at 1,00,000 products. Product i depends only on the seed and i.
 *
 * Written through the import's path (insertProducts inside withListingDeferred, as
 * api/lib/catalogue/catalogue-csv.ts does), so product_listing and search_terms are what the triggers make.
 */

const SYLLABLES = [
  "ka",
  "ro",
  "zen",
  "vi",
  "tor",
  "lu",
  "mi",
  "sa",
  "ne",
  "qua",
  "bel",
  "ix",
  "on",
  "ar",
  "te",
  "po",
  "nix",
  "da",
  "fy",
  "lo",
  "gra",
  "vo",
  "sol",
  "tec",
  "ul",
  "ma",
  "rix",
  "ze",
  "cor",
  "av",
  "pri",
  "hu",
];
const COLOURS = [
  "black",
  "white",
  "red",
  "blue",
  "green",
  "yellow",
  "grey",
  "silver",
  "gold",
  "rose",
  "navy",
  "teal",
  "olive",
  "maroon",
  "beige",
  "cream",
  "ivory",
  "coral",
  "peach",
  "mint",
  "lavender",
  "purple",
  "violet",
  "indigo",
  "turquoise",
  "mustard",
  "rust",
  "charcoal",
  "graphite",
  "bronze",
  "copper",
  "khaki",
  "tan",
  "burgundy",
  "magenta",
  "aqua",
  "sky",
  "sand",
  "pearl",
  "onyx",
  "emerald",
  "sapphire",
  "ruby",
  "lilac",
];
const SHADES = ["", "", "", "dark", "light", "deep", "pale", "midnight", "matte", "glossy", "pastel", "neon"];
const MATERIALS = [
  "cotton",
  "linen",
  "silk",
  "wool",
  "polyester",
  "nylon",
  "denim",
  "leather",
  "suede",
  "canvas",
  "rayon",
  "viscose",
  "jute",
  "bamboo",
  "teak",
  "sheesham",
  "mango-wood",
  "oak",
  "steel",
  "aluminium",
  "brass",
  "ceramic",
  "glass",
  "porcelain",
  "acrylic",
  "abs",
  "polycarbonate",
  "silicone",
  "rubber",
  "mesh",
  "fleece",
  "khadi",
  "chanderi",
  "georgette",
  "chiffon",
  "crepe",
  "velvet",
  "satin",
  "modal",
  "lycra",
  "terracotta",
];
const NOUNS: readonly [string, string, string, string][] = [
  // [category, sub-category, product type, product sub-type] and the noun is the last word of the sub-type.
  ["Electronics", "Mobiles", "Electronics", "Smartphones"],
  ["Electronics", "Mobile Accessories", "Electronics", "Chargers"],
  ["Electronics", "Mobile Accessories", "Electronics", "Cables"],
  ["Electronics", "Audio", "Electronics", "Headphones"],
  ["Electronics", "Audio", "Electronics", "Earbuds"],
  ["Electronics", "Audio", "Electronics", "Speakers"],
  ["Electronics", "Laptops", "Electronics", "Laptops"],
  ["Electronics", "Wearables", "Electronics", "Smartwatches"],
  ["Televisions", "Smart TVs", "Electronics", "Televisions"],
  ["Appliances", "Kitchen", "Appliances", "Mixers"],
  ["Appliances", "Kitchen", "Appliances", "Kettles"],
  ["Appliances", "Cooling", "Appliances", "Fans"],
  ["Fashion", "Men's Clothing", "Clothing", "Shirts"],
  ["Fashion", "Men's Clothing", "Clothing", "T-Shirts"],
  ["Fashion", "Women's Clothing", "Clothing", "Kurtas"],
  ["Fashion", "Women's Clothing", "Clothing", "Sarees"],
  ["Fashion", "Footwear", "Footwear", "Sneakers"],
  ["Fashion", "Footwear", "Footwear", "Sandals"],
  ["Fashion", "Bags", "Accessories", "Backpacks"],
  ["Home", "Furniture", "Furniture", "Tables"],
  ["Home", "Furniture", "Furniture", "Chairs"],
  ["Home", "Decor", "Decor", "Cushions"],
  ["Home", "Decor", "Decor", "Lamps"],
  ["Home", "Kitchen", "Kitchenware", "Cookware"],
];
const CLOTHING_SIZES = ["XS", "S", "M", "L", "XL", "XXL", "3XL"];
const SHOE_SIZES = ["UK 5", "UK 6", "UK 7", "UK 8", "UK 9", "UK 10", "UK 11"];
const CAPACITIES = ["32GB", "64GB", "128GB", "256GB", "512GB", "1TB"];
const GENDERS = ["men", "women", "unisex"] as const;
const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";

/** A made-up brand name of two or three syllables ("Kazenvi"), `count` of them, distinct. */
function brandNames(count: number, random: Random): string[] {
  const names = new Set<string>();
  while (names.size < count) {
    const parts = Array.from({ length: random.int(2, 3) }, () => random.pick(SYLLABLES)).join("");
    names.add(parts[0].toUpperCase() + parts.slice(1));
  }
  return [...names];
}

/** A model number as makers write them: "SM-A546E", "KX-7290B", "VT 42QX". */
function modelNumber(brand: string, random: Random): string {
  const prefix = brand.slice(0, 2).toUpperCase();
  const letter = random.pick([...LETTERS]);
  const digits = String(random.int(10, 9999));
  const suffix = random.chance(0.6) ? random.pick([...LETTERS]) : "";
  return random.chance(0.8) ? `${prefix}-${letter}${digits}${suffix}` : `${prefix}${letter}${digits}${suffix}`;
}

function sizesFor(subType: string, random: Random): string[] {
  const scale = ["Sneakers", "Sandals"].includes(subType)
    ? SHOE_SIZES
    : ["Shirts", "T-Shirts", "Kurtas"].includes(subType)
      ? CLOTHING_SIZES
      : ["Smartphones", "Laptops"].includes(subType)
        ? CAPACITIES
        : ["One Size"];
  const count = Math.min(scale.length, random.int(1, 4));
  const start = random.int(0, scale.length - count);
  return scale.slice(start, start + count);
}

/** Product `index` of the vocabulary catalogue, as the import reads a product. */
export function vocabularyProduct(
  seed: number,
  index: number,
  brands: readonly string[],
  merchantIds: readonly string[],
): ProductInput {
  const random = createRandom(childSeed(seed, "vocabulary", index));
  const brand = brands[Math.floor(random.next() ** 2 * brands.length)]; // some brands sell far more than others
  const [category, subCategory, productType, productSubType] = random.pick(NOUNS);
  const colour = [random.pick(SHADES), random.pick(COLOURS)].filter(Boolean).join(" ");
  const material = random.pick(MATERIALS);
  const model = modelNumber(brand, random);
  // A maker's code per product, mostly unique: what makes a real vocabulary as big as its catalogue.
  const sku = `${random.pick([...LETTERS])}${random.int(100, 99999)}${random.pick([...LETTERS])}${random.int(0, 99)}`;
  const series = `${brand.slice(0, 1)}${random.int(1, 400)}${random.chance(0.5) ? random.pick(["pro", "max", "lite", "plus", "neo", "ultra"]) : ""}`;
  const sizes = sizesFor(productSubType, random);
  const noun = productSubType.toLowerCase();
  const mrp = random.int(199, 150_000);
  return {
    title: {
      shortTitle: `${brand} ${series} ${noun} ${model}`,
      longTitle: `${brand} ${series} ${colour} ${material} ${noun} ${model} (${sizes.join(", ")}) ${sku}`,
    },
    tagLine: `${random.pick(["Everyday", "Premium", "Festive", "Travel", "Office", "Studio"])} ${material} ${noun} in ${colour}`,
    description: "",
    brand,
    category,
    subCategory,
    productType,
    productSubType,
    hsn: undefined,
    gender: random.pick(GENDERS),
    merchantId: random.pick(merchantIds),
    variants: sizes.map((size) => ({
      size,
      mrp: mrp + random.int(0, 20) * 100,
      discount: random.int(0, 40),
      quantity: random.int(0, 50),
    })),
  };
}

/** Batches of this many products, one transaction each. */
const BATCH = 1000;

/** Writes `count` products of the vocabulary catalogue into an empty database (merchants included). */
export async function seedVocabularyCatalogue(
  db: Database,
  { products: count, seed = 1, now = new Date() }: { products: number; seed?: number; now?: Date },
): Promise<void> {
  const merchantRows = generateMerchants(seed, now);
  await db.insert(merchants).values(merchantRows);
  const merchantIds = merchantRows.map((m) => m.id!);
  const brands = brandNames(600, createRandom(childSeed(seed, "vocabulary-brands", 0)));
  for (let start = 0; start < count; start += BATCH) {
    const created = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => ({
      id: seededId(seed, "vocabulary", start + i),
      input: vocabularyProduct(seed, start + i, brands, merchantIds),
      hidden: false,
      createdAt: new Date(now.getTime() - (start + i) * 60_000),
    }));
    await db.transaction((tx) =>
      withListingDeferred(
        tx,
        created.map((c) => c.id),
        () => insertProducts(tx, created),
      ),
    );
  }
}

/** The brands of the vocabulary catalogue of `seed`, as seedVocabularyCatalogue names them. */
export function vocabularyBrands(seed = 1): string[] {
  return brandNames(600, createRandom(childSeed(seed, "vocabulary-brands", 0)));
}

type VocabularyRequest = {
  query: { search?: string; category?: string[]; gender?: string; priceRange?: { min?: number; max?: number } };
  options: { sort?: Record<string, 1 | -1>; page: number; limit: number };
};

const SORTS: (Record<string, 1 | -1> | undefined)[] = [
  undefined,
  undefined,
  { price: 1 },
  { price: -1 },
  { rating: -1 },
];

/**
 * Shoppers' list requests on the vocabulary catalogue, distinct: what they type comes from a
 * product of it (a model number or its first characters, a brand, a colour and a noun, a
 * material, a series), sometimes with a category, gender or price, every sort, pages 1–3.
 */
export function vocabularyRequests(
  count: number,
  requestSeed = 2025,
  seed = 1,
  products = 100_000,
): VocabularyRequest[] {
  const random = createRandom(requestSeed);
  const brands = vocabularyBrands(seed);
  const merchantIds = ["0"];
  const seen = new Set<string>();
  const requests: VocabularyRequest[] = [];
  while (requests.length < count) {
    const product = vocabularyProduct(seed, random.int(0, products - 1), brands, merchantIds);
    const words = product.title.longTitle.toLowerCase().split(" ");
    const model = product.title.shortTitle.split(" ").at(-1)!;
    const noun = product.productSubType.toLowerCase();
    const search = random.pick([
      model,
      model.slice(0, random.int(3, model.length - 1)),
      product.brand,
      `${product.brand} ${noun}`,
      `${words[2]} ${noun}`,
      `${random.pick(words.slice(1, 4))} ${noun}`,
      words[1],
      noun,
    ]);
    const request: VocabularyRequest = {
      query: { search },
      options: { sort: random.pick(SORTS), page: random.chance(0.8) ? 1 : random.int(2, 3), limit: 20 },
    };
    if (random.chance(0.2)) request.query.category = [product.category];
    if (random.chance(0.1)) request.query.gender = product.gender;
    if (random.chance(0.15)) request.query.priceRange = { max: random.pick([999, 4999, 19_999]) };
    const key = JSON.stringify(request);
    if (seen.has(key)) continue;
    seen.add(key);
    requests.push(request);
  }
  return requests;
}

/** A word of the vocabulary with one edit, deterministic: a letter dropped, doubled, or two swapped. */
function misspelt(word: string, kind: number): string {
  const at = 1 + (word.length % Math.max(1, word.length - 2));
  if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 1) return word.slice(0, at) + word[at] + word.slice(at);
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

/**
 * The typo set of the vocabulary catalogue: its colours, materials and nouns, each misspelt one
 * way, with the word meant. Found when page 1 holds a product whose title has the word.
 */
export function vocabularyTypos(): { query: string; word: string }[] {
  const words = [
    ...COLOURS,
    ...MATERIALS.filter((m) => !m.includes("-")),
    "headphones",
    "sneakers",
    "backpacks",
    "cushions",
  ];
  return words
    .filter((word) => word.length >= 5)
    .map((word, i) => ({ query: misspelt(word, i % 3), word }))
    .filter(({ query, word }) => query !== word);
}
