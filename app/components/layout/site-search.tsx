import { type ComponentType, type FormEvent, useEffect, useRef, useState } from "react";
import { Form, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { SearchIcon } from "./icons";
import { SEARCH_LISTBOX_ID, type SearchComboboxProps } from "./search-listbox";

/** The event the header's box sends on /shop as the shopper types; the shop applies it like a filter (routes/shop.tsx). */
export const SHOP_SEARCH_EVENT = "shop:search";
export type ShopSearchDetail = { search: string; immediate?: boolean };

/**
 * The header's search: a GET form to /shop, which is all it is without JavaScript. With
 * JavaScript the box is an ARIA 1.2 combobox whose suggestions (search-combobox.tsx) load only
 * when it first gets focus, so the pages that never use it do not carry its code. On /shop what
 * is typed applies after 500 ms, as the filters do, and Enter applies it at once with the filters kept.
 */
export function SiteSearch() {
  const location = useLocation();
  const onShop = location.pathname === "/shop";
  // On /shop the box shows the search in force; elsewhere it starts empty.
  const current = onShop ? (new URLSearchParams(location.search).get("search") ?? "") : "";
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [Combobox, setCombobox] = useState<ComponentType<SearchComboboxProps> | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState<string | undefined>(undefined);

  // The box follows the URL (a link, the back button), but never under the shopper's fingers: on
  // /shop the URL changes as they type.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = current;
  }, [current]);

  const load = () => {
    if (!Combobox) void import("./search-combobox").then((module) => setCombobox(() => module.SearchCombobox));
  };
  const toShop = (detail: ShopSearchDetail) => window.dispatchEvent(new CustomEvent(SHOP_SEARCH_EVENT, { detail }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!onShop) return; // a plain GET to /shop?search=…
    event.preventDefault();
    toShop({ search: input.current?.value ?? "", immediate: true });
  };

  return (
    <Form
      method="get"
      action="/shop"
      role="search"
      onSubmit={onSubmit}
      className="relative order-last flex w-full md:order-none md:w-auto md:max-w-xl md:flex-1"
    >
      <label htmlFor="site-search" className="sr-only">
        Search for products
      </label>
      <input
        ref={input}
        id="site-search"
        type="search"
        name="search"
        defaultValue={current}
        placeholder="Search for products"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        onFocus={load}
        onInput={onShop ? (event) => toShop({ search: event.currentTarget.value }) : undefined}
        {...(hydrated && {
          role: "combobox",
          "aria-autocomplete": "list" as const,
          "aria-expanded": expanded,
          "aria-controls": Combobox ? SEARCH_LISTBOX_ID : undefined,
          "aria-activedescendant": active,
        })}
        className="min-w-0 flex-1 rounded-l-full border border-r-0 border-gray-300 bg-gray-50 px-4 py-2 text-sm placeholder:text-gray-500 focus:border-brand focus:bg-white focus:outline-none focus-visible:outline-offset-0"
      />
      <button
        type="submit"
        className="inline-flex items-center rounded-r-full bg-brand px-4 text-white hover:bg-brand-dark"
        aria-label="Search"
      >
        <SearchIcon className="size-5" />
      </button>
      {Combobox && <Combobox input={input} onExpandedChange={setExpanded} onActiveChange={setActive} />}
    </Form>
  );
}
