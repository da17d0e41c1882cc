import { and, eq, ne, notInArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { addresses, type OrderAddress } from "../../db/schema";
import { notFound } from "../http/http";
import { newId } from "../ids";
import { lockUser } from "./users";

// A shopper's saved addresses: the list `user/update` replaces and the primary one `user/activate` sets.

/** A saved address as `user/update` takes it (api/lib/accounts/address-input.ts checks its fields). */
export type SavedAddressInput = OrderAddress & {
  /** An id that is not one of the user's addresses (or no id) makes a new address. */
  _id?: string | null;
  isActive?: boolean | null;
};

/**
 * Replaces the user's address list with `list`, keeping the ids of their addresses that are sent
 * back. Exactly one address ends up active when the list is not empty: the one marked
 * `isActive: true`, else the current primary if it is sent back without `isActive: false`, else
 * the first. Runs inside the caller's transaction, after the user row is locked.
 */
export async function replaceAddresses(tx: Transaction, userId: string, list: SavedAddressInput[]) {
  const existing = await tx
    .select({
      id: addresses.id,
      isActive: addresses.isActive,
      recipientName: addresses.recipientName,
      mobile: addresses.mobile,
      landmark: addresses.landmark,
      label: addresses.label,
    })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  const existingById = new Map(existing.map((a) => [a.id, a]));
  const kept = new Set<string>();
  const rows = list.map((a, position) => {
    const keepId = a._id && existingById.has(a._id) && !kept.has(a._id) ? a._id : null;
    if (keepId) kept.add(keepId);
    // The courier's fields a kept address is sent back without (a spec client's) stay as saved;
    // null clears them.
    const before = keepId ? existingById.get(keepId) : undefined;
    return {
      row: {
        id: keepId ?? newId(),
        userId,
        position,
        locality: a.locality,
        city: a.city,
        state: a.state,
        zipcode: a.zipcode,
        country: a.country,
        recipientName: a.name !== undefined ? a.name : (before?.recipientName ?? null),
        mobile: a.mobile !== undefined ? a.mobile : (before?.mobile ?? null),
        landmark: a.landmark !== undefined ? a.landmark : (before?.landmark ?? null),
        label: a.label !== undefined ? a.label : (before?.label ?? null),
        isActive: false,
      },
      wasActive: keepId ? existingById.get(keepId)!.isActive : false,
      wants: a.isActive,
    };
  });
  let active = rows.findIndex((r) => r.wants === true);
  if (active < 0) active = rows.findIndex((r) => r.wasActive && r.wants !== false);
  if (active < 0 && rows.length > 0) active = 0;
  if (active >= 0) rows[active].row.isActive = true;

  // The partial unique index allows one active address per user at every statement, so the
  // old primary is cleared before the new one is written.
  await tx
    .update(addresses)
    .set({ isActive: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isActive, true)));
  await tx
    .delete(addresses)
    .where(
      kept.size > 0
        ? and(eq(addresses.userId, userId), notInArray(addresses.id, [...kept]))
        : eq(addresses.userId, userId),
    );
  if (rows.length === 0) return;
  await tx
    .insert(addresses)
    .values(rows.map((r) => r.row))
    .onConflictDoUpdate({
      target: addresses.id,
      set: {
        position: sql`excluded.position`,
        locality: sql`excluded.locality`,
        city: sql`excluded.city`,
        state: sql`excluded.state`,
        zipcode: sql`excluded.zipcode`,
        country: sql`excluded.country`,
        recipientName: sql`excluded.recipient_name`,
        mobile: sql`excluded.mobile`,
        landmark: sql`excluded.landmark`,
        label: sql`excluded.label`,
        isActive: sql`excluded.is_active`,
      },
      // Only ids already checked to be this user's reach here; the guard keeps it so regardless.
      setWhere: sql`${addresses.userId} = excluded.user_id`,
    });
}

/**
 * Makes one of the user's addresses their primary one, under the lock on the user's row that
 * `user/update` takes too. Someone else's address, or none, is 404 "Address not found".
 */
export async function setPrimaryAddress(db: Database, userId: string, addressId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [address] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .limit(1);
    if (!address) throw notFound("Address not found");
    await tx
      .update(addresses)
      .set({ isActive: false })
      .where(and(eq(addresses.userId, userId), eq(addresses.isActive, true), ne(addresses.id, addressId)));
    await tx.update(addresses).set({ isActive: true }).where(eq(addresses.id, addressId));
  });
}
