import { count, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { type Database, lockFirstStart } from "../db/client";
import {
  cartPromotions,
  promotionCodes,
  promotionRedemptions,
  promotions,
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
import { insertCatalogue, type SeedResult } from "./bulk-load";
import { resolveOptions, type SeedOptions } from "./generate";

/*
 * The seeded catalogue's commands: seed an empty catalogue (the server on its first start),
 * replace one (`npm run seed`), and what they check and count. The rows are made in generate.ts
 * and written by bulk-load.ts.
 */

export { DEFAULT_PRODUCTS, DEFAULT_SEED, MAX_PRODUCTS, generateMerchants, generateProducts } from "./generate";
export type { SeedOptions } from "./generate";
export type { SeedResult } from "./bulk-load";

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

/** True when there are no products and no merchants: the state in which the server seeds on start. */
export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  if (product) return false;
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).limit(1);
  return !merchant;
}

/** Seeds an empty catalogue in one transaction; throws if the catalogue is not empty. */
export async function seedCatalogue(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const seeded = await seedIfEmpty(db, options);
  if (!seeded) throw new Error("The catalogue is not empty: run `npm run seed` to replace it.");
  return seeded;
}

/**
 * Seeds the catalogue if it is empty, in one transaction under the first start's advisory lock
 * (api/db/client.ts `lockFirstStart`): of several processes starting together on an empty
 * database (hosts behind a balancer), one seeds, and the others wait for its commit, find the
 * catalogue there and answer null.
 */
export async function seedIfEmpty(db: Database, options: SeedOptions = {}): Promise<SeedResult | null> {
  const resolved = resolveOptions(options);
  return db.transaction(async (tx) => {
    await lockFirstStart(tx);
    // Read committed: this reads after the lock was had, so it sees another process's seed.
    if (!(await isCatalogueEmpty(tx))) return null;
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
  // removals of shoppers' reviews, are of the products. Promotions go too: their uses are by
  // those orders, their scopes name those products, and their counts would be false after.
  await db.execute(sql`
    TRUNCATE ${promotionRedemptions}, ${promotionCodes}, ${cartPromotions}, ${promotions}, ${messages}, ${webhookDeliveries}, ${invoices}, ${feeInvoices}, ${creditNotes}, ${documentCounters}, ${orderItems}, ${orders}, ${cartItems}, ${wishlistItems}, ${compareItems}, ${productListing}, ${searchTerms},
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
    // Never beside a shop's first-start seed, nor another `npm run seed`.
    await lockFirstStart(tx);
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
