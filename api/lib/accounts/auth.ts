import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lte, ne } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Database, Transaction } from "../../db/client";
import { authTokens, users } from "../../db/schema";
import type { ApiDeps, ApiEnv } from "../context";
import { forbidden, unauthorized } from "../http/http";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Issues a 256-bit random bearer token (only its hash is stored) to a user whose password was just
 * checked against `checkedPasswordHash`, or null when that is no longer their password. The check
 * and the insert hold the user's row (FOR SHARE) in one transaction, so they cannot interleave with
 * a password change: a change that commits first makes the check fail (the row is read again once
 * its lock is released), and one that starts later waits for the token's insert and then revokes
 * it. Without this, a sign-in already under way when a password was reset survived the reset.
 */
export async function issueToken(deps: ApiDeps, userId: string, checkedPasswordHash: string): Promise<string | null> {
  const token = randomBytes(32).toString("base64url");
  const issued = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.passwordHash, checkedPasswordHash)))
      .for("share");
    if (!current) return false;
    await tx.insert(authTokens).values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(deps.now().getTime() + deps.tokenTtlMs),
      createdAt: deps.now(),
    });
    return true;
  });
  return issued ? token : null;
}

/** Ends one session: the token with this hash stops working. */
export async function revokeToken(db: Database, tokenHash: string): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.tokenHash, tokenHash));
}

/** Ends every session of the user, but the one whose token hash is `exceptTokenHash` when given. */
export async function revokeUserTokens(
  db: Database | Transaction,
  userId: string,
  exceptTokenHash?: string,
): Promise<void> {
  const mine = eq(authTokens.userId, userId);
  await db
    .delete(authTokens)
    .where(exceptTokenHash === undefined ? mine : and(mine, ne(authTokens.tokenHash, exceptTokenHash)));
}

/** Drops the user's tokens that expired by `now`: housekeeping, as they no longer sign anyone in. */
export async function dropExpiredTokens(db: Database, userId: string, now: Date): Promise<void> {
  await db.delete(authTokens).where(and(eq(authTokens.userId, userId), lte(authTokens.expiresAt, now)));
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match ? match[1] : null;
}

export const SESSION_EXPIRED = "Your session has expired. Please sign in again.";

/** Requires a valid, unexpired, unrevoked bearer token (never a cookie) and sets `c.var.user`. */
export const requireUser = (deps: ApiDeps) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    const token = bearerToken(c.req.header("authorization"));
    if (!token) throw unauthorized();
    const tokenHash = hashToken(token);
    const [row] = await deps.db
      .select({ id: users.id, email: users.email })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(and(eq(authTokens.tokenHash, tokenHash), gt(authTokens.expiresAt, deps.now())))
      .limit(1);
    if (!row) throw unauthorized(SESSION_EXPIRED);
    c.set("user", { id: row.id, email: row.email, tokenHash });
    await next();
  });

/** Only users whose userType is "admin"; a shopper's token is 403, no token 401 (requireUser). */
export const requireAdmin = (deps: ApiDeps) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    const [row] = await deps.db
      .select({ userType: users.userType })
      .from(users)
      .where(eq(users.id, c.var.user.id))
      .limit(1);
    if (row?.userType !== "admin") throw forbidden("Only the shop's admins can do this.");
    await next();
  });
