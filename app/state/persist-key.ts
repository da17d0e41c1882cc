/** The localStorage key of the persisted mirror, and the storage (their own module: every page reads them, the mirror's code loads later). */
export const PERSIST_KEY = "persist:root";

export function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings): the shop works without the mirror.
    return null;
  }
}
