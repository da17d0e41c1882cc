import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { StartupError } from "../api/platform/runtime";

// api/contract too: the storefront's bundles carry its constants (the platform fee, the id rule).
const sources = ["app", "api/contract", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Where the storefront's build lives: BUILD_DIR, or build/ (react-router.config.ts reads the same variable). */
export function buildDirectory(root: string): string {
  return path.resolve(root, process.env.BUILD_DIR || "build");
}

/** Builds the storefront when there is no build yet or a source is newer than it. */
export function buildIfNeeded(root: string): void {
  const serverEntry = path.join(buildDirectory(root), "server/index.js");
  const builtAt = fs.existsSync(serverEntry) ? fs.statSync(serverEntry).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (builtAt > changedAt) return;
  console.log(
    builtAt
      ? "Sources changed since the last build: building the storefront…"
      : "No build yet: building the storefront…",
  );
  const started = Date.now();
  const cli = path.join(root, "node_modules/@react-router/dev/bin.js");
  // Errors only: Vite's per-file table is noise at start-up (`npm run build` still shows it).
  // Always React's production build: a NODE_ENV of test or development would ship React's development bundle.
  const env = { ...process.env, NODE_ENV: "production" };
  const result = spawnSync(process.execPath, [cli, "build", "--logLevel", "error"], {
    cwd: root,
    stdio: "inherit",
    env,
  });
  if (result.status !== 0) throw new StartupError("The build failed (see above).");
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
