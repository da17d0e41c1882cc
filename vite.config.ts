import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Modules every storefront page (home, shop, product) loads with the main layout: one file
 * instead of a dozen small ones, each of which cost its own gzip header, imports and exports
 * (DESIGN.md budget: 20 KB gzip of our own JavaScript per route).
 */
const SHARED = [
  "/app/lib/shopper.ts",
  "/app/lib/cart.ts",
  "/app/lib/catalogue.ts",
  "/app/lib/money.ts",
  "/app/lib/seo.ts",
  "/app/state/persisted-root.tsx",
  "/app/state/persist-key.ts",
  "/app/components/toaster.tsx",
  "/app/components/stars.tsx",
  "/app/components/layout/",
  "/app/components/lists/list-forms.tsx",
  "/app/components/lists/wishlist-toggle.tsx",
  "/app/components/lists/compare-button.tsx",
  "/app/components/cart/use-cart.ts",
  "/app/components/cart/cart-form.tsx",
  "/app/components/cart/cart-drawer.tsx",
];

// React, React DOM and React Router stay in files of their own (else the shared chunk pulls them in).
const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)\//;

function manualChunks(id: string): string | undefined {
  if (FRAMEWORK.test(id)) return "framework";
  return SHARED.some((part) => id.includes(part)) ? "shared" : undefined;
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
    load: (id) => (id === helper ? { code: "export const __vitePreload = (load) => load();", moduleSideEffects: false } : null),
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.code.includes("__vite__mapDeps")) {
          this.error(`${chunk.fileName} imports a chunk with CSS lazily: the plain dynamic import would not load that CSS`);
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), plainDynamicImports()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
    // Lazy chunks load their own imports (nearly all already on the page): see plainDynamicImports.
    modulePreload: false,
  },
  environments: { client: { build: { rollupOptions: { output: { manualChunks } } } } },
});
