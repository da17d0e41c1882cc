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

/** The signed-in shopper's API token, or null for a guest. */
export async function readToken(request: Request): Promise<string | null> {
  const session = await getSession(request);
  return session.get("token") ?? null;
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
