import { eq } from "drizzle-orm";
import { accountMobile, MOBILE_REQUIRED_MESSAGE } from "../../contract/mobile";
import type { Database, Transaction } from "../../db/client";
import { type OrderAddress, users } from "../../db/schema";
import { isIndia, stateProblem } from "../accounts/address-input";
import { fieldErrorsResponse } from "../http/http";
import { peekPin, statesOf } from "./pincode";

// Who receives an order and how the courier reaches them (DESIGN deviation 18): copied onto the
// order when it is placed, so the order keeps them whatever becomes of the address or the account.

/** The account's name as an order's recipient: its name, else its first and last names. */
function accountName(user: { name: string | null; firstName: string | null; lastName: string | null }) {
  return user.name?.trim() || [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || null;
}

/**
 * `address` with its recipient, mobile number, landmark and label, and `pinState`. The mobile
 * number is the one sent with the order (`mobile`), else the address's, else the account's phone
 * when it is a mobile number (a phone saved before the rule that is not is asked for again);
 * without any, MOBILE_REQUIRED 422 at the field the shopper fills (`address.mobile` for an address
 * typed with the order, else `mobile`).
 */
export async function withRecipient(
  tx: Transaction | Database,
  userId: string,
  address: OrderAddress,
  mobile: string | null | undefined,
  kind: "primary" | "given" | "saved" | "new",
): Promise<OrderAddress> {
  const [user] = await tx
    .select({
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      countryCode: users.countryCode,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const reachable = mobile || address.mobile || (user ? accountMobile(user.phone, user.countryCode) : null);
  if (!reachable) {
    const path = kind === "given" || kind === "new" ? "address.mobile" : "mobile";
    throw fieldErrorsResponse([{ path, message: MOBILE_REQUIRED_MESSAGE }], "MOBILE_REQUIRED");
  }
  // Only the fields it has: an order's address holds no nulls.
  const { name, landmark, label, pinState: _stale, ...place } = address;
  const recipient = name || (user ? accountName(user) : null);
  const pinState = pinStateOf(address);
  return {
    ...place,
    ...(recipient ? { name: recipient } : {}),
    mobile: reachable,
    ...(landmark ? { landmark } : {}),
    ...(label ? { label } : {}),
    ...(pinState ? { pinState } : {}),
  };
}

/**
 * The state of the address's PIN, as the directory has it now, without waiting (an order's
 * transaction never does): the address's own state when its PIN is in it (or in it among others),
 * else the PIN's; null when the directory is not read yet or does not know the PIN.
 */
function pinStateOf(address: OrderAddress): string | null {
  if (!isIndia(address.country)) return null;
  const place = peekPin(address.zipcode);
  if (!place) return null;
  if (stateProblem(address, place)) return place.state;
  const named = address.state.trim().toLowerCase();
  return statesOf(place).find((state) => state.toLowerCase() === named) ?? place.state;
}

/** The state an order is supplied to (GST's place of supply): its PIN's where the directory knew it. */
export const supplyState = (address: OrderAddress): string => address.pinState || address.state;

/** An order's address as the API answers it: without `pinState`, which only the invoices read. */
export function orderAddressJson(address: OrderAddress): Omit<OrderAddress, "pinState"> {
  const { pinState: _pinState, ...json } = address;
  return json;
}
