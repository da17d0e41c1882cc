import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

/**
 * Compression of what the site answers, in place of Hono's `compress()`, which knows gzip and
 * deflate only (docs/decisions/009-render-profile.md, "Fourth step").
 *
 * - Pages and JSON, which are whole in memory before they leave: brotli at quality 4 when the
 *   client accepts it (every browser we serve does), else gzip. Brotli at 4 makes a /shop smaller
 *   than gzip at its default level (16.9 KB against 17.5) for about the same CPU, and both run on
 *   libuv's threads, not the event loop.
 * - Anything else compressible (a streamed CSV export, React Router's data) is gzipped as a
 *   stream, as before.
 *
 * The rules are Hono's: nothing under 1 KB, nothing already encoded, no partial content, no HEAD,
 * nothing marked `no-transform`; `Vary: Accept-Encoding` on whatever could have been compressed;
 * a strong ETag becomes weak.
 */
const THRESHOLD = 1024;
const WHOLE = /^\s*(?:text\/html|application\/json)\b/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;
export const BROTLI_QUALITY = 4;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = "br" | "gzip";

/**
 * The smallest window that holds the whole body (2^10 to brotli's default 2^22). With the default
 * window every page cost the server four to five times gzip's CPU, most of it setting up a 4 MB
 * ring buffer per answer; with its own size's window a /shop costs what gzip costs, same bytes.
 */
export function brotliWindow(bytes: number): number {
  return Math.min(22, Math.max(10, Math.ceil(Math.log2(Math.max(bytes, 1)))));
}

/** The coding the client prefers among `candidates` (in our order of preference on a tie), if any. */
export function chooseEncoding(header: string | undefined, candidates: readonly Encoding[]): Encoding | undefined {
  if (!header) return undefined;
  const accepts = parseAccept(header);
  const wildcard = accepts.find((accept) => accept.type === "*")?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of candidates) {
    const q = accepts.find((accept) => accept.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/**
 * The response with another body, and its headers as they are now. Not `new Response(body,
 * response)`: under @hono/node-server, whose listener puts its own Response in the global scope
 * (as the shop runs), that copies the headers the response was made with, not those set since.
 */
function withBody(body: BodyInit, response: Response): Response {
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: new Headers(response.headers),
  });
}

export function compress(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    const type = response.headers.get("Content-Type") ?? "";
    const length = response.headers.get("Content-Length");
    if (
      response.status === 206 ||
      response.headers.has("Content-Encoding") ||
      response.headers.has("Transfer-Encoding") ||
      c.req.method === "HEAD" ||
      (length !== null && Number(length) < THRESHOLD) ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(response.headers.get("Cache-Control") ?? "")
    ) {
      return;
    }
    // The body is read first: under @hono/node-server's Response (the shop's), a header set
    // before the body is first read is lost when it is. Hono copies these headers onto a response
    // set in this one's place (c.res below), so the compressed one carries the Vary too.
    const original = response.body;
    const vary = response.headers.get("Vary");
    if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary))) {
      response.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    if (!original) return;
    const whole = WHOLE.test(type);
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"), whole ? ["br", "gzip"] : ["gzip"]);
    if (!encoding) return;

    let body: BodyInit;
    if (whole) {
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length < THRESHOLD) {
        c.res = withBody(bytes, response);
        return;
      }
      const compressed =
        encoding === "br"
          ? await brotli(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindow(bytes.length),
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            })
          : await gzip(bytes);
      // zlib's answer is a Buffer of its own ArrayBuffer.
      body = compressed as Buffer<ArrayBuffer>;
    } else {
      body = response.body.pipeThrough(new CompressionStream("gzip"));
    }
    c.res = withBody(body, response);
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", encoding);
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}
