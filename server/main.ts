import "./node-env";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createUserapp } from "../api/app";
import { readEnv } from "../api/config";
import { closeGracefully, describeDatabase, exitWithStartupError, openAndSeed } from "../api/runtime";
import { buildIfNeeded } from "./build";
import { ensureSessionSecret } from "./secret";
import { createSite, remoteUserapp } from "./site";
import { readStorefrontConfig } from "../app/lib/config.server";

// `npm start` (production) and `npm run dev` (--dev, Vite in middleware mode).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
const { env, handle } = await (async () => {
  const env = readEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? (dev ? "development" : "production") });
  process.env.NODE_ENV = env.NODE_ENV;
  if (!dev) buildIfNeeded(root);
  ensureSessionSecret(path.resolve(root, env.DATA_DIR));
  return { env, handle: await openAndSeed(env) };
})().catch(exitWithStartupError);
const userapp = createUserapp({ db: handle.db });
const storefrontUserapp = process.env.USERAPP_API_URL ? remoteUserapp(process.env.USERAPP_API_URL) : undefined;

let listener: ReturnType<typeof getRequestListener>;
let vite: import("vite").ViteDevServer | undefined;
if (dev) {
  const { createServer: createViteServer } = await import("vite");
  vite = await createViteServer({ root, server: { middlewareMode: true }, appType: "custom" });
  const devVite = vite;
  const site = createSite({
    userapp: userapp.fetch,
    storefrontUserapp,
    build: () => devVite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    mode: "development",
    publicOrigin: readStorefrontConfig().publicOrigin,
  });
  listener = getRequestListener(site.fetch);
} else {
  const build = (await import(path.join(root, "build/server/index.js"))) as ServerBuild;
  const site = createSite({
    userapp: userapp.fetch,
    storefrontUserapp,
    build,
    mode: "production",
    clientDir: path.join(root, "build/client"),
    pageCacheMs: env.PAGE_CACHE_SECONDS * 1000,
    publicOrigin: readStorefrontConfig().publicOrigin,
  });
  listener = getRequestListener(site.fetch);
}

const server = createServer((req, res) => {
  if (vite) vite.middlewares(req, res, () => listener(req, res));
  else listener(req, res);
});
// Idle keep-alive connections stay open longer than a load balancer's (often 60 s) and than
// clients that reuse them after a pause; Node's 5 s default makes them reset mid-reuse.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(env.PORT, env.HOST, () => {
  const shown = env.HOST === "0.0.0.0" ? "localhost" : env.HOST;
  console.log(`The shop is open at http://${shown}:${env.PORT} (${describeDatabase(env)}${dev ? ", development" : ""}).`);
});
closeGracefully(server, handle);
