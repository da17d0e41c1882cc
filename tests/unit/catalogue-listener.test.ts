/**
 * The catalogue listener (api/platform/catalogue-version.ts): another connection's catalogue change
 * raises this process's counter, through PostgreSQL's LISTEN/NOTIFY, and keeps doing so after
 * its connection is cut.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../api/db/client";
import {
  bumpCatalogueVersion,
  CATALOGUE_LISTENER_NAME,
  listenForCatalogueChanges,
  localCatalogueVersion,
  readCatalogueVersion,
} from "../../api/platform/catalogue-version";
import { createPostgresTestDatabase } from "../db";
import { eventually } from "../processes";

describe("the catalogue listener, on PostgreSQL", () => {
  let database: { url: string; drop: () => Promise<void> };
  /** Stands for another process: a pool of its own, as a second worker or `npm run catalogue` has. */
  let other: DatabaseHandle;
  const lines: string[] = [];
  const log = { warn: (line: string) => lines.push(line), info: (line: string) => lines.push(line) };

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    other = await openDatabase({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await other?.close();
    await database?.drop();
  });

  const bumpElsewhere = () => other.db.transaction((tx) => bumpCatalogueVersion(tx as never));

  /** The listener's backends, as PostgreSQL lists them. */
  async function listenerBackends(): Promise<number[]> {
    const result = (await other.db.execute(
      sql`select pid from pg_stat_activity where application_name = ${CATALOGUE_LISTENER_NAME} and datname = current_database()`,
    )) as unknown as { rows: { pid: number }[] };
    return result.rows.map((row) => row.pid);
  }

  it("raises the counter once per change committed elsewhere, and not for a change rolled back", async () => {
    const listener = await listenForCatalogueChanges({ databaseUrl: database.url, log });
    try {
      expect(listener.connected()).toBe(true);
      const before = localCatalogueVersion();
      await bumpElsewhere();
      await eventually("the first change is heard", async () => localCatalogueVersion() === before + 1);
      await bumpElsewhere();
      await bumpElsewhere();
      await eventually("two more changes are heard", async () => localCatalogueVersion() === before + 3);
      // A NOTIFY is delivered on commit only.
      await other.db
        .transaction(async (tx) => {
          await bumpCatalogueVersion(tx as never);
          throw new Error("rolled back");
        })
        .catch(() => {});
      // A marker change after the rolled-back one: once it is heard, the rolled-back one would have been too.
      await bumpElsewhere();
      await eventually("the marker change is heard", async () => localCatalogueVersion() >= before + 4);
      expect(localCatalogueVersion()).toBe(before + 4);
      expect(await readCatalogueVersion(other.db)).toBe(4);
    } finally {
      await listener.close();
    }
  });

  it("reconnects after its connection is cut, raising the counter once for what it may have missed", async () => {
    const listener = await listenForCatalogueChanges({ databaseUrl: database.url, log, retryMs: 50 });
    try {
      const [backend] = await listenerBackends();
      expect(backend).toBeTypeOf("number");
      const before = localCatalogueVersion();
      await other.db.execute(sql`select pg_terminate_backend(${backend})`);
      await eventually("the listener is back on another backend", async () => {
        const backends = await listenerBackends();
        return listener.connected() && backends.length === 1 && backends[0] !== backend;
      });
      expect(localCatalogueVersion()).toBe(before + 1);
      expect(lines.some((line) => /lost its PostgreSQL connection/.test(line))).toBe(true);
      expect(lines).toContain("The catalogue listener is listening again.");
      await bumpElsewhere();
      await eventually("a change after the reconnection is heard", async () => localCatalogueVersion() === before + 2);
    } finally {
      await listener.close();
    }
  });

  it("keeps trying while the database refuses it, and hears changes once it is in", async () => {
    // A role that may not log in yet stands for a server that is down or refusing connections.
    const role = `listener_${Date.now()}`;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const url = new URL(database.url);
      // The same password as the URL's: the server asks for one (the embedded one always does).
      await admin.query(
        `create role ${role} nologin password ${admin.escapeLiteral(decodeURIComponent(url.password))}`,
      );
      url.username = role;
      const attempts = lines.length;
      const listener = await listenForCatalogueChanges({ databaseUrl: url.toString(), log, retryMs: 50 });
      try {
        expect(listener.connected()).toBe(false);
        expect(lines.slice(attempts).some((line) => /could not LISTEN/.test(line))).toBe(true);
        await admin.query(`alter role ${role} login`);
        await eventually("the listener gets in", async () => listener.connected(), 15_000);
        const before = localCatalogueVersion();
        await bumpElsewhere();
        await eventually("a change is heard", async () => localCatalogueVersion() === before + 1);
      } finally {
        await listener.close();
      }
    } finally {
      await admin.query(`drop role if exists ${role}`).catch(() => {});
      await admin.end();
    }
  });

  it("stops on close: no connection left, and no more changes heard", async () => {
    const listener = await listenForCatalogueChanges({ databaseUrl: database.url, log });
    expect(await listenerBackends()).toHaveLength(1);
    await listener.close();
    await listener.close();
    expect(listener.connected()).toBe(false);
    await eventually("the backend is gone", async () => (await listenerBackends()).length === 0);
    const before = localCatalogueVersion();
    await bumpElsewhere();
    // Another listener hears this change; by then the closed one would have heard it too.
    const witness = await listenForCatalogueChanges({ databaseUrl: database.url, log });
    try {
      await bumpElsewhere();
      await eventually("the witness hears the second change", async () => localCatalogueVersion() === before + 1);
    } finally {
      await witness.close();
    }
  });
});
