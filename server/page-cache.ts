import { promisify } from "node:util";
import { constants, crc32, deflateRaw } from "node:zlib";
import { localCatalogueVersion } from "../api/platform/catalogue-version";
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

const deflateRawAsync = promisify(deflateRaw);

/**
 * A page compressed once, around its nonce attributes: the text between two `nonce="…"` is a raw
 * deflate piece of its own, ended by a sync flush (byte-aligned, not final), so the pieces can be
 * joined with each answer's own nonce between them as stored (uncompressed) deflate blocks. With
 * a gzip header, a final empty block and the CRC-32 and length of the whole, that is one valid
 * gzip stream.
 *
 * Each piece is compressed with the page before it as its dictionary (as one stream would be),
 * but with every nonce attribute blanked to NUL bytes, which HTML never holds: no back-reference
 * can then copy a nonce, and as every nonce attribute has the same length, the distances hold
 * whatever nonce an answer carries.
 */
type PrecompressedPage = { pieces: { text: Buffer; deflated: Buffer }[]; nonceLength: number; bytes: number };

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const LAST_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
const WINDOW = 32 * 1024;

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
      const dictionary = blanked && start > 0 ? blanked.subarray(Math.max(0, start - WINDOW), start) : undefined;
      const options = { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH, dictionary };
      return deflateRawAsync(text, options).then((deflated) => ({ text, deflated }));
    }),
  );
  // The plain pieces stay for the CRC-32 of each answer: they count towards the cache size too.
  return {
    pieces,
    nonceLength: nonce.length,
    bytes: pieces.reduce((sum, piece) => sum + piece.text.length + piece.deflated.length, 0),
  };
}

/** A stored (uncompressed) deflate block, not the last: up to 65,535 bytes, far more than a nonce attribute. */
function storedBlock(data: Buffer): Buffer {
  const block = Buffer.alloc(5 + data.length);
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

function gzipWithNonce(page: PrecompressedPage, nonce: string): Uint8Array<ArrayBuffer> {
  const attribute = Buffer.from(nonceAttribute(nonce));
  const block = storedBlock(attribute);
  const chunks: Uint8Array[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  page.pieces.forEach((piece, index) => {
    if (index > 0) {
      chunks.push(block);
      crc = crc32(attribute, crc);
      length += attribute.length;
    }
    chunks.push(piece.deflated);
    crc = crc32(piece.text, crc);
    length += piece.text.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(LAST_EMPTY_BLOCK, trailer);
  return Buffer.concat(chunks);
}

const nonceAttribute = (nonce: string) => `nonce="${nonce}"`;

/** Whether the request's Accept-Encoding allows gzip (by name or by `*`, with a q above 0). */
function acceptsGzip(request: Request): boolean {
  const accepted = request.headers.get("accept-encoding") ?? "";
  return accepted.split(",").some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return (coding === "gzip" || coding === "*") && (q === undefined || Number(q.slice(2)) > 0);
  });
}

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
