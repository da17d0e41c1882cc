import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { type Suggestion, suggestionHref } from "~/lib/catalogue/suggestions";
import { SEARCH_LISTBOX_ID, type SearchComboboxProps } from "./search-listbox";

// The header search's suggestions, loaded when the box first gets focus (site-search.tsx). The
// ARIA 1.2 combobox pattern with a listbox popup: the box keeps focus, the arrow keys move the
// active option (aria-activedescendant), Enter opens it, Escape closes the list (and, closed,
// clears the box). Suggestions come from GET /userapp/product/suggest, 150 ms after typing stops.

const DELAY_MS = 150;
const SUGGESTIONS = 8;
/** The API refuses longer queries; the box suggests nothing for them. */
const MAX_QUERY = 100;

const KIND_LABEL = { category: "Category", brand: "Brand", product: "Product" } as const;

const optionId = (index: number) => `${SEARCH_LISTBOX_ID}-${index}`;

export function SearchCombobox({ input, onExpandedChange, onActiveChange }: SearchComboboxProps) {
  const navigate = useNavigate();
  const [items, setItems] = useState<Suggestion[]>([]);
  const [correction, setCorrection] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The handlers below are attached once; they read the latest state through this.
  const state = useRef({ items, open, active });
  state.current = { items, open, active };

  useEffect(() => onExpandedChange(open && items.length > 0), [open, items, onExpandedChange]);
  useEffect(() => onActiveChange(open && active >= 0 ? optionId(active) : undefined), [open, active, onActiveChange]);

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;

    const fetchFor = (text: string) => {
      request?.abort();
      const q = text.trim();
      if (q === "" || q.length > MAX_QUERY) {
        setItems([]);
        setActive(-1);
        return;
      }
      const controller = new AbortController();
      request = controller;
      fetch(`/userapp/product/suggest?${new URLSearchParams({ q, limit: String(SUGGESTIONS) })}`, {
        signal: controller.signal,
      })
        .then((response) => (response.ok ? response.json() : null))
        .then((body: { data?: { suggestions: Suggestion[]; correction: string | null } } | null) => {
          if (controller.signal.aborted) return;
          const next = body?.data?.suggestions ?? [];
          // A later answer with the same suggestions (typing "sams" after "sam") keeps the option
          // the arrow keys reached meanwhile; a different list starts again from the box.
          if (JSON.stringify(next) !== JSON.stringify(state.current.items)) setActive(-1);
          setItems(next);
          setCorrection(body?.data?.correction ?? null);
          setOpen(true);
        })
        .catch(() => {
          // Offline or aborted: the box stays a plain search box.
        });
    };
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(() => fetchFor(box.value), DELAY_MS);
    };
    const go = (suggestion: Suggestion) => {
      setOpen(false);
      navigate(suggestionHref(suggestion));
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const { items: list, open: shown, active: current } = state.current;
      switch (event.key) {
        case "ArrowDown":
        case "ArrowUp": {
          if (list.length === 0) return;
          event.preventDefault();
          if (!shown || event.altKey) {
            setOpen(true);
            if (event.altKey) return;
          }
          const step = event.key === "ArrowDown" ? 1 : -1;
          // Past either end the box itself is active again (no option), then the list wraps.
          const next = current + step;
          setActive(next >= list.length || next < -1 ? (step > 0 ? -1 : list.length - 1) : next);
          return;
        }
        case "Enter":
          if (shown && current >= 0 && list[current]) {
            event.preventDefault();
            go(list[current]);
          } else {
            setOpen(false);
          }
          return;
        case "Escape":
          if (shown && list.length > 0) {
            event.preventDefault();
            setOpen(false);
            setActive(-1);
          } else if (box.value !== "") {
            event.preventDefault();
            box.value = "";
            box.dispatchEvent(new Event("input", { bubbles: true }));
          }
          return;
      }
    };
    const onBlur = () => setOpen(false);
    const onFocus = () => {
      if (state.current.items.length > 0) setOpen(true);
    };
    box.addEventListener("input", onInput);
    box.addEventListener("keydown", onKeyDown);
    box.addEventListener("blur", onBlur);
    box.addEventListener("focus", onFocus);
    // What was typed before this module arrived.
    if (box.value.trim() !== "") fetchFor(box.value);
    return () => {
      clearTimeout(timer);
      request?.abort();
      box.removeEventListener("input", onInput);
      box.removeEventListener("keydown", onKeyDown);
      box.removeEventListener("blur", onBlur);
      box.removeEventListener("focus", onFocus);
    };
  }, [input, navigate]);

  const shown = open && items.length > 0;
  return (
    <div className={shown ? "absolute inset-x-0 top-full z-50 mt-1" : "hidden"}>
      <p className="sr-only" role="status">
        {shown
          ? `${items.length} suggestions${correction ? ` for ${correction}` : ""}. Use the up and down arrow keys to choose.`
          : ""}
      </p>
      {correction && shown && (
        <p
          className="rounded-t-lg border border-b-0 border-gray-200 bg-white px-4 pt-2 text-xs text-gray-500"
          aria-hidden="true"
        >
          Showing suggestions for <strong className="text-gray-800">{correction}</strong>
        </p>
      )}
      <ul
        id={SEARCH_LISTBOX_ID}
        role="listbox"
        aria-label="Search suggestions"
        className={`max-h-96 overflow-y-auto border border-gray-200 bg-white py-1 text-sm shadow-lg ${correction ? "rounded-b-lg border-t-0" : "rounded-lg"}`}
      >
        {items.map((item, index) => (
          // The keys are the box's (aria-activedescendant): an option never takes focus itself.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={`${item.type}:${item.type === "product" ? item.id : item.value}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keeps the focus in the box, so the click lands before the blur closes the list.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setOpen(false);
              navigate(suggestionHref(item));
            }}
            className={`flex cursor-pointer items-baseline justify-between gap-3 px-4 py-2 ${index === active ? "bg-brand/10 text-brand-dark" : "text-gray-800 hover:bg-gray-50"}`}
          >
            <span className="truncate">{item.label}</span>
            <span className="shrink-0 text-xs text-gray-500">{KIND_LABEL[item.type]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
