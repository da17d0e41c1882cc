import { AppLink } from "~/components/app-link";
import { categoryHref } from "~/components/shop/category-tiles";
import { type Suggestion, suggestionHref } from "~/lib/catalogue/suggestions";

/** What an empty search offers instead: the closest suggestions and the catalogue's categories. */
export type EmptySearchHelp = { suggestions: Suggestion[]; categories: string[] };

const KIND = { category: "Category", brand: "Brand", product: "Product" } as const;

/**
 * The shop without products, a kept part (`shop-empty`, decision 055): the API's notice when it
 * gave up on the search in time, the way on for a search that found nothing, or "No products found".
 */
export function ShopEmpty({
  notice,
  search,
  help,
}: {
  notice: string | null;
  search: string;
  help: EmptySearchHelp | null;
}) {
  return notice ? (
    <div className="py-16 text-center" role="alert" data-testid="shop-notice">
      <p className="text-lg font-medium text-gray-800">{notice}</p>
    </div>
  ) : help ? (
    <EmptySearch search={search} help={help} />
  ) : (
    <div className="py-16 text-center">
      <p className="text-lg font-medium text-gray-800">No products found.</p>
      <p className="mt-2 text-sm text-gray-500">Try fewer filters or another search.</p>
    </div>
  );
}

/**
 * A search that found nothing: the closest suggestions (categories, brands, products near what was
 * typed) and every category, as plain links (`AppLink`s: kept markup).
 */
function EmptySearch({ search, help }: { search: string; help: EmptySearchHelp }) {
  return (
    <div className="py-10 text-center" data-testid="empty-search">
      <p className="text-lg font-medium text-gray-800">No products found.</p>
      <p className="mt-2 text-sm text-gray-600">Nothing matches “{search}”. Check the spelling, or try one of these.</p>
      {help.suggestions.length > 0 ? (
        <section aria-labelledby="closest-title" className="mt-6">
          <h3 id="closest-title" className="text-sm font-semibold text-gray-900">
            Closest to your search
          </h3>
          <ul className="mt-2 flex flex-wrap justify-center gap-2">
            {help.suggestions.map((suggestion) => (
              <li key={`${suggestion.type}-${suggestion.label}`}>
                <AppLink
                  to={suggestionHref(suggestion)}
                  className="inline-block rounded-full border border-gray-300 px-3 py-1.5 text-sm text-gray-800 hover:border-brand hover:text-brand"
                >
                  <span className="sr-only">{KIND[suggestion.type]}: </span>
                  {suggestion.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {help.categories.length > 0 ? (
        <section aria-labelledby="browse-title" className="mt-6">
          <h3 id="browse-title" className="text-sm font-semibold text-gray-900">
            Browse a category
          </h3>
          <ul className="mt-2 flex flex-wrap justify-center gap-2">
            {help.categories.map((category) => (
              <li key={category}>
                <AppLink
                  to={categoryHref(category)}
                  className="inline-block rounded-full border border-gray-300 px-3 py-1.5 text-sm text-gray-800 hover:border-brand hover:text-brand"
                >
                  {category}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
