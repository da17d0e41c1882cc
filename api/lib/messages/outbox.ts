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

/** A one-time link's token in a message's text or HTML (`/reset-password?token=…`, `/cod/confirm?token=…`). */
const LINK_TOKEN = /([?&;]token=)[A-Za-z0-9_-]+/g;

/** What stands in a sent message's links for their tokens. */
export const SENT_LINK_TOKEN = "removed-once-sent";

/**
 * A message's text or HTML without its links' tokens: what is kept of a message once it is sent.
 * Only its recipient, who received the links, can then use them; the back office and the
 * `messages` table no longer hold them (docs/decisions/023-account-links.md).
 */
export function withoutLinkTokens(body: string): string {
  return body.replace(LINK_TOKEN, `$1${SENT_LINK_TOKEN}`);
}

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
 * The named queues an order's messages go through, by the order's id: the messages of one order
 * are sent one after another, in the order they were recorded, though the shoppers' lane has
 * several workers (decision 054); orders of different queues go side by side. A fixed number, so
 * the queue's table of named queues does not grow with the orders.
 */
export const ORDER_MESSAGE_QUEUES = 16;

/**
 * Adds the job that delivers message `id`, in `tx`. The job's key is the message's id: queued
 * twice, it is still one job, and a job that failed for good starts again with its attempts at 0.
 * A message about an order goes through its order's named queue (`ORDER_MESSAGE_QUEUES`), so a
 * shopper never reads "your return is recorded" before "your order is delivered".
 */
export async function queueDelivery(tx: Transaction | Database, id: string): Promise<void> {
  await tx.execute(
    sql`select graphile_worker.add_job(${DELIVER_MESSAGE}, json_build_object('id', ${id}::text),
      queue_name => (select 'order-messages:' || (hashtext(${messages.orderId}) & ${ORDER_MESSAGE_QUEUES - 1})::text
        from ${messages} where ${messages.id} = ${id}),
      max_attempts => ${MAX_DELIVERY_ATTEMPTS}::int, job_key => ${id}::text)`,
  );
}
