import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { logger } from "../api/lib/logger";
import { DEFERRED_MODULE_TYPE } from "./lib/boot-script";
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
          const body = wholeFlushes();
          const end = documentEndLast(() => {
            // Let go of the closure once the stream is done.
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          // The document's end is found in React's own chunks, before the modules' rewrite splits any.
          const stream = createReadableStreamFromReadable(
            body.pipe(end).pipe(withoutNulPadding()).pipe(deferredModules()),
          );
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

/**
 * The page is whole without its JavaScript (server-rendered, usable with none), so on a slow
 * network the HTML, the stylesheet and the LCP image go first and the modules only after the
 * page has loaded and painted (docs/decisions/011-slow-phones.md). React Router's <Scripts> has no
 * option for that, so its output is rewritten here, byte for byte across chunk boundaries:
 *
 * - each `<link rel="modulepreload">` gets `media="not all"`, which browsers honour by not
 *   fetching it yet;
 * - its module script (`type="module" async`) becomes an inert data block of the same text.
 *
 * BOOT_SCRIPT (rendered after <Scripts> in root.tsx) then adds the preloads and runs the module
 * script once the page has loaded and painted (app/lib/boot-script.ts). Hydration sees the same
 * elements (React 18 leaves attributes it finds different alone; <Scripts> marks its elements
 * suppressHydrationWarning), and what the boot script appends sits after the last element React
 * rendered in <head> and <body>, which hydration leaves be.
 */
const REWRITES: [Buffer, Buffer][] = [
  [Buffer.from('<link rel="modulepreload"'), Buffer.from('<link rel="modulepreload" media="not all"')],
  [Buffer.from(' type="module" async="">'), Buffer.from(` type="${DEFERRED_MODULE_TYPE}">`)],
];
const LONGEST = Math.max(...REWRITES.map(([from]) => from.length));

export function deferredModules(): Transform {
  let carry = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const bytes = Buffer.concat([carry, typeof chunk === "string" ? Buffer.from(chunk) : chunk]);
      const parts: Buffer[] = [];
      let start = 0;
      for (;;) {
        let found: { at: number; from: Buffer; to: Buffer } | undefined;
        for (const [from, to] of REWRITES) {
          const at = bytes.indexOf(from, start);
          if (at !== -1 && (!found || at < found.at)) found = { at, from, to };
        }
        if (!found) break;
        parts.push(bytes.subarray(start, found.at), found.to);
        start = found.at + found.from.length;
      }
      // Bytes that could begin a match are held back until the next chunk.
      const held = Math.min(bytes.length - start, LONGEST - 1);
      parts.push(bytes.subarray(start, bytes.length - held));
      carry = Buffer.from(bytes.subarray(bytes.length - held));
      callback(null, Buffer.concat(parts));
    },
    flush(callback) {
      callback(null, carry.length > 0 ? carry : null);
    },
  });
}

/**
 * React 18.3's stream writer (react-dom/server, `writeStringChunk`) sends its whole 2,048-byte
 * buffer when the next character does not fit in what is left of it, unwritten bytes included:
 * a "₹" (3 bytes) that meets the buffer's end with 2 bytes left comes out as two NUL bytes and
 * then the "₹" in the next chunk. HTML never holds a NUL byte of ours (PostgreSQL text cannot
 * store one, and loader data is JSON, which escapes it), so every NUL in the stream is that
 * padding, and dropping them gives the page React meant. React 19 writes only what it encoded.
 */
export function withoutNulPadding(): Transform {
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      callback(null, bytes.includes(0) ? Buffer.from(bytes.filter((byte) => byte !== 0)) : bytes);
    },
  });
}

/**
 * React writes its output in 2 KB pieces and, once it has written all it can for now, calls the
 * destination's `flush()` (the convention of zlib streams). This gathers the pieces and passes
 * each flush on as one chunk: a 150 KB page goes through the rewrites below, the compression and
 * the socket as one chunk instead of 75, and React is never told to wait for the pipeline to
 * drain in the middle of a page (it writes to memory here; the page is in memory anyway).
 */
export function wholeFlushes(): Transform & { flush: () => void } {
  let pieces: Buffer[] = [];
  const stream = new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      // React never writes again into a piece it has handed over: each is kept as it is.
      pieces.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      callback();
    },
    flush(callback) {
      callback(null, pieces.length > 0 ? Buffer.concat(pieces) : null);
      pieces = [];
    },
  });
  return Object.assign(stream, {
    flush() {
      if (pieces.length === 0) return;
      stream.push(Buffer.concat(pieces));
      pieces = [];
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
