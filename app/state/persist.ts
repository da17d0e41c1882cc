import type { CartLine, CartSummary } from "~/lib/cart/cart";
import type { RootData } from "~/lib/page/root-data";

/**
 * The client's mirror of three slices of state (user, cart, wishlist), kept in localStorage
 * under one root key. It holds nothing secret: the user's id and name, the cart summary and the
 * wishlist ids (the token stays in the HttpOnly cookie, decision 004).
 * The server's data always wins; the mirror only tells other tabs that something changed.
 */
export { PERSIST_KEY } from "./persist-key";
export const RESTORE_TIMEOUT_MS = 5000;
const VERSION = 1;

export type Mirror = {
  version: typeof VERSION;
  user: { id: string; name: string };
  cart: CartSummary;
  wishlistIds: string[];
};

/** What a signed-in page's root data puts in the mirror; a guest has none (logging out clears it). */
export function toMirror(root: Pick<RootData, "user" | "cart" | "wishlistIds">): Mirror | null {
  if (!root.user) return null;
  return {
    version: VERSION,
    user: { id: root.user.id, name: root.user.name },
    cart: root.cart,
    wishlistIds: root.wishlistIds,
  };
}

export function serializeMirror(mirror: Mirror): string {
  return JSON.stringify(mirror);
}

const isString = (value: unknown): value is string => typeof value === "string";
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0;

function isCartLine(value: unknown): value is CartLine {
  if (!value || typeof value !== "object") return false;
  const line = value as Record<string, unknown>;
  return (
    isString(line.productId) &&
    isString(line.size) &&
    isString(line.title) &&
    isString(line.image) &&
    isString(line.href) &&
    isCount(line.qty) &&
    isCount(line.price) &&
    isCount(line.mrp)
  );
}

/** A stored mirror, or null for anything else (absent, another version, edited by hand, not JSON). */
export function parseMirror(raw: string | null | undefined): Mirror | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  // Parsed JSON from storage another tab (or an older version) wrote: every field is checked.
  const { version, user, cart, wishlistIds } = value as {
    version?: unknown;
    user?: { id?: unknown; name?: unknown } | null;
    cart?: { totalAmount?: unknown; totalQuantity?: unknown; lines?: unknown } | null;
    wishlistIds?: unknown;
  };
  if (version !== VERSION || !user || !isString(user.id) || !isString(user.name)) return null;
  if (!cart || !isCount(cart.totalAmount) || !isCount(cart.totalQuantity)) return null;
  const lines = cart.lines;
  if (!Array.isArray(lines) || !lines.every(isCartLine)) return null;
  if (!Array.isArray(wishlistIds) || !wishlistIds.every(isString)) return null;
  return {
    version,
    user: { id: user.id, name: user.name },
    cart: { totalAmount: cart.totalAmount, totalQuantity: cart.totalQuantity, lines },
    wishlistIds,
  };
}

/**
 * Reads the mirror, giving up after `timeoutMs` (5000 ms: a stuck storage never holds the page
 * up). Nothing waits for it: the server has already rendered.
 */
export function restoreMirror(
  read: () => string | null | Promise<string | null>,
  timeoutMs = RESTORE_TIMEOUT_MS,
): Promise<Mirror | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const restored = Promise.resolve()
    .then(read)
    .then(parseMirror, () => null);
  return Promise.race([restored, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Another tab's mirror, if it should fill in here until this tab's own data is fresh again:
 * only for the same shopper, and only when it says something this tab does not show yet.
 */
export function mirrorFromOtherTab(
  raw: string | null,
  current: Pick<RootData, "user" | "cart" | "wishlistIds">,
): Mirror | null {
  const mirror = parseMirror(raw);
  if (!mirror || !current.user || mirror.user.id !== current.user.id) return null;
  const mine = toMirror(current);
  return mine && serializeMirror(mine) === serializeMirror(mirror) ? null : mirror;
}
