import { localCatalogueVersion } from "../api/platform/catalogue-version";
import { acceptsGzip, deflatePiece, gzipOf, type Piece, storedPiece } from "../app/lib/platform/gzip-pieces.server";
import { wantsSaveData } from "../app/lib/platform/save-data";
import { createNonce } from "./security-headers";

/**
 * A micro-cache for the pages guests see alike (home, shop, product: every response whose
 * Cache-Control is public). A burst of guests on the same URL costs one server render every few
 * seconds instead of one each. Only requests with no cookie and no Authorization header take
 * part, and only responses that set no cookie are kept, so nothing personal is ever shared.
 *
 * Each answer from the cache gets a fresh CSP nonce: the stored page's nonce is replaced in its
 * body and in its Content-Security-Policy header, so no two responses carry the same nonce.
 *
 * A stored page is also compressed once (see `PrecompressedPage`), so answering a guest who
 * accepts gzip costs no compression either: only the nonces are new.
 *
 * A page is never served, fresh or stale, once an admin has changed the catalogue after its
 * render began (api/platform/catalogue-version.ts): the shop shows a price, a stock level or a hidden
 * product as the admin left it at once.
 */
export type PageCacheOptions = {
  /** How long a stored page is served as fresh. 0 turns the cache off. */
  ttlMs: number;
  /** After that, how long it may still be served while one request renders it anew. */
  staleMs?: number;
  /** Upper bound on the bodies kept, in bytes (oldest dropped first). */
  maxBytes?: number;
  now?: () => number;
  /** The catalogue's version in this process; a page rendered under another is dropped. */
  catalogueVersion?: () => number;
};

type Entry = {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
  storedAt: number;
  /** The catalogue version when its render began (it may have read the catalogue any time after). */
  version: number;
  /** Set once the background compression is done; until then answers are compressed per request. */
  gzip?: PrecompressedPage;
};

/**
 * A page compressed once, around its nonce attributes (app/lib/platform/gzip-pieces.server.ts):
 * the text between two `nonce="…"` is a piece of its own, and each answer's own nonce goes between
 * them as a stored (uncompressed) block. As every nonce attribute has the same length, the pieces'
 * distances hold whatever nonce an answer carries.
 */
type PrecompressedPage = { pieces: Piece[]; nonceLength: number; bytes: number };

async function precompress(body: string, nonce: string): Promise<PrecompressedPage> {
  const attribute = nonceAttribute(nonce);
  const texts = (nonce ? body.split(attribute) : [body]).map((text) => Buffer.from(text));
  // A page with NUL bytes of its own is compressed in independent pieces instead.
  const blanked = body.includes("\0")
    ? null
    : Buffer.from(nonce ? body.replaceAll(attribute, "\0".repeat(attribute.length)) : body);
  let offset = 0;
  const pieces = await Promise.all(
    texts.map((text) => {
      const start = offset;
      offset += text.length + attribute.length;
      return deflatePiece(text, blanked && start > 0 ? blanked.subarray(0, start) : undefined);
    }),
  );
  // The plain pieces stay for the CRC-32 of each answer: they count towards the cache size too.
  return {
    pieces,
    nonceLength: nonce.length,
    bytes: pieces.reduce((sum, piece) => sum + piece.text.length + piece.deflated.length, 0),
  };
}

function gzipWithNonce(page: PrecompressedPage, nonce: string): Uint8Array<ArrayBuffer> {
  const attribute = storedPiece(Buffer.from(nonceAttribute(nonce)));
  return gzipOf(page.pieces.flatMap((piece, index) => (index > 0 ? [attribute, piece] : [piece])));
}

const nonceAttribute = (nonce: string) => `nonce="${nonce}"`;

function withVaryAcceptEncoding(headers: [string, string][]): [string, string][] {
  const vary = headers.find(([name]) => name === "vary")?.[1];
  const others = headers.filter(([name]) => name !== "vary");
  return [...others, ["vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding"]];
}

export type PageRender = (nonce: string) => Promise<Response>;

/**
 * A page is kept per URL, and apart for Save-Data, whose pages leave out decorations
 * (app/lib/platform/save-data.ts; they answer Vary: Save-Data): neither is ever served for the other.
 */
function cacheKey(request: Request): string {
  return wantsSaveData(request.headers) ? `save-data ${request.url}` : request.url;
}

function cacheableRequest(request: Request): boolean {
  return request.method === "GET" && !request.headers.has("cookie") && !request.headers.has("authorization");
}

function cacheableResponse(response: Response): boolean {
  const cacheControl = response.headers.get("cache-control") ?? "";
  return (
    response.status === 200 &&
    /\bpublic\b/.test(cacheControl) &&
    !/\bno-store\b/.test(cacheControl) &&
    !response.headers.has("set-cookie")
  );
}

export function createPageCache(options: PageCacheOptions) {
  const staleMs = options.staleMs ?? 30_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const catalogueVersion = options.catalogueVersion ?? localCatalogueVersion;
  const entries = new Map<string, Entry>(); // in insertion order: the oldest first
  const refreshing = new Set<string>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length + (entry.gzip?.bytes ?? 0);
    entries.delete(key);
  };

  const store = async (key: string, response: Response, nonce: string, version: number): Promise<Response> => {
    if (!cacheableResponse(response)) return response;
    const body = await response.text();
    const headers = [...response.headers].filter(([name]) => name !== "content-length");
    // The catalogue changed while it rendered: answered, but not kept.
    if (version !== catalogueVersion()) return new Response(body, { status: response.status, headers });
    drop(key);
    const entry: Entry = { status: response.status, headers, body, nonce, storedAt: now(), version };
    entries.set(key, entry);
    bytes += body.length;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
    void precompress(body, nonce)
      .then((gzip) => {
        // Only for the entry still stored under its key (not one replaced or dropped meanwhile).
        if (entries.get(key) !== entry) return;
        entry.gzip = gzip;
        bytes += gzip.bytes;
      })
      .catch(() => {}); // then the page is compressed per answer, as before

    return new Response(body, { status: response.status, headers });
  };

  const answer = (entry: Entry, request: Request): Response => {
    const nonce = entry.nonce ? createNonce() : "";
    const headers = entry.headers.map(([name, value]): [string, string] =>
      name === "content-security-policy" && nonce
        ? [name, value.replace(`'nonce-${entry.nonce}'`, `'nonce-${nonce}'`)]
        : [name, value],
    );
    if (entry.gzip && acceptsGzip(request) && nonce.length === entry.gzip.nonceLength) {
      const body = gzipWithNonce(entry.gzip, nonce);
      headers.push(["content-encoding", "gzip"], ["content-length", String(body.length)]);
      return new Response(body, { status: entry.status, headers: withVaryAcceptEncoding(headers) });
    }
    const body = nonce ? entry.body.replaceAll(nonceAttribute(entry.nonce), nonceAttribute(nonce)) : entry.body;
    return new Response(body, { status: entry.status, headers });
  };

  return {
    /** Answers `request` from the cache when it may, otherwise renders it (and keeps the result if it may). */
    async serve(request: Request, render: PageRender, nonce: string): Promise<Response> {
      if (options.ttlMs <= 0 || !cacheableRequest(request)) return render(nonce);
      const key = cacheKey(request);
      const version = catalogueVersion();
      let entry = entries.get(key);
      if (entry && entry.version !== version) {
        drop(key);
        entry = undefined;
      }
      const age = entry ? now() - entry.storedAt : Infinity;
      if (entry && age <= options.ttlMs) return answer(entry, request);
      if (entry && age <= options.ttlMs + staleMs) {
        if (!refreshing.has(key)) {
          refreshing.add(key);
          const freshNonce = createNonce();
          void render(freshNonce)
            .then((response) => store(key, response, freshNonce, version))
            .catch(() => drop(key))
            .finally(() => refreshing.delete(key));
        }
        return answer(entry, request);
      }
      return store(key, await render(nonce), nonce, version);
    },
    get size() {
      return entries.size;
    },
  };
}
