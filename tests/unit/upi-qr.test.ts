import { createHash } from "node:crypto";
import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { upiLink } from "../../app/lib/payment/upi";
import { QUIET_ZONE, UPI_QR_OPTIONS, upiQrSvg } from "../../app/lib/payment/upi-qr.server";

// No QR decoder ships with the project. The hand-written encoder this replaced (app/lib/qr.ts) was
// read back with zbarimg during its development; uqr gives the very same matrix for the shop's UPI
// link, and the page the very same SVG, both pinned here by their digests (the matrix as rows of
// 0 and 1, dark is 1, without the quiet zone).
const URI = upiLink({ vpa: "mart@upi", name: "Mart", mcc: "5311" }, 1604, "6f1c2d3e4f5a6b7c8d9e0f1a");
const GOLDEN_MATRIX_SHA256 = "be31c6f989dac0cca865339ca0db809ae1c2a41b039adb625cc0680de162abd6";
const GOLDEN_SVG_SHA256 = "ff31dd326727281b905bc3826b2586cce410720f8c400a8b7fb4404b3eb026c4";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const rows = (modules: boolean[][]) => modules.map((row) => row.map((dark) => (dark ? "1" : "0")).join("")).join("\n");

describe("UPI QR code", () => {
  it("encodes the link at level M in the smallest version that holds it, as the hand-written encoder did", () => {
    expect(URI).toHaveLength(111);
    const code = encode(URI, UPI_QR_OPTIONS);
    expect(code.version).toBe(7);
    expect(code.size).toBe(17 + 4 * 7);
    expect(sha256(rows(code.data))).toBe(GOLDEN_MATRIX_SHA256);
    expect(sha256(upiQrSvg(URI, "UPI QR code to pay Mart"))).toBe(GOLDEN_SVG_SHA256);
    // Another amount is another code.
    const other = encode(URI.replace("1604.00", "1605.00"), UPI_QR_OPTIONS);
    expect(rows(other.data)).not.toBe(rows(code.data));
  });

  it("draws a well-formed SVG: a white square, one path of unit squares, one per dark module", () => {
    const svg = upiQrSvg(URI, "UPI QR code to pay Mart");
    const side = 45 + 2 * QUIET_ZONE;
    const match = svg.match(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) (\d+)" role="img" aria-label="([^"]*)" shape-rendering="crispEdges"><rect width="(\d+)" height="(\d+)" fill="#fff"\/><path d="((?:M\d+,\d+h1v1h-1z)+)" fill="#000"\/><\/svg>$/,
    );
    expect(match, svg.slice(0, 200)).not.toBeNull();
    const [, width, height, label, rectWidth, rectHeight, path] = match!;
    expect(label).toBe("UPI QR code to pay Mart");
    expect([width, height, rectWidth, rectHeight].map(Number)).toEqual([side, side, side, side]);
    const code = encode(URI, UPI_QR_OPTIONS);
    const squares = [...path.matchAll(/M(\d+),(\d+)/g)].map(([, x, y]) => [Number(x), Number(y)]);
    expect(squares).toHaveLength(code.data.flat().filter(Boolean).length);
    // Every square lies inside the quiet zone's frame and on a dark module of the matrix.
    for (const [x, y] of squares) {
      expect(x).toBeGreaterThanOrEqual(QUIET_ZONE);
      expect(y).toBeGreaterThanOrEqual(QUIET_ZONE);
      expect(code.data[y - QUIET_ZONE][x - QUIET_ZONE]).toBe(true);
    }
    expect(svg).toContain(`M${QUIET_ZONE},${QUIET_ZONE}h1v1h-1z`); // the top-left finder's corner
  });

  it("escapes the label, which carries the shop's name", () => {
    const svg = upiQrSvg("hello", 'UPI QR code to pay "Mart" & co <now>');
    expect(svg).toContain('aria-label="UPI QR code to pay &quot;Mart&quot; &amp; co &lt;now>"');
    expect(svg).toMatch(/viewBox="0 0 29 29"/); // version 1 (21 modules) and the quiet zone
  });
});
