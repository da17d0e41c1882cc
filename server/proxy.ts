import { logger } from "../api/platform/logger";
import { StartupError } from "../api/platform/runtime";
import { type UserappService, remoteUserapp } from "./site";

/** Headers that belong to one connection, not to the request or answer being passed on (RFC 9110, 7.6.1). */
const HOP_BY_HOP = [
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
];

/** USERAPP_API_URL as an origin, or null when unset; a value that is not an http(s) URL stops the start. */
export function readRemoteApi(value: string | undefined): URL | null {
  const text = value?.trim();
  if (!text) return null;
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) {
    throw new StartupError(`USERAPP_API_URL must be an http(s) URL such as http://127.0.0.1:3001, not "${text}".`);
  }
  return new URL(new URL(text).origin);
}

/**
 * With USERAPP_API_URL, the site's own /userapp/* and /media/* and its loaders' calls all go to
 * that API (docs/configuration.md): one set of accounts, and no database in this process.
 * remoteUserapp sends the call (with the shopper's address and the request id); around it, a
 * browser's request loses its connection headers, and an API that does not answer is a 502.
 */
export function proxyUserapp(api: URL): UserappService {
  const remote = remoteUserapp(api.href);
  return async (request, bindings) => {
    const headers = new Headers(request.headers);
    for (const name of HOP_BY_HOP) headers.delete(name);
    let answer: Response;
    try {
      answer = await remote(new Request(request, { headers }), bindings);
    } catch (error) {
      if (request.signal.aborted) throw error;
      // fetch says only "fetch failed"; its cause names the reason (ECONNREFUSED, a timeout).
      const reason = (error as Error).cause ?? error;
      logger.error(
        { err: reason, requestId: bindings.requestId, path: new URL(request.url).pathname },
        "the API at USERAPP_API_URL did not answer",
      );
      return Response.json(
        {
          status: "SERVER_ERROR",
          message: "The API is unavailable, try again shortly.",
          data: null,
          code: "SERVER_ERROR",
        },
        { status: 502, headers: { "Cache-Control": "no-store" } },
      );
    }
    // fetch has already decoded a compressed body: its length and encoding no longer describe it
    // (the site compresses the answer again for the browser).
    const out = new Headers(answer.headers);
    for (const name of [...HOP_BY_HOP, "content-encoding", "content-length"]) out.delete(name);
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: out });
  };
}

/** /readyz of a storefront with USERAPP_API_URL: ready when the API says it is. */
export async function pingApi(api: URL): Promise<void> {
  const answer = await fetch(new URL("/readyz", api), { signal: AbortSignal.timeout(2000) });
  await answer.body?.cancel();
  if (!answer.ok) throw new Error(`the API's /readyz answered ${answer.status}`);
}
