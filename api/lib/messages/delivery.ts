import { eq } from "drizzle-orm";
import { Logger as QueueLogger, run, type Runner, type Task } from "graphile-worker";
import nodemailer from "nodemailer";
import type { Database } from "../../db/client";
import { messages } from "../../db/schema";
import type { Logger } from "../../platform/logger";
import { DELIVER_MESSAGE } from "./outbox";

/** Where messages go: an SMTP server (SMTP_URL), or nowhere, kept for the back office to show. */
export type MailTransport = {
  /** Hands the message to the SMTP server; resolves once it has accepted it. */
  send(mail: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    messageId: string;
  }): Promise<void>;
} | null;

/** nodemailer over `smtpUrl` (smtp:// or smtps://, credentials in the URL), or null without one. */
export function mailTransport(smtpUrl: string | undefined): MailTransport {
  if (!smtpUrl) return null;
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
  };
}

export type DeliveryOptions = {
  db: Database;
  transport: MailTransport;
  /** MAIL_FROM: "The Mart <orders@example.in>". */
  from: string;
  logger: Logger;
};

/** The Message-ID of message `id`: the same on every attempt, so a repeat can be told for what it is. */
export function messageIdOf(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "storefront.invalid";
  return `<${id}@${domain}>`;
}

/**
 * The queue's task: delivers one message. A message delivered already (a job run again after a
 * kill between the send and its bookkeeping is the only repeat) is left alone; without a
 * transport it is kept, shown in the back office. A failure is recorded and thrown, so the queue
 * tries again later; the last attempt's failure marks the message failed.
 */
export function deliverMessageTask(options: DeliveryOptions): Task {
  const { db, transport, from } = options;
  return async (payload, helpers) => {
    const id = (payload as { id?: unknown })?.id;
    if (typeof id !== "string") return;
    const [message] = await db.select().from(messages).where(eq(messages.id, id));
    if (!message || message.state === "sent" || message.state === "kept") return;
    if (!transport) {
      await db.update(messages).set({ state: "kept" }).where(eq(messages.id, id));
      return;
    }
    try {
      await transport.send({
        from,
        to: message.toAddress,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: messageIdOf(id, from),
      });
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      const final = helpers.job.attempts >= helpers.job.max_attempts;
      await db
        .update(messages)
        .set({ attempts: helpers.job.attempts, lastError, ...(final && { state: "failed" as const }) })
        .where(eq(messages.id, id));
      throw error;
    }
    await db
      .update(messages)
      .set({ state: "sent", attempts: helpers.job.attempts, sentAt: new Date(), lastError: null })
      .where(eq(messages.id, id));
  };
}

/**
 * Runs the queue's worker beside the server: it picks up delivery jobs as they are committed
 * (LISTEN/NOTIFY, and a poll as a fallback), several processes side by side safely (each job is
 * locked by one). Stop it before closing the database.
 */
export async function startDeliveryWorker(
  options: DeliveryOptions & { databaseUrl: string; concurrency?: number },
): Promise<Runner> {
  const { logger } = options;
  const queueLogger = new QueueLogger((scope) => (level, message) => {
    // A failed job is our own log line (the message's last error); the queue's other lines are noise.
    if (level === "error") logger.warn({ task: scope.taskIdentifier, jobId: scope.jobId }, message);
  });
  return run({
    connectionString: options.databaseUrl,
    concurrency: options.concurrency ?? 2,
    maxPoolSize: 3,
    noHandleSignals: true,
    pollInterval: 2000,
    logger: queueLogger,
    taskList: { [DELIVER_MESSAGE]: deliverMessageTask(options) },
  });
}
