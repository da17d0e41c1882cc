import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../api/db/client";
import { messages } from "../../api/db/schema";

/** The latest message of `kind` recorded to `to` (lower-case compare), or undefined. */
export async function lastMessage(db: Database, to: string, kind: string) {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.kind, kind)))
    .orderBy(desc(messages.createdAt));
  return rows.find((row) => row.toAddress.toLowerCase() === to.trim().toLowerCase());
}

/** The token of the link (`/reset-password?token=…`, `/confirm-email?token=…`) in a message's text. */
export function tokenIn(text: string): string {
  const match = /\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error("no link with a token in the message");
  return match[1];
}

/** The token of the latest message of `kind` to `to`. */
export async function linkTokenTo(db: Database, to: string, kind: string): Promise<string> {
  const message = await lastMessage(db, to, kind);
  if (!message) throw new Error(`no ${kind} message to ${to}`);
  return tokenIn(message.text);
}
