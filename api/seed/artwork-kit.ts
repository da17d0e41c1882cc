/**
 * What the product drawings of the seeded catalogue's artwork (artwork-drawings.ts) are made
 * with: their colours, the shape of a drawing, and a few geometry and colour helpers.
 */

/** A palette's colours as a drawing uses them (artwork.ts derives them from the palette). */
export type Colours = {
  main: string;
  accent: string;
  dark: string;
  light: string;
  pale: string;
  ink: string;
  metal: string;
};
export type Drawing = {
  label: string;
  /** Centre and magnification of the close-up view. */
  focus: [number, number];
  zoom: number;
  /** Lowest y of the drawing, so the room view can stand it on the floor. */
  base: number;
  /** Hung on the wall in the room view rather than stood on the floor. */
  hangs?: boolean;
  draw: (c: Colours, uid: string) => string;
};

/** The colours every palette shares: outlines and small print, and metal parts. */
export const INK = "#22252b";
export const METAL = "#c9ccd1";

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes two #rrggbb colours: t = 0 gives `a`, t = 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, "0");
  return `#${channel(r1, r2)}${channel(g1, g2)}${channel(b1, b2)}`;
}

export const r1 = (n: number) => Math.round(n * 10) / 10;

/** Points on a circle around (cx, cy), 0° at twelve o'clock, clockwise. */
export function polar(cx: number, cy: number, radius: number, degrees: number): [number, number] {
  const a = ((degrees - 90) * Math.PI) / 180;
  return [r1(cx + radius * Math.cos(a)), r1(cy + radius * Math.sin(a))];
}
