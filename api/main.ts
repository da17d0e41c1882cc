import cluster from "node:cluster";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createUserapp } from "./app";
import { API_PUBLIC_ORIGIN_REQUIRED, listeningOrigin, readEnv, shopIdentity, userappSettings } from "./config";
import { startBackgroundServices } from "./platform/background";
import { databaseUnavailable } from "./platform/health";
import { logger } from "./platform/logger";
import {
  StartupError,
  assertPortFree,
  closeGracefully,
  databaseStatus,
  describeDatabase,
  exitWithStartupError,
  listenOrExit,
  listeningPort,
  openAndSeed,
  openWorkerDatabase,
  planWorkers,
  superviseWorkers,
} from "./platform/runtime";

// `npm run start:api`: the /userapp API alone, for a storefront that sets USERAPP_API_URL.
// WEB_CONCURRENCY workers share the port as `npm start`'s do (docs/decisions/010-workers.md).
const { env, handle, workers, primary } = await (async () => {
  const env = readEnv({ ...process.env, PORT: process.env.PORT ?? "3001" });
  // This process serves no page: its own address in a mailed link would always be a dead one.
  if (env.SMTP_URL && !env.PUBLIC_ORIGIN) throw new StartupError(API_PUBLIC_ORIGIN_REQUIRED);
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
    database: primary,
    onStopped: () => primary?.close() ?? Promise.resolve(),
    onReady: () => console.log(`${listening}, ${workers} workers).`),
  });
} else {
  await serve(handle);
}

async function serve(database: NonNullable<typeof handle>) {
  // The links in messages: PUBLIC_ORIGIN (the storefront's), else where this server listens,
  // asked only once it does; never a request's Host (api/config.ts shopIdentity).
  const shop = shopIdentity(env, () => listeningOrigin(env.HOST, listeningPort(server)));
  const app = createUserapp({ db: database.db, ...userappSettings(env), shop });
  // The catalogue listener, the PIN directory and the health checks now, the sweeper and the
  // queue's jobs once the server listens (api/platform/background.ts).
  const background = await startBackgroundServices({
    handle: database,
    env,
    logger,
    status: databaseStatus(database),
  });
  const { health, close: closeFirst } = background;
  // /healthz and /readyz first, as on the storefront (server/site.ts).
  const server = createServer(
    getRequestListener(async (request, bindings) => {
      const probe = health.handle(request);
      if (probe) return probe;
      // While the database is down: 503 DATABASE_UNAVAILABLE, as the storefront answers (server/site.ts).
      if (health.databaseStatus() !== "up") return databaseUnavailable();
      const response = await app.fetch(request, bindings);
      return response.status === 500 && (await health.databaseDown()) ? databaseUnavailable() : response;
    }),
  );
  await listenOrExit(server, env.PORT, env.HOST, async () => {
    await closeFirst();
    await database.close();
  });
  closeGracefully(server, { database, closeFirst, onDrain: () => health.setDraining() });
  // The sweeper and the queue's jobs write messages: now that the origin of their links is known.
  await background.startJobs(shop);
  // A worker says nothing: its primary prints the line once every worker listens.
  if (cluster.isPrimary) console.log(`${listening}).`);
}
