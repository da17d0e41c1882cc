import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createUserapp } from "./app";
import { readEnv, userappSettings } from "./config";
import { logger } from "./lib/logger";
import { startPaymentSweeper } from "./lib/order-lifecycle";
import { createHealth, pingDatabase } from "./lib/health";
import { assertPortFree, closeGracefully, describeDatabase, exitWithStartupError, listenOrExit, openAndSeed } from "./runtime";

// `npm run start:api`: the /userapp API alone, for a storefront that sets USERAPP_API_URL.
const { env, handle } = await (async () => {
  const env = readEnv({ ...process.env, PORT: process.env.PORT ?? "3001" });
  await assertPortFree(env.PORT, env.HOST);
  return { env, handle: await openAndSeed(env) };
})().catch(exitWithStartupError);
const app = createUserapp({ db: handle.db, ...userappSettings(env) });
// Unpaid UPI orders past their window release their stock (api/lib/order-lifecycle.ts).
const stopSweeper = startPaymentSweeper({ db: handle.db, now: () => new Date(), logger });
const health = createHealth({ ping: () => pingDatabase(handle.db) });
// /healthz and /readyz first, as on the storefront (server/site.ts).
const server = createServer(getRequestListener((request, bindings) => health.handle(request) ?? app.fetch(request, bindings)));
await listenOrExit(server, env.PORT, env.HOST, async () => {
  await stopSweeper();
  await handle.close();
});
console.log(`The /userapp API is listening on http://${env.HOST}:${env.PORT}/userapp (${describeDatabase(env)}).`);
closeGracefully(server, { database: handle, closeFirst: stopSweeper, onDrain: () => health.setDraining() });
