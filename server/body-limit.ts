import type { Context, MiddlewareHandler } from "hono";

/**
 * A request body limit by path (FORM_BODY_LIMIT_BYTES; docs/configuration.md). The first rule
 * whose prefix starts the path decides; `limitBytes: null` leaves the path to someone else.
 * Back-office uploads have rules of their own ahead of the default.
 */
export type BodyLimitRule = { prefix: string; limitBytes: number | null };

/**
 * The back office's uploads (a product photo, a catalogue CSV: 5 MB each) post to paths of their
 * own. The limit leaves room for the multipart framing and a little over, so that a file just too
 * large reaches its action and is refused there in words.
 */
export const UPLOAD_BODY_LIMIT_BYTES = 6 * 1024 * 1024;

/**
 * A shopper's review form (app/routes/myaccount.reviews.$productId.tsx) posts its text with up to
 * 3 photos of 5 MB each: 16 MB, three photos and room for the text and the framing, so that a
 * photo just too large reaches the action and is refused there on its field.
 */
export const REVIEW_UPLOAD_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/** /userapp has its own limit (api/app.ts, API_BODY_LIMIT_BYTES): it is not counted twice. */
export const DEFAULT_BODY_LIMIT_RULES: readonly BodyLimitRule[] = [
  { prefix: "/admin/product-images/", limitBytes: UPLOAD_BODY_LIMIT_BYTES },
  { prefix: "/admin/catalogue/import", limitBytes: UPLOAD_BODY_LIMIT_BYTES },
  { prefix: "/myaccount/reviews/", limitBytes: REVIEW_UPLOAD_BODY_LIMIT_BYTES },
  { prefix: "/userapp/", limitBytes: null },
];

export function bodyLimitFor(pathname: string, rules: readonly BodyLimitRule[], defaultLimit: number): number | null {
  for (const rule of rules) if (pathname.startsWith(rule.prefix)) return rule.limitBytes;
  return defaultLimit;
}

export type BodyLimitOptions = {
  defaultLimitBytes: number;
  /** Checked in order before DEFAULT_BODY_LIMIT_RULES. */
  rules?: readonly BodyLimitRule[];
  tooLarge: (c: Context, limitBytes: number) => Response | Promise<Response>;
};

/** A Content-Length that is one plain decimal number; anything else reads as unknown. */
function declaredLength(request: Request): number | null {
  const value = request.headers.get("content-length");
  return value !== null && /^\s*\d{1,16}\s*$/.test(value) ? Number(value) : null;
}

/**
 * Refuses a body over its path's limit without reading it whole: a declared Content-Length over
 * the limit is refused before a byte is read; a body of unknown length (chunked) is read up to the
 * limit and refused as soon as it crosses it, the rest never pulled. A declared length within the
 * limit is left to Node's HTTP parser, which never delivers more bytes than it declares.
 */
export function bodyLimit(options: BodyLimitOptions): MiddlewareHandler {
  const rules = [...(options.rules ?? []), ...DEFAULT_BODY_LIMIT_RULES];
  return async (c, next) => {
    const request = c.req.raw;
    if (!request.body) return next();
    const limit = bodyLimitFor(new URL(request.url).pathname, rules, options.defaultLimitBytes);
    if (limit === null) return next();
    const declared = declaredLength(request);
    if (declared !== null && !request.headers.has("transfer-encoding")) {
      return declared > limit ? options.tooLarge(c, limit) : next();
    }
    const reader = request.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      // Not cancelled: that would destroy the socket before the 413 is written. The answer says
      // Connection: close, and @hono/node-server drains or drops what the client still sends.
      if (size > limit) {
        reader.releaseLock();
        return options.tooLarge(c, limit);
      }
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    const headers = new Headers(request.headers);
    headers.delete("transfer-encoding");
    headers.set("content-length", String(size));
    c.req.raw = new Request(request, { body, headers });
    return next();
  };
}
