import { renderToString } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { logger } from "../api/platform/logger";
import { DEFERRED_MODULE_TYPE } from "./lib/platform/boot-script";
import { NonceContext } from "./lib/platform/nonce";
import { HOME_PARTS } from "./components/home/home-parts";
import { KEPT_PARTS } from "./components/kept-parts";
import { LAYOUT_PARTS } from "./components/layout/parts";
import { SHOPPER_FILL } from "./components/layout/shopper-parts.server";
import { prerenderer } from "./lib/platform/prerender.server";
import { KeptContext, WithheldContext } from "./lib/platform/kept";
import { keptRenderer } from "./lib/platform/kept.server";
import { PrerenderContext } from "./lib/platform/prerendered";
import { SaveDataContext, wantsSaveData } from "./lib/platform/save-data";
import { jsonForScript } from "./lib/catalogue/structured-data.server";
import type { RootData } from "./lib/page/root-data";
import { ShopperHolesContext } from "./lib/page/shopper-holes";
import { acceptsGzip } from "./lib/platform/gzip-pieces.server";
import {
  TAIL_MARK,
  answer,
  createSharedPages,
  keepSharedPage,
  neutralRoot,
  sharedPageKey,
  withRootData,
} from "./lib/platform/shared-page.server";

// Every script carries the request's CSP nonce: React Router's own (<Scripts>, <ScrollRestoration>)
// through `ServerRouter nonce`, its loader data below, ours through NonceContext. server/site.ts
// makes the nonce and sends the matching Content-Security-Policy header.

/** How long React Router waits for a promise in loader data (none of our loaders returns one). */
export const streamTimeout = 5_000;

/**
 * The page as one string (docs/decisions/009-render-profile.md, "Fourth step"). Nothing of ours
 * suspends on the server: loaders have run and no loader returns a promise, so streaming would
 * send the same page in one go anyway. React 18's stream writer encodes every piece of markup
 * into 2 KB buffers on its own, which made the streamed render of a /shop's markup 2.6 times the
 * cost of `renderToString`; Node's stream plumbing came on top.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // With Save-Data the page leaves out decorations (app/lib/platform/save-data.ts): caches keep both versions.
  responseHeaders.append("Vary", "Save-Data");
  // https://httpwg.org/specs/rfc9110.html#HEAD (same headers as GET, so the CSP too)
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // "" in development, where no policy is sent: then no nonce attributes either.
  const nonce = loadContext.cspNonce || undefined;
  // React Router hands the loader data over as a stream, which <ServerRouter> would write as one
  // script per chunk, each behind a Suspense boundary. It is whole at once: read it, and write it
  // as one script of the same kind after the render.
  const stream = routerContext.serverHandoffStream;
  const data = stream ? await new Response(stream).text() : null;
  const saveData = wantsSaveData(request.headers);
  const render = (context: EntryContext, holes: boolean) =>
    renderToString(
      <NonceContext.Provider value={nonce ?? ""}>
        <SaveDataContext.Provider value={saveData}>
          <PrerenderContext.Provider value={prerender}>
            <KeptContext.Provider value={keptRenderer(KEPT_PARTS, loadContext.withheld)}>
              <WithheldContext.Provider value={loadContext.withheld ?? new Map()}>
                <ShopperHolesContext.Provider value={holes}>
                  <ServerRouter
                    context={{ ...context, serverHandoffStream: undefined }}
                    url={request.url}
                    nonce={nonce}
                  />
                </ShopperHolesContext.Provider>
              </WithheldContext.Provider>
            </KeptContext.Provider>
          </PrerenderContext.Provider>
        </SaveDataContext.Provider>
      </NonceContext.Provider>,
    );
  const structuredData = loadContext.structuredData
    ? `<script type="application/ld+json">${jsonForScript(loadContext.structuredData)}</script>`
    : "";
  const scripts = structuredData + (data === null ? "" : loaderDataScripts(data, nonce));

  // A signed-in shopper's page that every signed-in shopper shares, filled in with their own parts.
  const key = loadContext.sharedPages ? sharedPageKey(request, responseStatusCode, routerContext, saveData) : null;
  if (key !== null) {
    const root = routerContext.staticHandlerContext.loaderData.root as RootData;
    let page = sharedPages.use(key);
    if (!page) {
      const neutral = neutralRoot(root);
      const kept = keepSharedPage(
        documentText(compactManifest(render(withRootData(routerContext, neutral), true)), TAIL_MARK),
        nonce,
        neutral,
        SHOPPER_FILL,
      );
      if (kept) sharedPages.keep(key, kept);
      page = kept ?? undefined;
    }
    const answered = page && answer(page, { root, nonce: nonce ?? "", tail: scripts }, acceptsGzip(request));
    if (answered) {
      if (answered.gzip) {
        responseHeaders.set("Content-Encoding", "gzip");
        responseHeaders.append("Vary", "Accept-Encoding");
      }
      return new Response(answered.body as Buffer<ArrayBuffer>, {
        headers: responseHeaders,
        status: responseStatusCode,
      });
    }
  }

  const page = documentOf(compactManifest(render(routerContext, false)), scripts);
  return new Response(page, { headers: responseHeaders, status: responseStatusCode });
}

/** Signed-in pages rendered once and filled in per shopper (app/lib/platform/shared-page.server.tsx). */
const sharedPages = createSharedPages();

/** Parts that depend on nothing but the code, rendered once per process (app/lib/platform/prerendered.tsx). */
const prerender = prerenderer({ parts: { ...LAYOUT_PARTS, ...HOME_PARTS }, remember: !import.meta.env.DEV });

/**
 * What React Router caught in a loader, an action or the render: one log line with the request's
 * id (server/site.ts, X-Request-Id), through the pino logger (docs/operations.md), instead of
 * React Router's console.error. A request its client gave up on is not our failure.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A 404 or 405 React Router raised itself carries its reason as `error` (as its default handler reads it).
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  logFailure(cause, request, context);
};

function logFailure(error: unknown, request: Request, context: AppLoadContext) {
  const path = new URL(request.url).pathname;
  logger.error({ err: error, requestId: context.requestId, method: request.method, path }, "page request failed");
}

/**
 * The loader data as React Router's <ServerRouter> writes it (its `StreamTransfer`): the text of
 * its stream handed to the stream its <Scripts> opened in the browser, then the stream closed.
 * The JSON string is made safe inside a <script> as React Router makes it: no `<`, `>` or `&`
 * (so no `</script>` or `<!--`), no line or paragraph separator.
 */
export function loaderDataScripts(data: string, nonce: string | undefined): string {
  const open = nonce ? `<script nonce="${nonce}">` : "<script>";
  const enqueue = data
    ? `${open}window.__reactRouterContext.streamController.enqueue(${scriptSafe(JSON.stringify(data))});</script>`
    : "";
  return `${enqueue}${open}window.__reactRouterContext.streamController.close();</script>`;
}

const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

function scriptSafe(json: string): string {
  return json.replace(/[&><\u2028\u2029]/g, (character) => SCRIPT_ESCAPES[character]);
}

const MANIFEST_START = "window.__reactRouterManifest = ";

/**
 * React Router's <Scripts> writes the route manifest into the page pretty-printed (two spaces a
 * level, a line a key): the same JSON on one line is 62 bytes less of gzip on every page (decision
 * 049, fifth round). The pretty JSON's last line is its only "}" at the start of a line.
 */
export function compactManifest(html: string): string {
  const start = html.indexOf(MANIFEST_START);
  if (start === -1) return html;
  const from = start + MANIFEST_START.length;
  const end = html.indexOf("\n}", from);
  if (end === -1) return html;
  return html.slice(0, from) + JSON.stringify(JSON.parse(html.slice(from, end + 2))) + html.slice(end + 2);
}

/**
 * The page is whole without its JavaScript (server-rendered, usable with none), so on a slow
 * network the HTML, the stylesheet and the LCP image go first and the modules only after the
 * page has loaded and painted (docs/decisions/011-slow-phones.md). React Router's <Scripts> has no
 * option for that, so its output is rewritten here:
 *
 * - each `<link rel="modulepreload">` gets `media="not all"`, which browsers honour by not
 *   fetching it yet;
 * - its module script (`type="module" async`) becomes an inert data block of the same text.
 *
 * BOOT_SCRIPT (rendered after <Scripts> in root.tsx) then adds the preloads and runs the module
 * script once the page has loaded and painted (app/lib/platform/boot-script.ts). Hydration sees the same
 * elements (React 18 leaves attributes it finds different alone; <Scripts> marks its elements
 * suppressHydrationWarning), and what the boot script appends sits after the last element React
 * rendered in <head> and <body>, which hydration leaves be.
 */
const REWRITES: [from: string, to: string][] = [
  ['<link rel="modulepreload"', '<link rel="modulepreload" media="not all"'],
  [' type="module" async="">', ` type="${DEFERRED_MODULE_TYPE}">`],
];
const DOCUMENT_END = "</body></html>";

/**
 * The document from React's render of it: the doctype first, the modules held back (above), and
 * `scripts` (the loader data) inside `</body>`. As bytes: a Response would check a string's every
 * character first (USVString), and encoding the pieces costs less than joining them first.
 */
export function documentOf(html: string, scripts: string): Buffer<ArrayBuffer> {
  // Buffer.concat always makes a new ArrayBuffer.
  return Buffer.concat(documentParts(html, scripts).map((part) => Buffer.from(part))) as Buffer<ArrayBuffer>;
}

/** The same document as one string. */
export function documentText(html: string, scripts: string): string {
  return documentParts(html, scripts).join("");
}

function documentParts(html: string, scripts: string): string[] {
  const parts = ["<!DOCTYPE html>"];
  // Where each rewrite is next found; only the one just applied is looked for again.
  const next = REWRITES.map(([from]) => html.indexOf(from));
  let at = 0;
  for (;;) {
    let which = -1;
    for (let i = 0; i < next.length; i++) {
      if (next[i] !== -1 && (which === -1 || next[i] < next[which])) which = i;
    }
    if (which === -1) break;
    const [from, to] = REWRITES[which];
    parts.push(html.slice(at, next[which]), to);
    at = next[which] + from.length;
    next[which] = html.indexOf(from, at);
  }
  const end = html.endsWith(DOCUMENT_END) ? html.length - DOCUMENT_END.length : html.length;
  parts.push(html.slice(at, Math.max(at, end)), scripts, html.slice(Math.max(at, end)));
  return parts;
}
