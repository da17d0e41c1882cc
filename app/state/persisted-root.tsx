import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { RootData } from "~/lib/page/root-data";
import type { Mirror } from "./persist";
import { PERSIST_KEY, storage } from "./persist-key";

type MirrorRoot = Pick<RootData, "user" | "cart" | "wishlistIds">;
type MirrorSync = typeof import("./mirror-sync");

const OtherTabMirror = createContext<Mirror | null>(null);

/**
 * The client hydration layer (docs/architecture.md, "Where state lives"): mirrors the signed-in shopper's name, cart and
 * wishlist ids into localStorage, and keeps other tabs in step. When another tab changes the cart,
 * this tab shows that tab's figures at once and reloads its own data; the server's data wins as
 * soon as it arrives. Server rendering never waits for any of this.
 *
 * The mirror's code (`mirror-sync.ts`) loads after hydration, only for a signed-in shopper. A
 * guest's page only clears a mirror left behind (signed out) and reloads its data when another
 * tab signs in or out.
 */
export function PersistedRoot({ root, children }: { root: MirrorRoot; children: ReactNode }) {
  const [fromOtherTab, setFromOtherTab] = useState<Mirror | null>(null);
  const [sync, setSync] = useState<MirrorSync | null>(null);
  // Stable for the router's lifetime, so the listeners below re-subscribe only when root or sync change.
  const { revalidate } = useRevalidator();

  const signedIn = root.user !== null;
  useEffect(() => {
    if (!signedIn || sync) return;
    let current = true;
    import("./mirror-sync").then(
      (module) => {
        if (!current) return;
        module.dropStaleMirror(root);
        setSync(module);
      },
      // Without its code the mirror is skipped: other tabs only miss their early update.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [signedIn, sync, root]);

  // Fresh server data: it wins over anything another tab said, and becomes the mirror.
  useEffect(() => {
    setFromOtherTab(null);
    if (root.user) sync?.writeMirror(root);
    else {
      try {
        storage()?.removeItem(PERSIST_KEY);
      } catch {
        // Nothing stored, nothing to clear.
      }
    }
  }, [root, sync]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== PERSIST_KEY && event.key !== null) return;
      setFromOtherTab(sync?.mirrorFromOtherTab(event.newValue, root) ?? null);
      // Signed in or out elsewhere, or the cart changed: this tab's own data is stale.
      void revalidate();
    };
    // A page restored from the back/forward cache shows what it showed when it was left.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void revalidate();
    };
    window.addEventListener("storage", onStorage);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("storage", onStorage);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, [root, sync, revalidate]);

  return <OtherTabMirror.Provider value={fromOtherTab}>{children}</OtherTabMirror.Provider>;
}

/** Another tab's newer figures for this shopper while this tab's data is reloading, else null. */
export function useOtherTabMirror(): Mirror | null {
  return useContext(OtherTabMirror);
}
