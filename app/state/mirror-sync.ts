import type { RootData } from "~/lib/page/root-data";
import { PERSIST_KEY, restoreMirror, serializeMirror, toMirror } from "./persist";
import { storage } from "./persist-key";

export { mirrorFromOtherTab } from "./persist";

/**
 * The persisted mirror's own code, fetched after hydration and only for a signed-in shopper
 * (`PersistedRoot`): a guest's page never needs it.
 */

/** Writes the server's data to the mirror (only when it changed, so tabs do not echo each other), or clears it for a guest. */
export function writeMirror(root: Pick<RootData, "user" | "cart" | "wishlistIds">) {
  const store = storage();
  if (!store) return;
  const mirror = toMirror(root);
  try {
    if (!mirror) store.removeItem(PERSIST_KEY);
    else if (store.getItem(PERSIST_KEY) !== serializeMirror(mirror))
      store.setItem(PERSIST_KEY, serializeMirror(mirror));
  } catch {
    // A full storage only costs other tabs their early update.
  }
}

/** A mirror left from an account this browser is no longer signed in to is removed. */
export function dropStaleMirror(root: Pick<RootData, "user" | "cart" | "wishlistIds">) {
  void restoreMirror(() => storage()?.getItem(PERSIST_KEY) ?? null).then((mirror) => {
    if (mirror && mirror.user.id !== root.user?.id) writeMirror(root);
  });
}
