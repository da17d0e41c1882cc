import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "./lib/nonce";

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
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
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
          const stream = createReadableStreamFromReadable(body);
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject and are logged by React Router; these come later.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

const DOCUMENT_END = "</body></html>";

/**
 * React 18 ends the shell with `</body></html>` and streams what comes later (Suspense content,
 * React Router's data scripts) after it, which is invalid HTML that browsers only tolerate. This
 * holds the document's end back and writes it after the last streamed chunk.
 */
function documentEndLast(onEnd: () => void): Transform {
  let held = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = typeof chunk === "string" ? chunk : chunk.toString("utf8");
      if (held) return callback(null, text);
      const at = text.lastIndexOf(DOCUMENT_END);
      if (at === -1) return callback(null, text);
      held = true;
      callback(null, text.slice(0, at) + text.slice(at + DOCUMENT_END.length));
    },
    flush(callback) {
      onEnd();
      callback(null, held ? DOCUMENT_END : "");
    },
  });
}
