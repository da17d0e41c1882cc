import { FAMILIES, type ProductFamily } from "../api/seed/families";
import { createRandom, type Random } from "../api/seed/random";

/**
 * Shoppers' product-list requests for the benchmark: a deterministic set of distinct
 * requests, so that no answer is measured twice in one pass and nothing (the database's
 * buffers, a plan, a count) is warmer than it would be for real traffic.
 *
 * Each request starts from a product family of the seeded catalogue (api/seed/families.ts),
 * picked by its share of the catalogue, so filters and search terms look like what someone
 * browsing that kind of product would send: "wireless earbuds" in Electronics under ₹5,000,
 * Nike in size M, "tv" by price. Some combinations match nothing, as real ones do. Pages 1–5
 * (mostly 1) of 20–32 products, every sort.
 */

export type ListRequest = {
  query: {
    search?: string;
    category?: string[];
    subCategory?: string[];
    brand?: string[];
    productType?: string[];
    productSubType?: string[];
    size?: string[];
    gender?: string;
    priceRange?: { min?: number; max?: number };
  };
  options: { sort?: Record<string, 1 | -1>; page: number; limit: number };
};

/** Words too common or too small to be what someone types into a shop's search box. */
const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "for",
  "in",
  "of",
  "on",
  "the",
  "to",
  "with",
  "your",
  "you",
  "it",
  "at",
  "all",
  "every",
  "set",
]);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s,()]+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}+]+$/gu, ""))
    .filter((w) => w.length >= 2 && !STOP_WORDS.has(w));
}

/** What a shopper may type for a product of a family: its brand, noun, model name and feature words. */
function searchTerm(family: ProductFamily, random: Random): string {
  const [brandName, models] = random.pick(family.brands);
  const model = random.pick(models);
  const brand = brandName.toLowerCase();
  const nouns = words(model.noun ?? family.noun);
  const noun = random.pick(nouns);
  const modelWord = random.pick(words(model.name).concat(nouns));
  const feature = random.pick(words(random.pick(family.features)).concat(nouns));
  const phrase = (...parts: string[]) => [...new Set(parts.flatMap((part) => part.split(" ")))].join(" ");
  // Words of one or two characters ("tv", "mi", "lg", "hd", "4k"), which the list matches at
  // the start of a word; a family without any gets its noun.
  const short = [brand, ...nouns, ...words(model.name)].filter((w) => w.length <= 2);
  switch (random.int(0, 10)) {
    case 0:
      return brand; // "boat", "mi", "lg": short brand names included
    case 1:
    case 2:
      return noun; // "tv", "jeans", "earbuds"
    case 3:
      return phrase(brand, noun); // "samsung tv"
    case 4:
      return phrase(feature, noun); // "wireless earbuds", "cotton t-shirt"
    case 5:
      return modelWord; // "rockerz", "bravia", "450"
    case 6:
      return phrase(brand, modelWord); // "sony wh-1000xm5"
    case 7:
      return feature; // "bluetooth", "cotton"
    case 8:
      return phrase(brand, feature, noun); // three words
    case 9:
      return short.length > 0 ? random.pick(short) : noun; // "tv", "mi"
    default:
      return family.category.toLowerCase(); // "electronics", "home decor"
  }
}

/** Price bands a shop's filter offers, and open-ended ones. */
const PRICE_BANDS: { min?: number; max?: number }[] = [
  { max: 499 },
  { min: 500, max: 999 },
  { min: 1000, max: 2999 },
  { min: 3000, max: 9999 },
  { min: 10000, max: 29999 },
  { min: 30000 },
  { max: 1999 },
  { min: 2000, max: 5000 },
];

/**
 * A price range: half the time a band from a shop's filter list, half the time what the
 * storefront's slider sends (₹100 steps from ₹200, either end sometimes left open).
 */
function priceRange(random: Random): { min?: number; max?: number } {
  if (random.chance(0.5)) return random.pick(PRICE_BANDS);
  const min = 100 * random.int(2, 200);
  const max = min + 100 * random.int(3, 300);
  const open = random.int(0, 4);
  return open === 0 ? { min } : open === 1 ? { max } : { min, max };
}

const SORTS: (Record<string, 1 | -1> | undefined)[] = [
  undefined, // the default: newest first
  { createdAt: -1 },
  { createdAt: 1 },
  { price: 1 },
  { price: -1 },
  { discount: -1 },
  { discount: 1 },
  { rating: -1 },
  { rating: 1 },
  { title: 1 },
  { title: -1 },
];

const LIMITS = [20, 24, 30, 32];

function sample<T>(items: readonly T[], count: number, random: Random): T[] {
  const pool = items.slice();
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(random.int(0, pool.length - 1), 1)[0]);
  return chosen;
}

function request(random: Random, deck: number[]): ListRequest {
  const family = FAMILIES[random.pick(deck)];
  const query: ListRequest["query"] = {};
  if (random.chance(0.7)) query.search = searchTerm(family, random);
  if (random.chance(0.35)) query.category = [family.category];
  if (random.chance(0.15)) query.subCategory = [family.subCategory];
  if (random.chance(0.1)) query.productType = [family.productType];
  if (random.chance(0.15)) query.productSubType = [family.productSubType];
  if (random.chance(0.25))
    query.brand = sample(
      family.brands.map(([b]) => b),
      random.int(1, 3),
      random,
    );
  if (random.chance(0.2)) query.size = sample(family.sizes, random.int(1, 2), random);
  if (random.chance(0.2)) query.gender = random.pick(family.genders);
  if (random.chance(0.3)) query.priceRange = priceRange(random);
  // A shop page with no filter and no search is the plain catalogue, not what this measures.
  if (Object.keys(query).length === 0) query.search = searchTerm(family, random);

  const sort = random.pick(SORTS);
  const page = random.chance(0.6) ? 1 : random.int(2, 5);
  const options: ListRequest["options"] = { page, limit: random.pick(LIMITS) };
  if (sort) options.sort = sort;
  return { query, options };
}

/** `count` distinct requests, the same for the same seed. */
export function shopperRequests(count: number, seed = 2025): ListRequest[] {
  const random = createRandom(seed);
  const deck = FAMILIES.flatMap((family, index) => Array<number>(family.weight).fill(index));
  const seen = new Set<string>();
  const requests: ListRequest[] = [];
  for (let attempt = 0; requests.length < count && attempt < count * 100; attempt++) {
    const r = request(random, deck);
    const key = JSON.stringify(r);
    if (seen.has(key)) continue;
    seen.add(key);
    requests.push(r);
  }
  return requests;
}
