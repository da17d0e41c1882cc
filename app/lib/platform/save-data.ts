import { createContext, useContext } from "react";

/**
 * Save-Data (https://wicg.github.io/savedata/): a browser or a phone's data saver sends
 * `Save-Data: on` on every request, and then pages leave out what only decorates: the cards'
 * hover galleries, the hero's later slides' art and the home carousels' pictures beyond the first
 * screen. The page's HTML differs, so it answers `Vary: Save-Data` (entry.server.tsx) and the page
 * micro-cache keeps the two versions apart (server/page-cache.ts). Loader data never depends on it.
 */
export function wantsSaveData(headers: Headers): boolean {
  const value = headers.get("save-data");
  return value !== null && value.split(";")[0].trim().toLowerCase() === "on";
}

/** The document's attribute that carries the server's answer to the browser, for hydration. */
export const SAVE_DATA_ATTRIBUTE = "data-save-data";

/** entry.server.tsx provides the request's answer; in the browser it is null (read from the document). */
export const SaveDataContext = createContext<boolean | null>(null);

/** Whether this page was asked for with Save-Data: the server's answer, which the browser reads back from `<html data-save-data>`. */
export function useSaveData(): boolean {
  const fromServer = useContext(SaveDataContext);
  if (fromServer !== null) return fromServer;
  return typeof document !== "undefined" && document.documentElement.hasAttribute(SAVE_DATA_ATTRIBUTE);
}
