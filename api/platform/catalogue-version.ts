import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "../db/client";
import { catalogueVersion } from "../db/schema";

/**
 * How the storefront's caches (the page micro-cache, server/page-cache.ts, and the price
 * ceiling, app/lib/catalogue/price-ceiling.server.ts) learn that an admin changed the catalogue, so that
 * neither serves a catalogue older than the last change (docs/decisions/008-catalogue-admin.md).
 *
 * - In the database, `catalogue_version.version` goes up in the transaction of every admin
 *   change of products, variants, stock or images (`bumpCatalogueVersion`), with a NOTIFY on
 *   the channel `catalogue_version` that is delivered when the transaction commits.
 * - In this process, `catalogueChanged()` is called once that transaction has committed; it
 *   raises a plain counter the caches read with every request (`localCatalogueVersion`), which
 *   costs no query. An entry stored under an older count is not served.
 *
 * - Across processes (several workers on one PostgreSQL, `npm run catalogue -- import` while the
 *   shop runs), `listenForCatalogueChanges` keeps a connection of its own LISTENing on the
 *   channel and calls `catalogueChanged()` on each notification, so another process's change
 *   reaches this process's caches as soon as it commits (docs/decisions/010-workers.md). This
 *   process's own changes arrive that way too and raise the counter twice: one more dropped
 *   entry, never a stale one. PGlite needs none of it: one process owns its database.
 */
let localVersion = 0;

/** The number of catalogue changes committed by this process; it only goes up. */
export function localCatalogueVersion(): number {
  return localVersion;
}

/** Call after the transaction that changed the catalogue has committed: the caches drop what they hold. */
export function catalogueChanged(): void {
  localVersion++;
}

export const CATALOGUE_VERSION_CHANNEL = "catalogue_version";

/** Raises the database's catalogue version inside the caller's transaction and answers the new one. */
export async function bumpCatalogueVersion(tx: Database): Promise<number> {
  // An upsert, so a database whose row went missing gets it back instead of failing the change.
  const [{ version }] = await tx
    .insert(catalogueVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({
      target: catalogueVersion.id,
      set: { version: sql`${catalogueVersion.version} + 1`, changedAt: sql`now()` },
    })
    .returning({ version: catalogueVersion.version });
  await tx.execute(sql`select pg_notify(${CATALOGUE_VERSION_CHANNEL}, ${String(version)})`);
  return version;
}

/** The database's catalogue version (0 before any admin change). */
export async function readCatalogueVersion(db: Database): Promise<number> {
  const [row] = await db.select({ version: catalogueVersion.version }).from(catalogueVersion).limit(1);
  return row?.version ?? 0;
}

/** The listener's connection, for `close()` and to read its state in tests. */
export type CatalogueListener = {
  /** Whether the LISTEN connection is up now (it reconnects by itself after a drop). */
  connected(): boolean;
  /** Ends the connection and stops reconnecting; safe to call twice. */
  close(): Promise<void>;
};

type ListenerLog = { warn(message: string): void; info(message: string): void };

/** What PostgreSQL's pg_stat_activity shows for the listener's connection. */
export const CATALOGUE_LISTENER_NAME = "storefront catalogue listener";

/**
 * LISTENs on `catalogue_version` over a dedicated connection and calls `catalogueChanged()` on
 * each notification. A dropped connection (a PostgreSQL restart, a terminated backend, a network
 * cut) is opened again after `retryMs`, doubling up to 5 s while it keeps failing; once it is back
 * the counter is raised once, since notifications sent while it was down are lost. Resolves once
 * the first attempt has either listened or failed (a failure is logged and retried, never thrown).
 */
export async function listenForCatalogueChanges(options: {
  databaseUrl: string;
  log?: ListenerLog;
  retryMs?: number;
}): Promise<CatalogueListener> {
  const { databaseUrl, retryMs = 250 } = options;
  const log: ListenerLog = options.log ?? { warn: (m) => console.warn(m), info: (m) => console.log(m) };
  let client: pg.Client | null = null;
  /** The client whose connection opened (end() on one that never did would wait for ever). */
  let opened: pg.Client | null = null;
  let up = false;
  let closed = false;
  let everListened = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const scheduleReconnect = () => {
    if (closed || timer) return;
    const delay = Math.min(retryMs * 2 ** Math.min(failures, 5), 5000);
    failures++;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    // Reconnecting alone must not keep a stopping process alive.
    timer.unref();
  };

  const connect = async () => {
    const current = new pg.Client({
      connectionString: databaseUrl,
      application_name: CATALOGUE_LISTENER_NAME,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    client = current;
    let lost = false;
    // While connecting, a failure is the rejection below's to report.
    let connecting = true;
    const onLost = (error?: Error) => {
      if (connecting || lost || client !== current) return;
      lost = true;
      up = false;
      if (closed) return;
      log.warn(
        `The catalogue listener lost its PostgreSQL connection${error ? ` (${error.message})` : ""}: reconnecting.`,
      );
      current.end().catch(() => {});
      scheduleReconnect();
    };
    current.on("error", onLost);
    current.on("end", () => onLost());
    current.on("notification", (message) => {
      if (message.channel === CATALOGUE_VERSION_CHANNEL) catalogueChanged();
    });
    try {
      await current.connect();
      opened = current;
      await current.query(`LISTEN ${CATALOGUE_VERSION_CHANNEL}`);
    } catch (error) {
      lost = true;
      // After a failed connect pg has dropped the socket already, and end() would wait for it forever.
      if (opened === current) current.end().catch(() => {});
      if (!closed) {
        log.warn(`The catalogue listener could not LISTEN: ${(error as Error).message}; retrying.`);
        scheduleReconnect();
      }
      return;
    } finally {
      connecting = false;
    }
    if (closed) {
      await current.end().catch(() => {});
      return;
    }
    up = true;
    failures = 0;
    // Changes committed while no connection listened were not heard: drop what the caches hold.
    if (everListened) {
      catalogueChanged();
      log.info("The catalogue listener is listening again.");
    }
    everListened = true;
  };

  await connect();
  return {
    connected: () => up,
    async close() {
      if (closed) return;
      closed = true;
      up = false;
      clearTimeout(timer);
      timer = undefined;
      if (opened === client) await client?.end().catch(() => {});
    },
  };
}
