import { Writable } from "node:stream";
import { afterAll } from "vitest";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { createLogger } from "../../api/platform/logger";
import { type SiteOptions, createSite } from "../../server/site";
import { type TestApi, createTestApi } from "../api/helpers";

/**
 * The real React Router server build of app/, compiled by Vite the way `npm run dev` loads it
 * (no build/ needed, no file watcher, no HMR socket), once per test file.
 */
let buildPromise: Promise<ServerBuild> | undefined;
export function serverBuild(): Promise<ServerBuild> {
  buildPromise ??= (async () => {
    const vite = await createViteServer({
      configFile: "vite.config.ts",
      // No HMR and no WebSocket server: two test files side by side would both bind its port (24678).
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      appType: "custom",
      logLevel: "error",
    });
    afterAll(() => vite.close());
    return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  })();
  return buildPromise;
}

/** A logger whose JSON lines the test reads back (createLogger's `destination`). */
export function memoryLogger(level = "debug") {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { logger: createLogger({ destination, level }), lines };
}

export type TestSite = ReturnType<typeof createSite> & {
  api: TestApi;
  /**
   * Sends `request` to the site as @hono/node-server would, with a socket whose peer is `peer`
   * (its bindings carry the Node request; the site reads only the socket's address from it).
   */
  from: (peer: string | null, request: Request) => Promise<Response>;
};

/** The whole site (server/site.ts) on the real API over an in-memory database, in production mode. */
export async function createTestSite(options: Partial<SiteOptions> & { api?: TestApi } = {}): Promise<TestSite> {
  const api = options.api ?? (await createTestApi());
  const site = createSite({ userapp: api.app.fetch, build: await serverBuild(), mode: "production", ...options });
  const from = async (peer: string | null, request: Request) => {
    const bindings =
      peer === null
        ? undefined
        : {
            incoming: {
              socket: { remoteAddress: peer, remotePort: 50000, remoteFamily: peer.includes(":") ? "IPv6" : "IPv4" },
            },
          };
    return site.fetch(request, bindings);
  };
  return Object.assign(site, { api, from });
}
