/**
 * One initialised embedded-PostgreSQL cluster for the whole Vitest run, that the tests starting a
 * shop (or a CLI) on a DATA_DIR of their own copy in (`dataDirWithCluster` in tests/processes.ts)
 * rather than each running `initdb` (2.5 s a time here, most of it waiting for the disk). Made by
 * the shop's own code (api/db/embedded.ts), then stopped: a copy is what a shop finds in DATA_DIR
 * after its first start, its password in postgres.secret beside it. The tests about the first
 * start itself (tests/unit/lifecycle.test.ts) still start on an empty folder.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The environment variable that names the template's DATA_DIR in the test processes. */
export const CLUSTER_TEMPLATE_ENV = "STOREFRONT_TEST_CLUSTER";

/**
 * Creates the template (a DATA_DIR holding `postgres/` and `postgres.secret`), its server stopped;
 * undefined where the server's user cannot reach the temporary folder (the cluster would then be
 * a link to one elsewhere, which every copy would share): the tests then run initdb as before.
 */
export async function makeClusterTemplate(): Promise<string | undefined> {
  const { startEmbeddedPostgres } = await import("../api/db/embedded");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-cluster-"));
  fs.chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres(dir);
  await server.stop();
  const cluster = path.join(dir, "postgres");
  if (!fs.lstatSync(cluster).isDirectory()) {
    fs.rmSync(fs.realpathSync(cluster), { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  fs.rmSync(path.join(dir, "postgres.log"), { force: true });
  return dir;
}

/**
 * A copy of the template's cluster and password in `dataDir` (an empty folder), when the run has
 * a template; answers whether it copied.
 */
export function copyClusterTemplate(dataDir: string): boolean {
  const template = process.env[CLUSTER_TEMPLATE_ENV];
  if (!template) return false;
  // cp -a keeps the owner (the server's user, when the tests run as root) and the 0700 that
  // PostgreSQL insists on; 39 MB, a fifth of a second.
  const copied = spawnSync(
    "cp",
    ["-a", path.join(template, "postgres"), path.join(template, "postgres.secret"), dataDir],
    {
      encoding: "utf8",
    },
  );
  if (copied.status !== 0) throw new Error(`Copying the test cluster into ${dataDir} failed: ${copied.stderr}`);
  return true;
}
