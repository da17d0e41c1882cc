import { type DatabaseHandle, openDatabase } from "./client";
import { EmbeddedPostgresError, hasPgliteData, startEmbeddedPostgres } from "./embedded";
import type { DatabaseStatus } from "./embedded-supervisor";

export type ShopDatabaseEnv = {
  DATABASE_URL?: string;
  DATABASE_DIRECT_URL?: string;
  DATA_DIR: string;
  DATABASE_POOL_SIZE?: number;
};

export type ShopDatabaseOptions = {
  /** Skip applying migrations (a worker whose primary migrated). */
  skipMigrations?: boolean;
  /**
   * The shop's own start: DATA_DIR is locked (a second shop is refused), and the embedded server
   * is the shop's to stop and to restart when it dies; a CLI leaves it to whoever started it.
   */
  shop?: boolean;
  /** Where a cluster goes that the server's user cannot reach in DATA_DIR (tests pass their own). */
  clustersHome?: string;
  /** Open the embedded server even over a PGlite DATA_DIR (the upgrade command does). */
  allowPgliteData?: boolean;
  log?: (line: string) => void;
};

export type ShopDatabaseHandle = DatabaseHandle & {
  /** The connection string: DATABASE_URL, or the embedded server's socket. */
  url: string;
  /** Whether this is the embedded server of DATA_DIR. */
  embedded: boolean;
  /** Closes this process's pool only, leaving the embedded server running (`close` stops it too). */
  closePool(): Promise<void>;
  /** The embedded server's state for the shop (always "up" otherwise: DATABASE_URL's failover is its own). */
  status(): DatabaseStatus;
  onStatus(listener: (status: DatabaseStatus) => void): void;
};

/**
 * The shop's database: the PostgreSQL server of DATABASE_URL, else the embedded one of DATA_DIR
 * (started if it is not running). Closing the handle closes the pool, and stops an embedded
 * server this process owns.
 */
export async function openShopDatabase(
  env: ShopDatabaseEnv,
  options: ShopDatabaseOptions = {},
): Promise<ShopDatabaseHandle> {
  const poolSize = env.DATABASE_POOL_SIZE;
  if (env.DATABASE_URL) {
    const handle = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      directUrl: env.DATABASE_DIRECT_URL,
      poolSize,
      skipMigrations: options.skipMigrations,
    });
    return {
      ...handle,
      url: env.DATABASE_URL,
      embedded: false,
      closePool: handle.close,
      status: () => "up",
      onStatus: () => {},
    };
  }
  if (!options.allowPgliteData && hasPgliteData(env.DATA_DIR)) {
    throw new EmbeddedPostgresError(
      `${env.DATA_DIR} holds the PGlite database of an earlier release: run \`npm run db:upgrade\` once to move it into PostgreSQL (nothing is lost), then start again.`,
    );
  }
  const server = await startEmbeddedPostgres(env.DATA_DIR, {
    shop: options.shop,
    clustersHome: options.clustersHome,
    log: options.log,
  });
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: server.url, poolSize, skipMigrations: options.skipMigrations });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    ...handle,
    url: server.url,
    embedded: true,
    closePool: handle.close,
    status: () => server.status,
    onStatus: (listener) => server.onStatus(listener),
    async close() {
      await handle.close();
      await server.stop();
    },
  };
}
