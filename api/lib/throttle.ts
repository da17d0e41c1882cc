import { getConnInfo } from "@hono/node-server/conninfo";
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Context } from "hono";
import { loginFailures } from "../db/schema";
import type { ApiDeps } from "./context";
import { ApiError } from "./http";

/**
 * Sign-in throttling: failed attempts are counted per key ("email:<address>", "ip:<address>")
 * in a fixed window of `deps.loginWindowMs` that starts at the key's first failure.
 *
 * An attempt is counted *before* the password is checked (a reservation) and handed back on
 * success. Counting afterwards would let a burst of parallel guesses all pass the check
 * while the slow argon2 verifications run; with the reservation, at most `limit` attempts per
 * key and window ever reach the password check, however many arrive at once.
 */
export type ThrottleKey = { key: string; limit: number };

export function accountKey(email: string): string {
  return `email:${email.trim().toLowerCase()}`;
}

export function ipKey(ip: string): string {
  return `ip:${ip}`;
}

/**
 * The client's address: the first `X-Forwarded-For` entry, else `X-Real-IP` (set by the proxy in
 * front of us, or by the storefront when it calls the API in-process for a shopper), else the
 * socket's peer when served by @hono/node-server. Null when none is known: then only the
 * per-account key applies, because lumping every unknown client into one "unknown" bucket would
 * let anyone lock every shopper out of signing in with a handful of bad passwords.
 */
export function clientIp(c: Context): string | null {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  const real = c.req.header("x-real-ip")?.trim();
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // Called without a Node socket (in-process `fetch`, tests): no peer address.
  }
  const ip = forwarded || real || peer;
  // Header values are client-supplied text: bound the key's length.
  return ip ? ip.slice(0, 100).toLowerCase() : null;
}

/** The keys a sign-in attempt counts against. Without a known client address only the account is counted (see `clientIp`). */
export function loginKeys(deps: ApiDeps, email: string, ip: string | null): ThrottleKey[] {
  const keys = [{ key: accountKey(email), limit: deps.loginMaxFailures.perAccount }];
  if (ip) keys.push({ key: ipKey(ip), limit: deps.loginMaxFailures.perIp });
  return keys;
}

type Row = { key: string; failures: number; windowStart: Date };

function windowFloor(deps: ApiDeps): Date {
  return new Date(deps.now().getTime() - deps.loginWindowMs);
}

function retryAfterSeconds(deps: ApiDeps, row: Row): number {
  const endsAt = new Date(row.windowStart).getTime() + deps.loginWindowMs;
  return Math.max(1, Math.ceil((endsAt - deps.now().getTime()) / 1000));
}

export function tooManyAttempts(retryAfter: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return new ApiError(
    429,
    "TOO_MANY_REQUESTS",
    `Too many failed sign-in attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`,
    { retryAfter },
    { "Retry-After": String(retryAfter) },
  );
}

/** The longest wait among keys that are over their limit, or null when the attempt may go ahead. */
function blockedFor(deps: ApiDeps, keys: ThrottleKey[], rows: Row[], allowed: (row: Row, limit: number) => boolean) {
  let wait: number | null = null;
  for (const row of rows) {
    const limit = keys.find((k) => k.key === row.key)?.limit;
    if (limit === undefined || allowed(row, limit)) continue;
    wait = Math.max(wait ?? 0, retryAfterSeconds(deps, row));
  }
  return wait;
}

/**
 * Refuses (429, with Retry-After) when a key has already reached its limit, without counting
 * the refused attempt; otherwise counts the attempt against every key. Call `releaseAttempt`
 * when the password turns out to be right.
 */
export async function reserveAttempt(deps: ApiDeps, keys: ThrottleKey[]): Promise<void> {
  const floor = windowFloor(deps);
  const current = await deps.db
    .select()
    .from(loginFailures)
    .where(
      and(
        inArray(
          loginFailures.key,
          keys.map((k) => k.key),
        ),
        gt(loginFailures.windowStart, floor),
      ),
    );
  const waiting = blockedFor(deps, keys, current, (row, limit) => row.failures < limit);
  if (waiting !== null) throw tooManyAttempts(waiting);

  // One statement per attempt: a key whose window has ended starts a new one at 1.
  const expired = sql`${loginFailures.windowStart} <= ${floor.toISOString()}::timestamptz`;
  const counted = await deps.db
    .insert(loginFailures)
    .values(keys.map((k) => ({ key: k.key, failures: 1, windowStart: deps.now() })))
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginFailures.failures} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN excluded.window_start ELSE ${loginFailures.windowStart} END`,
      },
    })
    .returning();
  // Another attempt for the same key got in between the read and the count: this one is over the limit.
  const raced = blockedFor(deps, keys, counted, (row, limit) => row.failures <= limit);
  if (raced !== null) throw tooManyAttempts(raced);
}

/** When each API (its deps) last swept out ended windows. */
const lastSweep = new WeakMap<ApiDeps, number>();
const SWEEP_EVERY_MS = 60_000;

/**
 * Counters whose window has ended count for nothing: they are deleted, at most once a minute per
 * process, so the table holds only the last window's keys however many addresses have tried.
 */
async function sweepEndedWindows(deps: ApiDeps): Promise<void> {
  const now = deps.now().getTime();
  const last = lastSweep.get(deps);
  if (last !== undefined && now - last < SWEEP_EVERY_MS) return;
  lastSweep.set(deps, now);
  await deps.db.delete(loginFailures).where(lte(loginFailures.windowStart, windowFloor(deps)));
}

/** A successful sign-in: the account starts afresh, and the address gets back the attempt counted for it. */
export async function releaseAttempt(deps: ApiDeps, keys: ThrottleKey[]): Promise<void> {
  const [account, ...others] = keys;
  await deps.db.delete(loginFailures).where(eq(loginFailures.key, account.key));
  await sweepEndedWindows(deps);
  if (others.length === 0) return;
  await deps.db
    .update(loginFailures)
    .set({ failures: sql`GREATEST(${loginFailures.failures} - 1, 0)` })
    .where(
      and(
        inArray(
          loginFailures.key,
          others.map((k) => k.key),
        ),
        gt(loginFailures.windowStart, windowFloor(deps)),
      ),
    );
}
