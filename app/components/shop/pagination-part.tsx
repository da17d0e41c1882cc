import { Pagination } from "./pagination";

/**
 * What the shop's pagination depends on, as plain data: a kept part (app/lib/platform/kept.tsx).
 * `href` is the listing's first page (`shopHref`), whose canonical query ends where `page` goes;
 * so this chunk does without shop-params, which then rides in the shop's own chunk, not a file of
 * its own (decision 049, fifth round).
 */
export type ShopPaginationProps = { href: string; page: number; pageCount: number };

/** The shop's pagination from plain data (the shop keeps it as the server sent it). */
export function ShopPagination({ href, page, pageCount }: ShopPaginationProps) {
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      hrefFor={(n) => (n > 1 ? `${href}${href.includes("?") ? "&" : "?"}page=${n}` : href)}
    />
  );
}
