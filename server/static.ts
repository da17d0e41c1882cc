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

/**
 * The built client files, read and compressed once at start-up (brotli 11 and gzip 9):
 * hashed files under /assets are cached for a year as immutable, the rest for an hour.
 */
export function loadStaticFiles(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const urlPath = "/" + path.relative(clientDir, full).split(path.sep).join("/");
      const ext = path.extname(entry.name);
      const body = fs.readFileSync(full);
      const file: StaticFile = {
        body,
        type: types[ext] ?? "application/octet-stream",
        cacheControl: urlPath.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      };
      if (compressible.has(ext) && body.length > 512) {
        file.br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        file.gzip = gzipSync(body, { level: 9 });
      }
      files.set(urlPath, file);
    }
  };
  walk(clientDir);
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
