import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { EventEmitter } from "node:events";
import {
  Logger as QueueLogger,
  runMigrations,
  runTaskList,
  type Task,
  type TaskList,
  type WorkerEvents,
} from "graphile-worker";
import nodemailer from "nodemailer";
import pg from "pg";
import { type Database, rowsOf } from "../../db/client";
import { messages } from "../../db/schema";
import type { Logger } from "../../platform/logger";
import { deliverWebhookTask } from "../webhooks/webhook-delivery";
import { DELIVER_WEBHOOK } from "../webhooks/webhook-events";
import { DELIVER_MESSAGE, withoutLinkTokens } from "./outbox";
import { EXPIRE_ORDER, expireOrderTask, PAYMENT_REMINDER, paymentReminderTask } from "../payments/payment-jobs";
import type { ShopIdentity } from "../context";
import { COD_CONFIRM_EXPIRE, codConfirmExpireTask } from "../orders/cod-confirmation";
import { DASHBOARD_ROLLUP, dashboardRollupTask, queueRollUpsHourly } from "../admin/dashboard-rollup";

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
  /** The shop as its messages name it: their sender (MAIL_FROM, `shop.from`), and the payment jobs' messages. */
  shop: ShopIdentity;
  transport: MailTransport;
  logger: Logger;
  /** WEBHOOKS_ALLOW_PRIVATE: webhooks may go to loopback and private addresses (api/lib/webhooks/). */
  webhooksAllowPrivate?: boolean;
  /** How long one webhook attempt waits for its answer (api/lib/webhooks/webhook-delivery.ts). */
  webhookTimeoutMs?: number;
};

/** The Message-ID of message `id`: the same on every attempt, so a repeat can be told for what it is. */
export function messageIdOf(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "storefront.invalid";
  return `<${id}@${domain}>`;
}

/**
 * The queue's task: delivers one message. A message delivered already (a job run again after a
 * kill between the send and its bookkeeping is the only repeat) is left alone; without a
 * transport it is kept, shown in the back office. Once sent, the stored copy loses its links'
 * tokens (withoutLinkTokens). A failure is recorded and thrown, so the queue
 * tries again later; the last attempt's failure marks the message failed.
 */
export function deliverMessageTask(options: DeliveryOptions): Task {
  const { db, transport } = options;
  const { from } = options.shop;
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
    // Sent: its links' tokens leave the stored copy (the recipient has them).
    await db
      .update(messages)
      .set({
        state: "sent",
        attempts: helpers.job.attempts,
        sentAt: new Date(),
        lastError: null,
        html: withoutLinkTokens(message.html),
        text: withoutLinkTokens(message.text),
      })
      .where(eq(messages.id, id));
  };
}

/** A job whose worker has had no connection for this long runs again; a reconnect takes less. */
export const RECLAIM_GRACE_MS = 10_000;
/** How often each process looks for the jobs of stopped workers (and once as it starts). */
export const RECLAIM_EVERY_MS = 15_000;

/** The prefix of our queue processes' names (their connections' `application_name`) and so of their workers' ids. */
const WORKER_PREFIX = "queue-";

/**
 * Each kind of background work and the workers each process gives it (decision 054): a webhook
 * endpoint that never answers holds webhook workers only, never the ones that send shoppers their
 * messages or expire unpaid orders. Both kinds wait on the network (SMTP, a merchant's endpoint),
 * so each has two workers; one endpoint holds at most one of them at a time, on every host
 * together (its deliveries share a named queue: api/lib/webhooks/webhook-events.ts).
 */
export const QUEUE_LANES = {
  /** Messages to shoppers, and the payment and COD jobs (reminders, expiries). */
  shoppers: 2,
  /** Webhook deliveries (10 s per attempt at most). */
  webhooks: 2,
  /**
   * The dashboard's daily roll-up (api/lib/admin/dashboard-rollup.ts): database work only, queued
   * by the changes it follows and every hour by each process (queueRollUpsHourly), kept off the others' workers.
   */
  figures: 1,
} as const;

/** The queue's connections per process: each worker's LISTEN, and two for taking and finishing jobs. */
export const QUEUE_POOL_SIZE = QUEUE_LANES.shoppers + QUEUE_LANES.webhooks + QUEUE_LANES.figures + 2;

/**
 * Gives back the jobs of queue workers that died (a `kill -9`, a lost machine): a job stays locked
 * by its worker, and graphile-worker itself would wait four hours before running it again. The
 * workers of one process are named `<process>.<lane><n>`, and the process's queue connections
 * carry `<process>` as their `application_name`; it holds some for as long as it lives (its
 * workers' LISTEN), so a job whose process has no connection left, locked longer ago than
 * `graceMs` (a worker reconnecting), is unlocked and runs again on a live worker. Returns how many
 * stopped workers it found.
 */
export async function reclaimOrphanedJobs(db: Database, graceMs = RECLAIM_GRACE_MS): Promise<number> {
  const [row] = rowsOf<{ workers: number }>(
    await db.execute(sql`
      with orphans as (
        select array_agg(distinct locked_by) as "workers" from graphile_worker.jobs
        where locked_by like ${`${WORKER_PREFIX}%`}
          and locked_at < now() - make_interval(secs => ${graceMs / 1000}::float8)
          and split_part(locked_by, '.', 1) not in (select application_name from pg_stat_activity where application_name is not null)
      )
      select cardinality("workers") as "workers", graphile_worker.force_unlock_workers("workers")::text
      from orphans where "workers" is not null`),
  );
  return row?.workers ?? 0;
}

/**
 * Runs the queue's workers beside the server: they pick up jobs as they are committed
 * (LISTEN/NOTIFY, and a poll as a fallback), several processes side by side safely (each job is
 * locked by one), and give back the jobs of workers that died (`reclaimOrphanedJobs`) when it
 * starts and every `reclaimEveryMs` after. Each kind of work has its own workers (`QUEUE_LANES`):
 * a runner per worker, since graphile-worker 0.16 names the workers of one runner at random, and
 * the reclaim needs names it can tell apart by process. Stop it before closing the database.
 */
export async function startDeliveryWorker(
  options: DeliveryOptions & { databaseUrl: string; reclaimEveryMs?: number; reclaimGraceMs?: number },
): Promise<{ stop(): Promise<void> }> {
  const { logger, db } = options;
  const queueLogger = new QueueLogger((scope) => (level, message) => {
    // A failed job is our own log line (the message's last error); the queue's other lines are noise.
    if (level === "error") logger.warn({ task: scope.taskIdentifier, jobId: scope.jobId }, message);
  });
  // This process's name, which its queue connections carry, so that its liveness can be read from
  // pg_stat_activity (reclaimOrphanedJobs).
  const processName = `${WORKER_PREFIX}${randomUUID()}`;
  const pgPool = new pg.Pool({
    connectionString: options.databaseUrl,
    application_name: processName,
    max: QUEUE_POOL_SIZE,
  });
  // graphile-worker hears its pool's errors only while it runs: a connection the server ends as
  // the shop stops (or restarts it) after the runner stopped must not end the process.
  pgPool.on("error", () => {});
  // Nor a connection lost while a worker holds its client: the query under way fails with it, and
  // the pool drops the client when it comes back (as openDatabase's pool does; graphile-worker's
  // `run()` added this listener itself, its pool of workers alone does not).
  pgPool.on("connect", (client) => client.on("error", () => {}));
  const reclaim = () =>
    reclaimOrphanedJobs(db, options.reclaimGraceMs).catch((error: unknown) =>
      logger.warn({ err: error }, "reclaiming the jobs of stopped workers failed"),
    );
  const now = () => new Date();
  const shoppers: TaskList = {
    [DELIVER_MESSAGE]: deliverMessageTask(options),
    [PAYMENT_REMINDER]: paymentReminderTask({ db, shop: options.shop, now }),
    [EXPIRE_ORDER]: expireOrderTask({ db, shop: options.shop, now }),
    [COD_CONFIRM_EXPIRE]: codConfirmExpireTask({ db, shop: options.shop, now }),
  };
  const webhooks: TaskList = {
    [DELIVER_WEBHOOK]: deliverWebhookTask({
      db,
      allowPrivate: options.webhooksAllowPrivate ?? false,
      timeoutMs: options.webhookTimeoutMs,
    }),
  };
  const figures: TaskList = { [DASHBOARD_ROLLUP]: dashboardRollupTask({ db, now }) };
  const lanes: { workerId: string; taskList: TaskList }[] = [
    ...Array.from({ length: QUEUE_LANES.shoppers }, (_, n) => ({
      workerId: `${processName}.shoppers${n}`,
      taskList: shoppers,
    })),
    ...Array.from({ length: QUEUE_LANES.webhooks }, (_, n) => ({
      workerId: `${processName}.webhooks${n}`,
      taskList: webhooks,
    })),
    ...Array.from({ length: QUEUE_LANES.figures }, (_, n) => ({
      workerId: `${processName}.figures${n}`,
      taskList: figures,
    })),
  ];
  type LaneSpec = (typeof lanes)[number];
  /** A lane's running pool: what stops it, its end, and its events. */
  type Lane = { stop: () => Promise<void>; promise: Promise<void>; events: WorkerEvents };
  const runners = new Map<string, Lane>();
  let stopping = false;
  const startLane = async (lane: LaneSpec) => {
    const events = new EventEmitter() as WorkerEvents;
    // The lane's pool of workers alone, not `run()`: graphile-worker 0.16's `run()` also starts a
    // cron, which reads its table as it starts even with no crontab, and leaves that promise's
    // rejection unhandled (runner.js, `cron.promise.finally`): the database gone at that moment
    // ended the process that serves pages (a kill -9 loop caught it; decision 052 amended). What
    // else `run()` did comes before the lanes start: the queue's migrations, below.
    const pool = runTaskList(
      {
        // graphile-worker 0.16 reads `workerId` from these options, though its type omits it.
        ...({ workerId: lane.workerId } as object),
        concurrency: 1,
        noHandleSignals: true,
        pollInterval: 2000,
        logger: queueLogger,
        events,
      },
      lane.taskList,
      pgPool,
    );
    const runner: Lane = { stop: () => pool.gracefulShutdown(), promise: pool.promise, events };
    // A worker that could not mark its job done (the database gone at that moment) ends itself,
    // and graphile-worker 0.16 starts no other in its place: the lane would do nothing from then on
    // while the process serves pages. It is replaced (decision 054, "A worker that ends itself").
    runner.events.on("worker:fatalError", () => void replaceLane(lane, runner));
    // A runner that stops on an error (its database gone for good) rejects its promise; unheard,
    // that rejection would end the process that serves pages (seen when the embedded server was
    // killed: tests/unit/embedded-care.test.ts). Said, not thrown.
    runner.promise.catch((error: unknown) =>
      logger.warn({ err: error, lane: lane.workerId.split(".").pop() }, "A queue worker stopped after an error"),
    );
    runners.set(lane.workerId, runner);
    if (stopping) await runner.stop();
  };
  const replaceLane = async (lane: LaneSpec, ended: Lane) => {
    if (stopping || runners.get(lane.workerId) !== ended) return;
    logger.warn(
      { lane: lane.workerId.split(".").pop() },
      "A queue worker ended itself after an error; starting another",
    );
    await ended.stop().catch(() => undefined);
    for (let attempt = 1; !stopping; attempt++) {
      try {
        // Its job stays locked by its name until unlocked: it runs again on the new worker.
        await db.execute(sql`select graphile_worker.force_unlock_workers(array[${lane.workerId}]::text[])`);
        await startLane(lane);
        return;
      } catch (error) {
        const waitMs = Math.min(5000, 500 * attempt);
        logger.warn(
          `A queue worker could not start again (${error instanceof Error ? error.message : String(error)}); trying again in ${waitMs} ms.`,
        );
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    }
  };
  try {
    // What `run()` did first: the queue's schema brought up to date, on the queue's own connection,
    // so that a database that cannot be reached fails the start here, and the caller tries again
    // (api/platform/background.ts), rather than lanes starting with no database to work on.
    await runMigrations({ pgPool, logger: queueLogger });
    for (const lane of lanes) await startLane(lane);
  } catch (error) {
    await Promise.all([...runners.values()].map((runner) => runner.stop()));
    await pgPool.end();
    throw error;
  }
  await reclaim();
  const timer = setInterval(() => void reclaim(), options.reclaimEveryMs ?? RECLAIM_EVERY_MS);
  timer.unref();
  // Days ended are rolled up every hour (the queue's figures lane runs it).
  const rollUps = queueRollUpsHourly({
    db,
    now,
    warn: (error) => logger.warn({ err: error }, "queueing the dashboard's roll-up failed"),
  });
  return {
    async stop() {
      clearInterval(timer);
      rollUps.stop();
      stopping = true;
      // One that stopped on an error already says so when stopped again.
      await Promise.all([...runners.values()].map((runner) => runner.stop().catch(() => undefined)));
      await pgPool.end();
    },
  };
}
