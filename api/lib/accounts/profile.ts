import { eq } from "drizzle-orm";
import { INDIAN_MOBILE, MOBILE_MESSAGE } from "../../contract/mobile";
import { users } from "../../db/schema";
import type { ApiDeps, SignedInUser } from "../context";
import { badRequest, fieldErrorsResponse } from "../http/http";
import { replaceAddresses, type SavedAddressInput } from "./addresses";
import { revokeUserTokens } from "./auth";
import { verifyPassword } from "./passwords";
import { passwordChangedMessage } from "../messages/account-messages";
import { recordMessage } from "../messages/outbox";
import { requestEmailChange, voidLinks } from "./account-links";
import { accountName, releaseLoginAttempt, reserveLoginAttempt } from "./throttle";
import { lockUser, passwordHashOf } from "./users";

// What a signed-in user changes of their own account: the profile, the password.

/** The changes `user/update` was sent; an absent field is left as it is, null clears it. */
export type ProfileChanges = {
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string;
  avatar?: string | null;
  /** Digits only. */
  phone?: string | null;
  /** 1 to 4 digits, without the "+". */
  country_code?: string;
  /** Replaces the whole address list. */
  address?: SavedAddressInput[];
};

function phoneProblem(phone: string, countryCode: string): string | null {
  if (countryCode === "91") return INDIAN_MOBILE.test(phone) ? null : MOBILE_MESSAGE;
  return /^\d{4,15}$/.test(phone) ? null : "A phone number has 4 to 15 digits";
}

/**
 * Checks a signed-in user's current password (400 "Current password is incorrect."). Guesses
 * count against the same limits as signing in (api/lib/accounts/throttle.ts), so a stolen token cannot be
 * used to guess the password without limit.
 */
export async function checkCurrentPassword(
  deps: ApiDeps,
  user: SignedInUser,
  password: string,
  address: string | null,
) {
  const reservation = await reserveLoginAttempt(deps, user.email, address);
  const passwordHash = await passwordHashOf(deps.db, user.id);
  if (!(await verifyPassword(passwordHash, password)))
    throw badRequest("Current password is incorrect.", null, "WRONG_PASSWORD");
  await releaseLoginAttempt(deps, reservation);
}

/**
 * Applies `changes` to the user's profile in one transaction, under the lock on the user's row.
 * The phone number's length is checked against the country code it ends up with (422 at
 * `phone`). A new email (another sign-in name) is not applied: a confirmation link goes to it and
 * a notice to the old address (requestEmailChange), and the change happens when the link is
 * used; a change of case only is applied at once. Answers whether a link was sent. Whether the
 * caller may change the email at all (the current password) is the caller's check.
 */
export async function updateProfile(
  deps: ApiDeps,
  userId: string,
  changes: ProfileChanges,
): Promise<{ emailLinkSent: boolean }> {
  return deps.db.transaction(async (tx) => {
    const current = await lockUser(tx, userId);
    const set: Partial<typeof users.$inferInsert> = {};
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.firstName !== undefined) set.firstName = changes.firstName;
    if (changes.lastName !== undefined) set.lastName = changes.lastName;
    if (changes.avatar !== undefined) set.avatar = changes.avatar;
    if (changes.country_code !== undefined) set.countryCode = changes.country_code;
    if (changes.phone !== undefined) set.phone = changes.phone;
    // A phone saved before the mobile rule is kept while it is sent back unchanged (checkout asks
    // for a mobile number then); a new phone, or a new country code, is checked.
    const phoneChanged = changes.phone !== undefined && changes.phone !== current.phone;
    const codeChanged = changes.country_code !== undefined && changes.country_code !== current.countryCode;
    if (phoneChanged || codeChanged) {
      const phone = changes.phone !== undefined ? changes.phone : current.phone;
      const problem = phone ? phoneProblem(phone, changes.country_code ?? current.countryCode) : null;
      if (problem) throw fieldErrorsResponse([{ path: "phone", message: problem }]);
    }
    let emailLinkSent = false;
    if (changes.email !== undefined && changes.email !== current.email) {
      if (accountName(changes.email) === accountName(current.email)) set.email = changes.email;
      else {
        await requestEmailChange(tx, deps, current, changes.email);
        emailLinkSent = true;
      }
    }
    if (Object.keys(set).length > 0) await tx.update(users).set(set).where(eq(users.id, userId));
    if (changes.address !== undefined) await replaceAddresses(tx, userId, changes.address);
    return { emailLinkSent };
  });
}

/**
 * Stores a new password hash. Whoever held the old password may hold a token too: every other
 * session ends; the one whose token hash is `keepTokenHash` stays. Reset links void, and the
 * owner is told, in the same transaction.
 */
export async function changePassword(deps: ApiDeps, userId: string, passwordHash: string, keepTokenHash: string) {
  await deps.db.transaction(async (tx) => {
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning();
    await revokeUserTokens(tx, userId, keepTokenHash);
    // A reset link asked for before no longer works.
    await voidLinks(tx, deps, userId, "password-reset");
    if (user) await recordMessage(tx, await passwordChangedMessage(user.email, deps.shop, userId));
  });
}
