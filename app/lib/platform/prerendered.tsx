import { type ComponentType, createContext, type HTMLAttributes, lazy, Suspense, useContext } from "react";

/**
 * Parts of a page that depend on nothing but the code: the header's category menus, the category
 * bar, the footer's categories, the icon sprite; the same on every page for every shopper
 * (docs/decisions/009-render-profile.md, "Fourth step", and 049 for their code).
 *
 * - On the server each part is rendered once per process, with React, and its markup written
 *   into the page as it is (entry.server.tsx provides `PrerenderContext`, which knows every part
 *   by its name: app/components/layout/parts.tsx).
 * - In the browser the part is not hydrated: `keepPrerendered()` (entry.client.tsx) takes each
 *   part's markup from the page before React starts, and the part is that markup from then on,
 *   however often it renders again and if React ever renders the page afresh. Nothing in a part
 *   may need React in the browser: its links are `AppLink`s, which one listener routes, and its
 *   menus open with CSS and `<details>`.
 * - So a page's JavaScript holds only the parts' names, not the code that renders them. Only a
 *   part the first page did not have (one page of the browser's visit without the full layout,
 *   a test) loads that code, lazily (`load`), and renders it.
 *
 * A part must give the same elements on every render, whoever asks and whatever the page: the
 * first rendering stands for every later one. A part is one element, its markup that element's
 * content.
 */
export type Prerender = (part: string) => string;

export const PrerenderContext = createContext<Prerender | null>(null);

/** The parts by name, each rendering its element's content. */
export type Parts = Record<string, ComponentType>;

/** Each part's markup as the server sent it, by name. */
const sent = new Map<string, string>();

/** In the browser, before hydration: keeps the markup of every part in the page. */
export function keepPrerendered(root: ParentNode = document) {
  for (const element of root.querySelectorAll("[data-prerendered]")) {
    sent.set(element.getAttribute("data-prerendered") ?? "", element.innerHTML);
  }
}

type PartElement = "li" | "div" | "ul" | "nav" | "svg" | "aside";

export function Prerendered({
  as: Element,
  part,
  load,
  ...attributes
}: {
  /** The part's element; its content is the part. */
  as: PartElement;
  /** The part's name, unique in the app. */
  part: string;
  /** The parts' code, for a part the page did not come with. */
  load: () => Promise<Parts>;
} & HTMLAttributes<HTMLElement> & { width?: string; height?: string }) {
  // No hook may follow the server's prerender: it renders with React while this component renders.
  const prerender = useContext(PrerenderContext);
  const html = prerender ? prerender(part) : sent.get(part);
  const Tag = Element as "div";
  if (html === undefined) {
    const Lazy = lazyPart(part, load);
    return (
      <Tag {...attributes} data-prerendered={part}>
        <Suspense fallback={null}>
          <Lazy />
        </Suspense>
      </Tag>
    );
  }
  return <Tag {...attributes} data-prerendered={part} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Each part the page did not come with, as a lazy component (one per part, so it loads once). */
const lazyParts = new Map<string, ComponentType>();

function lazyPart(part: string, load: () => Promise<Parts>): ComponentType {
  let Lazy = lazyParts.get(part);
  if (!Lazy) {
    Lazy = lazy(async () => ({ default: (await load())[part] ?? Missing }));
    lazyParts.set(part, Lazy);
  }
  return Lazy;
}

function Missing() {
  return null;
}
