import type { Database } from "../db/client";
import { type Logger, logger } from "./logger";

/** What every handler needs, passed in so tests can build an API on an in-memory database. */
export type ApiDeps = {
  db: Database;
  /** The clock, replaceable in tests. */
  now: () => Date;
  /** Lifetime of a bearer token, in milliseconds. */
  tokenTtlMs: number;
  /** Failed sign-ins allowed per account or per IP within `loginWindowMs` before 429. */
  loginMaxFailures: { perAccount: number; perIp: number };
  loginWindowMs: number;
  /** Where failures are logged (pino; tests pass their own to read it back). */
  logger: Logger;
};

export type SignedInUser = { id: string; email: string; tokenHash: string };

export type ApiEnv = {
  Variables: {
    user: SignedInUser;
  };
};

export const defaultDeps = (db: Database): ApiDeps => ({
  db,
  now: () => new Date(),
  tokenTtlMs: 30 * 24 * 60 * 60 * 1000,
  loginMaxFailures: { perAccount: 5, perIp: 20 },
  loginWindowMs: 15 * 60 * 1000,
  logger,
});
