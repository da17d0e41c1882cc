import { AppLink } from "~/components/app-link";

/**
 * What the shop's heading depends on, as plain data: a kept part (app/lib/platform/kept.tsx), so
 * the shop's chunk does without its code until a search changes it (decision 049, seventh round).
 * `correction` is what the API searched for instead of the search as typed (`original`: "did you
 * mean"), `exactHref` the link to the search as typed; `clearHref` the listing without the search.
 */
export type ShopHeadingProps = {
  search: string;
  correction: { search: string; original: string } | null;
  exactHref: string;
  clearHref: string;
};

/** The shop's h1, "Showing results for … Search instead for …" and "Clear search". */
export function ShopHeading({ search, correction, exactHref, clearHref }: ShopHeadingProps) {
  return (
    <>
      <h1 className="mt-2 text-xl font-semibold text-gray-900 sm:text-2xl">
        {search ? `Search results for “${correction?.search ?? search}”` : "Shop"}
      </h1>
      {correction && (
        <div className="mt-1 text-sm text-gray-700" data-testid="search-correction">
          <p>
            Showing results for <strong className="font-semibold text-gray-900">{correction.search}</strong>
          </p>
          <p>
            Search instead for{" "}
            <AppLink to={exactHref} className="text-brand hover:underline">
              {correction.original}
            </AppLink>
          </p>
        </div>
      )}
      {search && (
        <p className="mt-1 text-sm text-gray-600">
          <AppLink to={clearHref} className="text-brand hover:underline">
            Clear search
          </AppLink>
        </p>
      )}
    </>
  );
}
