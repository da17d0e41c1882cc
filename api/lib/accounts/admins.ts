import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";

/** The `userType` of an admin (`/userapp/admin/*` and the back office); a shopper's is null. */
export const ADMIN_USER_TYPE = "admin";

export type RoleChange = "changed" | "unchanged" | "missing";

/**
 * Makes the account with this email (any case, as sign-in matches it) an admin, or a shopper
 * again. Answers whether that changed anything, or that there is no such account. Only the
 * operator's `npm run admin` calls it: no API sets `userType` (docs/decisions/007).
 */
export async function setAdmin(db: Database, email: string, admin: boolean): Promise<RoleChange> {
  const [user] = await db
    .select({ id: users.id, userType: users.userType })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  if (!user) return "missing";
  const wanted = admin ? ADMIN_USER_TYPE : null;
  if (user.userType === wanted || (!admin && user.userType !== ADMIN_USER_TYPE)) return "unchanged";
  await db.update(users).set({ userType: wanted }).where(eq(users.id, user.id));
  return "changed";
}
