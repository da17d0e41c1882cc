import { useEffect, useState } from "react";

/** False on the server and during hydration, true once JavaScript runs: controls that only help with JavaScript wait for it. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
