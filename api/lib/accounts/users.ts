import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { type AddressLabel, addresses, users } from "../../db/schema";
import { conflict, notFound } from "../http/http";
import { newId } from "../ids";

export type AddressJson = {
  _id: string;
  locality: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  /** The recipient; null: the account's name (DESIGN deviation 18). */
  name: string | null;
  /** The recipient's mobile number in E.164; null: the account's phone. */
  mobile: string | null;
  landmark: string | null;
  label: AddressLabel | null;
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
    name: a.recipientName,
    mobile: a.mobile,
    landmark: a.landmark,
    label: (a.label as AddressLabel | null) ?? null,
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

/** The 409 of an email change, confirmed, to an address another account has signed in with since. */
export const emailTaken = () => conflict("An account with this email already exists.", null, "EMAIL_TAKEN");

/** Emails compare lower-cased: an account is found, and is unique, whatever the case it was typed in. */
const sameEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

/** True when an account (other than `exceptUserId`'s) signs in with `email`. */
export async function emailInUse(db: Database | Transaction, email: string, exceptUserId?: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? sameEmail(email) : and(sameEmail(email), ne(users.id, exceptUserId)))
    .limit(1);
  return other !== undefined;
}

/** The account that signs in with `email`, for checking its password; undefined when there is none. */
export async function findAccount(db: Database, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(sameEmail(email))
    .limit(1);
  return user;
}

/** The stored password hash of a user; 404 when the user is gone. */
export async function passwordHashOf(db: Database, userId: string): Promise<string> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound("User not found");
  return row.passwordHash;
}

/**
 * Adds a user with a new id; undefined when the email is taken (the unique index settles a race
 * between two registrations). The email is kept as typed; uniqueness and sign-in compare it lower-cased.
 */
export async function createUser(
  db: Database,
  values: Omit<typeof users.$inferInsert, "id">,
): Promise<UserRow | undefined> {
  const [created] = await db
    .insert(users)
    .values({ id: newId(), ...values })
    .onConflictDoNothing()
    .returning();
  return created;
}

/** Locks the user's row so concurrent updates of one profile (and its primary address) run one after another. */
export async function lockUser(tx: Transaction, userId: string): Promise<UserRow> {
  const [current] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!current) throw notFound("User not found");
  return current;
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
