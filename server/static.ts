import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

type StaticFile = { body: Buffer; br?: Buffer; gzip?: Buffer; type: string; cacheControl: string };

const types: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".map": "application/json",
};
const compressible = new Set([".js", ".css", ".svg", ".txt", ".json", ".map", ".ico"]);

const compressedSuffixes = { br: ".br", gzip: ".gz" } as const;

function needsCompressing(file: string, size: number): boolean {
  return compressible.has(path.extname(file)) && size > 512;
}

function compress(body: Buffer): { br: Buffer; gzip: Buffer } {
  return {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

/** Every file under `dir`, the compressed copies beside them (`.br`, `.gz`) left out. */
function builtFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return builtFiles(full);
    return Object.values(compressedSuffixes).some((suffix) => full.endsWith(suffix)) ? [] : [full];
  });
}

/**
 * Writes each compressible built file's brotli 11 and gzip 9 copies beside it (`.br`, `.gz`):
 * run once when the storefront is built (react-router.config.ts), so that no start-up spends
 * seconds of every process compressing the same files.
 */
export function precompressStaticFiles(clientDir: string): number {
  let written = 0;
  for (const full of builtFiles(clientDir)) {
    const body = fs.readFileSync(full);
    if (!needsCompressing(full, body.length)) continue;
    const { br, gzip } = compress(body);
    fs.writeFileSync(full + compressedSuffixes.br, br);
    fs.writeFileSync(full + compressedSuffixes.gzip, gzip);
    written++;
  }
  return written;
}

/** A compressed copy made from this very file (not older than it), if the build wrote one. */
function readCompressedCopy(full: string, suffix: string, bodyMtimeMs: number): Buffer | undefined {
  try {
    const copy = full + suffix;
    if (fs.statSync(copy).mtimeMs < bodyMtimeMs) return undefined;
    return fs.readFileSync(copy);
  } catch {
    return undefined;
  }
}

/**
 * The built client files, read once at start-up with their brotli and gzip copies (made by the
 * build, precompressStaticFiles; compressed here only when a copy is missing or older than its
 * file): hashed files under /assets are cached for a year as immutable, the rest for an hour.
 */
export function loadStaticFiles(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const full of builtFiles(clientDir)) {
    const urlPath = "/" + path.relative(clientDir, full).split(path.sep).join("/");
    const ext = path.extname(full);
    const body = fs.readFileSync(full);
    const file: StaticFile = {
      body,
      type: types[ext] ?? "application/octet-stream",
      cacheControl: urlPath.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    };
    if (needsCompressing(full, body.length)) {
      const mtimeMs = fs.statSync(full).mtimeMs;
      const br = readCompressedCopy(full, compressedSuffixes.br, mtimeMs);
      const gzip = readCompressedCopy(full, compressedSuffixes.gzip, mtimeMs);
      Object.assign(file, br && gzip ? { br, gzip } : compress(body));
    }
    files.set(urlPath, file);
  }
  return files;
}

/** Answers a built file, compressed as the client accepts, or null when there is none. */
export function staticResponse(files: Map<string, StaticFile>, request: Request): Response | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(request.url).pathname);
  } catch {
    return null; // a broken %-escape names no file (server/site.ts answers it 400)
  }
  const file = files.get(pathname);
  if (!file) return null;
  const accepts = request.headers.get("accept-encoding") ?? "";
  const headers = new Headers({
    "content-type": file.type,
    "cache-control": file.cacheControl,
    "x-content-type-options": "nosniff",
    vary: "Accept-Encoding",
  });
  let body = file.body;
  if (file.br && /\bbr\b/.test(accepts)) {
    body = file.br;
    headers.set("content-encoding", "br");
  } else if (file.gzip && /\bgzip\b/.test(accepts)) {
    body = file.gzip;
    headers.set("content-encoding", "gzip");
  }
  headers.set("content-length", String(body.length));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body), { headers });
}
