import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";

// React, React DOM and React Router stay in files of their own (else the shared chunk pulls them in).
const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)\//;

/**
 * React Router's functions that only print a warning for developers. Terser drops calls to
 * functions of these names wherever they appear, so no module of ours may give a function one of
 * them (tests/unit/build-config.test.ts checks).
 */
export const REACT_ROUTER_WARNINGS = ["warning", "warningOnce", "warnOnce"];

/** The layout every storefront page renders in, and the storefront's main pages. */
const LAYOUT = ["/app/root.tsx", "/app/routes/layout.tsx"];
const MAIN_PAGES = ["/app/routes/home.tsx", "/app/routes/shop.tsx", "/app/routes/product.tsx"];

type ModuleGraph = {
  getModuleInfo: (id: string) => { importedIds: readonly string[] } | null;
  getModuleIds: () => IterableIterator<string>;
};

/** Our own modules that `from` imports statically, directly or through others (lazy imports excluded). */
function staticImports(graph: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (seen.has(next) || !next.includes("/app/")) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return seen;
}

let sharedModules: Set<string> | undefined;

/**
 * One `shared` chunk holds our modules that every storefront page loads: whatever the layout
 * imports, and whatever two or more of the main pages (home, shop, product) import. One file
 * instead of a dozen small ones, each of which cost its own gzip header, imports and exports
 * (the budget: 20 KB gzip of our own JavaScript per route). A rule, not a list of files, so
 * moving or adding a module cannot silently change the chunking.
 */
function sharedChunkModules(graph: ModuleGraph): Set<string> {
  if (sharedModules) return sharedModules;
  const ids = [...graph.getModuleIds()];
  const find = (path: string) => ids.find((id) => id.split("?")[0].endsWith(path));
  const shared = new Set<string>();
  for (const entry of LAYOUT.map(find)) {
    if (!entry) continue;
    shared.add(entry);
    for (const id of staticImports(graph, entry)) shared.add(id);
  }
  const seenBy = new Map<string, number>();
  for (const page of MAIN_PAGES.map(find)) {
    if (!page) continue;
    for (const id of staticImports(graph, page)) seenBy.set(id, (seenBy.get(id) ?? 0) + 1);
  }
  for (const [id, pages] of seenBy) if (pages >= 2) shared.add(id);
  // Route modules stay in their own chunks (React Router loads them per route).
  for (const id of shared) if (id.includes("/app/routes/") || id.endsWith("/app/root.tsx")) shared.delete(id);
  sharedModules = shared;
  return shared;
}

/**
 * The product page's review list and its parameters in one file, not two: the review pages import
 * them too, so each would otherwise be a chunk of its own, with its own imports, exports and line
 * in the route manifest (the product page's JavaScript budget, docs/benchmarks.md).
 */
const REVIEW_LIST = /\/app\/(components\/product\/reviews\.tsx|lib\/reviews\/reviews\.ts)$/;

/**
 * The review list's URL parameters, which the product page reads without its reviews' code (they
 * are a kept part, decision 055): in `shared`, or the `reviews` chunk would take them along, and
 * the product page that chunk with them.
 */
const REVIEW_PARAMS = /\/app\/lib\/reviews\/review-params\.ts$/;

function manualChunks(id: string, graph: ModuleGraph): string | undefined {
  if (FRAMEWORK.test(id)) return "framework";
  if (sharedChunkModules(graph).has(id) || REVIEW_PARAMS.test(id)) return "shared";
  return REVIEW_LIST.test(id) ? "reviews" : undefined;
}

/**
 * Vite wraps each dynamic import in a preload helper (about 0.6 KB gzip on every page) that
 * fetches the lazy chunk's own imports alongside it, and its CSS. With `modulePreload: false`
 * that list of imports is empty, and our lazy chunks (cart drawer, quick view, mirror, optimistic
 * cart) have no CSS of their own (Tailwind's one stylesheet comes with the root), so the helper
 * would only call the import: this makes it just that. The build fails should a lazy chunk
 * ever bring CSS, which the plain call would not load.
 */
function plainDynamicImports(): Plugin {
  const helper = "\0vite/preload-helper.js";
  return {
    name: "storefront:plain-dynamic-imports",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    load: (id) =>
      id === helper ? { code: "export const __vitePreload = (load) => load();", moduleSideEffects: false } : null,
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.code.includes("__vite__mapDeps")) {
          this.error(
            `${chunk.fileName} imports a chunk with CSS lazily: the plain dynamic import would not load that CSS`,
          );
        }
      }
    },
  };
}

/**
 * Build warnings that point at nothing wrong, each with its reason; every other warning still
 * shows (`npm run build`; `npm start` builds showing errors only).
 */
const onwarn: Rollup.WarningHandlerWithDefault = (warning, warn) => {
  // Resource routes (cart, logout, sitemap.xml…) have no browser code, yet each route gets a client chunk: an empty one.
  if (warning.code === "EMPTY_BUNDLE") return;
  // zod's sources hold comments shaped like /* @__PURE__ */ where Rollup cannot use them; it drops them, nothing more.
  if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/zod/")) return;
  // The browser loads cart-changes lazily (use-cart.ts); in the server bundle (the only one holding
  // cart-actions.server.ts) the cart action imports it too, and how the server's code is chunked costs nothing.
  if (
    warning.plugin === "vite:reporter" &&
    /app\/lib\/cart-changes\.ts is dynamically imported .*cart-actions\.server\.ts/s.test(warning.message)
  ) {
    return;
  }
  warn(warning);
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), plainDynamicImports()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    rollupOptions: { onwarn },
    assetsInlineLimit: 0,
    // Lazy chunks load their own imports (nearly all already on the page): see plainDynamicImports.
    modulePreload: false,
    // Terser makes the browser's files smaller than esbuild's minifier does (two compress passes),
    // which a phone on slow 4G feels (docs/benchmarks.md, "Slow phones"). Vite reads this setting from the
    // top-level build, not from an environment's; the server's build stays unminified.
    minify: "terser",
    terserOptions: {
      // React Router's `production` build is its `development` one, byte for byte: it keeps every
      // developer warning (`warning`, `warningOnce`, `warnOnce`: a console.warn each, nothing else).
      // Dropping their calls takes their messages out of every page's JavaScript: 1.8 KB of gzip
      // (decision 049, "Amended: React Router's warnings"). `npm run dev` is not minified and warns as before.
      compress: { passes: 2, pure_funcs: REACT_ROUTER_WARNINGS },
      format: { comments: false },
    },
  },
  environments: {
    client: {
      build: {
        rollupOptions: { output: { manualChunks } },
      },
    },
    // The server's code stays readable in stack traces.
    ssr: { build: { minify: false } },
  },
});
