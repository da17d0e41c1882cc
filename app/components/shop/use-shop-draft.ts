import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { clampPriceRange, shopHref, shopSearch, type ShopParams } from "~/lib/catalogue/shop-params";

/** Filters reload 500 ms after the last change: a shopper ticking three boxes waits for one page, not three. */
export const FILTER_DELAY_MS = 500;

/**
 * The filter form's state with JavaScript: the controls show `draft` at once, and the URL (the
 * real state) follows 500 ms after the last change, or at once for sort, page size and Apply.
 * When the URL changes (a navigation lands, the back button), the draft follows it.
 */
export function useShopDraft(params: ShopParams, ceiling: number) {
  const navigate = useNavigate();
  const location = useLocation();
  const [draft, setDraft] = useState(params);
  const latest = useRef(params);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const busy = useRef(false);
  // useIsPending({ state: "non-idle" }) written out: that module is a chunk of its own on /shop (391 bytes).
  const navigating = useNavigation().state !== "idle";
  busy.current = navigating;
  const here = useRef("");
  here.current = location.search;

  const key = shopSearch(params);
  useEffect(() => {
    // A change made while the last one loaded is still waiting: keep it rather than the older URL.
    if (timer.current !== undefined) return;
    latest.current = params;
    setDraft(params);
  }, [key]); // `key` is `params` by value: a new object with the same URL is no change
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = useCallback(
    (next: ShopParams) => {
      clearTimeout(timer.current);
      timer.current = undefined;
      const normal = clampPriceRange(next, ceiling);
      const href = shopHref(normal);
      if (href === `/shop${here.current}`) {
        latest.current = normal;
        setDraft(normal);
        return;
      }
      // Rapid changes replace the entry still loading, so Back skips the half-made selections.
      navigate(href, { replace: busy.current, preventScrollReset: true });
    },
    [navigate, ceiling],
  );

  const change = useCallback(
    (next: ShopParams, options: { immediate?: boolean } = {}) => {
      latest.current = next;
      setDraft(next);
      clearTimeout(timer.current);
      if (options.immediate) apply(next);
      else timer.current = setTimeout(() => apply(latest.current), FILTER_DELAY_MS);
    },
    [apply],
  );

  const applyNow = useCallback(() => apply(latest.current), [apply]);

  return { draft, change, applyNow };
}
