import cluster from "node:cluster";
import type { DatabaseHandle } from "../db/client";
import type { ServerEnv } from "../config";
import type { DatabaseStatus } from "../db/embedded-supervisor";
import type { ShopIdentity } from "../lib/context";
import { mailTransport, startDeliveryWorker } from "../lib/messages/delivery";
import { warmPinDirectory } from "../lib/orders/pincode";
import { startPaymentSweeper } from "../lib/payments/payment-sweeper";
import { listenForCatalogueChanges } from "./catalogue-version";
import { createHealth, type Health, pingDatabase } from "./health";
import type { Logger } from "./logger";

export type BackgroundServices = {
  /** /healthz and /readyz, ready while the database answers. */
  health: Health;
  /**
   * Starts what writes messages with no request, the payment sweeper and the queue's worker (its
   * jobs: reminders, expiries, COD confirmations' deadlines), with the shop whose origin their
   * links take: call it once the server listens, when that origin is known (PORT=0 included).
   */
  startJobs(shop: ShopIdentity): Promise<void>;
  /** Stops the sweeper (after a sweep under way), the queue's worker and the listener: call it before closing the database. */
  close(): Promise<void>;
};

/**
 * What every process that holds the database starts beside its server, `npm start`'s
 * (server/main.ts) and `npm run start:api`'s (api/main.ts) alike: the catalogue-version listener,
 * the PIN directory's warm-up and the health checks on the database now, before it listens; the
 * payment sweeper and the queue's worker with `startJobs`, once it does.
 * A storefront on a remote API (USERAPP_API_URL) starts none of them: the API process does.
 */
export async function startBackgroundServices(options: {
  /** The process's database; `url` when it was opened here (the embedded server's socket). */
  handle: DatabaseHandle & { url?: string };
  env: Pick<ServerEnv, "DATABASE_URL" | "DATABASE_DIRECT_URL" | "SMTP_URL" | "WEBHOOKS_ALLOW_PRIVATE">;
  logger: Logger;
  /** The embedded server's state (the shop's supervisor, or, in a worker, as its primary tells it). */
  status?: () => DatabaseStatus;
}): Promise<BackgroundServices> {
  const { handle, env, logger } = options;
  // The PIN directory is read now, in its worker thread, rather than by the first shopper who types
  // an address: reading it takes seconds (2.7 s here), which a save waits for up to 2.5 s.
  void warmPinDirectory().catch((error: unknown) => logger.warn({ err: error }, "PIN directory not read"));
  // Another process's catalogue change (another worker, `npm run catalogue -- import`) reaches this
  // process's caches through PostgreSQL's NOTIFY (api/platform/catalogue-version.ts).
  // A session of its own each (LISTEN, the queue's): past a pooler in transaction mode when the
  // shop has a direct URL (docs/deployment.md, "PgBouncer").
  const databaseUrl = env.DATABASE_DIRECT_URL ?? handle.url ?? env.DATABASE_URL;
  const catalogueListener = databaseUrl
    ? await listenForCatalogueChanges({
        databaseUrl,
        log: { warn: (message) => logger.warn(message), info: (message) => logger.info(message) },
      })
    : undefined;
  // Started once (startJobs); close waits for a start under way, so that nothing outlives it.
  let jobs: Promise<{ stopSweeper: () => Promise<void>; delivery?: { stop(): Promise<void> } }> | undefined;
  let closed = false;
  const startJobs = async (shop: ShopIdentity) => {
    // Unpaid UPI orders past their window release their stock (api/lib/payments/payment-sweeper.ts).
    const stopSweeper = startPaymentSweeper({ db: handle.db, now: () => new Date(), logger, shop });
    // Messages recorded with their events are delivered by the queue's worker (api/lib/messages/).
    const transport = mailTransport(env.SMTP_URL);
    if (!transport && (cluster.isPrimary || cluster.worker?.id === 1))
      logger.info("SMTP_URL is not set: messages to shoppers are kept in the database, not sent.");
    const start = () =>
      startDeliveryWorker({
        db: handle.db,
        databaseUrl: databaseUrl!,
        transport,
        shop,
        logger,
        webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
      });
    // The database may go away while the queue's runners start (the embedded server killed and
    // restarted by its supervisor, a failover): once running, graphile-worker rides that out on
    // its own, so a start that meets it waits and starts again, rather than ending a process that
    // serves pages meanwhile (decision 054, "A start that meets a database going away").
    let delivery: { stop(): Promise<void> } | undefined;
    for (let attempt = 1; databaseUrl && !delivery && !closed; attempt++) {
      try {
        delivery = await start();
      } catch (error) {
        const waitMs = Math.min(5000, 500 * attempt);
        logger.warn(
          `The queue's workers could not start (${error instanceof Error ? error.message : String(error)}); trying again in ${waitMs} ms.`,
        );
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    }
    return { stopSweeper, delivery };
  };
  return {
    health: createHealth({ ping: () => pingDatabase(handle.db), status: options.status }),
    async startJobs(shop) {
      if (closed || jobs) return;
      jobs = startJobs(shop);
      await jobs;
    },
    async close() {
      closed = true;
      const started = await jobs?.catch(() => undefined);
      await started?.stopSweeper();
      await catalogueListener?.close();
      await started?.delivery?.stop();
    },
  };
}
