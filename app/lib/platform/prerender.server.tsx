import { renderToString } from "react-dom/server";
import type { Prerender } from "./prerendered";

/**
 * The server's side of app/lib/platform/prerendered.tsx: renders a part the first time a page asks for it
 * and, with `remember`, keeps its markup for every later page of the process. entry.server.tsx
 * remembers outside development, where the code changes under the server.
 */
export function prerenderer({ remember }: { remember: boolean }): Prerender {
  const markup = new Map<string, string>();
  return (part, render) => {
    let html = markup.get(part);
    if (html === undefined) {
      html = renderToString(<>{render()}</>);
      if (remember) markup.set(part, html);
    }
    return html;
  };
}
