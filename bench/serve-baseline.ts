import "../server/node-env";
import { createServer } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createSite } from "../server/site";

// The empty React Router app behind the same server stack as the shop (bench/pages.ts starts it).
const root = path.resolve(import.meta.dirname, "../build/bench-baseline");
const build = (await import(path.join(root, "server/index.js"))) as ServerBuild;
const site = createSite({
  userapp: () => new Response("{}", { status: 404 }),
  build,
  mode: "production",
  clientDir: path.join(root, "client"),
  pageCacheMs: Number(process.env.PAGE_CACHE_SECONDS ?? 5) * 1000,
});
const port = Number(process.env.PORT);
createServer(getRequestListener(site.fetch)).listen(port, "127.0.0.1", () => console.log(`listening on ${port}`));
