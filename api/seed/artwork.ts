/**
 * Product artwork for the seeded catalogue: flat SVG illustrations drawn from a name like
 * `tv-3-1` (kind, palette index, view index). Pure functions, so the media route can render
 * on demand and nothing has to be written to disk or kept in the database.
 */

import { DRAWINGS } from "./artwork-drawings";
import { type Colours, type Drawing, INK, METAL, mix, r1 } from "./artwork-kit";

export type Palette = { name: string; main: string; accent: string };

/** Colour names appear in product titles, so they read like a shop's colour names. */
export const ARTWORK_PALETTES: readonly Palette[] = [
  { name: "Midnight Black", main: "#2b2d33", accent: "#f2b134" },
  { name: "Navy Blue", main: "#1f3a68", accent: "#f4d35e" },
  { name: "Crimson Red", main: "#c0392b", accent: "#f6e7c8" },
  { name: "Forest Green", main: "#2e7d4f", accent: "#f2c14e" },
  { name: "Mustard Yellow", main: "#e0a526", accent: "#2b3a55" },
  { name: "Sky Blue", main: "#4a9fe0", accent: "#ffffff" },
  { name: "Rose Pink", main: "#e07a9a", accent: "#3d2c5e" },
  { name: "Pearl White", main: "#eeeae2", accent: "#d1495b" },
  { name: "Charcoal Grey", main: "#5a5f66", accent: "#7fd1b9" },
  { name: "Teal", main: "#16948f", accent: "#ffd166" },
  { name: "Maroon", main: "#7d2636", accent: "#e9c46a" },
  { name: "Olive Green", main: "#6b7338", accent: "#f4a259" },
  { name: "Lavender", main: "#9b88d0", accent: "#2d2a4a" },
  { name: "Coral Orange", main: "#f07b4f", accent: "#264653" },
  { name: "Indigo Denim", main: "#34507a", accent: "#d9a441" },
  { name: "Sand Beige", main: "#d8c3a0", accent: "#7a4e2d" },
];

/** Gallery views per product: front, angled, close-up, in a room. */
export const ARTWORK_VIEWS = 4;

/** The artwork kinds the catalogue may use (each a different product drawing). */
export const ARTWORK_KINDS = Object.keys(DRAWINGS) as readonly string[];

export function artworkName(kind: string, palette: number, view: number): string {
  return `${kind}-${palette}-${view}`;
}

/** Wraps a drawing in one of the gallery views: the same product from another angle, zoom or setting. */
function frameView(view: number, drawing: Drawing, c: Colours, uid: string): string {
  const item = drawing.draw(c, uid);
  switch (view) {
    case 0:
      return (
        `<rect width="600" height="600" fill="${mix(c.main, "#ffffff", 0.9)}"/>` +
        `<ellipse cx="300" cy="512" rx="180" ry="18" fill="#000000" opacity=".08"/>` +
        item
      );
    case 1:
      return (
        `<rect width="600" height="600" fill="#f3f0ea"/>` +
        `<circle cx="300" cy="300" r="236" fill="${c.light}" opacity=".45"/>` +
        `<circle cx="470" cy="110" r="46" fill="${c.accent}" opacity=".35"/>` +
        `<g transform="translate(300 300) rotate(-9) scale(.88) translate(-300 -300)">${item}</g>`
      );
    case 2: {
      const [fx, fy] = drawing.focus;
      return (
        `<defs><linearGradient id="${uid}z" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.pale}"/><stop offset="1" stop-color="${mix(c.light, "#ffffff", 0.3)}"/></linearGradient></defs>` +
        `<rect width="600" height="600" fill="url(#${uid}z)"/>` +
        `<g transform="translate(300 300) scale(${drawing.zoom}) translate(${-fx} ${-fy})">${item}</g>`
      );
    }
    default: {
      const scale = 0.72;
      const centreY = r1((drawing.hangs ? 420 : 474) - (drawing.base - 300) * scale);
      return (
        `<rect width="600" height="600" fill="${mix(c.accent, "#ffffff", 0.82)}"/>` +
        `<g fill="${mix(c.accent, "#ffffff", 0.6)}"><circle cx="80" cy="90" r="6"/><circle cx="140" cy="150" r="6"/><circle cx="520" cy="80" r="6"/><circle cx="470" cy="170" r="6"/><circle cx="90" cy="250" r="6"/><circle cx="530" cy="260" r="6"/></g>` +
        `<rect y="440" width="600" height="160" fill="#c8a27a"/><rect y="440" width="600" height="8" fill="#a9825b"/>` +
        `<ellipse cx="300" cy="452" rx="150" ry="14" fill="#000000" opacity=".15"/>` +
        `<g transform="translate(300 ${centreY}) scale(${scale}) translate(-300 -300)">${item}</g>`
      );
    }
  }
}

const NAME = /^([a-z]+)-(\d{1,2})-(\d)$/;

/**
 * The SVG for an artwork name like `tv-3-1` (kind, palette, view), or null when the name is unknown.
 * Each is 600×600 with a title, and a few KB.
 */
export function renderArtwork(name: string): string | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const drawing = Object.hasOwn(DRAWINGS, match[1]) ? DRAWINGS[match[1]] : undefined;
  const paletteIndex = Number(match[2]);
  const view = Number(match[3]);
  // "03" would alias "3": one name per image keeps caches and URLs unambiguous.
  if (
    !drawing ||
    String(paletteIndex) !== match[2] ||
    paletteIndex >= ARTWORK_PALETTES.length ||
    view >= ARTWORK_VIEWS
  ) {
    return null;
  }
  const palette = ARTWORK_PALETTES[paletteIndex];
  const colours: Colours = {
    main: palette.main,
    accent: palette.accent,
    dark: mix(palette.main, "#000000", 0.35),
    light: mix(palette.main, "#ffffff", 0.5),
    pale: mix(palette.main, "#ffffff", 0.82),
    ink: INK,
    metal: METAL,
  };
  // Ids are prefixed by the name so that several SVGs inlined in one page never clash.
  const uid = `a-${name}-`;
  const title = `${palette.name} ${drawing.label}, view ${view + 1} of ${ARTWORK_VIEWS}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img" aria-labelledby="${uid}t">` +
    `<title id="${uid}t">${title}</title>` +
    frameView(view, drawing, colours, uid) +
    `</svg>`
  );
}
