import "./node-env";
import cluster from "node:cluster";
import fs from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createUserapp } from "../api/app";
import { listeningOrigin, readEnv, shopIdentity, userappSettings } from "../api/config";
import { startBackgroundServices } from "../api/platform/background";
import { createHealth } from "../api/platform/health";
import { logger } from "../api/platform/logger";
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
} from "../api/platform/runtime";
import { buildDirectory, buildIfNeeded } from "./build";
import { pingApi, proxyUserapp, readRemoteApi } from "./proxy";
import { ensureSessionSecret } from "./secret";
import { createSite } from "./site";
import { readStorefrontConfig } from "../app/lib/platform/config.server";

/**
 * The host a request without a Host header is read as (HTTP/1.0, as load balancers' plain health
 * checks send, e.g. HAProxy's `option httpchk` without a request line of its own): without it such
 * a request is refused with 400 before the site sees it. Links never come from it (PUBLIC_ORIGIN).
 */
const NO_HOST = "localhost";

// `npm start` (production) and `npm run dev` (--dev, Vite in middleware mode). `--no-build`
// serves the build there is without comparing it with the sources (a build made beforehand).
// WEB_CONCURRENCY workers (node:cluster) run this same script and share the port: the primary
// checks, builds, starts the embedded database, migrates and seeds once, then forks them
// (docs/decisions/010-workers.md).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
const serverEntry = path.join(buildDirectory(root), "server/index.js");
const { env, publicOrigin, remoteApi, handle, workers, primary } = await (async () => {
  const env = readEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? (dev ? "development" : "production") });
  process.env.NODE_ENV = env.NODE_ENV;
  const { publicOrigin } = readStorefrontConfig();
  const remoteApi = readRemoteApi(process.env.USERAPP_API_URL);
  // A worker: the primary did the rest (SESSION_SECRET and the database's URL come in its environment).
  if (cluster.isWorker) return { env, publicOrigin, remoteApi, handle: await openWorkerDatabase(env), workers: 1 };
  const plan = planWorkers(env, { dev, remoteApi: Boolean(remoteApi) });
  if (plan.note) console.warn(plan.note);
  // Before anything slow: a taken port is one line, not a trace after building and seeding.
  await assertPortFree(env.PORT, env.HOST);
  if (!dev && !process.argv.includes("--no-build")) buildIfNeeded(root);
  if (!dev && !fs.existsSync(serverEntry))
    throw new StartupError("There is no build: run `npm run build`, or start without --no-build.");
  ensureSessionSecret(path.resolve(root, env.DATA_DIR));
  // With USERAPP_API_URL the API process owns the database and the accounts: none is opened here.
  if (remoteApi) return { env, publicOrigin, remoteApi, handle: undefined, workers: 1 };
  const opened = await openAndSeed(env);
  // Migrated and seeded once, here; the workers open the database as it is. This process keeps
  // the embedded server running for them, and stops it when they have stopped.
  if (plan.workers > 1)
    return { env, publicOrigin, remoteApi, handle: undefined, workers: plan.workers, primary: opened };
  return { env, publicOrigin, remoteApi, handle: opened, workers: 1 };
})().catch(exitWithStartupError);

if (workers > 1) {
  // The primary serves no request: its pool goes, the server stays for the workers.
  await primary!.closePool();
  superviseWorkers({
    count: workers,
    env: { DATABASE_URL: primary!.url },
    database: primary,
    onStopped: () => primary!.close(),
    onReady: () =>
      console.log(
        `The shop is open at ${listeningOrigin(env.HOST, env.PORT)} (${describeDatabase(env)}, ${workers} workers).`,
      ),
  });
} else {
  await serve();
}

async function serve() {
  let listener: ReturnType<typeof getRequestListener> | undefined;
  let vite: import("vite").ViteDevServer | undefined;
  const server = createServer((req, res) => {
    if (vite) vite.middlewares(req, res, () => listener!(req, res));
    else listener!(req, res);
  });
  // Idle keep-alive connections stay open longer than a load balancer's (often 60 s) and than
  // clients that reuse them after a pause; Node's 5 s default makes them reset mid-reuse.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  // The links in messages: PUBLIC_ORIGIN, else where this server listens, asked only once it does
  // (PORT=0: the port bound), never a request's Host (api/config.ts shopIdentity).
  const shop = shopIdentity(env, () => listeningOrigin(env.HOST, listeningPort(server)));
  const userapp = remoteApi
    ? proxyUserapp(remoteApi)
    : createUserapp({ db: handle!.db, ...userappSettings(env), shop }).fetch;
  // The catalogue listener, the PIN directory and /readyz on the database now, the sweeper and the
  // queue's jobs once the server listens (api/platform/background.ts); on a remote API that
  // process runs them, and /readyz asks it.
  const background = handle
    ? await startBackgroundServices({ handle, env, logger, status: databaseStatus(handle) })
    : { health: createHealth({ ping: () => pingApi(remoteApi!) }), startJobs: async () => {}, close: async () => {} };
  const { health } = background;

  if (dev) {
    const { createServer: createViteServer } = await import("vite");
    const own = { sigterm: new Set(process.listeners("SIGTERM")), stdinEnd: new Set(process.stdin.listeners("end")) };
    // Hot reload's WebSocket rides this server: no second port (24678) to collide on.
    vite = await createViteServer({ root, server: { middlewareMode: true, hmr: { server } }, appType: "custom" });
    // React Router's plugin starts Vite servers of its own, and Vite makes any such server exit the
    // process on SIGTERM (or when stdin ends) before our database is closed: closeGracefully closes Vite instead.
    for (const listener of process.listeners("SIGTERM"))
      if (!own.sigterm.has(listener)) process.off("SIGTERM", listener);
    for (const listener of process.stdin.listeners("end")) {
      if (!own.stdinEnd.has(listener)) process.stdin.off("end", listener as () => void);
    }
    const devVite = vite;
    const site = createSite({
      userapp,
      health,
      trustProxy: env.TRUST_PROXY,
      formBodyLimitBytes: env.FORM_BODY_LIMIT_BYTES,
      build: () => devVite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      mode: "development",
      publicOrigin,
    });
    listener = getRequestListener(site.fetch, { hostname: NO_HOST });
  } else {
    const build = (await import(serverEntry)) as ServerBuild;
    const site = createSite({
      userapp,
      health,
      trustProxy: env.TRUST_PROXY,
      formBodyLimitBytes: env.FORM_BODY_LIMIT_BYTES,
      build,
      mode: "production",
      clientDir: path.join(buildDirectory(root), "client"),
      pageCacheMs: env.PAGE_CACHE_SECONDS * 1000,
      publicOrigin,
    });
    listener = getRequestListener(site.fetch, { hostname: NO_HOST });
  }

  const closeBeforeDatabase = async () => {
    await background.close();
    await vite?.close();
  };
  await listenOrExit(server, env.PORT, env.HOST, async () => {
    await closeBeforeDatabase();
    await handle?.close();
  });
  closeGracefully(server, { database: handle, closeFirst: closeBeforeDatabase, onDrain: () => health.setDraining() });
  // The sweeper and the queue's jobs write messages: now that the origin of their links is known.
  await background.startJobs(shop);
  const backend = remoteApi ? `the API at ${remoteApi.origin}` : describeDatabase(env);
  // A worker says nothing: its primary prints the line once every worker listens.
  if (cluster.isPrimary)
    console.log(
      `The shop is open at ${listeningOrigin(env.HOST, listeningPort(server))} (${backend}${dev ? ", development" : ""}).`,
    );
}
