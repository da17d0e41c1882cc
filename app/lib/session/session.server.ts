import { createCookieSessionStorage, type Session } from "react-router";
import { storefrontConfig } from "../platform/config.server";

/** What the session cookie holds: the API token only. It never reaches page HTML or client code. */
export type SessionData = { token: string };

/** The cookie's name; server/security-headers.ts treats a request carrying it as personal. */
export const SESSION_COOKIE_NAME = "__session";

const THIRTY_DAYS_SECONDS = 60 * 60 * 24 * 30;

/**
 * SESSION_SECRET signs the cookie. A comma-separated list rotates secrets: the first signs new
 * cookies, every one of them still verifies old ones. server/secret.ts fills it in for `npm start`.
 */
export function sessionSecrets(source: Record<string, string | undefined> = process.env): string[] {
  const secrets = (source.SESSION_SECRET ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (secrets.length === 0) throw new Error("SESSION_SECRET is not set: it signs the session cookie.");
  return secrets;
}

/**
 * Secure in production, so the cookie never travels over plain HTTP; browsers accept Secure
 * cookies from http://localhost. Only a PUBLIC_ORIGIN that is explicitly http:// turns it off.
 */
export function secureCookies(): boolean {
  const origin = storefrontConfig().publicOrigin;
  return process.env.NODE_ENV === "production" && !(origin && origin.startsWith("http:"));
}

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;

function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: SESSION_COOKIE_NAME,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: secureCookies(),
      secrets: sessionSecrets(),
      // The API token lives 30 days; the cookie no longer than that.
      maxAge: THIRTY_DAYS_SECONDS,
    },
  });
  return storage;
}

export function getSession(request: Request): Promise<Session<SessionData>> {
  return sessionStorage().getSession(request.headers.get("cookie"));
}

export function commitSession(session: Session<SessionData>): Promise<string> {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: Session<SessionData>): Promise<string> {
  return sessionStorage().destroySession(session);
}

/**
 * The signed-in shopper's API token, or null for a guest. A session cookie whose signature has
 * been checked once is remembered with its token: React Router checks a signature through
 * WebCrypto, importing the key again each time (about a twentieth of a signed-in page's cost), and
 * the same signed value always holds the same token. Only cookies that verified are remembered,
 * at most VERIFIED_MAX, the oldest forgotten first; a token the API no longer accepts is the API's
 * to refuse (root.tsx signs such a browser out).
 */
export async function readToken(request: Request): Promise<string | null> {
  const signed = SESSION_VALUE.exec(request.headers.get("cookie") ?? "")?.[1];
  if (!signed) return null;
  const known = verified.get(signed);
  if (known !== undefined) return known;
  const token = (await getSession(request)).get("token") ?? null;
  if (token !== null) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(signed, token);
  }
  return token;
}

/** The first `__session` cookie's value, as React Router's parse takes it. */
const SESSION_VALUE = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE_NAME}=([^;]*)`);
export const VERIFIED_MAX = 10_000;
const verified = new Map<string, string>();

/** How many verified cookies are remembered (for the test of the bound). */
export function rememberedSessions(): number {
  return verified.size;
}

/** The path and query of this request: where a guest comes back to after signing in. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname.replace(/\.data$/, "") || "/"}${url.search}`;
}

/** Signs the shopper out of this browser: a cleared cookie header to send with the response. */
export async function signOutHeaders(request: Request): Promise<Headers> {
  return new Headers({ "Set-Cookie": await destroySession(await getSession(request)) });
}
