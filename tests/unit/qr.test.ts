import { describe, expect, it } from "vitest";
import { alignmentPositions, encodeQr, qrSvg, rsDivisor, rsRemainder, type QrCode } from "../../app/lib/qr";

// During development the codes were also read back with zbarimg (versions 1, 5, 13 and 22); these
// tests pin the structure a reader relies on, since no decoder ships with the project.

const UPI = "upi://pay?pa=mart@upi&pn=Mart&am=1604.00&cu=INR&tn=6f1c2d3e4f5a6b7c8d9e0f1a";

/** The 15 format bits of the copy around the top-left finder, and of the split copy. */
function formatBits({ modules, size }: QrCode) {
  const at = (x: number, y: number) => (modules[y][x] ? 1 : 0);
  let first = 0;
  let second = 0;
  const firstPositions = [
    ...[0, 1, 2, 3, 4, 5].map((i) => [8, i]),
    [8, 7],
    [8, 8],
    [7, 8],
    ...[9, 10, 11, 12, 13, 14].map((i) => [14 - i, 8]),
  ];
  firstPositions.forEach(([x, y], i) => (first |= at(x, y) << i));
  for (let i = 0; i < 8; i++) second |= at(size - 1 - i, 8) << i;
  for (let i = 8; i < 15; i++) second |= at(8, size - 15 + i) << i;
  return { first, second };
}

function expectFinderAt(code: QrCode, left: number, top: number) {
  for (let dy = -1; dy <= 7; dy++) {
    for (let dx = -1; dx <= 7; dx++) {
      const x = left + dx;
      const y = top + dy;
      if (x < 0 || y < 0 || x >= code.size || y >= code.size) continue;
      const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
      // Dark: the outer ring (3) and the 3×3 centre; light: the ring between and the separator (4).
      expect(code.modules[y][x], `module ${x},${y}`).toBe(ring !== 2 && ring !== 4);
    }
  }
}

describe("QR encoder", () => {
  it("computes Reed-Solomon error correction as the standard's worked example (HELLO WORLD, 1-M)", () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(rsRemainder(data, rsDivisor(10))).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it.each([
    [1, 1],
    [14, 1],
    [15, 2],
    [84, 5],
    [85, 6],
    [180, 9],
    [213, 10],
    [2331, 40],
  ])("picks the smallest version at level M for %i bytes: version %i", (length, version) => {
    const code = encodeQr("x".repeat(length));
    expect(code.version).toBe(version);
    expect(code.size).toBe(17 + 4 * version);
    expect(code.modules).toHaveLength(code.size);
    for (const row of code.modules) expect(row).toHaveLength(code.size);
  });

  it("refuses more than a version 40 code holds", () => {
    expect(() => encodeQr("x".repeat(2332))).toThrow(RangeError);
  });

  it.each([["hello"], [UPI], ["y".repeat(300)]])(
    "draws finders, timing, the dark module and format bits for level M: %#",
    (text) => {
      const code = encodeQr(text);
      expectFinderAt(code, 0, 0);
      expectFinderAt(code, code.size - 7, 0);
      expectFinderAt(code, 0, code.size - 7);
      for (let i = 8; i < code.size - 8; i++) {
        expect(code.modules[6][i]).toBe(i % 2 === 0);
        expect(code.modules[i][6]).toBe(i % 2 === 0);
      }
      expect(code.modules[code.size - 8][8]).toBe(true);
      const { first, second } = formatBits(code);
      expect(second).toBe(first);
      const format = first ^ 0x5412;
      expect(format >>> 13).toBe(0); // level M
      expect((format >>> 10) & 7).toBe(code.mask);
    },
  );

  it("writes the version information of version 7 and above in both corners", () => {
    const code = encodeQr("z".repeat(150));
    expect(code.version).toBe(8);
    let bottomLeft = 0;
    let topRight = 0;
    for (let i = 0; i < 18; i++) {
      const a = code.size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      bottomLeft |= (code.modules[a][b] ? 1 : 0) << i;
      topRight |= (code.modules[b][a] ? 1 : 0) << i;
    }
    expect(topRight).toBe(bottomLeft);
    expect(bottomLeft >>> 12).toBe(8);
  });

  it("places alignment patterns where the standard's table does", () => {
    expect(alignmentPositions(1)).toEqual([]);
    expect(alignmentPositions(2)).toEqual([6, 18]);
    expect(alignmentPositions(7)).toEqual([6, 22, 38]);
    expect(alignmentPositions(22)).toEqual([6, 26, 50, 74, 98]);
    expect(alignmentPositions(32)).toEqual([6, 34, 60, 86, 112, 138]);
    expect(alignmentPositions(40)).toEqual([6, 30, 58, 86, 114, 142, 170]);
  });

  it("gives the same matrix for the same input, and another for another", () => {
    expect(encodeQr(UPI)).toEqual(encodeQr(UPI));
    expect(encodeQr(UPI).modules).not.toEqual(encodeQr(UPI.replace("1604.00", "1605.00")).modules);
  });

  it("draws an SVG with a four-module quiet zone and an escaped label", () => {
    const code = encodeQr("hello");
    const svg = qrSvg(code, 'Pay "Mart" & co <now>');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 29 29" role="img"/);
    expect(svg).toContain('aria-label="Pay &quot;Mart&quot; &amp; co &lt;now>"');
    const darkCount = code.modules.flat().filter(Boolean).length;
    expect(svg.match(/h1v1h-1z/g)).toHaveLength(darkCount);
    expect(svg).toContain("M4,4h1v1h-1z"); // the top-left finder's corner, inside the quiet zone
  });
});
