import { createNonce } from "./security-headers";

/**
 * A micro-cache for the pages guests see alike (home, shop, product: every response whose
 * Cache-Control is public). A burst of guests on the same URL costs one server render every few
 * seconds instead of one each. Only requests with no cookie and no Authorization header take
 * part, and only responses that set no cookie are kept, so nothing personal is ever shared.
 *
 * Each answer from the cache gets a fresh CSP nonce: the stored page's nonce is replaced in its
 * body and in its Content-Security-Policy header, so no two responses carry the same nonce.
 */
export type PageCacheOptions = {
  /** How long a stored page is served as fresh. 0 turns the cache off. */
  ttlMs: number;
  /** After that, how long it may still be served while one request renders it anew. */
  staleMs?: number;
  /** Upper bound on the bodies kept, in bytes (oldest dropped first). */
  maxBytes?: number;
  now?: () => number;
};

type Entry = {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
  storedAt: number;
};

export type PageRender = (nonce: string) => Promise<Response>;

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
  const entries = new Map<string, Entry>(); // in insertion order: the oldest first
  const refreshing = new Set<string>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };

  const store = async (key: string, response: Response, nonce: string): Promise<Response> => {
    if (!cacheableResponse(response)) return response;
    const body = await response.text();
    const headers = [...response.headers].filter(([name]) => name !== "content-length");
    drop(key);
    entries.set(key, { status: response.status, headers, body, nonce, storedAt: now() });
    bytes += body.length;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
    return new Response(body, { status: response.status, headers });
  };

  const answer = (entry: Entry): Response => {
    if (!entry.nonce) return new Response(entry.body, { status: entry.status, headers: entry.headers });
    const nonce = createNonce();
    const body = entry.body.replaceAll(`nonce="${entry.nonce}"`, `nonce="${nonce}"`);
    const headers = entry.headers.map(([name, value]): [string, string] =>
      name === "content-security-policy" ? [name, value.replace(`'nonce-${entry.nonce}'`, `'nonce-${nonce}'`)] : [name, value],
    );
    return new Response(body, { status: entry.status, headers });
  };

  return {
    /** Answers `request` from the cache when it may, otherwise renders it (and keeps the result if it may). */
    async serve(request: Request, render: PageRender, nonce: string): Promise<Response> {
      if (options.ttlMs <= 0 || !cacheableRequest(request)) return render(nonce);
      const key = request.url;
      const entry = entries.get(key);
      const age = entry ? now() - entry.storedAt : Infinity;
      if (entry && age <= options.ttlMs) return answer(entry);
      if (entry && age <= options.ttlMs + staleMs) {
        if (!refreshing.has(key)) {
          refreshing.add(key);
          const freshNonce = createNonce();
          void render(freshNonce)
            .then((response) => store(key, response, freshNonce))
            .catch(() => drop(key))
            .finally(() => refreshing.delete(key));
        }
        return answer(entry);
      }
      return store(key, await render(nonce), nonce);
    },
    get size() {
      return entries.size;
    },
  };
}
