import cluster from "node:cluster";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createUserapp } from "./app";
import { readEnv, userappSettings } from "./config";
import { listenForCatalogueChanges } from "./platform/catalogue-version";
import { logger } from "./platform/logger";
import { startPaymentSweeper } from "./lib/payments/payment-sweeper";
import { warmPinDirectory } from "./lib/orders/pincode";
import { createHealth, pingDatabase } from "./platform/health";
import {
  assertPortFree,
  closeGracefully,
  describeDatabase,
  exitWithStartupError,
  listenOrExit,
  openAndSeed,
  openWorkerDatabase,
  planWorkers,
  superviseWorkers,
} from "./platform/runtime";

// `npm run start:api`: the /userapp API alone, for a storefront that sets USERAPP_API_URL.
// WEB_CONCURRENCY workers share the port as `npm start`'s do (docs/decisions/010-workers.md).
const { env, handle, workers, primary } = await (async () => {
  const env = readEnv({ ...process.env, PORT: process.env.PORT ?? "3001" });
  if (cluster.isWorker) return { env, handle: await openWorkerDatabase(env), workers: 1 };
  const plan = planWorkers(env);
  if (plan.note) console.warn(plan.note);
  await assertPortFree(env.PORT, env.HOST);
  const handle = await openAndSeed(env);
  if (plan.workers === 1) return { env, handle, workers: 1 };
  // The workers open the database as it is; this process keeps the embedded server running for them.
  await handle.closePool();
  return { env, handle: undefined, workers: plan.workers, primary: handle };
})().catch(exitWithStartupError);

const listening = `The /userapp API is listening on http://${env.HOST}:${env.PORT}/userapp (${describeDatabase(env)}`;
if (workers > 1 || !handle) {
  superviseWorkers({
    count: workers,
    env: primary ? { DATABASE_URL: primary.url } : undefined,
    onStopped: () => primary?.close() ?? Promise.resolve(),
    onReady: () => console.log(`${listening}, ${workers} workers).`),
  });
} else {
  await serve(handle);
}

async function serve(database: NonNullable<typeof handle>) {
  const app = createUserapp({ db: database.db, ...userappSettings(env) });
  // Unpaid UPI orders past their window release their stock (api/lib/payments/payment-sweeper.ts).
  const stopSweeper = startPaymentSweeper({ db: database.db, now: () => new Date(), logger });
  // Another process's catalogue change reaches this process's caches (api/platform/catalogue-version.ts).
  const databaseUrl = "url" in database ? (database.url as string) : env.DATABASE_URL;
  // The PIN directory is read now, in its worker thread, rather than by the first shopper who types
  // an address: reading it takes seconds (2.7 s here), which a save waits for up to 2.5 s.
  void warmPinDirectory().catch((error: unknown) => logger.warn({ err: error }, "PIN directory not read"));
  const catalogueListener = databaseUrl
    ? await listenForCatalogueChanges({
        databaseUrl,
        log: { warn: (message) => logger.warn(message), info: (message) => logger.info(message) },
      })
    : undefined;
  const closeFirst = async () => {
    await stopSweeper();
    await catalogueListener?.close();
  };
  const health = createHealth({ ping: () => pingDatabase(database.db) });
  // /healthz and /readyz first, as on the storefront (server/site.ts).
  const server = createServer(
    getRequestListener((request, bindings) => health.handle(request) ?? app.fetch(request, bindings)),
  );
  await listenOrExit(server, env.PORT, env.HOST, async () => {
    await closeFirst();
    await database.close();
  });
  // A worker says nothing: its primary prints the line once every worker listens.
  if (cluster.isPrimary) console.log(`${listening}).`);
  closeGracefully(server, { database, closeFirst, onDrain: () => health.setDraining() });
}
