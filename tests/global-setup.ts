/**
 * One PostgreSQL server for the whole Vitest run, and a migrated template database that each test
 * file clones (tests/db.ts): files stay isolated and run side by side, and none waits for the
 * migrations. The server is the embedded one (api/db/embedded.ts) in a folder of the system's
 * temporary one, which the server's user can reach wherever the clone lives; with DATABASE_URL
 * set, that server instead (the template is made there, and dropped at the end).
 *
 * The test processes inherit DATABASE_URL (the server) and STOREFRONT_TEST_TEMPLATE (the template).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../api/db/client";
import { startEmbeddedPostgres } from "../api/db/embedded";
import { createScratchDatabase } from "../api/db/scratch-database";
import { buildUnlessBuilt } from "./build";
import { CLUSTER_TEMPLATE_ENV, makeClusterTemplate } from "./cluster-template";

export default async function setup(): Promise<() => Promise<void>> {
  // The production build some tests start (tests/build.ts), made beside the database's start.
  // Awaited below; a failure of the database's start, if it comes first, is the one reported.
  const built = buildUnlessBuilt();
  built.catch(() => {});
  // The initialised cluster that the tests starting shops copy (tests/cluster-template.ts), made
  // beside the run's own server.
  const clusterTemplate = makeClusterTemplate();
  clusterTemplate.catch(() => {});
  const external = process.env.DATABASE_URL;
  let dir: string | undefined;
  let stopServer = async () => {};
  let serverUrl: string;
  if (external) {
    serverUrl = external;
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-test-"));
    fs.chmodSync(dir, 0o755);
    // Nothing here needs to survive a crash of the machine.
    const server = await startEmbeddedPostgres(dir, {
      settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
    });
    serverUrl = server.url;
    stopServer = () => server.stop();
  }
  const template = await createScratchDatabase(serverUrl, { prefix: "storefront_template" });
  const migrated = await openDatabase({ databaseUrl: template.url });
  await migrated.close();
  let clusterDir: string | undefined;
  const teardown = async () => {
    if (external) await template.drop();
    await stopServer();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (clusterDir) fs.rmSync(clusterDir, { recursive: true, force: true });
  };
  try {
    clusterDir = await clusterTemplate;
    await built;
  } catch (error) {
    await teardown();
    throw error;
  }
  if (clusterDir) process.env[CLUSTER_TEMPLATE_ENV] = clusterDir;

  process.env.DATABASE_URL = serverUrl;
  process.env.STOREFRONT_TEST_TEMPLATE = new URL(template.url).pathname.slice(1);
  return teardown;
}
