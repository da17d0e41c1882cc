export type PageItem = { kind: "page"; page: number } | { kind: "gap"; key: string };

/**
 * Which page links to show: always the first and the last page, the current page and its
 * neighbours; a run of skipped pages is one gap ('…'), but a gap of a single page shows that
 * page instead (an ellipsis standing for one number saves nothing). Empty for one page or fewer.
 */
export function paginationItems(current: number, total: number, neighbours = 1): PageItem[] {
  if (total <= 1) return [];
  const page = Math.min(total, Math.max(1, current));
  const shown = new Set<number>([1, total]);
  for (let p = page - neighbours; p <= page + neighbours; p++) if (p >= 1 && p <= total) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous === 2) items.push({ kind: "page", page: p - 1 });
    else if (p - previous > 2) items.push({ kind: "gap", key: `gap-${previous}-${p}` });
    items.push({ kind: "page", page: p });
    previous = p;
  }
  return items;
}
