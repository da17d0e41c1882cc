import { randomBytes } from "node:crypto";
import { PERSONAL_CACHE } from "../app/lib/platform/http-cache";
import { SESSION_COOKIE_NAME } from "../app/lib/session/session.server";

/** A fresh Content-Security-Policy nonce: 128 random bits, base64. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy of every page. Scripts run only with this response's nonce;
 * 'strict-dynamic' extends that trust to the modules they import (the route chunks React Router
 * loads on navigation), and 'self' is only a fallback for browsers without 'strict-dynamic'.
 * Styles may be inline (React's style props, an inlined critical stylesheet).
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every response of the storefront carries, whatever its type. */
export const BASELINE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // Nothing in the shop needs these; saying so stops embedded or injected code from asking.
  "Permissions-Policy":
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()",
  // For browsers that predate CSP's frame-ancestors.
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** HSTS for a shop served over https (docs/configuration.md, PUBLIC_ORIGIN): a year, subdomains too. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/**
 * The names of the cookies a request carries, read leniently: several Cookie headers reach us
 * joined by ", " (fetch's Headers), and stray ";", empty pairs or spaces around a name
 * ("__session =…") must not hide a session that the cookie parser would still find.
 */
export function cookieNames(request: Request): string[] {
  const header = request.headers.get("cookie");
  if (header === null) return [];
  return header
    .split(/[;,]/)
    .map((pair) => (pair.includes("=") ? pair.slice(0, pair.indexOf("=")) : pair).trim())
    .filter((name) => name !== "");
}

function hasSessionCookie(request: Request): boolean {
  return cookieNames(request).includes(SESSION_COOKIE_NAME);
}

function isHtml(response: Response): boolean {
  return (response.headers.get("content-type") ?? "").startsWith("text/html");
}

/** Single-fetch data requests (/shop.data) carry the same loaders' data as the page. */
function isRouteData(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

export type PageHeaderOptions = {
  /**
   * The nonce the page's scripts carry, or "" for no CSP: development, where Vite injects its
   * own scripts and React's development build would warn about every hidden nonce on hydration.
   */
  nonce: string;
};

/**
 * Adds the security headers and settles the cache policy of a storefront response (pages,
 * their .data requests and resource routes; not the API or the built assets):
 * - every response: nosniff, referrer and permissions policies, no framing;
 * - HTML: the Content-Security-Policy with this request's nonce (when there is one);
 * - a request with a session cookie, or a response that sets a cookie, is personal: it is
 *   never stored by a shared cache, whatever the route said;
 * - a page or data response that declared no Cache-Control is treated as personal too;
 * - a public one varies on Cookie, so no cache hands a guest's page to a signed-in shopper.
 */
export function applyPageHeaders(request: Request, response: Response, options: PageHeaderOptions): Response {
  // Responses from fetch() or redirect() may have immutable headers.
  const result = new Response(response.body, response);
  const headers = result.headers;
  for (const [name, value] of Object.entries(BASELINE_SECURITY_HEADERS)) headers.set(name, value);

  const html = isHtml(result);
  if (html && options.nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(options.nonce));

  const personal = hasSessionCookie(request) || headers.has("set-cookie");
  if (personal || ((html || isRouteData(request)) && !headers.has("cache-control"))) {
    headers.set("Cache-Control", PERSONAL_CACHE);
  }
  if (/\bpublic\b/i.test(headers.get("cache-control") ?? "")) {
    const vary = headers.get("vary");
    if (!vary || !/\bcookie\b/i.test(vary)) headers.set("Vary", vary ? `${vary}, Cookie` : "Cookie");
  }
  return result;
}
