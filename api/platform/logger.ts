import { type DestinationStream, type Logger, pino } from "pino";
import pretty from "pino-pretty";

export type { Logger } from "pino";

/**
 * Paths pino replaces with "[redacted]" wherever a log line carries them: credentials in
 * request headers, and any password or token field of an object that is logged.
 */
export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-storefront-key"]',
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  "password",
  "currentPassword",
  "newPassword",
  "token",
  "*.password",
  "*.currentPassword",
  "*.newPassword",
  "*.passwordHash",
  "*.token",
];

/**
 * What of an error reaches the log: its type, its code (a PostgreSQL SQLSTATE, a Node errno) and
 * its message. Never a failed query's text or parameters, nor a database error's `detail` (which
 * quotes the row, an email say): Drizzle wraps a driver error in one whose message holds the SQL
 * and every parameter, so the driver's own error is the one described.
 */
export function describeError(error: unknown): { type: string; code?: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: "non-Error value thrown" };
  const isQueryError = error.name === "DrizzleQueryError" || "params" in error;
  if (isQueryError) {
    const cause = error.cause as (Error & { code?: unknown }) | undefined;
    const code = typeof cause?.code === "string" ? cause.code : undefined;
    return { type: "DatabaseError", code, message: cause instanceof Error ? cause.message : "Database query failed" };
  }
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    code: typeof code === "string" ? code : undefined,
    message: error.message,
    // A database driver's error may carry the query; other errors keep their stack for debugging.
    stack: "query" in error || "detail" in error ? undefined : error.stack,
  };
}

export type LoggerOptions = {
  /** "production": one JSON object a line; "development": readable lines; "test": errors only, through console.error. */
  mode?: "production" | "development" | "test";
  level?: string;
  /** Where lines go (tests pass a stream they read back). */
  destination?: DestinationStream;
};

/** The one logger factory of the server and the API (pino). */
export function createLogger(options: LoggerOptions = {}): Logger {
  const mode = options.mode ?? modeFromEnv();
  const base = {
    level: options.level ?? process.env.LOG_LEVEL ?? (mode === "test" ? "error" : "info"),
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: { err: describeError, error: describeError },
    base: undefined,
  };
  if (options.destination) return pino(base, options.destination);
  // Tests fail on an unexpected console.error (tests/setup.ts): route error lines through it.
  if (mode === "test") return pino(base, { write: (line: string) => console.error(line.trimEnd()) });
  if (mode === "development") return pino(base, pretty({ sync: true, colorize: true, ignore: "pid,hostname" }));
  return pino(base);
}

function modeFromEnv(): NonNullable<LoggerOptions["mode"]> {
  if (process.env.VITEST || process.env.NODE_ENV === "test") return "test";
  return process.env.NODE_ENV === "production" ? "production" : "development";
}

/** The process-wide logger; servers and the API take it unless a test hands them another. */
export const logger: Logger = createLogger();
