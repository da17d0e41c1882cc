import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const PGLITE = ["@electric-sql/pglite", "@electric-sql/pglite/*"];
const PGLITE_MESSAGE = "PGlite is no longer the shop's database: only api/db/pglite-upgrade.ts loads it.";

/** Loaders and actions call the API through the load context's client (context.api), never the transport under it. */
const TRANSPORT = {
  group: ["**/userapp/transport.server"],
  allowTypeImports: true,
  message: "Call the API through context.api (app/lib/userapp/client.server.ts).",
};

/** What app/lib may not import: the layers above it. */
const LIB_ABOVE = [
  {
    group: ["~/components/*", "**/components/*", "~/routes/*", "**/routes/*", "~/root", "**/app/root"],
    message: "app/lib imports nothing above it (components, routes, root).",
  },
];

// `npm run lint`: TypeScript's recommended rules, the rules of hooks with exhaustive deps, and
// jsx-a11y's recommended accessibility checks. Formatting is Prettier's job (`npm run format`).
export default tseslint.config(
  {
    ignores: [
      "build/",
      ".build-*/",
      "node_modules/",
      ".react-router/",
      "test-results/",
      "playwright-report/",
      ".e2e-data/",
      "data/",
      "bench/baseline/build/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      // Our control-character patterns are deliberate: they refuse hostile text (NUL, ESC…) in input.
      "no-control-regex": "off",
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // A scrollable region (the compare table) must take focus to scroll by keyboard (axe's scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": [
        "error",
        { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true },
      ],
    },
  },
  {
    // PostgreSQL replaced PGlite as the shop's database: only the command that moves a PGlite
    // shop into PostgreSQL and the maker of its test fixture may still load PGlite.
    ignores: ["api/db/pglite-upgrade.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: PGLITE, message: PGLITE_MESSAGE }],
        },
      ],
    },
  },
  {
    // The storefront reaches the shop's data only through /userapp: of the API's code it imports
    // the contract (its constants and the types of its answers) and the process plumbing alone.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: PGLITE, message: PGLITE_MESSAGE },
            {
              group: ["**/api/*", "!**/api/contract", "!**/api/contract/*", "!**/api/platform"],
              message: "The storefront imports from api/ only through api/contract and api/platform.",
            },
          ],
        },
      ],
    },
  },
  {
    // Loaders and actions call the API through the load context's client (context.api), never
    // the transport under it: one place spells each endpoint's path, body and answer type.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/userapp/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [TRANSPORT],
        },
      ],
    },
  },
  {
    // app/lib is the storefront's logic, below its pages: it never imports a component or a route.
    files: ["app/lib/**/*.{ts,tsx}"],
    ignores: ["app/lib/userapp/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [TRANSPORT, ...LIB_ABOVE],
        },
      ],
    },
  },
  {
    files: ["app/lib/userapp/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: LIB_ABOVE }] },
  },
  {
    // Tests read loosely typed JSON answers on purpose.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
