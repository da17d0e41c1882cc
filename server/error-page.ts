import { applyPageHeaders } from "./security-headers";

export { BACK_IN_A_MOMENT, RETRY_AFTER_SECONDS } from "../api/platform/health";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/**
 * A refusal the site answers before React Router sees the request (a malformed URL, a body over
 * the limit, a failure outside the app): a few hundred bytes of plain HTML, no scripts and never
 * a stack, with the storefront's security headers and `private, no-store`. Under /userapp and /media,
 * the API's JSON envelope instead (docs/api.md).
 */
export function refusal(
  request: Request,
  status: 400 | 413 | 500 | 503,
  text: { title: string; message: string; code?: string },
  init: { nonce: string; headers?: Record<string, string> },
): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "private, no-store");
  let body: string;
  const path = new URL(request.url).pathname;
  if (path.startsWith("/userapp/") || path.startsWith("/media/")) {
    headers.set("Content-Type", "application/json; charset=utf-8");
    const envelope = {
      400: "BAD_REQUEST",
      413: "PAYLOAD_TOO_LARGE",
      500: "SERVER_ERROR",
      503: "SERVICE_UNAVAILABLE",
    }[status];
    // The refusal codes of api/contract/refusals.ts: these are the shared ones.
    const code = text.code ?? { 400: "MALFORMED_REQUEST", 413: "TOO_LARGE", 500: "SERVER_ERROR", 503: "BUSY" }[status];
    body = JSON.stringify({ status: envelope, message: text.message, data: null, code });
  } else {
    headers.set("Content-Type", "text/html; charset=utf-8");
    body =
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(text.title)}</title></head><body><h1>${escapeHtml(text.title)}</h1>` +
      `<p>${escapeHtml(text.message)}</p><p><a href="/">Back to the shop</a></p></body></html>`;
  }
  const response = new Response(request.method === "HEAD" ? null : body, { status, headers });
  return applyPageHeaders(request, response, { nonce: init.nonce });
}

export const MALFORMED_URL = {
  title: "Bad request",
  message:
    "This address is not valid: it has a broken %-escape or a control character. Check the link, or start again from the home page.",
};

export const SERVER_ERROR = {
  title: "Something went wrong",
  message: "We could not answer this request. Please try again in a moment.",
};

export function tooLargeText(limitBytes: number) {
  return {
    title: "Form too large",
    message: `The form sent more than ${Math.floor(limitBytes / 1024)} KB, more than any of our forms needs. Please go back and try again.`,
  };
}

/** Control characters and line separators: no page's path holds one. */
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;

/**
 * Whether a path is one we refuse with 400 before routing: a broken %-escape (React Router and
 * the static files decode the path and would throw), or, outside /userapp and /media (the API
 * checks its own), a control character or line separator once decoded: React Router's route
 * patterns cannot match a line break, and would log every such request as an error.
 */
export function isHostilePath(url: string): boolean {
  const raw = new URL(url).pathname;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return true;
  }
  return !raw.startsWith("/userapp/") && !raw.startsWith("/media/") && CONTROL.test(path);
}
