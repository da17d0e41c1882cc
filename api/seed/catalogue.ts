import { count, getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import {
  cartItems,
  compareItems,
  creditNotes,
  documentCounters,
  feeInvoices,
  invoices,
  merchants,
  messages,
  webhookDeliveries,
  orderItems,
  orders,
  productListing,
  productMedia,
  products,
  reviewMedia,
  reviewPhotoUploads,
  reviewRemovals,
  reviewReports,
  reviewVotes,
  reviews,
  searchTerms,
  users,
  variants,
  wishlistItems,
} from "../db/schema";
import { bumpCatalogueVersion } from "../platform/catalogue-version";
import { buildSearchText, listingTerms } from "../lib/search/search-text";
import { ARTWORK_PALETTES, ARTWORK_VIEWS, artworkName } from "./artwork";
import { FAMILIES, type Gender, MERCHANTS, type ProductFamily } from "./families";
import { childSeed, createRandom, type Random, seededId, shuffled } from "./random";
import { ratingFrom, sampleReviews } from "./sample-reviews";
import { sellingPrice } from "../contract";
import { hsnForClassification } from "../lib/tax/gst";

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
};

export type SeedResult = { merchants: number; products: number };

export type RemovedRows = {
  products: number;
  variants: number;
  merchants: number;
  orders: number;
  orderItems: number;
  cartItems: number;
  wishlistItems: number;
  compareItems: number;
};

type MerchantRow = typeof merchants.$inferInsert;
type ProductRow = typeof products.$inferInsert;
type VariantRow = typeof variants.$inferInsert;
type ReviewRow = typeof reviews.$inferInsert;
type ListingRow = typeof productListing.$inferInsert;
type SearchTermRow = typeof searchTerms.$inferInsert;

const DAY_MS = 24 * 60 * 60 * 1000;
const MIN_MRP = 199;
const MAX_MRP = 150_000;
const MAX_DISCOUNT = 70;
/** Products per INSERT (their variants go in one more). */
const PRODUCT_BATCH = 2000;

type Resolved = { products: number; seed: number; now: Date };

function resolveOptions(options: SeedOptions): Resolved {
  const resolved = {
    products: options.products ?? DEFAULT_PRODUCTS,
    seed: options.seed ?? DEFAULT_SEED,
    now: options.now ?? new Date(),
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
    const plusFrom = family.sizes.indexOf("XXL");
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
  const wanted = Math.min(family.sizes.length, random.pick([1, 2, 3, 3, 4, 4]));
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

  const reviewRows = sampleReviews(seed, index, productId, targetRating, createdAt, now);

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
    // From the sample reviews, as api/lib/reviews/ratings.ts computes them from published reviews.
    ...ratingFrom(reviewRows),
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

/** From this many products on, indexes are dropped during the load and rebuilt after it. */
const BULK_LOAD_FROM = 10_000;

/** The tables of the catalogue whose secondary indexes a bulk load drops and rebuilds. */
const BULK_LOADED = [products, variants, productListing, searchTerms, reviews];

type IndexDefinition = { name: string; definition: string };

/**
 * Drops the secondary indexes of the catalogue's tables (not those behind primary keys or
 * constraints) and answers their definitions. Building an index once over 100,000 rows
 * is about a third faster on PGlite than updating it row by row; the caller's
 * transaction puts the indexes back if anything fails.
 */
async function dropSecondaryIndexes(db: Database): Promise<IndexDefinition[]> {
  const tables = sql.join(
    BULK_LOADED.map((table) => sql`${getTableName(table)}::regclass`),
    sql`, `,
  );
  // Both drivers (PGlite and node-postgres) answer `{ rows }`.
  const { rows: indexes } = (await db.execute(sql`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    WHERE i.indrelid IN (${tables})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
    ORDER BY 1`)) as unknown as { rows: IndexDefinition[] };
  for (const index of indexes) await db.execute(sql.raw(`DROP INDEX ${index.name}`));
  return indexes;
}

/**
 * The triggers that keep product_listing in step with inserted products and variants, and
 * search_terms.product_count with inserted listing rows (migration 0002). The seed writes the
 * listing and the counts itself, much faster than the triggers' SQL (5 s against 15 s for
 * 100,000 products on PGlite), so it turns them off meanwhile; ALTER TABLE is transactional,
 * so a failed seed leaves them on.
 */
const LISTING_INSERT_TRIGGERS = [
  [products, "product_listing_products_insert"],
  [variants, "product_listing_variants_insert"],
  [productListing, "search_terms_count_insert"],
] as const;

async function setListingTriggers(db: Database, enabled: boolean): Promise<void> {
  for (const [table, trigger] of LISTING_INSERT_TRIGGERS) {
    await db.execute(
      sql`ALTER TABLE ${table} ${sql.raw(enabled ? "ENABLE" : "DISABLE")} TRIGGER ${sql.identifier(trigger)}`,
    );
  }
}

/**
 * INSERT … SELECT FROM unnest($1::text[], $2::integer[], …): one array parameter per column.
 * Drizzle's multi-row VALUES needs a parameter per value, and building those took about a
 * third of the time of a 100,000-product seed. An array column (product_listing.terms) goes
 * as the text of each array, since unnest would flatten an array of arrays.
 */
async function insertRows<T extends PgTable>(db: Database, table: T, rows: T["$inferInsert"][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table));
  const names = columns.map(([, column]) => sql.identifier(column.name));
  const arrays = columns.map(([key, column]) => {
    const isArray = column.getSQLType().endsWith("[]");
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      if (value === null || value === undefined) return null;
      return isArray ? `{${(value as unknown[]).join(",")}}` : column.mapToDriverValue(value);
    });
    return sql`${sql.param(values)}::${sql.raw(isArray ? "text" : column.getSQLType())}[]`;
  });
  const selected = columns.map(([, column]) =>
    column.getSQLType().endsWith("[]")
      ? sql`${sql.identifier(column.name)}::${sql.raw(column.getSQLType())}`
      : sql.identifier(column.name),
  );
  await db.execute(sql`
    INSERT INTO ${table} (${sql.join(names, sql`, `)})
    SELECT ${sql.join(selected, sql`, `)} FROM unnest(${sql.join(arrays, sql`, `)}) AS r (${sql.join(names, sql`, `)})`);
}

/**
 * Collects product_listing's rows and the search_terms vocabulary while the products are
 * generated: the same rows product_listing_refresh (migration 0002) would make, with the
 * vocabulary numbered in the order its terms are first met and each term's product count.
 */
class ListingBuilder {
  readonly terms: SearchTermRow[] = [];
  private readonly ids = new Map<string, number>();
  private readonly rows: { row: ListingRow; cluster: string }[] = [];

  private idOf(kind: string, term: string): number {
    const key = `${kind}\u0000${term}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.terms.length + 1;
      this.ids.set(key, id);
      this.terms.push({ id, kind, term, productCount: 0 });
    }
    return id;
  }

  add(product: ProductRow, productVariants: VariantRow[]): void {
    const termIds = listingTerms({ ...product, variants: productVariants }).map(([kind, term]) => {
      const id = this.idOf(kind, term);
      this.terms[id - 1].productCount! += 1;
      return id;
    });
    const costs = [...new Set(productVariants.map((v) => v.cost))].sort((a, b) => a - b);
    // size × 2³² + cost: see product_listing.size_costs.
    const sizeCosts = productVariants.map((v) => (BigInt(this.idOf("size", v.size)) << 32n) + BigInt(v.cost));
    this.rows.push({
      row: {
        productId: product.id,
        createdAt: product.createdAt!,
        price: product.price,
        discount: product.discount,
        ratingValue: product.ratingValue,
        shortTitle: product.shortTitle,
        minCost: costs.length > 0 ? costs[0] : null,
        maxCost: costs.length > 0 ? costs[costs.length - 1] : null,
        costRanges: `{${costs.map((cost) => `[${cost},${cost}]`).join(",")}}`,
        sizeCosts: `{${sizeCosts.map((point) => `[${point},${point}]`).join(",")}}`,
        terms: termIds.sort((a, b) => a - b),
      },
      // Rows of a kind of product sit together on disk: a search or filter matches mostly
      // products of a few kinds, so its matches fill fewer pages (in the benchmark at 100,000
      // products, p50 6 ms and p95 13 ms against 9 and 17 ms in the order of generation).
      cluster: [
        product.category,
        product.subCategory,
        product.productType,
        product.productSubType,
        product.brand,
        product.id,
      ].join("\u0000"),
    });
  }

  /** The rows in the order to write them. */
  sortedRows(): ListingRow[] {
    return this.rows.sort((a, b) => (a.cluster < b.cluster ? -1 : a.cluster > b.cluster ? 1 : 0)).map((r) => r.row);
  }
}

async function insertCatalogue(db: Database, options: Resolved): Promise<SeedResult> {
  // The vocabulary is numbered afresh below. With no products (the only way here), any terms
  // left in it are held by no listing row.
  await db.execute(sql`TRUNCATE ${searchTerms} RESTART IDENTITY`);
  const dropped = options.products >= BULK_LOAD_FROM ? await dropSecondaryIndexes(db) : [];
  await setListingTriggers(db, false);
  const merchantRows = generateMerchants(options.seed, options.now);
  await db.insert(merchants).values(merchantRows);
  const listing = new ListingBuilder();
  let productBatch: ProductRow[] = [];
  let variantBatch: VariantRow[] = [];
  let reviewBatch: ReviewRow[] = [];
  let inserted = 0;
  const flush = async () => {
    await insertRows(db, products, productBatch);
    await insertRows(db, variants, variantBatch);
    await insertRows(db, reviews, reviewBatch);
    inserted += productBatch.length;
    productBatch = [];
    variantBatch = [];
    reviewBatch = [];
  };
  for (const row of generateProducts(options, merchantRows)) {
    productBatch.push(row.product);
    variantBatch.push(...row.variants);
    reviewBatch.push(...row.reviews);
    listing.add(row.product, row.variants);
    if (productBatch.length >= PRODUCT_BATCH) await flush();
  }
  await flush();

  await insertRows(db, searchTerms, listing.terms);
  // The ids were given above: move the identity past them for terms added later by the triggers.
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence(${getTableName(searchTerms)}, 'id'), ${listing.terms.length})`,
  );
  const listingRows = listing.sortedRows();
  for (let start = 0; start < listingRows.length; start += PRODUCT_BATCH) {
    await insertRows(db, productListing, listingRows.slice(start, start + PRODUCT_BATCH));
  }
  await setListingTriggers(db, true);

  for (const index of dropped) await db.execute(sql.raw(index.definition));
  // PGlite has no autovacuum to gather statistics: without them the planner guesses row
  // counts of a freshly loaded table and may skip the indexes the product list relies on.
  await db.execute(sql`ANALYZE ${merchants}, ${products}, ${variants}, ${productListing}, ${searchTerms}, ${reviews}`);
  return { merchants: merchantRows.length, products: inserted };
}

/** True when there are no products and no merchants: the state in which the server seeds on start. */
export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  if (product) return false;
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).limit(1);
  return !merchant;
}

/** Seeds an empty catalogue in one transaction; throws if the catalogue is not empty. */
export async function seedCatalogue(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const resolved = resolveOptions(options);
  return db.transaction(async (tx) => {
    if (!(await isCatalogueEmpty(tx))) {
      throw new Error("The catalogue is not empty: run `npm run seed` to replace it.");
    }
    return insertCatalogue(tx, resolved);
  });
}

/**
 * Deletes the whole catalogue and everything that refers to it: every order (its lines
 * name products), cart line and wishlist entry. Users and their addresses stay.
 */
async function deleteCatalogue(db: Database): Promise<RemovedRows> {
  const countOf = async (table: PgTable) => {
    const [row] = await db.select({ n: count() }).from(table);
    return Number(row.n);
  };
  const removed: RemovedRows = {
    products: await countOf(products),
    variants: await countOf(variants),
    merchants: await countOf(merchants),
    orders: await countOf(orders),
    orderItems: await countOf(orderItems),
    cartItems: await countOf(cartItems),
    wishlistItems: await countOf(wishlistItems),
    compareItems: await countOf(compareItems),
  };
  // TRUNCATE, not DELETE: PGlite has no autovacuum, so deleted rows would stay on disk and
  // every reseed would grow the data directory. Without CASCADE, a table added later that
  // refers to these makes the reseed fail (and roll back) rather than silently emptying it.
  // The listing and its vocabulary are derived from the catalogue and go with it; the orders'
  // invoices go with the orders, and their numbering starts again; so do the messages (about
  // those orders, or to shoppers of a shop being replaced) and the webhook deliveries (about
  // those orders; the endpoints stay). Reviews (the sample ones and shoppers'), and the shop's
  // removals of shoppers' reviews, are of the products.
  await db.execute(sql`
    TRUNCATE ${messages}, ${webhookDeliveries}, ${invoices}, ${feeInvoices}, ${creditNotes}, ${documentCounters}, ${orderItems}, ${orders}, ${cartItems}, ${wishlistItems}, ${compareItems}, ${productListing}, ${searchTerms},
      ${reviewVotes}, ${reviewReports}, ${reviewMedia}, ${reviewPhotoUploads}, ${reviewRemovals}, ${reviews},
      ${productMedia}, ${variants}, ${products}, ${merchants} RESTART IDENTITY`);
  return removed;
}

/** What shoppers made: a reseed deletes their orders, carts, wishlists and compare lists (accounts stay). */
export type ShopperData = {
  accounts: number;
  orders: number;
  cartLines: number;
  wishlistEntries: number;
  comparedProducts: number;
};

/** Counts what shoppers made, so that `npm run seed` refuses to replace a catalogue in use without --force. */
export async function countShopperData(db: Database): Promise<ShopperData> {
  const countOf = async (table: PgTable) => {
    const [row] = await db.select({ n: count() }).from(table);
    return Number(row.n);
  };
  return {
    accounts: await countOf(users),
    orders: await countOf(orders),
    cartLines: await countOf(cartItems),
    wishlistEntries: await countOf(wishlistItems),
    comparedProducts: await countOf(compareItems),
  };
}

/** Replaces whatever catalogue there is with a freshly seeded one, in one transaction (the `npm run seed` command). */
export async function replaceCatalogue(
  db: Database,
  options: SeedOptions = {},
): Promise<{ removed: RemovedRows; seeded: SeedResult }> {
  const resolved = resolveOptions(options);
  return db.transaction(async (tx) => {
    const removed = await deleteCatalogue(tx);
    const seeded = await insertCatalogue(tx, resolved);
    // A new catalogue: caches that compare the database's version see it (api/platform/catalogue-version.ts).
    await bumpCatalogueVersion(tx);
    return { removed, seeded };
  });
}

/**
 * After a bulk load: PGlite has no autovacuum, and without a vacuum the visibility map is
 * empty, so counts cannot use index-only scans. Runs outside any transaction.
 */
export async function vacuumCatalogue(db: Database): Promise<void> {
  await db.execute(sql`VACUUM ANALYZE ${merchants}, ${products}, ${variants}, ${productListing}, ${searchTerms}`);
}
