import type { merchants, products, reviews, variants } from "../db/schema";
import { buildSearchText } from "../lib/search/search-text";
import { ARTWORK_PALETTES, ARTWORK_VIEWS, artworkName } from "./artwork";
import { FAMILIES, type Gender, MERCHANTS, type ProductFamily } from "./families";
import { childSeed, createRandom, type Random, seededId, shuffled } from "./random";
import { sampleReviews } from "./sample-reviews";
import { sellingPrice } from "../contract";
import { hsnForClassification } from "../lib/tax/gst";

/*
 * The seeded catalogue's rows, made from a seed: merchants, and products with their variants and
 * sample reviews. Written to the database by bulk-load.ts; the commands are in catalogue.ts.
 */

export const DEFAULT_PRODUCTS = 240;
export const DEFAULT_SEED = 1;
/** Upper bound for `--products`: far beyond the 100,000 of the benchmarks, and still a sane memory use. */
export const MAX_PRODUCTS = 1_000_000;

export type SeedOptions = {
  /** How many products (default 240). */
  products?: number;
  /** Seed of the pseudo-random generator (default 1): the same options give the same catalogue. */
  seed?: number;
  /** Products are dated over the 90 days before this moment (default: the current time). */
  now?: Date;
  /** False seeds no sample reviews (`npm run seed -- --no-sample-reviews`); default true. */
  sampleReviews?: boolean;
};

export type SeedResult = { merchants: number; products: number };

export type MerchantRow = typeof merchants.$inferInsert;
export type ProductRow = typeof products.$inferInsert;
export type VariantRow = typeof variants.$inferInsert;
export type ReviewRow = typeof reviews.$inferInsert;

const DAY_MS = 24 * 60 * 60 * 1000;
const MIN_MRP = 199;
const MAX_MRP = 150_000;
const MAX_DISCOUNT = 70;

export type Resolved = { products: number; seed: number; now: Date; sampleReviews: boolean };

export function resolveOptions(options: SeedOptions): Resolved {
  const resolved = {
    products: options.products ?? DEFAULT_PRODUCTS,
    seed: options.seed ?? DEFAULT_SEED,
    now: options.now ?? new Date(),
    sampleReviews: options.sampleReviews ?? true,
  };
  if (!Number.isInteger(resolved.products) || resolved.products < 1 || resolved.products > MAX_PRODUCTS) {
    throw new RangeError(`products must be a whole number from 1 to ${MAX_PRODUCTS}, not ${resolved.products}`);
  }
  if (!Number.isInteger(resolved.seed) || resolved.seed < 0 || resolved.seed > 0xffffffff) {
    throw new RangeError(`seed must be a whole number from 0 to ${0xffffffff}, not ${resolved.seed}`);
  }
  if (Number.isNaN(resolved.now.getTime())) throw new RangeError("now must be a valid date");
  return resolved;
}

export function generateMerchants(seed: number, now: Date): MerchantRow[] {
  const phones = new Set<string>();
  return MERCHANTS.map((m, index) => {
    const random = createRandom(childSeed(seed, "merchant", index));
    // Phones must be unique: the product search finds a merchant by an all-digit term.
    let phone: string;
    do {
      phone = String(random.int(6, 9)) + String(random.int(0, 999_999_999)).padStart(9, "0");
    } while (phones.has(phone));
    phones.add(phone);
    return {
      id: seededId(seed, "merchant", index),
      companyName: m.companyName,
      name: m.name,
      contactPhone: phone,
      contactEmail: m.email,
      gstin: m.gstin,
      state: m.state,
      address: m.address,
      // Merchants joined the shop well before the oldest product was listed.
      createdAt: new Date(now.getTime() - (120 + random.int(0, 600)) * DAY_MS),
    };
  });
}

/** Indian shop prices: ₹499, ₹1,299, ₹34,999, never outside ₹199..₹1,50,000. */
function shopPrice(rupees: number): number {
  const unit = rupees < 10_000 ? 100 : 1000;
  const price = Math.round(rupees / unit) * unit - 1;
  return Math.min(MAX_MRP - 1, Math.max(MIN_MRP, price));
}

function variantMrps(family: ProductFamily, sizes: string[], firstMrp: number, random: Random): number[] {
  const pricing = family.sizePricing;
  let mrps: number[];
  if (pricing.kind === "scale") {
    mrps = sizes.map((_, i) => firstMrp * (1 + pricing.step) ** i);
  } else if (pricing.kind === "plus" && random.chance(0.5)) {
    const plusFrom = family.sizes.indexOf(pricing.from);
    mrps = sizes.map((size) => (family.sizes.indexOf(size) >= plusFrom ? firstMrp + pricing.extra : firstMrp));
  } else {
    mrps = sizes.map(() => firstMrp);
  }
  // A big OLED in its largest size would pass the ₹1,50,000 ceiling: scale the whole ladder down instead.
  const top = Math.max(...mrps);
  const factor = top > MAX_MRP - 1 ? (MAX_MRP - 1) / top : 1;
  return mrps.map((mrp) => shopPrice(mrp * factor));
}

function stockLevel(random: Random): number {
  const roll = random.next();
  if (roll < 0.04) return 0;
  if (roll < 0.18) return random.int(1, 9);
  return random.int(10, 200);
}

function productCopy(
  family: ProductFamily,
  brand: string,
  modelName: string,
  noun: string,
  gender: Gender,
  colour: string,
  sizes: string[],
  random: Random,
) {
  const genderWord = gender === "men" ? "Men's " : gender === "women" ? "Women's " : "";
  const shortTitle = `${brand} ${genderWord}${modelName} ${noun}`;
  const features = shuffled(family.features, random).slice(0, random.int(2, 3));
  const longTitle = family.colourInTitle
    ? `${shortTitle} with ${features.join(", ")} (${colour})`
    : `${shortTitle} with ${features.join(", ")}`;
  const context = { brand, model: modelName, noun, colour, gender, sizes };
  const featureSentence = `Highlights: ${features.join(", ")}.`;
  const description = [random.pick(family.about)(context), featureSentence, random.pick(family.closing)(context)].join(
    " ",
  );
  return { shortTitle, longTitle, tagLine: random.pick(family.tagLines), description };
}

type Cursor = { deckRound: number; deck: number[]; position: number; perFamily: number[] };

/**
 * Families come from a deck holding each family `weight` times, reshuffled every round: the
 * mix stays realistic (more t-shirts than soundbars) and every family gets at least
 * `rounds × weight` products, which is what guarantees that a 240-product catalogue
 * covers every brand, gender and size (they rotate within a family, below).
 */
function nextFamily(seed: number, cursor: Cursor): { familyIndex: number; nth: number } {
  if (cursor.position >= cursor.deck.length) {
    const base = FAMILIES.flatMap((family, index) => Array<number>(family.weight).fill(index));
    cursor.deck = shuffled(base, createRandom(childSeed(seed, "deck", cursor.deckRound)));
    cursor.deckRound++;
    cursor.position = 0;
  }
  const familyIndex = cursor.deck[cursor.position++];
  const nth = cursor.perFamily[familyIndex]++;
  return { familyIndex, nth };
}

function generateProduct(
  seed: number,
  index: number,
  now: Date,
  familyIndex: number,
  nth: number,
  merchantIds: Map<string, string>,
) {
  const family = FAMILIES[familyIndex];
  const random = createRandom(childSeed(seed, "product", index));
  const rotation = childSeed(seed, "rotation", familyIndex);

  const [brand, models] = family.brands[(nth + rotation) % family.brands.length];
  const gender = family.genders[(nth + Math.floor(nth / family.brands.length) + rotation) % family.genders.length];
  const model = random.pick(models);
  const noun = model.noun ?? family.noun;

  // A run of neighbouring sizes whose start rotates, so every size of the scale gets sold.
  // Clothes and shoes come in most of their scale (a shopper must find their size), the rest in 1 to 4.
  const [fewest, most] = family.run ?? [1, 4];
  const wanted = Math.min(family.sizes.length, fewest + Math.floor(random.next() * (most - fewest + 1)));
  const start = Math.min((nth + (rotation >>> 8)) % family.sizes.length, family.sizes.length - wanted);
  const sizes = family.sizes.slice(start, start + wanted);

  const paletteIndex = random.pick(family.palettes);
  const colour = ARTWORK_PALETTES[paletteIndex].name;
  const imageCount = random.int(2, Math.min(4, ARTWORK_VIEWS));
  const images = Array.from({ length: imageCount }, (_, view) => ({
    path: `/media/art/${artworkName(family.art, paletteIndex, view)}.svg`,
  }));

  const [low, high] = model.mrp;
  const mrps = variantMrps(family, sizes, low + random.next() * (high - low), random);
  const baseDiscount = random.chance(0.12) ? 0 : random.int(5, Math.min(family.maxDiscount, MAX_DISCOUNT));
  // Now and then one size is on a deeper or shallower offer, so the product's discount is the best of its variants.
  const oddOne = baseDiscount > 0 && sizes.length > 1 && random.chance(0.25) ? random.int(0, sizes.length - 1) : -1;
  const oddDiscount = Math.max(0, Math.min(MAX_DISCOUNT, baseDiscount + random.pick([-5, 5, 10])));
  const soldOut = random.chance(0.05);

  const productId = seededId(seed, "product", index);
  const variantRows: VariantRow[] = sizes.map((size, position) => {
    const discount = position === oddOne ? oddDiscount : baseDiscount;
    return {
      productId,
      size,
      position,
      quantity: soldOut ? 0 : stockLevel(random),
      mrp: mrps[position],
      cost: sellingPrice(mrps[position], discount),
      discount,
    };
  });

  // The rating its sample reviews aim at (3.0 to 5.0, mostly high), or none. The count drawn here
  // is no longer used (the reviews are), but drawing it keeps the rest of the product as it was.
  const rated = !random.chance(0.07);
  const targetRating = rated ? Math.round((5 - 2 * random.next() ** 1.6) * 10) / 10 : null;
  if (rated && !random.chance(0.05)) random.next();

  // Some products are new arrivals (the 7-day "New" badge); the rest spread over 90 days.
  const daysAgo = random.chance(0.06) ? random.next() * 7 : random.next() * 90;
  const createdAt = new Date(now.getTime() - Math.max(60_000, Math.floor(daysAgo * DAY_MS)));

  const reviewRows = sampleReviews(seed, index, { ...family, id: productId }, targetRating, createdAt, now);

  const copy = productCopy(family, brand, model.name, noun, gender, colour, sizes, random);
  const classification = {
    brand,
    category: family.category,
    subCategory: family.subCategory,
    productType: family.productType,
    productSubType: family.productSubType,
    gender,
  };
  const product: ProductRow = {
    id: productId,
    ...copy,
    ...classification,
    // The HSN code by product type; its GST rate follows from api/lib/tax/gst.ts's table.
    hsn: hsnForClassification(classification),
    merchantId: merchantIds.get(random.pick(family.merchants))!,
    images,
    // Sample reviews count in no rating (decision 047): a seeded product has none until shoppers review it.
    ratingValue: null,
    ratingCount: null,
    // Spelled out: insertRows writes every column, and a missing value would be NULL, not the default.
    hidden: false,
    price: Math.min(...variantRows.map((v) => v.cost)),
    discount: Math.max(...variantRows.map((v) => v.discount)),
    searchText: buildSearchText({ ...copy, ...classification }),
    createdAt,
  };
  return { product, variants: variantRows, reviews: reviewRows };
}

/**
 * The catalogue's products in order, generated lazily so that 100,000 products never sit
 * in memory at once. Product i depends only on the seed, i and `now`: a bigger catalogue
 * starts with the same products as a smaller one.
 */
export function* generateProducts(options: SeedOptions, merchantRows: MerchantRow[]) {
  const { products: total, seed, now } = resolveOptions(options);
  const merchantIds = new Map(MERCHANTS.map((m, i) => [m.key, merchantRows[i].id]));
  const cursor: Cursor = { deckRound: 0, deck: [], position: 0, perFamily: FAMILIES.map(() => 0) };
  for (let index = 0; index < total; index++) {
    const { familyIndex, nth } = nextFamily(seed, cursor);
    yield generateProduct(seed, index, now, familyIndex, nth, merchantIds);
  }
}
