import { createContext, type ReactNode, useContext } from "react";

/**
 * Parts of a page that depend on nothing but the code: the header's category menus, a quarter of
 * a /shop's elements, the same on every page for every shopper (docs/decisions/009-render-profile.md,
 * "Fourth step").
 *
 * - On the server each part is rendered once per process, with React, and its markup written
 *   into the page as it is (entry.server.tsx provides `PrerenderContext`).
 * - In the browser the part is not hydrated: `keepPrerendered()` (entry.client.tsx) takes each
 *   part's markup from the page before React starts, and the part is that markup from then on,
 *   however often it renders again and if React ever renders the page afresh. Nothing in a part
 *   may need React in the browser: its links are `AppLink`s, which one listener routes, and its
 *   menus open with CSS and `<details>`.
 * - Anywhere else (a part the page did not have, a test) it renders `render()` as usual.
 *
 * `render` must give the same elements on every call, whoever asks and whatever the page: the
 * first rendering stands for every later one. A part is one element, its markup that element's
 * content.
 */
export type Prerender = (part: string, render: () => ReactNode) => string;

export const PrerenderContext = createContext<Prerender | null>(null);

/** Each part's markup as the server sent it, by name. */
const sent = new Map<string, string>();

/** In the browser, before hydration: keeps the markup of every part in the page. */
export function keepPrerendered(root: ParentNode = document) {
  for (const element of root.querySelectorAll("[data-prerendered]")) {
    sent.set(element.getAttribute("data-prerendered") ?? "", element.innerHTML);
  }
}

export function Prerendered({
  as: Element,
  part,
  render,
  className,
}: {
  /** The part's element; its content is the part. */
  as: "li" | "div";
  /** The part's name, unique in the app. */
  part: string;
  render: () => ReactNode;
  className?: string;
}) {
  const prerender = useContext(PrerenderContext);
  const html = prerender ? prerender(part, render) : sent.get(part);
  if (html === undefined) {
    return (
      <Element className={className} data-prerendered={part}>
        {render()}
      </Element>
    );
  }
  return <Element className={className} data-prerendered={part} dangerouslySetInnerHTML={{ __html: html }} />;
}
