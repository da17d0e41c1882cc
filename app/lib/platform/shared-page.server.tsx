import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";
import { EMPTY_CART, type RootData } from "~/lib/page/root-data";
import { SHOPPER_HOLE, type SwitchList } from "~/lib/page/shopper-holes";
import { WINDOW, deflateNow, deflatePiece, gzipOf, type Piece, storedPiece } from "./gzip-pieces.server";

/**
 * A signed-in shopper's page at a guest's cost (docs/decisions/056-shared-signed-in-pages.md).
 *
 * A page whose route says so (`handle.sharedPage`) is rendered by React once for every signed-in
 * shopper alike, from a neutral shopper's root data with each shopper's own parts left as holes
 * (app/lib/page/shopper-holes.tsx), and kept under everything else the render reads: the URL,
 * Save-Data, the other loaders' data and the root data that is not the shopper's. Each request then
 * costs its loaders and filling the holes from its own root data: the header's parts rendered
 * alone, each card's wishlist and compare render picked, its nonce, its loader data. Nothing of one
 * shopper's can reach another's page: the kept page never saw a shopper.
 *
 * The page leaves as gzip assembled from pieces compressed once (gzip-pieces.server.ts): the
 * unchanging text and both renders of each switch are compressed when the page is first kept; a
 * request compresses only its header's and bottom bar's parts and its loader data. For that every
 * place that changes per request keeps one length: a switch's two renders and each run of parts
 * are padded to a fixed width: with spaces between a tag's attributes (a switch's renders) or with a
 * comment (`<!--   -->`, which React's hydration passes over).
 * A run that would not fit (a very long first name) is served as React would render it, unpadded,
 * and compressed per request like any page.
 */

export type SharedPageHandle = { sharedPage?: boolean };

/**
 * The shopper's own parts a page may hold, by name (app/components/layout/shopper-parts.server.ts):
 * how each is drawn, its value for a shopper, and whether a switch is on for them.
 */
export type ShopperParts = {
  render: Record<string, (value: never) => ReactNode>;
  values: Record<string, (root: RootData) => unknown>;
  switches: Record<SwitchList, (root: RootData, productId: string) => boolean>;
};

/** Where the per-request scripts (loader data, structured data) go in the kept page. */
export const TAIL_MARK = `<${SHOPPER_HOLE} data-tail=""></${SHOPPER_HOLE}>`;

/**
 * The widest shopper a run of parts makes room for: a first name as long as sign-up takes (100
 * characters), every count past 99 and a cart of ₹1,000 crore. A wider one's page is rendered in full.
 */
const widest = (root: RootData): RootData => {
  const many = Array.from({ length: 100 }, () => "");
  const cart = { ...EMPTY_CART, totalQuantity: 100, totalAmount: 99_99_99_99_999 };
  return { ...root, user: { id: "", name: "W".repeat(100), email: "" }, cart, wishlistIds: many, compareIds: many };
};
/** The shortest padding: `<!--` two spaces `-->` (one space would read as React's text separator). */
const MIN_PAD = 9;
/** Parts closer than this share one run (compressed per request as one piece). */
const RUN_GAP = 4096;

type Segment =
  | { kind: "text"; text: string }
  | { kind: "nonce" }
  | { kind: "part"; name: string }
  | { kind: "switch"; list: SwitchList; productId: string; on: string; off: string }
  | { kind: "tail" };

type Unit =
  | { kind: "static"; text: Buffer }
  | { kind: "nonce"; width: number }
  /** `layout`: the bytes both renders share, NUL where they differ (what later pieces may refer to). */
  | { kind: "switch"; list: SwitchList; productId: string; on: Buffer; off: Buffer; layout: Buffer }
  /** Filled and compressed per request; `width` is null for the last, which nothing follows. */
  | { kind: "run"; segments: Segment[]; width: number | null };

/**
 * A switch's renders compressed once for each state of the switch of its list before it (the
 * card before's): the dictionary holds that switch's render, so the words both renders of a list
 * repeat ("Add to Wishlist") are copied from it rather than sent again. Index 0: the one before was
 * off (or there is none); 1: on.
 */
type SwitchPieces = { on: Piece[]; off: Piece[] };
type Compressed = Map<Unit, Piece | SwitchPieces>;

export type SharedPage = {
  units: Unit[];
  parts: ShopperParts;
  bytes: number;
  /** Set once the pieces are compressed (in the background); until then answers are plain. */
  compressed?: Compressed;
};

export type ShopperFill = { root: RootData; nonce: string; tail: string };

const T = SHOPPER_HOLE;
const HOLES = new RegExp(
  `<${T} data-part="(\\w+)"></${T}>` +
    `|<${T} data-on="(\\w+):([^"]+)">([\\s\\S]*?)</${T}><${T} data-off="\\2:\\3">([\\s\\S]*?)</${T}>` +
    `|${TAIL_MARK}`,
  "g",
);

/** The key a page is kept under, or null when the request's page is not one to share. */
export function sharedPageKey(
  request: Request,
  status: number,
  context: EntryContext,
  saveData: boolean,
): string | null {
  const handlerContext = context.staticHandlerContext;
  if (request.method !== "GET" || status !== 200 || handlerContext.errors || handlerContext.actionData) return null;
  const leaf = handlerContext.matches.at(-1)?.route.id;
  const handle = leaf ? (context.routeModules[leaf]?.handle as SharedPageHandle | undefined) : undefined;
  if (!handle?.sharedPage) return null;
  const root = handlerContext.loaderData.root as RootData | undefined;
  // A toast is one request's; a guest's page is the page micro-cache's (server/page-cache.ts).
  if (!root?.user || root.toast) return null;
  const { user: _user, cart: _cart, wishlistIds: _wishlist, compareIds: _compare, ...shared } = root;
  const others = Object.entries(handlerContext.loaderData).filter(([id]) => id !== "root");
  const url = new URL(request.url);
  return JSON.stringify([url.pathname + url.search, saveData, shared, others]);
}

/** The root data the kept page is rendered from: signed in, with nothing of anyone's. */
export function neutralRoot(root: RootData): RootData {
  return { ...root, user: { id: "", name: "", email: "" }, cart: EMPTY_CART, wishlistIds: [], compareIds: [] };
}

/** The same context with `root` as the root loader's data. */
export function withRootData(context: EntryContext, root: RootData): EntryContext {
  const handlerContext = context.staticHandlerContext;
  return {
    ...context,
    staticHandlerContext: { ...handlerContext, loaderData: { ...handlerContext.loaderData, root } },
  };
}

/**
 * The page kept from the shared render's document (its holes marked, its scripts at TAIL_MARK),
 * or null when the document holds a mark it does not know (then every request renders in full).
 */
export function keepSharedPage(
  document: string,
  nonce: string | undefined,
  neutral: RootData,
  parts: ShopperParts,
): SharedPage | null {
  const segments: Segment[] = [];
  const text = (value: string) => {
    if (!nonce) return void segments.push({ kind: "text", text: value });
    value.split(`nonce="${nonce}"`).forEach((piece, index) => {
      if (index > 0) segments.push({ kind: "nonce" });
      segments.push({ kind: "text", text: piece });
    });
  };
  let at = 0;
  for (const match of document.matchAll(HOLES)) {
    text(document.slice(at, match.index));
    at = match.index + match[0].length;
    const [whole, part, list, productId, on, off] = match;
    if (whole === TAIL_MARK) segments.push({ kind: "tail" });
    else if (part !== undefined) {
      if (!(part in parts.render) || !(part in parts.values)) return null;
      segments.push({ kind: "part", name: part });
    } else {
      if (!(list in parts.switches)) return null;
      segments.push({ kind: "switch", list: list as SwitchList, productId, on, off });
    }
  }
  text(document.slice(at));
  if (segments.some((s) => s.kind === "text" && (s.text.includes(`<${T}`) || s.text.includes("\0")))) return null;
  if (segments.filter((s) => s.kind === "tail").length !== 1) return null;
  const units = unitsOf(segments, nonce ?? "", neutral, parts);
  const bytes = units.reduce((sum, unit) => sum + unitBytes(unit), 0);
  return { units, parts, bytes };
}

function unitBytes(unit: Unit): number {
  if (unit.kind === "static") return unit.text.length;
  if (unit.kind === "switch") return unit.on.length + unit.off.length;
  return unit.kind === "nonce" ? unit.width : (unit.width ?? 0);
}

/** Groups the segments into units: runs of nearby parts (and the tail), switches padded alike, nonces, text. */
function unitsOf(segments: Segment[], nonce: string, neutral: RootData, parts: ShopperParts): Unit[] {
  const units: Unit[] = [];
  const live = (s: Segment) => s.kind === "part" || s.kind === "tail";
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (live(segment)) {
      // The run goes on to the last part within RUN_GAP of static text with no switch between.
      let end = i;
      let gap = 0;
      for (let j = i + 1; j < segments.length; j++) {
        const next = segments[j];
        if (live(next)) {
          end = j;
          gap = 0;
        } else if (next.kind === "switch" || (gap += next.kind === "text" ? next.text.length : 0) > RUN_GAP) break;
      }
      const run = segments.slice(i, end + 1);
      const last = segments.slice(end + 1).every((s) => s.kind === "text" || s.kind === "nonce");
      const tail = last ? segments.slice(end + 1) : [];
      const width = last
        ? null
        : Buffer.byteLength(fillRun(run, { root: widest(neutral), nonce, tail: "" }, parts)) + MIN_PAD;
      units.push({ kind: "run", segments: [...run, ...tail], width });
      if (last) break;
      i = end;
    } else if (segment.kind === "switch") {
      const { on, off, layout } = alignSwitch(segment.on, segment.off);
      units.push({ kind: "switch", list: segment.list, productId: segment.productId, on, off, layout });
    } else if (segment.kind === "nonce") {
      units.push({ kind: "nonce", width: `nonce="${nonce}"`.length });
    } else if (segment.kind === "text") {
      units.push({ kind: "static", text: Buffer.from(segment.text) });
    }
  }
  return units;
}

/** A tag's start, an attribute (with the space before it), a tag's end, or text. */
const TOKENS = /<\/?[^\s/>]+|\s+[^\s=/>]+(?:="[^"]*")?|\/?>|[^<]+/g;

/**
 * A switch's two renders made the same length. Renders that differ only in attribute values (a
 * card's heart and compare mark: the intent, the label, aria-pressed, the icon's class) are padded
 * attribute by attribute, with spaces after the shorter value, so every byte they share sits at
 * the same place in both and stays in the layout for the pieces after it to refer to. Otherwise
 * the shorter is padded with a comment at its end and none of it is shared.
 */
function alignSwitch(on: string, off: string): { on: Buffer; off: Buffer; layout: Buffer } {
  const onTokens = on.match(TOKENS) ?? [];
  const offTokens = off.match(TOKENS) ?? [];
  if (onTokens.join("") === on && offTokens.join("") === off && onTokens.length === offTokens.length) {
    const pieces = { on: [] as Buffer[], off: [] as Buffer[], layout: [] as Buffer[] };
    const aligned = onTokens.every((a, index) => {
      const b = offTokens[index];
      if (a === b) {
        const same = Buffer.from(a);
        pieces.on.push(same);
        pieces.off.push(same);
        pieces.layout.push(same);
        return true;
      }
      const attribute = /^\s+[^\s=/>]+="[^"]*"$/;
      if (!attribute.test(a) || !attribute.test(b)) return false;
      const width = Math.max(Buffer.byteLength(a), Buffer.byteLength(b));
      const onBytes = Buffer.from(a.padEnd(width - Buffer.byteLength(a) + a.length));
      const offBytes = Buffer.from(b.padEnd(width - Buffer.byteLength(b) + b.length));
      pieces.on.push(onBytes);
      pieces.off.push(offBytes);
      // What the two values begin with alike (` class="icon size-[18px] stroke-2`) stays shared too.
      const layout = Buffer.alloc(width);
      for (let i = 0; i < width && onBytes[i] === offBytes[i]; i++) layout[i] = onBytes[i];
      pieces.layout.push(layout);
      return true;
    });
    if (aligned)
      return { on: Buffer.concat(pieces.on), off: Buffer.concat(pieces.off), layout: Buffer.concat(pieces.layout) };
  }
  const width = Math.max(Buffer.byteLength(on), Buffer.byteLength(off)) + MIN_PAD;
  return { on: Buffer.from(pad(on, width)!), off: Buffer.from(pad(off, width)!), layout: Buffer.alloc(width) };
}

/** `text` padded with a comment to `width` bytes, or null when it does not fit. */
function pad(text: string, width: number): string | null {
  const room = width - Buffer.byteLength(text);
  if (room === 0) return text;
  if (room < MIN_PAD) return null;
  return `${text}<!--${" ".repeat(room - 7)}-->`;
}

/** Around and between parts rendered in one go (`fillRun`): no part's markup holds them, as text is escaped. */
const OPEN = `<${SHOPPER_HOLE}>`;
const CLOSE = `</${SHOPPER_HOLE}>`;

function fillRun(segments: Segment[], fill: ShopperFill, parts: ShopperParts): string {
  // The run's parts rendered in one go, each in a hole element to split them apart by.
  const holes = segments.flatMap((segment, index) => {
    if (segment.kind !== "part") return [];
    const render = parts.render[segment.name] as (value: unknown) => ReactNode;
    return [createElement(SHOPPER_HOLE, { key: index }, render(parts.values[segment.name](fill.root)))];
  });
  const all = holes.length > 0 ? renderToString(<>{holes}</>) : "";
  const rendered = all.slice(OPEN.length, -CLOSE.length).split(CLOSE + OPEN);
  let text = "";
  let part = 0;
  for (const segment of segments) {
    if (segment.kind === "text") text += segment.text;
    else if (segment.kind === "nonce") text += `nonce="${fill.nonce}"`;
    else if (segment.kind === "tail") text += fill.tail;
    else text += rendered[part++];
  }
  return text;
}

/**
 * One shopper's page: gzip when the client takes it and the pieces are ready, otherwise the plain
 * text. Null when a run of parts outgrows its width: then the caller renders the page in full.
 */
export function answer(page: SharedPage, fill: ShopperFill, gzip: boolean): { body: Buffer; gzip: boolean } | null {
  const texts: Buffer[] = [];
  const pieces: Piece[] = [];
  const compressed = gzip ? page.compressed : undefined;
  const nonce = Buffer.from(`nonce="${fill.nonce}"`);
  const nonceBlock = compressed ? storedPiece(nonce) : null;
  // Each list's last switch: its render is in the dictionary of the next one's pieces.
  const lastOn = new Map<SwitchList, boolean>();
  let before: Buffer | undefined;
  // The plain text when the answer is plain, the pieces when it is gzip.
  for (const unit of page.units) {
    if (unit.kind === "static") {
      if (compressed) pieces.push(compressed.get(unit) as Piece);
      else texts.push(unit.text);
      before = unit.text;
    } else if (unit.kind === "nonce") {
      if (nonce.length !== unit.width) return null;
      if (nonceBlock) pieces.push(nonceBlock);
      else texts.push(nonce);
      before = undefined;
    } else if (unit.kind === "switch") {
      const on = page.parts.switches[unit.list](fill.root, unit.productId);
      if (compressed) {
        const both = compressed.get(unit) as SwitchPieces;
        pieces.push((on ? both.on : both.off)[lastOn.get(unit.list) ? 1 : 0]);
      } else texts.push(on ? unit.on : unit.off);
      lastOn.set(unit.list, on);
      before = undefined;
    } else {
      const run = fillRun(unit.segments, fill, page.parts);
      const padded = unit.width === null ? run : pad(run, unit.width);
      if (padded === null) return null;
      const text = Buffer.from(padded);
      if (compressed) pieces.push(deflateNow(text, before));
      else texts.push(text);
      before = undefined;
    }
  }
  return compressed ? { body: gzipOf(pieces), gzip: true } : { body: Buffer.concat(texts), gzip: false };
}

/**
 * Compresses the page's unchanging pieces and both renders of each switch, each with the page
 * before it as its dictionary, every place that changes per request blanked to NUL bytes.
 */
export async function compressSharedPage(page: SharedPage): Promise<void> {
  const compressed: Compressed = new Map();
  const layout: Buffer[] = [];
  const jobs: Promise<void>[] = [];
  // The last switch of each list, and its place in `layout`.
  const last = new Map<SwitchList, { at: number; on: Buffer; off: Buffer }>();
  for (const unit of page.units) {
    if (unit.kind === "static") {
      const dictionary = lastBytes(layout, WINDOW);
      jobs.push(deflatePiece(unit.text, dictionary).then((piece) => void compressed.set(unit, piece)));
      layout.push(unit.text);
    } else if (unit.kind === "switch") {
      const before = last.get(unit.list);
      const dictionaries = before
        ? [before.off, before.on].map((render) => lastBytes(layout.with(before.at, render), WINDOW))
        : [lastBytes(layout, WINDOW)];
      jobs.push(
        Promise.all(
          dictionaries.map((dictionary) =>
            Promise.all([deflatePiece(unit.on, dictionary), deflatePiece(unit.off, dictionary)]),
          ),
        ).then((both) => void compressed.set(unit, { on: both.map(([on]) => on), off: both.map(([, off]) => off) })),
      );
      last.set(unit.list, { at: layout.length, on: unit.on, off: unit.off });
      layout.push(unit.layout);
    } else {
      layout.push(Buffer.alloc(unit.kind === "nonce" ? unit.width : (unit.width ?? 0)));
    }
  }
  await Promise.all(jobs);
  page.compressed = compressed;
  page.bytes += [...compressed.values()].reduce(
    (sum, piece) =>
      sum +
      ("deflated" in piece
        ? piece.deflated.length
        : [...piece.on, ...piece.off].reduce((total, one) => total + one.deflated.length, 0)),
    0,
  );
}

/** The last `count` bytes of the buffers joined. */
function lastBytes(buffers: Buffer[], count: number): Buffer {
  let from = buffers.length;
  for (let length = 0; from > 0 && length < count;) length += buffers[--from].length;
  return Buffer.concat(buffers.slice(from)).subarray(-count);
}

/**
 * The kept pages, by key, oldest dropped first beyond `maxBytes`. A page is compressed once it is
 * asked for a second time: a URL asked once (a search of one's own) costs no compression.
 */
export function createSharedPages({ maxBytes = 32 * 1024 * 1024 } = {}) {
  const pages = new Map<string, SharedPage & { uses: number }>();
  let bytes = 0;
  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.bytes;
  };
  return {
    /** The page kept under `key`, if any; its second use starts its compression. */
    use(key: string): SharedPage | undefined {
      const page = pages.get(key);
      if (!page || ++page.uses !== 2) return page;
      const before = page.bytes;
      void compressSharedPage(page)
        .then(() => {
          if (pages.get(key) === page) bytes += page.bytes - before;
        })
        .catch(() => {}); // then its answers stay plain and are compressed per request
      return page;
    },
    keep(key: string, page: SharedPage) {
      drop(key);
      pages.set(key, Object.assign(page, { uses: 1 }));
      bytes += page.bytes;
      for (const oldest of pages.keys()) {
        if (bytes <= maxBytes || oldest === key) break;
        drop(oldest);
      }
    },
    get size() {
      return pages.size;
    },
  };
}
