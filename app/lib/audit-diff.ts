// The audit page's compact "before → after": what an admin's change changed, one line a value.
// Pure: the page renders it on the server and the browser alike.

export type DiffLine = { path: string; before: string; after: string };

type Leaves = Map<string, unknown>;

/**
 * Flattens a recorded value into its leaves by path (`title.shortTitle`). A list of sizes
 * (objects with a `size`) is keyed by size, so a price change reads `variants.M.mrp` and a
 * removed size does not shift every size after it.
 */
function flatten(value: unknown, path: string, into: Leaves): Leaves {
  if (Array.isArray(value)) {
    const bySize = value.every(
      (item) => item && typeof item === "object" && typeof (item as { size?: unknown }).size === "string",
    );
    if (bySize && value.length > 0) {
      for (const item of value as { size: string }[]) {
        const { size, ...rest } = item;
        flatten(rest, join(path, size), into);
      }
    } else {
      into.set(path, value);
    }
  } else if (value && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0 && path) into.set(path, value);
    for (const [key, inner] of entries) flatten(inner, join(path, key), into);
  } else {
    into.set(path, value);
  }
  return into;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

const MAX_TEXT = 60;

/** A value in a few characters: strings as they are (shortened), "—" for nothing. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  // A list of records (photos) reads as how many there are; their details say little here.
  if (Array.isArray(value) && value.some((item) => item && typeof item === "object")) {
    return value.length === 1 ? "1 entry" : `${value.length} entries`;
  }
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** Every value that differs between `before` and `after`, in the order they appear. */
export function auditDiff(before: unknown, after: unknown): DiffLine[] {
  const old = flatten(before ?? {}, "", new Map());
  const now = flatten(after ?? {}, "", new Map());
  const paths = [...new Set([...old.keys(), ...now.keys()])];
  const lines: DiffLine[] = [];
  for (const path of paths) {
    const a = old.get(path);
    const b = now.get(path);
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    lines.push({ path: path || "value", before: showValue(a), after: showValue(b) });
  }
  return lines;
}
