import { useContext, useRef, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import {
  clearFilters,
  GENDERS,
  hasFilters,
  LIST_FILTERS,
  MIN_RATINGS,
  shopHref,
  toggleValue,
  withChanges,
  type Gender,
  type ListFilter,
  type ShopParams,
} from "~/lib/catalogue/shop-params";
import { Icon } from "~/components/layout/icons";
import { isWithheld, type Withheld, WithheldContext } from "~/lib/platform/kept";
import { PriceRange } from "./price-range";

export const FILTER_LABELS: Record<ListFilter, string> = {
  category: "Category",
  subCategory: "Subcategory",
  brand: "Brand",
  productType: "Product type",
  productSubType: "Product subtype",
  size: "Size",
};

/** Each list filter's values, as the catalogue holds them. */
export type FilterOptions = Record<ListFilter, readonly string[]>;

const GENDER_LABELS: Record<Gender, string> = { men: "Men", women: "Women", unisex: "Unisex" };

/** Long lists sit in two columns so the panel stays short. */
const TWO_COLUMNS: ReadonlySet<ListFilter> = new Set(["brand", "size", "productSubType"]);

export type FiltersPanelProps = {
  formId: string;
  /** What the URL says (the 'Clear all' link is built from it). */
  params: ShopParams;
  /** What the controls show: the URL, plus any change still waiting to be applied. */
  draft: ShopParams;
  ceiling: number;
  /**
   * Each list filter's values, as the catalogue holds them (the shop's loader asks the API); for
   * the document only their hash (`withheldFromDocument`): its markup holds every one.
   */
  options: FilterOptions | Withheld;
  hydrated: boolean;
  change: (next: ShopParams, options?: { immediate?: boolean }) => void;
  applyNow: () => void;
};

/**
 * The filter panel: one GET form holding every list filter's `options`, the price range, and
 * (through the `form` attribute) the sort and page-size selects beside the grid. Without
 * JavaScript its Apply button submits it; with JavaScript each change applies by itself.
 * On phones it is a drawer that `<details>` opens and closes; from `lg` up it is a side bar.
 */
export function FiltersPanel({
  formId,
  params,
  draft,
  ceiling,
  options: given,
  hydrated,
  change,
  applyNow,
}: FiltersPanelProps) {
  const withheld = useContext(WithheldContext);
  const options = isWithheld(given) ? ((withheld?.get(given.withheld) as FilterOptions) ?? sentOptions(formId)) : given;
  const drawer = useRef<HTMLDetailsElement>(null);
  const active = activeFilterCount(params);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    applyNow();
    if (drawer.current) drawer.current.open = false;
  };

  return (
    <details ref={drawer} className="group/drawer lg:details-content:[content-visibility:visible]">
      <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 shadow-sm hover:border-brand group-open/drawer:fixed group-open/drawer:inset-0 group-open/drawer:z-40 group-open/drawer:rounded-none group-open/drawer:border-0 group-open/drawer:bg-black/40 lg:hidden [&::-webkit-details-marker]:hidden">
        <span className="inline-flex items-center gap-2 group-open/drawer:hidden">
          <Icon name="funnel" size={16} className="stroke-2" />
          Filters
          {active > 0 && (
            <span className="rounded-full bg-brand px-1.5 text-xs font-semibold text-white">{active}</span>
          )}
        </span>
        <span className="absolute right-3 top-3 hidden h-9 w-9 items-center justify-center rounded-full bg-white text-gray-700 shadow group-open/drawer:inline-flex">
          <span aria-hidden="true">✕</span>
          <span className="sr-only">Close filters</span>
        </span>
      </summary>

      <div className="fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-sm flex-col bg-white shadow-xl lg:static lg:z-auto lg:w-auto lg:max-w-none lg:bg-transparent lg:shadow-none">
        <form
          id={formId}
          method="get"
          action="/shop"
          noValidate
          onSubmit={hydrated ? onSubmit : undefined}
          className="flex min-h-0 flex-1 flex-col"
          aria-label="Filters"
          data-hydrated={hydrated || undefined}
        >
          <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3 lg:px-0 lg:pt-0">
            <h2 className="text-base font-semibold text-gray-900">Filters</h2>
            {hasFilters(params) && (
              <Link to={shopHref(clearFilters(params))} className="text-sm font-medium text-brand hover:underline">
                Clear all
              </Link>
            )}
          </div>

          <div className="min-h-0 flex-1 overflow-y-auto px-4 lg:overflow-visible lg:px-0">
            {draft.search && <input type="hidden" name="search" value={draft.search} />}

            {LIST_FILTERS.map((key) => (
              <FilterGroup key={key} title={FILTER_LABELS[key]} count={draft[key].length}>
                <ul className={TWO_COLUMNS.has(key) ? "grid grid-cols-2 gap-x-3 gap-y-1.5" : "space-y-1.5"}>
                  {optionsFor(options[key], draft[key]).map((value) => (
                    <li key={value}>
                      <label className="filter-option">
                        <input
                          type="checkbox"
                          name={key}
                          value={value}
                          checked={draft[key].includes(value)}
                          // Not one of the catalogue's values (sentOptions leaves it out).
                          data-extra={options[key].includes(value) ? undefined : ""}
                          onChange={() => change(toggleValue(draft, key, value))}
                          className="rounded"
                        />
                        <span className="truncate">{value}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </FilterGroup>
            ))}

            <FilterGroup title="Gender" count={draft.gender ? 1 : 0}>
              <ul className="space-y-1.5">
                {[null, ...GENDERS].map((gender) => (
                  <li key={gender ?? "all"}>
                    <label className="filter-option">
                      <input
                        type="radio"
                        name="gender"
                        value={gender ?? ""}
                        checked={draft.gender === gender}
                        onChange={() => change(withChanges(draft, { gender }))}
                      />
                      {gender ? GENDER_LABELS[gender] : "All"}
                    </label>
                  </li>
                ))}
              </ul>
            </FilterGroup>

            <FilterGroup title="Customer ratings" count={draft.minRating !== null ? 1 : 0}>
              <ul className="space-y-1.5">
                {MIN_RATINGS.map((minRating) => (
                  <li key={minRating}>
                    <label className="filter-option">
                      <input
                        type="checkbox"
                        name="minRating"
                        value={minRating}
                        checked={draft.minRating === minRating}
                        onChange={() =>
                          change(withChanges(draft, { minRating: draft.minRating === minRating ? null : minRating }))
                        }
                        className="rounded"
                      />
                      {`${minRating}★ & above`}
                    </label>
                  </li>
                ))}
              </ul>
            </FilterGroup>

            <FilterGroup title="Price" count={draft.minPrice !== null || draft.maxPrice !== null ? 1 : 0}>
              <PriceRange
                min={draft.minPrice}
                max={draft.maxPrice}
                ceiling={ceiling}
                interactive={hydrated}
                onChange={(minPrice, maxPrice) => change(withChanges(draft, { minPrice, maxPrice }))}
              />
            </FilterGroup>
          </div>

          <div className="flex gap-2 border-t border-gray-200 p-4 lg:border-0 lg:px-0">
            <button
              type="submit"
              className="flex-1 rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              Apply
            </button>
          </div>
        </form>
      </div>
    </details>
  );
}

function FilterGroup({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <details open className="group/f border-b border-gray-100 py-3 last:border-0">
      <summary className="flex cursor-pointer list-none items-center justify-between text-sm font-semibold text-gray-900 [&::-webkit-details-marker]:hidden">
        <span>
          {title}
          {count > 0 && (
            <span className="ml-1.5 rounded-full bg-brand/10 px-1.5 text-xs font-medium text-brand">{count}</span>
          )}
        </span>
        <span className="text-gray-400 transition-transform group-open/f:rotate-180" aria-hidden="true">
          ▾
        </span>
      </summary>
      <fieldset className="mt-2">
        <legend className="sr-only">{title}</legend>
        {children}
      </fieldset>
    </details>
  );
}

let sent: FilterOptions | undefined;

/**
 * In the browser, the filters' values the document came without, read back from the markup the
 * server rendered from them, as the page hydrates; once, as no later page withholds them (a client
 * navigation's data holds them).
 */
function sentOptions(formId: string): FilterOptions {
  return (sent ??= Object.fromEntries(
    LIST_FILTERS.map((key) => [
      key,
      [...document.querySelectorAll<HTMLInputElement>(`#${formId} input[name=${key}]:not([data-extra])`)].map(
        (input) => input.value,
      ),
    ]),
  ) as unknown as FilterOptions);
}

/** The catalogue's values, plus any value the URL selects that it lacks, so it can be seen and cleared. */
function optionsFor(held: readonly string[], selected: readonly string[]): string[] {
  return [...held, ...selected.filter((value) => !held.includes(value))];
}

function activeFilterCount(params: ShopParams): number {
  return (
    LIST_FILTERS.reduce((sum, key) => sum + params[key].length, 0) +
    (params.gender ? 1 : 0) +
    (params.minPrice !== null || params.maxPrice !== null ? 1 : 0) +
    (params.minRating !== null ? 1 : 0)
  );
}
