import { type AnyColumn, and, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { addresses, type OrderAddress, users } from "../../db/schema";
import { maxAddresses } from "../accounts/address-input";
import { fieldErrorsResponse } from "../http/http";
import { newId } from "../ids";
import { withRecipient } from "./recipient";

/**
 * Where an order goes, as `order/create` was told:
 * - `primary`: nothing sent, the shopper's primary address;
 * - `given`: an address sent with the order, for this order only;
 * - `saved`: one of the shopper's saved addresses, by its id;
 * - `new`: an address typed at checkout, added to the shopper's addresses in the order's own
 *   transaction (unless the very same address is saved already, as when a checkout is sent twice).
 */
export type DeliveryChoice = (
  | { kind: "primary" }
  | { kind: "given"; address: OrderAddress }
  | { kind: "saved"; addressId: string }
  | { kind: "new"; address: OrderAddress }
) & {
  /** The mobile number for this order (E.164), sent beside the address: before the address's own. */
  mobile?: string | null;
};

/** Why an order without an address is refused when the shopper has no primary address either. */
export const NO_ADDRESS_MESSAGE =
  "Please add a delivery address: send one with the order, or save a primary address first.";

const fields = {
  locality: addresses.locality,
  city: addresses.city,
  state: addresses.state,
  zipcode: addresses.zipcode,
  country: addresses.country,
};
/** A saved address's fields as an order copies them. */
const savedFields = {
  ...fields,
  name: addresses.recipientName,
  mobile: addresses.mobile,
  landmark: addresses.landmark,
  label: addresses.label,
};

/** The same place, whatever the case and the spaces around each field. */
const sameText = (column: AnyColumn, value: string) => sql`lower(btrim(${column})) = lower(btrim(${value}))`;

/**
 * The address the order is delivered to, saving a new one; a field error when there is none to use.
 * With its recipient and mobile number (the account's when it has none; MOBILE_REQUIRED when neither
 * has one) and the state of its PIN (api/lib/orders/recipient.ts).
 */
export async function deliveryAddress(
  tx: Transaction | Database,
  userId: string,
  choice: DeliveryChoice,
): Promise<OrderAddress> {
  return withRecipient(tx, userId, await chosenAddress(tx, userId, choice), choice.mobile, choice.kind);
}

async function chosenAddress(
  tx: Transaction | Database,
  userId: string,
  choice: DeliveryChoice,
): Promise<OrderAddress> {
  const mine = eq(addresses.userId, userId);
  switch (choice.kind) {
    case "given":
      return choice.address;
    case "primary": {
      const [primary] = await tx
        .select(savedFields)
        .from(addresses)
        .where(and(mine, eq(addresses.isActive, true)))
        .limit(1);
      // A field error like any other refusal of the body: the client can show it at the address.
      if (!primary) throw fieldErrorsResponse([{ path: "address", message: NO_ADDRESS_MESSAGE }]);
      return primary as OrderAddress;
    }
    case "saved": {
      const [saved] = await tx
        .select(savedFields)
        .from(addresses)
        .where(and(mine, eq(addresses.id, choice.addressId)))
        .limit(1);
      // Someone else's address is as unknown as a missing one.
      if (!saved) throw fieldErrorsResponse([{ path: "addressId", message: "Choose a delivery address" }]);
      return saved as OrderAddress;
    }
    case "new":
      return saveNewAddress(tx, userId, choice.address);
  }
}

/**
 * Adds `address` to the shopper's addresses (their primary one when it is their first), or finds
 * the same one saved already. The user's row is locked first, as `user/update` locks it, so a
 * profile change and an order cannot both add the 21st address.
 */
async function saveNewAddress(tx: Transaction | Database, userId: string, address: OrderAddress) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const saved = await tx
    .select({
      position: addresses.position,
      same: sql<boolean>`${sql.join(
        (Object.keys(fields) as (keyof typeof fields)[]).map((field) => sameText(fields[field], address[field])),
        sql` and `,
      )}`,
    })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  if (saved.some((row) => row.same)) return address;
  if (saved.length >= maxAddresses) {
    throw fieldErrorsResponse([{ path: "address", message: `At most ${maxAddresses} addresses` }]);
  }
  const { name, pinState: _pinState, ...rest } = address;
  await tx.insert(addresses).values({
    id: newId(),
    userId,
    position: saved.reduce((last, row) => Math.max(last, row.position + 1), 0),
    ...rest,
    recipientName: name ?? null,
    isActive: saved.length === 0,
  });
  return address;
}
