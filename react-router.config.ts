import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressStaticFiles } from "./server/static";

export default {
  ssr: true,
  // BUILD_DIR (default build/) lets two test runs on different ports build without breaking each other's assets.
  buildDirectory: process.env.BUILD_DIR || "build",
  // Brotli and gzip copies of the client files, made once here rather than at every start-up.
  buildEnd({ reactRouterConfig }) {
    precompressStaticFiles(path.join(reactRouterConfig.buildDirectory, "client"));
  },
  future: {
    // Off, as by default: loaders get our own load context (app/lib/platform/load-context.ts), not
    // middleware's context provider. Saying so keeps React Router from warning at every dev start.
    v8_middleware: false,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
