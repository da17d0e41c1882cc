import { encode } from "uqr";

/** The standard quiet zone around a QR code, in modules. */
export const QUIET_ZONE = 4;

/** What the code is encoded with: error correction level M (15 % of the symbol may be lost). */
export const UPI_QR_OPTIONS = { ecc: "M", border: 0 } as const;

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/**
 * A UPI link's QR code as an inline SVG, encoded on the server by uqr: one path of dark unit
 * squares on a white square with the standard four-module quiet zone (the page's CSS scales it),
 * named for screen readers by `label`. Server-only: the `.server` suffix keeps uqr out of the
 * browser's bundle. (uqr's own renderSVG has no label and draws no crisp edges.)
 */
export function upiQrSvg(uri: string, label: string): string {
  const { size, data } = encode(uri, UPI_QR_OPTIONS);
  const side = size + QUIET_ZONE * 2;
  let path = "";
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x + QUIET_ZONE},${y + QUIET_ZONE}h1v1h-1z`;
    }),
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" role="img" aria-label="${escapeAttribute(label)}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}
