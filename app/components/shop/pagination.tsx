import { AppLink } from "~/components/app-link";
import { paginationItems } from "./pagination-model";

const cell = "inline-flex h-9 min-w-9 items-center justify-center rounded-md px-3 text-sm";
const link = `${cell} border border-gray-200 bg-white text-gray-700 hover:border-brand hover:text-brand focus-visible:outline-2 focus-visible:outline-brand`;
const inert = `${cell} border border-gray-100 text-gray-300`;

/**
 * Previous, numbered pages with gaps, Next: plain links (every filter kept in `hrefFor`), so paging
 * works without JavaScript and each page has its own URL. Nothing at all for one page or fewer.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  const items = paginationItems(page, pageCount);
  if (items.length === 0) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 ? (
        <AppLink to={hrefFor(page - 1)} rel="prev" className={link}>
          Previous
        </AppLink>
      ) : (
        <span className={inert} aria-disabled="true">
          Previous
        </span>
      )}
      {items.map((item) =>
        item.kind === "gap" ? (
          <span key={item.key} className="px-1 text-gray-500" aria-hidden="true">
            …
          </span>
        ) : item.page === page ? (
          <span key={item.page} aria-current="page" className={`${cell} bg-brand font-semibold text-white`}>
            <span className="sr-only">Page </span>
            {item.page}
          </span>
        ) : (
          <AppLink key={item.page} to={hrefFor(item.page)} className={link} aria-label={`Page ${item.page}`}>
            {item.page}
          </AppLink>
        ),
      )}
      {page < pageCount ? (
        <AppLink to={hrefFor(page + 1)} rel="next" className={link}>
          Next
        </AppLink>
      ) : (
        <span className={inert} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
