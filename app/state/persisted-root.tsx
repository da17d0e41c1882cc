import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { RootData } from "~/lib/shopper";
import { type Mirror, mirrorFromOtherTab, PERSIST_KEY, restoreMirror, serializeMirror, toMirror } from "./persist";

const OtherTabMirror = createContext<Mirror | null>(null);

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings): the shop works without the mirror.
    return null;
  }
}

/** Writes the server's data to the mirror (only when it changed, so tabs do not echo each other), or clears it for a guest. */
function writeMirror(root: Pick<RootData, "user" | "cart" | "wishlistIds">) {
  const store = storage();
  if (!store) return;
  const mirror = toMirror(root);
  try {
    if (!mirror) store.removeItem(PERSIST_KEY);
    else if (store.getItem(PERSIST_KEY) !== serializeMirror(mirror)) store.setItem(PERSIST_KEY, serializeMirror(mirror));
  } catch {
    // A full storage only costs other tabs their early update.
  }
}

/**
 * The client hydration layer (DESIGN.md "state/"): mirrors the signed-in shopper's name, cart and
 * wishlist ids into localStorage, and keeps other tabs in step. When another tab changes the cart,
 * this tab shows that tab's figures at once and reloads its own data; the server's data wins as
 * soon as it arrives. Server rendering never waits for any of this.
 */
export function PersistedRoot({ root, children }: { root: Pick<RootData, "user" | "cart" | "wishlistIds">; children: ReactNode }) {
  const [fromOtherTab, setFromOtherTab] = useState<Mirror | null>(null);
  const revalidator = useRevalidator();
  const latest = useRef(root);
  latest.current = root;
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  // Fresh server data: it wins over anything another tab said, and becomes the mirror.
  useEffect(() => {
    setFromOtherTab(null);
    writeMirror(root);
  }, [root]);

  useEffect(() => {
    // A mirror left from an account this browser is no longer signed in to is removed.
    void restoreMirror(() => storage()?.getItem(PERSIST_KEY) ?? null).then((mirror) => {
      if (mirror && mirror.user.id !== latest.current.user?.id) writeMirror(latest.current);
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key !== PERSIST_KEY && event.key !== null) return;
      setFromOtherTab(mirrorFromOtherTab(event.newValue, latest.current));
      // Signed in or out elsewhere, or the cart changed: this tab's own data is stale.
      void revalidate.current();
    };
    // A page restored from the back/forward cache shows what it showed when it was left.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void revalidate.current();
    };
    window.addEventListener("storage", onStorage);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("storage", onStorage);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, []);

  return <OtherTabMirror.Provider value={fromOtherTab}>{children}</OtherTabMirror.Provider>;
}

/** Another tab's newer figures for this shopper while this tab's data is reloading, else null. */
export function useOtherTabMirror(): Mirror | null {
  return useContext(OtherTabMirror);
}
