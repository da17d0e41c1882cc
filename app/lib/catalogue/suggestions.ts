import { productPath } from "~/lib/catalogue/catalogue";

/** A search suggestion as the API answers it (GET /userapp/product/suggest; api/lib/search/product-suggest.ts). */
export type Suggestion =
  | { type: "category"; label: string; filter: "category" | "subCategory"; value: string }
  | { type: "brand"; label: string; filter: "brand"; value: string }
  | { type: "product"; label: string; id: string; category: string };

/** The suggestions for a query, and the corrected query they are for when it was misspelt. */
export type Suggestions = { query: string; correction: string | null; suggestions: Suggestion[] };

/** Where a suggestion leads: a product's page, or the shop filtered by the category or brand. */
export function suggestionHref(suggestion: Suggestion): string {
  if (suggestion.type === "product") {
    return productPath({
      _id: suggestion.id,
      category: suggestion.category,
      title: { shortTitle: suggestion.label },
    } as Parameters<typeof productPath>[0]);
  }
  return `/shop?${new URLSearchParams({ [suggestion.filter]: suggestion.value })}`;
}
