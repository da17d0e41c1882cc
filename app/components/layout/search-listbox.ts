import type { RefObject } from "react";

// What the header's search box (site-search.tsx) and its suggestions, loaded later (search-combobox.tsx), share.

/** The suggestions' listbox, which the box controls. */
export const SEARCH_LISTBOX_ID = "site-search-listbox";

export type SearchComboboxProps = {
  input: RefObject<HTMLInputElement | null>;
  onExpandedChange: (expanded: boolean) => void;
  onActiveChange: (id: string | undefined) => void;
};
