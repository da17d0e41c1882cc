import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const sources = ["app", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds the storefront when there is no build yet or a source is newer than it. */
export function buildIfNeeded(root: string): void {
  const serverEntry = path.join(root, "build/server/index.js");
  const builtAt = fs.existsSync(serverEntry) ? fs.statSync(serverEntry).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (builtAt > changedAt) return;
  console.log(builtAt ? "Sources changed since the last build: building…" : "No build yet: building…");
  const cli = path.join(root, "node_modules/@react-router/dev/bin.js");
  const result = spawnSync(process.execPath, [cli, "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("The build failed (see above).");
}
