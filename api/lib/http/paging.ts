/** The paginator every list answers (docs/api.md), with mongoose-paginate-v2's labels, which clients know. */
export type Paginator = {
  itemCount: number;
  perPage: number;
  pageCount: number;
  currentPage: number;
  /** Serial number of the page's first item (1-based), as mongoose-paginate's pagingCounter. */
  slNo: number;
  hasPrevPage: boolean;
  hasNextPage: boolean;
  prev: number | null;
  next: number | null;
};

export const defaultPageSize = 10;
export const maxPageSize = 100;

/** At least one page, even when the list is empty. */
export function paginator(itemCount: number, currentPage: number, perPage: number): Paginator {
  const pageCount = Math.max(1, Math.ceil(itemCount / perPage));
  return {
    itemCount,
    perPage,
    pageCount,
    currentPage,
    slNo: (currentPage - 1) * perPage + 1,
    hasPrevPage: currentPage > 1,
    hasNextPage: currentPage < pageCount,
    prev: currentPage > 1 ? currentPage - 1 : null,
    next: currentPage < pageCount ? currentPage + 1 : null,
  };
}

/** `text` as an ILIKE or LIKE pattern matches it literally: `%`, `_` and `\` match themselves. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
