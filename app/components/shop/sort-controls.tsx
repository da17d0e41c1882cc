import { PAGE_SIZES, SORTS, withChanges, type ShopParams, type SortKey } from "~/lib/catalogue/shop-params";

const select =
  "rounded-md border border-gray-300 bg-white py-1.5 pl-2 pr-7 text-sm text-gray-800 focus:border-brand focus:outline-none focus:ring-1 focus:ring-brand";

/**
 * Sort and page size: part of the filter form through the `form` attribute, so without
 * JavaScript they go with the next submit ('Update' beside them, or Apply); with it they apply at once.
 */
export function SortControls({
  formId,
  draft,
  hydrated,
  change,
}: {
  formId: string;
  draft: ShopParams;
  hydrated: boolean;
  change: (next: ShopParams, options?: { immediate?: boolean }) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 sm:gap-3">
      <label className="flex items-center gap-2 text-sm text-gray-600">
        {/* On phones the select's own words ("Newest first") say it; screen readers still hear the label. */}
        <span className="max-sm:sr-only">Sort by</span>
        <select
          form={formId}
          name="sort"
          value={draft.sort}
          onChange={(event) => change(withChanges(draft, { sort: event.target.value as SortKey }), { immediate: true })}
          className={select}
        >
          {Object.entries(SORTS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm text-gray-600">
        Show
        <select
          form={formId}
          name="limit"
          value={draft.limit}
          onChange={(event) => change(withChanges(draft, { limit: Number(event.target.value) }), { immediate: true })}
          className={select}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      {/* Where the browser runs scripts it is hidden from the first paint, not only once the page has
          hydrated: on a phone it wraps onto a line of its own, and taking that line away moved the
          products up (a layout shift). */}
      {!hydrated && (
        <button
          type="submit"
          form={formId}
          className="rounded-md border border-brand px-3 py-1.5 text-sm font-medium text-brand hover:bg-brand hover:text-white [@media(scripting:enabled)]:hidden"
        >
          Update
        </button>
      )}
    </div>
  );
}
