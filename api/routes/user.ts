import { z } from "@hono/zod-openapi";
import { and, eq, ne, notInArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { addresses, authTokens, users } from "../db/schema";
import { requireUser } from "../lib/accounts/auth";
import { addressFields, maxAddresses, withPostalCode } from "../lib/accounts/address-input";
import { userSchema } from "../lib/http/api-schemas";
import type { ApiDeps, SignedInUser } from "../lib/context";
import { ApiError, badRequest, conflict, idPattern, notFound, ok, readBody } from "../lib/http/http";
import { newId } from "../lib/ids";
import { hashPassword, verifyPassword } from "../lib/accounts/passwords";
import { clientAddress } from "../platform/client-address";
import { accountName, releaseLoginAttempt, reserveLoginAttempt } from "../lib/accounts/throttle";
import { apiRoute, failure, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";
import { isUniqueViolation, loadUser } from "../lib/accounts/users";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** An optional profile text: trimmed; blank or null clears it; absent leaves it as it is. */
const profileText = z
  .string()
  .trim()
  .max(100, "At most 100 characters")
  .nullable()
  .optional()
  .transform((value) => (value === "" ? null : value));

/** A saved address: the fields and PIN code rule of every address (api/lib/accounts/address-input.ts). */
const addressSchema = z
  .object({
    // An id that is not one of the user's addresses (or no id) makes a new address.
    _id: z.string().nullish(),
    ...addressFields,
    isActive: z.boolean().nullish(),
  })
  .transform(withPostalCode);

type AddressInput = z.output<typeof addressSchema>;

function isAllowedAvatar(value: string): boolean {
  // A same-site path, but not a protocol-relative "//host" or "/\host" that browsers treat as another site.
  if (value.startsWith("/")) return !/^\/[/\\]/.test(value) && !/[\s\u0000-\u001f]/.test(value);
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

const updateSchema = z.object({
  name: profileText,
  firstName: profileText,
  lastName: profileText,
  email: z.string().trim().max(254, "At most 254 characters").pipe(z.email("Enter a valid email address")).optional(),
  // Digits only (spaces and hyphens are dropped); the length depends on country_code, checked below.
  phone: z
    .union([z.string(), z.number().int().nonnegative()])
    .nullable()
    .optional()
    .transform((value) => (value === null || value === undefined ? value : String(value).replace(/[\s-]/g, "")))
    .transform((value) => (value === "" ? null : value))
    .refine((value) => value === null || value === undefined || /^\d+$/.test(value), "Enter digits only"),
  country_code: z
    .union([z.string(), z.number().int().nonnegative()])
    .optional()
    .transform((value) => (value === undefined ? value : String(value).trim().replace(/^\+/, "")))
    .refine((value) => value === undefined || /^\d{1,4}$/.test(value), "Enter a country code of 1 to 4 digits"),
  avatar: z
    .string()
    .trim()
    .max(2048, "At most 2048 characters")
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value))
    .refine((value) => value == null || isAllowedAvatar(value), "Use an https:// address or a path on this site"),
  address: z
    .array(addressSchema)
    .max(maxAddresses, `At most ${maxAddresses} addresses`)
    .refine((list) => list.filter((a) => a.isActive === true).length <= 1, "Only one address can be the primary one")
    .optional(),
  // Required only to change the email, the sign-in name (never trimmed: spaces are part of a password).
  currentPassword: z.string().min(1, "Enter your current password").max(200, "At most 200 characters").optional(),
});

const passwordSchema = z.object({
  // Never trimmed: spaces are part of a password.
  currentPassword: z.string().min(1, "Enter your current password").max(200, "At most 200 characters"),
  newPassword: z.string().min(8, "At least 8 characters").max(200, "At most 200 characters"),
});

function phoneProblem(phone: string, countryCode: string): string | null {
  if (countryCode === "91") return /^\d{10}$/.test(phone) ? null : "An Indian phone number has 10 digits";
  return /^\d{4,15}$/.test(phone) ? null : "A phone number has 4 to 15 digits";
}

/** The same VALIDATION_ERROR as `validate` gives, for a rule that spans fields. */
function fieldError(path: string, message: string) {
  return new ApiError(422, "VALIDATION_ERROR", `Invalid input: ${path}: ${message}`, [{ path, message }]);
}

/**
 * Replaces the user's address list with `list`, keeping the ids of their addresses that are sent
 * back. Exactly one address ends up active when the list is not empty: the one marked
 * `isActive: true`, else the current primary if it is sent back without `isActive: false`, else
 * the first. Runs inside the caller's transaction, after the user row is locked.
 */
async function replaceAddresses(tx: Transaction, userId: string, list: AddressInput[]) {
  const existing = await tx
    .select({ id: addresses.id, isActive: addresses.isActive })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  const existingById = new Map(existing.map((a) => [a.id, a]));
  const kept = new Set<string>();
  const rows = list.map((a, position) => {
    const keepId = a._id && existingById.has(a._id) && !kept.has(a._id) ? a._id : null;
    if (keepId) kept.add(keepId);
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
        isActive: sql`excluded.is_active`,
      },
      // Only ids already checked to be this user's reach here; the guard keeps it so regardless.
      setWhere: sql`${addresses.userId} = excluded.user_id`,
    });
}

/**
 * Checks a signed-in user's current password (400 "Current password is incorrect."). Guesses
 * count against the same limits as signing in (api/lib/accounts/throttle.ts), so a stolen token cannot be
 * used to guess the password without limit.
 */
async function checkCurrentPassword(deps: ApiDeps, user: SignedInUser, password: string, address: string | null) {
  const reservation = await reserveLoginAttempt(deps, user.email, address);
  const [row] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  if (!row) throw notFound("User not found");
  if (!(await verifyPassword(row.passwordHash, password))) throw badRequest("Current password is incorrect.");
  await releaseLoginAttempt(deps, reservation);
}

/** Locks the user's row so concurrent updates of one profile (and its primary address) run one after another. */
async function lockUser(tx: Transaction, userId: string) {
  const [current] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!current) throw notFound("User not found");
  return current;
}

const tags = ["user"];

const meRoute = apiRoute({
  method: "get",
  path: "/me",
  tags,
  summary: "The signed-in user, with their addresses",
  access: "user",
  failures: [404],
  responses: { 200: success("The user", userSchema) },
});

const updateRoute = apiRoute({
  method: "put",
  path: "/update/{id}",
  tags,
  summary: "Change the profile; `address` replaces the whole address list",
  description:
    "Absent fields are left as they are. Changing the email (the sign-in name) needs `currentPassword`. Another user's id answers 404.",
  access: "user",
  request: {
    params: z.object({ id: z.string().openapi({ description: "The signed-in user's own id" }) }),
    body: jsonBody(updateSchema),
  },
  failures: [400, 404, 409, 429],
  responses: {
    200: success("Profile updated successfully", userSchema),
    400: failure(400, "BAD_REQUEST: the current password is incorrect"),
    409: failure(409, "FAILURE: an account with this email already exists"),
  },
});

const passwordRoute = apiRoute({
  method: "put",
  path: "/password",
  tags,
  summary: "Change the password; every other session ends",
  access: "user",
  request: { body: jsonBody(passwordSchema) },
  failures: [400, 429],
  responses: {
    200: success("Password changed successfully", z.null()),
    400: failure(400, "BAD_REQUEST: the current password is incorrect"),
  },
});

const activateRoute = apiRoute({
  method: "put",
  path: "/activate/{addressId}",
  tags,
  summary: "Make one of the user's addresses the primary one",
  access: "user",
  request: { params: z.object({ addressId: z.string() }) },
  failures: [404],
  responses: { 200: success("Address set as primary successfully", userSchema) },
});

export function userRoutes(deps: ApiDeps) {
  const app = routeGroup();
  app.use("*", requireUser(deps));

  mount(app, meRoute, async (c) => {
    const user = await loadUser(deps.db, c.var.user.id);
    if (!user) throw notFound("User not found");
    return ok(c, user);
  });

  mount(app, updateRoute, async (c) => {
    const userId = c.var.user.id;
    // Another user's id answers exactly like an id that does not exist.
    if (c.req.param("id") !== userId) throw notFound("User not found");
    const body = await readBody(c, updateSchema);
    const emailTaken = () => conflict("An account with this email already exists.");
    // Whoever changes the sign-in name owns the account: a stolen token alone must not be enough
    // (a case-only change signs in the same, so it needs no password).
    if (body.email !== undefined && accountName(body.email) !== accountName(c.var.user.email)) {
      if (body.currentPassword === undefined) {
        throw fieldError("currentPassword", "Enter your current password to change your email");
      }
      await checkCurrentPassword(deps, c.var.user, body.currentPassword, clientAddress(c, deps.trustProxy));
    }

    try {
      await deps.db.transaction(async (tx) => {
        const current = await lockUser(tx, userId);
        const changes: Partial<typeof users.$inferInsert> = {};
        if (body.name !== undefined) changes.name = body.name;
        if (body.firstName !== undefined) changes.firstName = body.firstName;
        if (body.lastName !== undefined) changes.lastName = body.lastName;
        if (body.avatar !== undefined) changes.avatar = body.avatar;
        if (body.country_code !== undefined) changes.countryCode = body.country_code;
        if (body.phone !== undefined) changes.phone = body.phone;
        if (body.phone !== undefined || body.country_code !== undefined) {
          const phone = body.phone !== undefined ? body.phone : current.phone;
          const problem = phone ? phoneProblem(phone, body.country_code ?? current.countryCode) : null;
          if (problem) throw fieldError("phone", problem);
        }
        if (body.email !== undefined && body.email !== current.email) {
          const [other] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(sql`lower(${users.email}) = ${body.email.toLowerCase()}`, ne(users.id, userId)))
            .limit(1);
          if (other) throw emailTaken();
          changes.email = body.email;
        }
        if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, userId));
        if (body.address !== undefined) await replaceAddresses(tx, userId, body.address);
      });
    } catch (error) {
      // Another account took the email between our check and the update.
      if (isUniqueViolation(error, "users_email_idx")) throw emailTaken();
      throw error;
    }
    return ok(c, await loadUser(deps.db, userId), "Profile updated successfully");
  });

  mount(app, passwordRoute, async (c) => {
    const { id: userId, tokenHash } = c.var.user;
    const body = await readBody(c, passwordSchema);
    await checkCurrentPassword(deps, c.var.user, body.currentPassword, clientAddress(c, deps.trustProxy));

    const passwordHash = await hashPassword(body.newPassword);
    // Whoever held the old password may hold a token too: every other session ends; this one stays.
    await deps.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
      await tx.delete(authTokens).where(and(eq(authTokens.userId, userId), ne(authTokens.tokenHash, tokenHash)));
    });
    return ok(c, null, "Password changed successfully");
  });

  mount(app, activateRoute, async (c) => {
    const userId = c.var.user.id;
    const addressId = c.req.param("addressId");
    const addressNotFound = () => notFound("Address not found");
    if (!idPattern.test(addressId)) throw addressNotFound();
    await deps.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [address] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
        .limit(1);
      if (!address) throw addressNotFound();
      await tx
        .update(addresses)
        .set({ isActive: false })
        .where(and(eq(addresses.userId, userId), eq(addresses.isActive, true), ne(addresses.id, addressId)));
      await tx.update(addresses).set({ isActive: true }).where(eq(addresses.id, addressId));
    });
    return ok(c, await loadUser(deps.db, userId), "Address set as primary successfully");
  });

  return app;
}
