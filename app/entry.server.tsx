import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { logger } from "../api/lib/logger";
import { NonceContext } from "./lib/nonce";
import { SaveDataContext, wantsSaveData } from "./lib/save-data";

// React Router 7's default Node entry (@react-router/dev/dist/config/defaults/entry.server.node.tsx)
// with the request's CSP nonce handed to every script it writes: React Router's own (<Scripts>,
// <ScrollRestoration>, the streamed data) through `ServerRouter nonce`, React's streaming
// scripts through `renderToPipeableStream({ nonce })`, ours through NonceContext.
// server/site.ts makes the nonce and sends the matching Content-Security-Policy header.

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // With Save-Data the page leaves out decorations (app/lib/save-data.ts): caches keep both versions.
  responseHeaders.append("Vary", "Save-Data");
  // https://httpwg.org/specs/rfc9110.html#HEAD (same headers as GET, so the CSP too)
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // "" in development, where no policy is sent: then no nonce attributes either.
  const nonce = loadContext.cspNonce || undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Bots (and SPA mode) get the whole document at once, not a stream.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after `streamTimeout` so the rejected boundaries still have time to flush.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ""}>
        <SaveDataContext.Provider value={wantsSaveData(request.headers)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </SaveDataContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = documentEndLast(() => {
            // Let go of the closure once the stream is done.
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          // The document's end is found in React's own chunks, before the preloads' rewrite splits any.
          const preloads = body.pipe(lowPriorityModulePreloads());
          const stream = createReadableStreamFromReadable(preloads);
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject and are logged by React Router (handleError); these come later.
          if (shellRendered) logFailure(error, request, loadContext);
        },
      },
    );
  });
}

/**
 * What React Router caught in a loader, an action or the render: one log line with the request's
 * id (server/site.ts, X-Request-Id), through the pino logger (README, "Operations"), instead of
 * React Router's console.error. A request its client gave up on is not our failure.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A 404 or 405 React Router raised itself carries its reason as `error` (as its default handler reads it).
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  logFailure(cause, request, context);
};

function logFailure(error: unknown, request: Request, context: AppLoadContext) {
  const path = new URL(request.url).pathname;
  logger.error({ err: error, requestId: context.requestId, method: request.method, path }, "page request failed");
}

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY_MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"');

/**
 * React Router's <Scripts> preloads the page's JavaScript at the browser's high priority, beside
 * what the first paint needs. The page is whole without it (server-rendered, usable with no
 * JavaScript), so on a slow network the LCP image and the HTML go first: every modulepreload link
 * gets fetchpriority="low" (docs/decisions/011-slow-phones.md). The links carry
 * suppressHydrationWarning, so hydration leaves the attribute be. Split chunks are handled: the
 * bytes that could begin a link are held back until the next chunk.
 */
export function lowPriorityModulePreloads(): Transform {
  let carry = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const bytes = Buffer.concat([carry, typeof chunk === "string" ? Buffer.from(chunk) : chunk]);
      const parts: Buffer[] = [];
      let start = 0;
      for (let at = bytes.indexOf(MODULE_PRELOAD); at !== -1; at = bytes.indexOf(MODULE_PRELOAD, start)) {
        parts.push(bytes.subarray(start, at), LOW_PRIORITY_MODULE_PRELOAD);
        start = at + MODULE_PRELOAD.length;
      }
      const held = Math.min(bytes.length - start, MODULE_PRELOAD.length - 1);
      parts.push(bytes.subarray(start, bytes.length - held));
      carry = Buffer.from(bytes.subarray(bytes.length - held));
      callback(null, Buffer.concat(parts));
    },
    flush(callback) {
      callback(null, carry.length > 0 ? carry : null);
    },
  });
}

const DOCUMENT_END = Buffer.from("</body></html>");

/**
 * React 18 ends the shell with `</body></html>` and streams what comes later (Suspense content,
 * React Router's data scripts) after it, which is invalid HTML that browsers only tolerate. This
 * holds the document's end back and writes it after the last streamed chunk. It works on bytes, so
 * a character split between two chunks stays whole.
 */
function documentEndLast(onEnd: () => void): Transform {
  let held = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      if (held) return callback(null, bytes);
      const at = bytes.lastIndexOf(DOCUMENT_END);
      if (at === -1) return callback(null, bytes);
      held = true;
      callback(null, Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + DOCUMENT_END.length)]));
    },
    flush(callback) {
      onEnd();
      callback(null, held ? DOCUMENT_END : null);
    },
  });
}
