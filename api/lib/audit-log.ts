import { and, asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditLog, users } from "../db/schema";
import { idPattern } from "./http/http";
import { likeEscaped } from "./http/paging";

// The back office's reads of the audit log (the writes go with the changes they record:
// api/lib/catalogue/admin-catalogue.ts, api/lib/orders/order-changes.ts).

export type AuditFilters = {
  /** "product", "order", "catalogue". */
  entity?: string;
  entityId?: string;
  /** e.g. "product.update". */
  action?: string;
  /** The admin's id, or part of their email. */
  actor?: string;
};

/** GET /userapp/admin/audit: a page of entries, newest first, each with its admin's email. */
export async function listAuditEntries(db: Database, query: AuditFilters & { page: number; limit: number }) {
  const conditions: (SQL | undefined)[] = [
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
  ];
  if (query.actor) {
    const actor = query.actor.toLowerCase();
    conditions.push(
      idPattern.test(actor)
        ? or(eq(auditLog.actorId, actor), ilike(users.email, `%${actor}%`))
        : ilike(users.email, `%${likeEscaped(actor)}%`),
    );
  }
  const where = and(...conditions);
  const [{ itemCount }] = await db
    .select({ itemCount: sql<number>`count(*)::int` })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where);
  const rows = await db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorEmail: users.email,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      at: auditLog.at,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { data: rows.map((row) => ({ ...row, at: row.at.toISOString() })), itemCount };
}

/** Every audit entry of one order, oldest first, each with its admin's email (GET /userapp/admin/orders/{id}). */
export async function orderAuditTrail(db: Database, orderId: string) {
  const rows = await db
    .select({
      actorId: auditLog.actorId,
      actorEmail: users.email,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      at: auditLog.at,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, orderId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return rows.map((entry) => ({ ...entry, at: entry.at.toISOString() }));
}
