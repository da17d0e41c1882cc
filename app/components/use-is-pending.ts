import { useFetchers, useNavigation } from "react-router";

/** A navigation or a fetcher under way, with the form it sent (if any). */
export type PendingWork = ReturnType<typeof useNavigation> | ReturnType<typeof useFetchers>[number];

export type PendingFilter = {
  /** A form posted (any method but GET) to this path; the action's query is ignored (login keeps `?redirectTo` on it). */
  formAction?: string;
  /** Fields the posted form holds, e.g. `{ intent: "cancel" }`. */
  fields?: Record<string, string>;
  /** A navigation (link, GET form or an action's redirect) to this path. */
  location?: string;
  /**
   * "submitting" (the default): until the action answers. "loading": while the next page's
   * loaders run. "non-idle": either, so a button stays busy until the page it leads to is there.
   */
  state?: "submitting" | "loading" | "non-idle";
  /** Follow the fetcher with this key (`useFetcher({ key })`) instead of the page's navigation. */
  fetcherKey?: string;
};

const pathOf = (action: string) => new URL(action, "http://shop.invalid").pathname;

/**
 * Whether a navigation (or a keyed fetcher) matching the filter is under way: the one way a
 * button shows "Saving..." or a list dims while the server works.
 */
export function useIsPending(filter: PendingFilter = {}): boolean {
  return usePending(filter) !== null;
}

/**
 * The navigation (or keyed fetcher) matching the filter while it is under way, else null: for a
 * page with several forms that must know which one was sent (its `formData`).
 */
export function usePending({
  formAction,
  fields,
  location,
  state = "submitting",
  fetcherKey,
}: PendingFilter = {}): PendingWork | null {
  const navigation = useNavigation();
  // Read from the same router state as useNavigation: no extra renders.
  const fetchers = useFetchers();
  const pending = fetcherKey === undefined ? navigation : fetchers.find((fetcher) => fetcher.key === fetcherKey);
  if (pending === undefined || pending.state === "idle") return null;
  if (state !== "non-idle" && pending.state !== state) return null;
  if (formAction !== undefined) {
    if (pending.formMethod === undefined || pending.formMethod === "GET" || pending.formAction === undefined)
      return null;
    if (pathOf(pending.formAction) !== formAction) return null;
  }
  if (location !== undefined && (fetcherKey !== undefined || navigation.location?.pathname !== location)) return null;
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (pending.formData?.get(name) !== value) return null;
  }
  return pending;
}
