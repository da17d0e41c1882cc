import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { accountTokens, users } from "../../db/schema";
import type { ApiDeps } from "../context";
import { badRequest } from "../http/http";
import { newId } from "../ids";
import {
  emailChangedMessage,
  emailChangeRequestedMessage,
  emailConfirmMessage,
  emailTakenMessage,
  passwordChangedMessage,
  passwordResetMessage,
} from "../messages/account-messages";
import { queueDelivery, recordMessage } from "../messages/outbox";
import { hashToken, revokeUserTokens } from "./auth";
import { emailInUse, emailTaken, findAccount, isUniqueViolation } from "./users";

// The links the shop emails about an account: a password reset, a new email's confirmation.
// A link's token is 32 random bytes (base64url); only its SHA-256 hash is stored.

export type LinkPurpose = "password-reset" | "email-change";

/** How long a link works. */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  "password-reset": 30 * 60 * 1000,
  "email-change": 24 * 60 * 60 * 1000,
};

/** Why a link does not work, as the page that opened it says (docs/api.md). */
export const LINK_PROBLEMS = {
  unknown: "This link is not valid. Check that you copied all of it, or ask for a new one.",
  expired: "This link has expired. Please ask for a new one.",
  used: "This link has already been used. Please ask for a new one.",
} as const;

async function issueLink(
  tx: Transaction,
  deps: ApiDeps,
  userId: string,
  purpose: LinkPurpose,
  newEmail: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(accountTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    newEmail,
    expiresAt: new Date(deps.now().getTime() + LINK_LIFETIME_MS[purpose]),
    createdAt: deps.now(),
  });
  return token;
}

/** A link that works, with what it is for; or 400 saying why it does not (unknown, expired, used). */
export async function checkLink(deps: ApiDeps, token: string, purpose: LinkPurpose) {
  const [row] = await deps.db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)))
    .limit(1);
  if (!row) throw badRequest(LINK_PROBLEMS.unknown, { problem: "unknown" }, "LINK_UNKNOWN");
  if (row.usedAt) throw badRequest(LINK_PROBLEMS.used, { problem: "used" }, "LINK_USED");
  if (row.expiresAt.getTime() <= deps.now().getTime())
    throw badRequest(LINK_PROBLEMS.expired, { problem: "expired" }, "LINK_EXPIRED");
  return row;
}

/**
 * Uses a link, in `tx`: one statement marks it used only if it is unused and unexpired, so two
 * uses at once cannot both succeed. Throws the reason it does not work otherwise.
 */
async function consumeLink(tx: Transaction, deps: ApiDeps, token: string, purpose: LinkPurpose) {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: deps.now() })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, deps.now()),
      ),
    )
    .returning();
  if (row) return row;
  // Say why, from the row as it is.
  await checkLink(deps, token, purpose);
  throw badRequest(LINK_PROBLEMS.used, { problem: "used" }, "LINK_USED");
}

/** Voids every unused link of the user for `purpose` (a password change voids its resets). */
export async function voidLinks(tx: Transaction, deps: ApiDeps, userId: string, purpose?: LinkPurpose) {
  const mine = and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt));
  await tx
    .update(accountTokens)
    .set({ usedAt: deps.now() })
    .where(purpose === undefined ? mine : and(mine, eq(accountTokens.purpose, purpose)));
}

/**
 * A request for a password-reset link (`allowed`: within the throttle's limits). Whether or not
 * the account exists, it does the same: one transaction that queues one job. For an account, the
 * job delivers the link's message; otherwise it finds no message and ends.
 */
export async function requestPasswordReset(deps: ApiDeps, email: string, allowed: boolean): Promise<void> {
  const account = allowed ? await findAccount(deps.db, email) : undefined;
  await deps.db.transaction(async (tx) => {
    if (!account) {
      await queueDelivery(tx, newId());
      return;
    }
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, account.id));
    const token = await issueLink(tx, deps, account.id, "password-reset");
    await recordMessage(tx, await passwordResetMessage(user.email, token, deps.shop, account.id));
  });
}

/**
 * Sets a new password with a reset link, in one transaction: the link is used up, every other
 * reset link of the user is void, every session ends, and the owner is told.
 */
export async function resetPassword(deps: ApiDeps, token: string, passwordHash: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const link = await consumeLink(tx, deps, token, "password-reset");
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, link.userId))
      .returning({ email: users.email });
    await voidLinks(tx, deps, link.userId, "password-reset");
    await revokeUserTokens(tx, link.userId);
    await recordMessage(tx, await passwordChangedMessage(user.email, deps.shop, link.userId));
  });
}

/**
 * Asks to move the account to `newEmail`, in `tx` (the profile update's): the link goes to the new
 * address (or, when that address has an account already, a message saying so instead) and a
 * notice to the old one. Earlier links for a change of email stop working.
 */
export async function requestEmailChange(
  tx: Transaction,
  deps: ApiDeps,
  user: { id: string; email: string },
  newEmail: string,
): Promise<void> {
  await voidLinks(tx, deps, user.id, "email-change");
  if (await emailInUse(tx, newEmail, user.id)) {
    await recordMessage(tx, await emailTakenMessage(newEmail, deps.shop));
  } else {
    const token = await issueLink(tx, deps, user.id, "email-change", newEmail);
    await recordMessage(tx, await emailConfirmMessage(newEmail, token, deps.shop, user.id));
  }
  await recordMessage(tx, await emailChangeRequestedMessage(user.email, newEmail, deps.shop, user.id));
}

/**
 * Makes the link's new address the account's email, in one transaction, and tells the old one.
 * Every unused link of the user is void: a reset link sent to the old address no longer works.
 * 409 when another account took the address since.
 */
export async function confirmEmailChange(deps: ApiDeps, token: string): Promise<string> {
  try {
    return await deps.db.transaction(async (tx) => {
      const link = await consumeLink(tx, deps, token, "email-change");
      const newEmail = link.newEmail!;
      if (await emailInUse(tx, newEmail, link.userId)) throw emailTaken();
      const [before] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, link.userId))
        .for("update");
      await tx.update(users).set({ email: newEmail }).where(eq(users.id, link.userId));
      await voidLinks(tx, deps, link.userId);
      await recordMessage(tx, await emailChangedMessage(before.email, newEmail, deps.shop, link.userId));
      return newEmail;
    });
  } catch (error) {
    if (isUniqueViolation(error, "users_email_idx")) throw emailTaken();
    throw error;
  }
}
