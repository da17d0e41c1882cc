import { createRoute, z } from "@hono/zod-openapi";
import { createCatalogueCache } from "../lib/catalogue/catalogue-cache";
import type { ApiDeps } from "../lib/context";
import type { Envelope } from "../lib/http/http";
import { failure, routeGroup, success } from "../lib/http/openapi";
import {
  DEFAULT_SUGGESTIONS,
  MAX_SUGGEST_QUERY,
  MAX_SUGGESTIONS,
  readCatalogueNames,
  suggest,
} from "../lib/search/product-suggest";
import { withStatementTimeout } from "../lib/search/product-search";

// Search suggestions as the shopper types (mounted at /userapp/product, beside the list):
// api/lib/search/product-suggest.ts finds them. Public, like the product list.

const suggestionSchema = z
  .discriminatedUnion("type", [
    z.object({
      type: z.literal("category"),
      label: z.string(),
      filter: z
        .enum(["category", "subCategory"])
        .openapi({ description: "The product list's filter the value belongs to" }),
      value: z.string(),
    }),
    z.object({ type: z.literal("brand"), label: z.string(), filter: z.literal("brand"), value: z.string() }),
    z.object({
      type: z.literal("product"),
      label: z.string().openapi({ description: "The product's short title" }),
      id: z.string(),
      category: z.string(),
    }),
  ])
  .openapi("Suggestion");

const suggestionsSchema = z
  .object({
    query: z.string().openapi({ description: "The query as read: spaces collapsed, trimmed" }),
    correction: z.string().nullable().openapi({
      description: "The corrected query the suggestions are for, when the query as typed finds no product",
    }),
    suggestions: z.array(suggestionSchema).openapi({ description: "Categories, then brands, then products" }),
  })
  .openapi("Suggestions");

const suggestRoute = createRoute({
  method: "get",
  path: "/suggest",
  tags: ["products"],
  summary: "Search suggestions: categories, brands and products for what has been typed so far",
  request: {
    query: z.object({
      q: z
        .string()
        .max(MAX_SUGGEST_QUERY, `At most ${MAX_SUGGEST_QUERY} characters`)
        .optional()
        .default("")
        .openapi({ param: { name: "q", in: "query" }, example: "samsung t" }),
      limit: z
        .string()
        .regex(/^\d{1,6}$/, "Expected a whole number")
        .optional()
        .transform((value) => (value === undefined ? DEFAULT_SUGGESTIONS : Number(value)))
        .pipe(z.number().int().min(1, "Must be 1 or more"))
        // Above the cap is clamped, not refused, as the product list's limit is.
        .transform((value) => Math.min(value, MAX_SUGGESTIONS))
        .openapi({
          param: { name: "limit", in: "query" },
          type: "integer",
          example: "8",
          description: `How many suggestions, ${DEFAULT_SUGGESTIONS} by default, at most ${MAX_SUGGESTIONS}`,
        }),
    }),
  },
  responses: {
    200: success("The suggestions (none for an empty query)", suggestionsSchema),
    422: failure(
      422,
      "VALIDATION_ERROR: a query over the length limit or holding control characters, or a limit that is not a whole number of 1 or more",
    ),
    500: failure(500),
    503: failure(503),
  },
});

export function suggestRoutes(deps: ApiDeps) {
  // An OpenAPIHono whose `app.openapi` refuses a bad query with the API's 422 envelope.
  const app = routeGroup();

  // The categories and brands change only with the catalogue: kept until it changes (api/lib/catalogue/catalogue-cache.ts).
  const cache = createCatalogueCache();
  const names = () => cache.list("catalogue names", () => readCatalogueNames(deps.db));

  app.openapi(suggestRoute, async (c) => {
    const { q, limit } = c.req.valid("query");
    // Each statement at most searchStatementTimeoutMs, then 503 (api/lib/search/product-search.ts).
    const data = await withStatementTimeout(deps.db, deps.searchStatementTimeoutMs, (tx) =>
      suggest(tx, q, limit, names),
    );
    // Public and the same for everyone: a browser may keep it a minute as the shopper types and deletes.
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ status: "SUCCESS" as const, message: "Success", data } satisfies Envelope<typeof data>, 200);
  });

  return app;
}
