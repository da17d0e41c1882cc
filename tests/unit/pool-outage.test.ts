/**
 * The shop's pool (api/db/client.ts) after a connection dies under a transaction's BEGIN, as every
 * connection does when the database server is killed or restarted: the pool keeps a client to
 * serve with, and closing it finishes (drizzle-orm 0.45 left that client checked out for good).
 */
import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, rowsOf } from "../../api/db/client";
import type { ScratchDatabase } from "../../api/db/scratch-database";
import { createPostgresTestDatabase } from "../db";

/** Where a PostgreSQL URL's server listens: its Unix socket (`?host=/dir`) or its host and port. */
function serverAddress(url: URL): net.NetConnectOpts {
  const port = Number(url.port || 5432);
  const socketDir = url.searchParams.get("host");
  return socketDir?.startsWith("/") ? { path: `${socketDir}/.s.PGSQL.${port}` } : { host: url.hostname, port };
}

/**
 * A TCP proxy to the test server that, while `cutting`, closes a connection as its client sends
 * BEGIN: the server gone at that moment, as far as the client can tell.
 */
async function cuttingProxy(target: URL) {
  let cutting = false;
  const proxy = net.createServer((client) => {
    const server = net.connect(serverAddress(target));
    client.on("data", (chunk) => {
      if (cutting && /\bbegin\b/i.test(chunk.toString("latin1"))) {
        client.destroy();
        server.destroy();
      } else server.write(chunk);
    });
    server.pipe(client);
    client.on("error", () => server.destroy());
    server.on("error", () => client.destroy());
    client.on("close", () => server.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const url = new URL(target);
  url.searchParams.delete("host");
  url.hostname = "127.0.0.1";
  url.port = String((proxy.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    cut: (on: boolean) => (cutting = on),
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

/** `promise`, or a failure saying `what` if it has not settled within 10 s. */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what)), 10_000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe("a connection that dies as a transaction begins", () => {
  let database: ScratchDatabase;
  let proxy: Awaited<ReturnType<typeof cuttingProxy>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    proxy = await cuttingProxy(new URL(database.url));
    // One client: a client lost would leave none.
    handle = await openDatabase({ databaseUrl: proxy.url, skipMigrations: true, poolSize: 1 });
  });
  afterAll(async () => {
    await proxy?.close();
    await database?.drop();
  });

  it("fails that transaction only: the pool serves the next query on a new connection, and closes", async () => {
    expect(rowsOf(await handle.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);

    proxy.cut(true);
    await expect(handle.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    proxy.cut(false);

    const next = await within(handle.db.execute(sql`select 2 as two`), "The pool has no client left to serve with");
    expect(rowsOf(next)).toEqual([{ two: 2 }]);
    const done = await within(
      handle.db.transaction(async (tx) => rowsOf(await tx.execute(sql`select 3 as three`))),
      "No client for a transaction",
    );
    expect(done).toEqual([{ three: 3 }]);
    await within(handle.close(), "Closing the pool waits for a client that never comes back");
  });
});
