import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { Parts, Prerender } from "./prerendered";

/**
 * The server's side of app/lib/platform/prerendered.tsx: renders a part the first time a page asks for it
 * and, with `remember`, keeps its markup for every later page of the process. entry.server.tsx
 * remembers outside development, where the code changes under the server.
 */
export function prerenderer({ parts, remember }: { parts: Parts; remember: boolean }): Prerender {
  const markup = new Map<string, string>();
  return (part) => {
    let html = markup.get(part);
    if (html === undefined) {
      const Part = parts[part];
      if (!Part) throw new Error(`No prerendered part is called ${part}`);
      html = renderToString(createElement(Part));
      if (remember) markup.set(part, html);
    }
    return html;
  };
}
