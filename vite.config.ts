import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
  },
  environments: { client: { build: { rollupOptions: { output: { manualChunks } } } } },
});
