import { randomBytes } from "node:crypto";
import pg from "pg";

export type ScratchDatabase = {
  /** The new database's connection string (the server's, with the database's name). */
  url: string;
  /** Removes the database, closing whatever is still connected to it. */
  drop: () => Promise<void>;
};

async function run(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new database with a random name (`<prefix>_<hex>`) on the server of `serverUrl`, empty or a
 * copy of `template`: for tests, the bench and other throwaway work.
 */
export async function createScratchDatabase(
  serverUrl: string,
  options: { prefix: string; template?: string },
): Promise<ScratchDatabase> {
  const name = `${options.prefix}_${randomBytes(6).toString("hex")}`;
  await run(
    serverUrl,
    options.template ? `create database ${name} template ${options.template}` : `create database ${name}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(serverUrl, `drop database if exists ${name} with (force)`) };
}
