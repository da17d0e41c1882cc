import {
  type ComponentType,
  createContext,
  type HTMLAttributes,
  lazy,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useState,
} from "react";

/**
 * Parts of a page that the server renders for each request and the browser keeps as it was sent
 * (docs/decisions/055-kept-parts.md): the footer, the product page's reviews and delivery check, the
 * shop's pagination and category tiles.
 * Unlike a prerendered part (prerendered.tsx), a kept part depends on its props, which are plain
 * data (JSON); unlike the rest of the page, the browser does not hydrate it and its first page
 * does not load its code.
 *
 * - On the server the part's component renders with its props (entry.server.tsx provides
 *   `KeptContext`, which knows every kept part by its name: app/components/kept-parts.tsx), inside
 *   the part's element, which carries the part's name and a hash of its props.
 * - In the browser `keepSent()` (entry.client.tsx) takes each part's markup and hash from the page
 *   before React starts. While the props hash to what the server rendered, the part is that
 *   markup. Once they differ (a later page, a signed-in shopper, new loader data), the part's
 *   code loads lazily (`load`) and React renders it. Until the code has come the update waits
 *   whole (every router update is a transition): the page never shows a part's old state beside
 *   the new page.
 * - So a kept part must depend on its props alone (no hook, no context), and anything in it that
 *   needs the browser must work without React: links are `AppLink`s, forms carry `data-app-form`
 *   (app-link.tsx routes both).
 */
/** On the server: renders a kept part by its name from its props (`keptRenderer`, kept.server.ts). */
export const KeptContext = createContext<((part: string, props: object) => ReactNode) | null>(null);

/**
 * On the server: every value a loader withheld from the document's data, by its hash
 * (entry.server.tsx), for a hydrated component that reads one back in the browser from the markup
 * (the shop's filter values, its cards' ids and titles).
 */
export const WithheldContext = createContext<ReadonlyMap<string, unknown> | null>(null);

/**
 * A prop the document's loader data leaves out (`withheldFromDocument`, kept.server.ts): only its
 * hash comes along, as the markup already shows it. A later page's data brings the prop itself.
 */
export type Withheld = { withheld: string };

/** A kept part's props as its component gets them: every withheld prop in whole. */
export type Whole<P> = { [K in keyof P]: Exclude<P[K], Withheld> };

export function isWithheld(value: unknown): value is Withheld {
  return typeof value === "object" && value !== null && Object.keys(value).length === 1 && "withheld" in value;
}

/** Whether the page has hydrated: a part's effect has run. */
let hydrated = false;

/** Each kept part's markup as the server sent it, and the hash of its props then, by name. */
const sent = new Map<string, { hash: string; html: string }>();

/** In the browser, before hydration: keeps the markup of every kept part in the page. */
export function keepSent(root: ParentNode = document) {
  for (const element of root.querySelectorAll("[data-kept]")) {
    sent.set(element.getAttribute("data-kept") ?? "", {
      hash: element.getAttribute("data-kept-hash") ?? "",
      html: element.innerHTML,
    });
  }
}

/** A short hash of the props as JSON (cyrb53: 53 bits, so two props that differ never meet in practice). */
export function hashOf(value: unknown): string {
  const text = JSON.stringify(value) ?? "";
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

type KeptElement = "div" | "footer" | "nav" | "section";

export function Kept<P extends object>({
  as: Element,
  part,
  props,
  load,
  ...attributes
}: {
  /** The part's element; its content is the part. */
  as: KeptElement;
  /** The part's name, unique in the app. */
  part: string;
  /** What the part renders from: plain data, the same on the server and in the browser. */
  props: P;
  /** The part's component, for props the page did not come with. */
  load: () => Promise<ComponentType<Whole<P>>>;
} & HTMLAttributes<HTMLElement>) {
  const server = useContext(KeptContext);
  // False for the render that hydrates what the server sent; a part mounted by a later page is
  // rendered from its first render (the page's markup of it may be of other props).
  const [rendered, setRendered] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    // A transition, as the router's updates are: should the part's code be needed, the markup stays until it has come.
    if (!rendered) startTransition(() => setRendered(true));
  }, [rendered]);
  const hash = hashOf(props);
  const Tag = Element as "div";
  const own = { ...attributes, "data-kept": part, "data-kept-hash": hash };
  // The hash is of the props as the browser gets them (a withheld prop as its hash); the server renders from the whole.
  if (server) return <Tag {...own}>{server(part, props)}</Tag>;
  // No Suspense boundary around what the server sent: one that was not hydrated yet when the page
  // changed would be rendered afresh, with an error (React's #421).
  const markup = sent.get(part);
  const kept = markup ? <Tag {...own} dangerouslySetInnerHTML={{ __html: markup.html }} /> : null;
  // The same props; or other props, one of which the page came without: the markup stays until the route's data brings it.
  if (markup?.hash === hash || Object.values(props).some(isWithheld)) return kept;
  // Other props as the page hydrates (a query the server and the browser spell differently, a
  // shopper signed in meanwhile): the server's markup first, as it sent it, so that the page
  // hydrates as it came; a Suspense boundary the server did not send would make React throw
  // (#418) and render the whole page again, losing what the shopper typed. The part's code
  // loads once the page has hydrated.
  if (markup && !rendered) return kept;
  // No Suspense boundary of its own: the part suspends the update that changed its props until
  // its code has come. Every such update is a transition (React Router's navigations, revalidations
  // and fetchers; `rendered` above), in which React keeps the whole page as it was meanwhile. A
  // boundary of its own would show its fallback, the old markup, beside the new page: a search's
  // heading over the whole catalogue after Clear search, a Login link naming the page before.
  const Lazy = lazyKept(part, load);
  return (
    <Tag {...own}>
      {/* Whole: a withheld prop returned above. */}
      <Lazy {...(props as Whole<P>)} />
    </Tag>
  );
}

const lazyParts = new Map<string, ComponentType<object>>();

function lazyKept<P>(part: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Lazy = lazyParts.get(part);
  if (!Lazy) {
    Lazy = lazy(async () => ({ default: (await load()) as unknown as ComponentType<object> }));
    lazyParts.set(part, Lazy);
  }
  return Lazy as unknown as ComponentType<P>;
}
