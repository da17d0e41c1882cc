import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { addresses, users } from "../../db/schema";

export type AddressJson = {
  _id: string;
  locality: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  /** True on the primary address; at most one per user. */
  isActive: boolean;
};

/**
 * A user as login, register, `user/me` and `user/update` answer it (docs/api.md).
 * `country_code` is a string of digits ("91" by default), as stored: it is a dialling prefix,
 * not a quantity, and `phone` beside it is a string too. `user/update` accepts it as a string
 * or a number.
 */
export type UserJson = {
  _id: string;
  id: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
  avatar: string | null;
  phone: string | null;
  country_code: string;
  address: AddressJson[];
  userType: string | null;
};

type UserRow = typeof users.$inferSelect;
type AddressRow = typeof addresses.$inferSelect;

export function toAddressJson(a: AddressRow): AddressJson {
  return {
    _id: a.id,
    locality: a.locality,
    city: a.city,
    state: a.state,
    zipcode: a.zipcode,
    country: a.country,
    isActive: a.isActive,
  };
}

/** Never includes the password hash: the row is copied field by field. */
export function toUserJson(u: UserRow, addressRows: AddressRow[]): UserJson {
  return {
    _id: u.id,
    id: u.id,
    name: u.name,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    avatar: u.avatar,
    phone: u.phone,
    country_code: u.countryCode,
    address: addressRows
      .slice()
      .sort((a, b) => a.position - b.position)
      .map(toAddressJson),
    userType: u.userType,
  };
}

/** The user with their addresses in list order, or null. */
export async function loadUser(db: Database, userId: string): Promise<UserJson | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const addressRows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.position));
  return toUserJson(user, addressRows);
}

/**
 * True for PostgreSQL's unique_violation (23505), whether raised by `pg` or PGlite and
 * whether or not Drizzle wrapped it (DrizzleQueryError keeps the driver's error as `cause`).
 * `constraint` narrows it to one index.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === "23505") return constraint === undefined || candidate.constraint === constraint;
    e = candidate.cause;
  }
  return false;
}
