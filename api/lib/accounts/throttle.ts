import { and, eq, inArray, like, lte, or, sql } from "drizzle-orm";
import { loginFailures } from "../../db/schema";
import type { ApiDeps } from "../context";
import { limitNetwork } from "../../platform/client-address";
import { ApiError } from "../http/http";
import type { RefusalCode } from "../../contract/refusals";

/**
 * Sign-in and registration throttling. Failed attempts are counted per key in a fixed window
 * that starts at the key's first failure (the login_failures table; keys are free-form text):
 *
 * - `pair:<account>|<address>`: failures for one account from one client address, the tight
 *   limit (`loginMaxFailures.perAccountAddress` per `loginWindowMs`). Guessing from one address
 *   stops here, and what it locks is that address's access to that account, not the owner's.
 * - `ip:<address>`: failures from one address whichever accounts it tries (`perIp`).
 * - `account:<account>` (`perAccount` per `loginWindowMs`) and `account-day:<account>`
 *   (`perAccountDay` per day): the slower per-account backoff, for guessing spread over many
 *   addresses. A second, day-long tier makes a sustained spread attack wait hours, not minutes.
 * - `known:<account>|<address>`: not a counter but a mark (failures 0) that this address signed
 *   in to the account successfully within `knownAddressMs`. A known address skips the account
 *   tiers, so an attacker who has run them up cannot lock the owner out of their usual device.
 * - `register:<address>`: registrations from one address (`registerMaxPerIp` per `registerWindowMs`).
 * - `reset-ip:<address>` and `reset-account:<account>`: password-reset links asked for from one
 *   address and for one account (`resetMaxPerIp`, `resetMaxPerAccount` per `resetWindowMs`),
 *   counted whether or not the account exists.
 * - `email-change:<user id>`: requests to move one account to another address, each of which
 *   emails that address (`emailChangeMaxPerAccount` per `resetWindowMs`).
 * - `register-notice:<user id>`: "someone tried to register with your address" messages sent to
 *   one account's owner (REGISTER_NOTICES_PER_DAY a day); past it, a registration with the taken
 *   address answers as always and sends nothing.
 * - `review-photo:<user id>`: photos one account sends to its reviews, each decoded by sharp
 *   (`reviewPhotoUploadsPerHour` per `UPLOAD_WINDOW_MS`), whatever becomes of them.
 * - `promo-account:<user id>` and `promo-ip:<address>`: promotion codes tried that did not apply
 *   (`promoCodeMaxFailures` per `UPLOAD_WINDOW_MS`, an hour): reserved before the code is looked
 *   up, handed back when it applies, as a sign-in attempt is.
 *
 * Without a client address only the account tiers apply (see `clientAddress` in api/platform/client-address.ts).
 * `<address>` is not the address as it came but its network (`limitNetwork`, ibid.): an IPv4
 * address itself, an IPv6 address its /64 (`ipv6LimitPrefix`, IPV6_LIMIT_PREFIX), written
 * "2001:db8:1:2::/64", so whoever holds a /64 gets one set of counters, not 2^64 of them. Every
 * such key keeps its family's prefix above, so the sweep covers it; rows keyed by a whole IPv6
 * address (before the grouping) or by another prefix length (before IPV6_LIMIT_PREFIX changed)
 * count for nothing and are swept when their window ends.
 *
 * An attempt is counted *before* the password is checked (a reservation) and handed back on
 * success. Counting afterwards would let a burst of parallel guesses all pass the check while
 * the slow argon2 verifications run; with the reservation, at most `limit` attempts per key and
 * window ever reach the password check, however many arrive at once.
 */
export type ThrottleKey = { key: string; limit: number; windowMs: number };

/** The day-long account tier's window. */
export const ACCOUNT_DAY_MS = 24 * 60 * 60 * 1000;

/** The review photo uploads' window. */
export const UPLOAD_WINDOW_MS = 60 * 60 * 1000;

/** The sign-in name as every key holds it: trimmed and lower-cased, as sign-in compares it. */
export function accountName(email: string): string {
  return email.trim().toLowerCase();
}

/** What the keys count `address` under: its network (above); bounded, so a key stays short whatever hands us the address. */
const addressPart = (deps: ApiDeps, address: string) => limitNetwork(address, deps.ipv6LimitPrefix).slice(0, 100);

/** Each key family's window, for reading rows and for the sweep. */
function windows(deps: ApiDeps): { prefix: string; windowMs: number }[] {
  return [
    { prefix: "pair:", windowMs: deps.loginWindowMs },
    { prefix: "ip:", windowMs: deps.loginWindowMs },
    { prefix: "account:", windowMs: deps.loginWindowMs },
    { prefix: "account-day:", windowMs: ACCOUNT_DAY_MS },
    { prefix: "known:", windowMs: deps.knownAddressMs },
    { prefix: "register:", windowMs: deps.registerWindowMs },
    { prefix: "reset-ip:", windowMs: deps.resetWindowMs },
    { prefix: "reset-account:", windowMs: deps.resetWindowMs },
    { prefix: "email-change:", windowMs: deps.resetWindowMs },
    { prefix: "register-notice:", windowMs: ACCOUNT_DAY_MS },
    { prefix: "review-photo:", windowMs: UPLOAD_WINDOW_MS },
    { prefix: "promo-account:", windowMs: UPLOAD_WINDOW_MS },
    { prefix: "promo-ip:", windowMs: UPLOAD_WINDOW_MS },
    // The per-account key of before the pair key existed: swept like the others.
    { prefix: "email:", windowMs: deps.loginWindowMs },
  ];
}

type Row = { key: string; failures: number; windowStart: Date };

const floorOf = (deps: ApiDeps, windowMs: number) => new Date(deps.now().getTime() - windowMs);
const isActive = (deps: ApiDeps, row: Row, windowMs: number) =>
  new Date(row.windowStart).getTime() > floorOf(deps, windowMs).getTime();

function retryAfterSeconds(deps: ApiDeps, row: Row, windowMs: number): number {
  const endsAt = new Date(row.windowStart).getTime() + windowMs;
  return Math.max(1, Math.ceil((endsAt - deps.now().getTime()) / 1000));
}

/** "14 minutes", "1 minute", or hours beyond two of them (the day-long tier). */
function waitText(retryAfter: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  if (minutes < 120) return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** A throttle's refusal: 429, what was too many and how long to wait, also as `Retry-After`. */
function refusedFor(tooMany: string, retryAfter: number, code: RefusalCode = "TOO_MANY_ATTEMPTS"): ApiError {
  return new ApiError(
    429,
    "TOO_MANY_REQUESTS",
    `${tooMany}. Please wait ${waitText(retryAfter)} and try again.`,
    { retryAfter },
    { "Retry-After": String(retryAfter) },
    code,
  );
}

export const tooManyAttempts = (retryAfter: number) => refusedFor("Too many failed sign-in attempts", retryAfter);

export const tooManyRegistrations = (retryAfter: number) =>
  refusedFor("Too many accounts have been registered from your network", retryAfter);

export const tooManyEmailChanges = (retryAfter: number) => refusedFor("Too many email changes", retryAfter);

export const tooManyPhotoUploads = (retryAfter: number) =>
  refusedFor("You have sent too many review photos in the last hour", retryAfter, "UPLOAD_LIMIT");

/** The longest wait among keys that are over their limit, or null when the attempt may go ahead. */
function blockedFor(deps: ApiDeps, keys: ThrottleKey[], rows: Row[], allowed: (row: Row, limit: number) => boolean) {
  let wait: number | null = null;
  for (const row of rows) {
    const key = keys.find((k) => k.key === row.key);
    if (!key || !isActive(deps, row, key.windowMs) || allowed(row, key.limit)) continue;
    wait = Math.max(wait ?? 0, retryAfterSeconds(deps, row, key.windowMs));
  }
  return wait;
}

async function readRows(deps: ApiDeps, keys: string[]): Promise<Row[]> {
  if (keys.length === 0) return [];
  return deps.db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
}

/**
 * Refuses (`refuse(retryAfter)`, a 429) when a key has already reached its limit, without
 * counting the refused attempt; otherwise counts the attempt against every key.
 */
async function reserve(deps: ApiDeps, keys: ThrottleKey[], current: Row[], refuse: (retryAfter: number) => ApiError) {
  const waiting = blockedFor(deps, keys, current, (row, limit) => row.failures < limit);
  if (waiting !== null) throw refuse(waiting);

  // One statement per window length: a key whose window has ended starts a new one at 1.
  const counted: Row[] = [];
  for (const windowMs of new Set(keys.map((k) => k.windowMs))) {
    const floor = floorOf(deps, windowMs);
    const expired = sql`${loginFailures.windowStart} <= ${floor.toISOString()}::timestamptz`;
    const rows = await deps.db
      .insert(loginFailures)
      .values(
        keys.filter((k) => k.windowMs === windowMs).map((k) => ({ key: k.key, failures: 1, windowStart: deps.now() })),
      )
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginFailures.failures} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN excluded.window_start ELSE ${loginFailures.windowStart} END`,
        },
      })
      .returning();
    counted.push(...rows);
  }
  // Another attempt for the same key got in between the read and the count: this one is over the limit.
  const raced = blockedFor(deps, keys, counted, (row, limit) => row.failures <= limit);
  if (raced !== null) throw refuse(raced);
}

/** What a sign-in attempt reserved: released with `releaseLoginAttempt` when the password is right. */
export type LoginReservation = { account: string; address: string | null; keys: ThrottleKey[] };

/**
 * Reserves a sign-in attempt (or a password check of a signed-in user: the same limits) for
 * `email` from `address`, or refuses it with 429 and Retry-After.
 */
export async function reserveLoginAttempt(
  deps: ApiDeps,
  email: string,
  address: string | null,
): Promise<LoginReservation> {
  await sweepEndedWindows(deps);
  const account = accountName(email);
  const limits = deps.loginMaxFailures;
  const accountTiers: ThrottleKey[] = [
    { key: `account:${account}`, limit: limits.perAccount, windowMs: deps.loginWindowMs },
    { key: `account-day:${account}`, limit: limits.perAccountDay, windowMs: ACCOUNT_DAY_MS },
  ];
  if (!address) {
    // Unknown clients are never pooled into one "unknown" counter: anyone could lock every shopper out with it.
    await reserve(
      deps,
      accountTiers,
      await readRows(
        deps,
        accountTiers.map((k) => k.key),
      ),
      tooManyAttempts,
    );
    return { account, address: null, keys: accountTiers };
  }
  const where = addressPart(deps, address);
  const addressKeys: ThrottleKey[] = [
    { key: `pair:${account}|${where}`, limit: limits.perAccountAddress, windowMs: deps.loginWindowMs },
    { key: `ip:${where}`, limit: limits.perIp, windowMs: deps.loginWindowMs },
  ];
  // The known mark is per network too: a device's IPv6 address changes (temporary addresses,
  // RFC 8981, rotate daily) while its /64 stays, and a mark per address would lapse with each
  // change, leaving the owner to the account tiers an attacker ran up. What the mark lets a
  // neighbour in the same /64 skip is only those tiers: the pair and network limits still hold.
  const knownKey = `known:${account}|${where}`;
  const rows = await readRows(deps, [...addressKeys, ...accountTiers].map((k) => k.key).concat(knownKey));
  const knownRow = rows.find((row) => row.key === knownKey);
  const known = knownRow !== undefined && isActive(deps, knownRow, deps.knownAddressMs);
  const keys = known ? addressKeys : [...addressKeys, ...accountTiers];
  await reserve(deps, keys, rows, tooManyAttempts);
  return { account, address: where, keys };
}

/**
 * The password was right: this address starts afresh for the account, the other counters get
 * back the attempt counted for it (an office or a household signing in often never adds up to
 * a lock-out; an attacker's failures stay counted), and the address becomes known-good.
 */
export async function releaseLoginAttempt(deps: ApiDeps, reservation: LoginReservation): Promise<void> {
  const { account, address, keys } = reservation;
  const pair = keys.find((k) => k.key.startsWith("pair:"));
  if (pair) await deps.db.delete(loginFailures).where(eq(loginFailures.key, pair.key));
  const others = keys.filter((k) => k !== pair).map((k) => k.key);
  if (others.length > 0) {
    await deps.db
      .update(loginFailures)
      .set({ failures: sql`GREATEST(${loginFailures.failures} - 1, 0)` })
      .where(inArray(loginFailures.key, others));
  }
  if (address) {
    await deps.db
      .insert(loginFailures)
      .values({ key: `known:${account}|${address}`, failures: 0, windowStart: deps.now() })
      .onConflictDoUpdate({ target: loginFailures.key, set: { windowStart: deps.now() } });
  }
}

/**
 * Counts a registration attempt from `address` (any outcome: a taken email too, so registering
 * cannot be used to test emails without limit), or refuses it with 429. Unknown addresses are
 * not counted, for the same reason as at sign-in.
 */
export async function reserveRegistration(deps: ApiDeps, address: string | null): Promise<void> {
  await sweepEndedWindows(deps);
  if (!address) return;
  const keys = [
    { key: `register:${addressPart(deps, address)}`, limit: deps.registerMaxPerIp, windowMs: deps.registerWindowMs },
  ];
  await reserve(deps, keys, await readRows(deps, [keys[0].key]), tooManyRegistrations);
}

/** Counts against `keys` and answers true, or false when one was already at its limit (nothing counted then). */
async function reserveQuietly(deps: ApiDeps, keys: ThrottleKey[]): Promise<boolean> {
  await sweepEndedWindows(deps);
  try {
    await reserve(
      deps,
      keys,
      await readRows(
        deps,
        keys.map((k) => k.key),
      ),
      (retryAfter) => new ApiError(429, "TOO_MANY_REQUESTS", "Too many requests", { retryAfter }, {}, "RATE_LIMITED"),
    );
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 429) return false;
    throw error;
  }
}

/**
 * Counts a request for a password-reset link for `email` from `address`; false when a limit was
 * already reached (the caller answers as always, and sends nothing). The account key is counted
 * whether or not the account exists, so the counting says nothing about it either.
 */
export async function reservePasswordReset(deps: ApiDeps, email: string, address: string | null): Promise<boolean> {
  const keys: ThrottleKey[] = [
    { key: `reset-account:${accountName(email)}`, limit: deps.resetMaxPerAccount, windowMs: deps.resetWindowMs },
  ];
  if (address)
    keys.push({
      key: `reset-ip:${addressPart(deps, address)}`,
      limit: deps.resetMaxPerIp,
      windowMs: deps.resetWindowMs,
    });
  return reserveQuietly(deps, keys);
}

/** "Someone tried to register with your address" messages one account's owner receives a day. */
export const REGISTER_NOTICES_PER_DAY = 3;

/**
 * Counts a "someone tried to register with your address" message to account `userId`; false when
 * its owner has had REGISTER_NOTICES_PER_DAY of them today (the registration answers as always and
 * sends nothing): registrations from many addresses must not flood one mailbox.
 */
export function reserveRegisterNotice(deps: ApiDeps, userId: string): Promise<boolean> {
  return reserveQuietly(deps, [
    { key: `register-notice:${userId}`, limit: REGISTER_NOTICES_PER_DAY, windowMs: ACCOUNT_DAY_MS },
  ]);
}

/** When each API (its deps) last swept out ended windows. */
const lastSweep = new WeakMap<ApiDeps, number>();
const SWEEP_EVERY_MS = 60_000;

/**
 * Rows whose window has ended count for nothing: they are deleted, at most once a minute per
 * process, so the table holds only live windows (and marks) however many addresses have tried.
 */
async function sweepEndedWindows(deps: ApiDeps): Promise<void> {
  const now = deps.now().getTime();
  const last = lastSweep.get(deps);
  if (last !== undefined && now - last < SWEEP_EVERY_MS) return;
  lastSweep.set(deps, now);
  const ended = windows(deps).map(({ prefix, windowMs }) =>
    and(like(loginFailures.key, `${prefix}%`), lte(loginFailures.windowStart, floorOf(deps, windowMs))),
  );
  await deps.db.delete(loginFailures).where(or(...ended));
}

/**
 * Counts a request to move user `userId`'s account to another address (each one emails that
 * address a link, and the old one a notice), or refuses it with 429 and Retry-After: a signed-in
 * shopper cannot make the shop mail any address without limit.
 */
export async function reserveEmailChange(deps: ApiDeps, userId: string): Promise<void> {
  await sweepEndedWindows(deps);
  const keys = [{ key: `email-change:${userId}`, limit: deps.emailChangeMaxPerAccount, windowMs: deps.resetWindowMs }];
  await reserve(deps, keys, await readRows(deps, [keys[0].key]), tooManyEmailChanges);
}

/**
 * Counts a review photo sent by user `userId`, before its body is read or its image decoded, or
 * refuses it with 429, Retry-After and code UPLOAD_LIMIT: each photo costs the shop a decode of up
 * to 50 megapixels, so one account cannot have it decode without limit. Every upload that gets
 * here counts, refused or not (a refusal for a full review costs no decoding, but costs a request).
 */
export async function reserveReviewPhotoUpload(deps: ApiDeps, userId: string): Promise<void> {
  await sweepEndedWindows(deps);
  const keys = [{ key: `review-photo:${userId}`, limit: deps.reviewPhotoUploadsPerHour, windowMs: UPLOAD_WINDOW_MS }];
  await reserve(deps, keys, await readRows(deps, [keys[0].key]), tooManyPhotoUploads);
}

export const tooManyCodeAttempts = (retryAfter: number) =>
  refusedFor("You have tried too many codes that do not apply", retryAfter);

/**
 * Reserves a try of a promotion code by user `userId` from `address`, or refuses it with 429,
 * Retry-After and TOO_MANY_ATTEMPTS: per account and per client address, so codes cannot be
 * guessed by trying them. Answers the keys, for `releaseCodeAttempt` when the code applies.
 */
export async function reserveCodeAttempt(
  deps: ApiDeps,
  userId: string,
  address: string | null,
): Promise<ThrottleKey[]> {
  await sweepEndedWindows(deps);
  const limits = deps.promoCodeMaxFailures;
  const keys: ThrottleKey[] = [
    { key: `promo-account:${userId}`, limit: limits.perAccount, windowMs: UPLOAD_WINDOW_MS },
  ];
  if (address)
    keys.push({ key: `promo-ip:${addressPart(deps, address)}`, limit: limits.perIp, windowMs: UPLOAD_WINDOW_MS });
  await reserve(
    deps,
    keys,
    await readRows(
      deps,
      keys.map((k) => k.key),
    ),
    tooManyCodeAttempts,
  );
  return keys;
}

/** The code applied: its try is handed back, so only the codes that did not apply count. */
export async function releaseCodeAttempt(deps: ApiDeps, keys: ThrottleKey[]): Promise<void> {
  await deps.db
    .update(loginFailures)
    .set({ failures: sql`GREATEST(${loginFailures.failures} - 1, 0)` })
    .where(
      inArray(
        loginFailures.key,
        keys.map((k) => k.key),
      ),
    );
}
