/**
 * The storefront's production build, for the tests that start the production server
 * (tests/unit/operations.test.ts and workers.test.ts). Vitest's global setup (tests/global-setup.ts)
 * makes it once, before any test file runs, when there is none; an existing build is used as it
 * is, so tests never rebuild while sources change. (Each of those files once built for itself
 * when it found none: on a fresh clone both ran `npm run build` into the same folder at once, and
 * one build failed.)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildDirectory } from "../server/build";

const root = path.resolve(import.meta.dirname, "..");

/** The built server: BUILD_DIR's, or build/'s. */
const serverEntry = path.join(buildDirectory(root), "server/index.js");

/** Runs `npm run build` unless the built server exists; a failed build's error output is in the error. */
export async function buildUnlessBuilt(): Promise<void> {
  if (fs.existsSync(serverEntry)) return;
  let errors = "";
  const code = await new Promise<number | null>((resolve, reject) => {
    const build = spawn("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "pipe"], timeout: 240_000 });
    build.stderr.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    build.once("error", reject);
    build.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`npm run build failed (exit ${code}):\n${errors}`);
}
