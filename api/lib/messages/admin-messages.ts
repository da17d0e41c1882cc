import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { auditLog, messages } from "../../db/schema";
import { conflict, idPattern, notFound } from "../http/http";
import { likeEscaped } from "../http/paging";
import { queueDelivery } from "./outbox";

// The back office's view of the messages to shoppers (GET /userapp/admin/messages…): what was
// sent, what is kept (no SMTP_URL), what failed and why, and a retry.

export const MESSAGE_STATES = ["queued", "sent", "kept", "failed"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export type MessageFilters = {
  state?: MessageState;
  /** An order id or a message id, or part of the recipient's address. */
  search?: string;
};

const summaryColumns = {
  id: messages.id,
  kind: messages.kind,
  to: messages.toAddress,
  subject: messages.subject,
  state: messages.state,
  attempts: messages.attempts,
  lastError: messages.lastError,
  orderId: messages.orderId,
  createdAt: messages.createdAt,
  sentAt: messages.sentAt,
};

type SummaryRow = { createdAt: Date; sentAt: Date | null };
const dated = <T extends SummaryRow>(
  row: T,
): Omit<T, keyof SummaryRow> & { createdAt: string; sentAt: string | null } => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** The messages `query` filters to (the list, and the dashboard's count of failed ones). */
export function messagesWhere(query: MessageFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [query.state ? eq(messages.state, query.state) : undefined];
  if (query.search) {
    const search = query.search.toLowerCase();
    conditions.push(
      idPattern.test(search)
        ? or(eq(messages.orderId, search), eq(messages.id, search))
        : ilike(messages.toAddress, `%${likeEscaped(search)}%`),
    );
  }
  return and(...conditions);
}

/** A page of messages, newest first. */
export async function listMessages(db: Database, query: MessageFilters & { page: number; limit: number }) {
  const where = messagesWhere(query);
  const [{ itemCount }] = await db
    .select({ itemCount: sql<number>`count(*)::int` })
    .from(messages)
    .where(where);
  const rows = await db
    .select(summaryColumns)
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { data: rows.map(dated), itemCount };
}

/** One message with its HTML and text, as they were (or will be) sent. */
export async function loadMessage(db: Pick<Database, "select">, id: string) {
  const [row] = await db
    .select({ ...summaryColumns, html: messages.html, text: messages.text })
    .from(messages)
    .where(eq(messages.id, id));
  return row ? dated(row) : null;
}

export type MessageSummaryJson = Awaited<ReturnType<typeof listMessages>>["data"][number];
export type MessageJson = NonNullable<Awaited<ReturnType<typeof loadMessage>>>;

/**
 * Queues a failed message again (or a kept one, once the shop has an SMTP server), audited. A
 * message queued or sent already is refused: nothing is sent twice from here.
 */
export async function retryMessage(db: Database, id: string, actorId: string, now: Date): Promise<MessageJson> {
  // Answered as the transaction leaves it (queued): read after the commit, the worker may have sent it already.
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(messages).where(eq(messages.id, id)).for("update");
    if (!row) throw notFound("Message not found");
    if (row.state !== "failed" && row.state !== "kept")
      throw conflict(
        row.state === "sent" ? "The message is sent already" : "The message is waiting to be sent already",
        { state: row.state },
        "RETRY_STATE",
      );
    await tx.update(messages).set({ state: "queued", attempts: 0 }).where(eq(messages.id, id));
    await queueDelivery(tx, id);
    await tx.insert(auditLog).values({
      actorId,
      action: "message.retry",
      entity: "message",
      entityId: id,
      before: { state: row.state, attempts: row.attempts, lastError: row.lastError },
      after: { state: "queued", attempts: 0 },
      at: now,
    });
    return (await loadMessage(tx, id))!;
  });
}
