import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { messages } from "../../db/schema";
import { newId } from "../ids";

/** The queue job that delivers one message (api/lib/messages/delivery.ts). */
export const DELIVER_MESSAGE = "deliver-message";

/** Attempts before a message is marked failed (graphile-worker backs off exponentially between them: about 4.5 hours in all). */
export const MAX_DELIVERY_ATTEMPTS = 10;

export type NewMessage = {
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  orderId?: string | null;
  userId?: string | null;
};

/**
 * Records a message and queues its delivery, in `tx`: the transaction of the event that causes it.
 * Both or neither: a process killed after the commit loses nothing (the job is in the database),
 * and an event rolled back sends nothing.
 */
export async function recordMessage(tx: Transaction | Database, message: NewMessage): Promise<string> {
  const id = newId();
  await tx.insert(messages).values({
    id,
    kind: message.kind,
    toAddress: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    orderId: message.orderId ?? null,
    userId: message.userId ?? null,
  });
  await queueDelivery(tx, id);
  return id;
}

/**
 * Adds the job that delivers message `id`, in `tx`. The job's key is the message's id: queued
 * twice, it is still one job, and a job that failed for good starts again with its attempts at 0.
 */
export async function queueDelivery(tx: Transaction | Database, id: string): Promise<void> {
  await tx.execute(
    sql`select graphile_worker.add_job(${DELIVER_MESSAGE}, json_build_object('id', ${id}::text), max_attempts => ${MAX_DELIVERY_ATTEMPTS}::int, job_key => ${id}::text)`,
  );
}
