import { useEffect, useState } from "react";

let appHydrated = false;

/**
 * False on the server and during hydration, then true for good: a component mounted by a
 * client-side navigation knows at once that JavaScript runs (no flash of the no-JS layout).
 */
export function useAppHydrated(): boolean {
  const [hydrated, setHydrated] = useState(appHydrated);
  useEffect(() => {
    appHydrated = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
