import { constants, crc32, deflateRaw, deflateRawSync } from "node:zlib";
import { promisify } from "node:util";

/**
 * A gzip answer assembled from pieces of raw deflate, most of them compressed once and kept
 * (server/page-cache.ts: a guest's page around its nonces; app/lib/platform/shared-page.server.ts:
 * a signed-in page around each shopper's own parts). Each piece ends with a sync flush (byte-aligned,
 * not final), so pieces can be joined in any order that matches the text; a final empty block and
 * the CRC-32 and length of the whole text close one valid gzip stream.
 *
 * A piece kept is compressed with the text before it as its dictionary (as one stream would be),
 * with every place whose text changes per answer blanked to NUL bytes, which HTML never holds: no
 * back-reference can copy from such a place, and as each place keeps its length (its `width`),
 * the distances hold whatever the place holds in an answer.
 */
export type Piece = { text: Buffer; deflated: Buffer };

export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const LAST_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
export const WINDOW = 32 * 1024;

const deflateRawAsync = promisify(deflateRaw);

/** `text` compressed with `dictionary` (the blanked text before it, its last 32 KB used). */
export function deflatePiece(text: Buffer, dictionary?: Buffer): Promise<Piece> {
  const window = dictionary && dictionary.length > 0 ? dictionary.subarray(-WINDOW) : undefined;
  const options = { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH, dictionary: window };
  return deflateRawAsync(text, options).then((deflated) => ({ text, deflated }));
}

/**
 * A piece made for one answer, quickly: level 5 (a fifth less time than 6 on a page's loader data
 * for 13 bytes more) and the last 4 KB of the text just before it as its dictionary (all 32 KB
 * cost twice the time for a few percent of bytes).
 */
export function deflateNow(text: Buffer, before?: Buffer): Piece {
  const dictionary = before && before.length > 0 ? before.subarray(-QUICK_WINDOW) : undefined;
  return { text, deflated: deflateRawSync(text, { level: 5, finishFlush: constants.Z_SYNC_FLUSH, dictionary }) };
}

const QUICK_WINDOW = 4 * 1024;

/** A stored (uncompressed) deflate block, not the last: up to 65,535 bytes. */
export function storedPiece(text: Buffer): Piece {
  const block = Buffer.alloc(5 + text.length);
  block.writeUInt16LE(text.length, 1);
  block.writeUInt16LE(~text.length & 0xffff, 3);
  text.copy(block, 5);
  return { text, deflated: block };
}

/** The gzip stream of the pieces in order. */
export function gzipOf(pieces: readonly Piece[]): Buffer<ArrayBuffer> {
  const chunks: Uint8Array[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    chunks.push(piece.deflated);
    crc = crc32(piece.text, crc);
    length += piece.text.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(LAST_EMPTY_BLOCK, trailer);
  return Buffer.concat(chunks) as Buffer<ArrayBuffer>;
}

/** Whether the request's Accept-Encoding allows gzip (by name or by `*`, with a q above 0). */
export function acceptsGzip(request: Request): boolean {
  const accepted = request.headers.get("accept-encoding") ?? "";
  return accepted.split(",").some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return (coding === "gzip" || coding === "*") && (q === undefined || Number(q.slice(2)) > 0);
  });
}
