import { and, asc, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Transaction } from "../../db/client";
import { compareItems, users, type wishlistItems } from "../../db/schema";
import { loadProducts, type ProductJson } from "./catalogue";
import { productIdSchema } from "../http/line-schemas";

/** `{productId}`: what adding to or removing from a list (wishlist, compare) sends. */
export const listProductSchema = z.object({ productId: productIdSchema });

/** An entry of a shopper's product list (wishlist, compare) as the API answers it. */
export type ProductListEntryJson = {
  /** A list holds a product once, so the product id names the entry too. */
  _id: string;
  productId: ProductJson;
  createdAt: string;
};

/** The entries with their products populated, in the rows' order; a product gone from the catalogue is left out. */
export async function populateEntries(
  db: Database,
  rows: { productId: string; createdAt: Date }[],
): Promise<ProductListEntryJson[]> {
  // Like a cart line, an entry keeps a product an admin hid since; adding one is refused.
  const catalogue = await loadProducts(
    db,
    rows.map((row) => row.productId),
    { includeHidden: true },
  );
  return rows.flatMap((row) => {
    const product = catalogue.get(row.productId);
    return product ? [{ _id: row.productId, productId: product, createdAt: row.createdAt.toISOString() }] : [];
  });
}

type Executor = Database | Transaction;

/** The tables of the shopper's product lists: one row per shopper and product, with when it was added. */
type ListTable = typeof wishlistItems | typeof compareItems;

/**
 * The reads and writes both product lists share (wishlist newest first, compare oldest first);
 * each list's own rules (compare's four places) are its route's.
 */
export function productList(table: ListTable, order: "newest first" | "oldest first") {
  const mine = (userId: string) => eq(table.userId, userId);
  const entry = (userId: string, productId: string) => and(eq(table.userId, userId), eq(table.productId, productId));
  const by =
    order === "newest first"
      ? [desc(table.createdAt), desc(table.productId)]
      : [asc(table.createdAt), asc(table.productId)];
  return {
    async count(db: Executor, userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(table)
        .where(mine(userId));
      return row?.count ?? 0;
    },
    /** The entries in the list's order; a page of them with `page`. */
    entries(db: Executor, userId: string, page?: { limit: number; offset: number }) {
      const query = db
        .select({ productId: table.productId, createdAt: table.createdAt })
        .from(table)
        .where(mine(userId))
        .orderBy(...by);
      return page ? query.limit(page.limit).offset(page.offset) : query;
    },
    /** Adds the product unless it is there already; answers whether it was added and the entry's date. */
    async add(db: Executor, userId: string, productId: string, createdAt: Date) {
      const [inserted] = await db
        .insert(table)
        .values({ userId, productId, createdAt })
        .onConflictDoNothing()
        .returning({ createdAt: table.createdAt });
      if (inserted) return { added: true, createdAt: inserted.createdAt };
      const [existing] = await db.select({ createdAt: table.createdAt }).from(table).where(entry(userId, productId));
      return { added: false, createdAt: existing?.createdAt ?? createdAt };
    },
    /** Removes the product; answers whether it was there. */
    async remove(db: Executor, userId: string, productId: string): Promise<boolean> {
      const removed = await db.delete(table).where(entry(userId, productId)).returning({ productId: table.productId });
      return removed.length > 0;
    },
    async clear(db: Executor, userId: string): Promise<void> {
      await db.delete(table).where(mine(userId));
    },
  };
}

/** Products /compare lines up side by side: adding a fifth replaces the oldest. */
export const maxCompareItems = 4;

export const compareList = productList(compareItems, "oldest first");

/**
 * Adds a product to the shopper's compare list, taking the oldest out when all four places are
 * taken. One add at a time per shopper (the user's row is locked), so two quick adds cannot both
 * take the fourth place. Answers whether it was added, the entry's date, the product taken out
 * (null when there was room) and how many the list now holds.
 */
export async function addToCompare(db: Database, userId: string, productId: string, now: Date) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    const entries = await compareList.entries(tx, userId);
    const existing = entries.find((entry) => entry.productId === productId);
    if (existing) return { added: false, createdAt: existing.createdAt, replacedId: null, count: entries.length };
    const replaced = entries.length >= maxCompareItems ? entries.slice(0, entries.length - maxCompareItems + 1) : [];
    for (const entry of replaced) await compareList.remove(tx, userId, entry.productId);
    // Strictly after the newest entry, so "the oldest" is always one product even within one millisecond.
    const newest = entries.at(-1)?.createdAt.getTime() ?? 0;
    const { createdAt } = await compareList.add(tx, userId, productId, new Date(Math.max(now.getTime(), newest + 1)));
    return {
      added: true,
      createdAt,
      replacedId: replaced[0]?.productId ?? null,
      count: entries.length - replaced.length + 1,
    };
  });
}
