import { z } from "zod";

// The body of `POST /userapp/product/list` and `/product/count`, parsed: what the shopper asks
// for (api/lib/search/product-search.ts finds it, api/lib/search/listing-planner.ts pages through it).
// Unknown keys (Mongo-style `collation`, `lean`, `pagination`, a query's
// `isDeleted`...) are dropped by zod, so nothing a client sends reaches SQL except the
// values read below, always as bound parameters.

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;
/** Far beyond any real catalogue; keeps OFFSET a sane integer. */
const MAX_PAGE = 1_000_000;

/** A number, also when sent as a numeric string ("20"); null or a blank string counts as absent. */
const numberLike = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string" && value.trim() === "") return undefined;
  const parsed = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(parsed)) {
    ctx.addIssue({ code: "custom", message: "Expected a number" });
    return z.NEVER;
  }
  return parsed;
});

const filterValue = z.string().trim().max(100, "At most 100 characters");

/** A list filter: a list of strings, or one string (normalised to a list). Blanks are dropped; an empty list filters nothing. */
const filterList = z
  .preprocess(
    (value) => (typeof value === "string" ? [value] : value),
    z.array(filterValue).max(50, "At most 50 values").nullish(),
  )
  .transform((value) => (value ?? []).filter((v) => v !== ""));

const priceBound = numberLike.pipe(z.number().nonnegative("Must be 0 or more").optional()).optional();

/**
 * The lowest rating a product may show ("4★ & above" is 4): its published reviews' average as
 * the cards show it, to one decimal (so 3.96, shown as 4.0, is in). Unrated products never are.
 */
const minRating = numberLike
  .pipe(z.number().min(0, "Must be 0 or more").max(5, "Must be 5 or less").optional())
  .optional()
  .transform((value) => value ?? null);

const querySchema = z.object({
  search: z
    .preprocess(
      (value) => (typeof value === "number" ? String(value) : value),
      z.string().max(200, "At most 200 characters").nullish(),
    )
    .transform((value) => value ?? ""),
  category: filterList,
  subCategory: filterList,
  brand: filterList,
  productType: filterList,
  productSubType: filterList,
  size: filterList,
  gender: filterValue.nullish().transform((value) => value || null),
  minRating,
  /** true: only products with a size in stock; false: only sold-out ones; absent: both. */
  inStock: z
    .boolean()
    .nullish()
    .transform((value) => value ?? null),
  priceRange: z
    .object({ min: priceBound, max: priceBound })
    .nullish()
    .refine((range) => range == null || range.min == null || range.max == null || range.min <= range.max, {
      message: "The minimum price must not exceed the maximum",
      path: ["min"],
    }),
});

export type ProductQuery = z.output<typeof querySchema>;

export type SortField = "createdAt" | "price" | "discount" | "rating" | "title";
export type Sort = { field: SortField; direction: "asc" | "desc" };

const DEFAULT_SORT: Sort = { field: "createdAt", direction: "desc" };

/** Accepted names for each sort field (the API's documented names, and the column names a client may know). */
const SORT_FIELDS: Record<string, SortField> = {
  createdAt: "createdAt",
  price: "price",
  discount: "discount",
  rating: "rating",
  ratingValue: "rating",
  title: "title",
  shortTitle: "title",
  "title.shortTitle": "title",
};

function sortDirection(value: unknown): Sort["direction"] | null {
  const text = typeof value === "string" ? value.trim().toLowerCase() : value;
  if (text === 1 || text === "1" || text === "asc" || text === "ascending") return "asc";
  if (text === -1 || text === "-1" || text === "desc" || text === "descending") return "desc";
  return null;
}

/** `{price: 1}`, `{createdAt: "-1"}`, `{rating: "desc"}`, or Mongo's string form `"-createdAt"`. One field at a time. */
const sortSchema = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .nullish()
  .transform((value, ctx): Sort => {
    if (value == null) return DEFAULT_SORT;
    let entries: [string, unknown][];
    if (typeof value === "string") {
      const tokens = value.trim().split(/\s+/).filter(Boolean);
      entries = tokens.map((token) => (token.startsWith("-") ? [token.slice(1), -1] : [token.replace(/^\+/, ""), 1]));
    } else {
      entries = Object.entries(value);
    }
    if (entries.length === 0) return DEFAULT_SORT;
    if (entries.length > 1) {
      ctx.addIssue({ code: "custom", message: "Sort by one field at a time" });
      return z.NEVER;
    }
    const [key, rawDirection] = entries[0];
    const field = Object.hasOwn(SORT_FIELDS, key) ? SORT_FIELDS[key] : undefined;
    if (!field) {
      ctx.addIssue({ code: "custom", path: [key], message: "Sort by createdAt, price, discount, rating or title" });
      return z.NEVER;
    }
    const direction = sortDirection(rawDirection);
    if (!direction) {
      ctx.addIssue({ code: "custom", path: [key], message: "Use 1 (ascending) or -1 (descending)" });
      return z.NEVER;
    }
    return { field, direction };
  });

const optionsSchema = z.object({
  page: numberLike
    .pipe(z.number().int("Expected a whole number").min(1, "Must be 1 or more").max(MAX_PAGE, "Too large").optional())
    .optional()
    .transform((value) => value ?? 1),
  // Above the cap is clamped, not refused: a client asking for 500 gets 100.
  limit: numberLike
    .pipe(z.number().int("Expected a whole number").min(1, "Must be 1 or more").optional())
    .optional()
    .transform((value) => Math.min(value ?? DEFAULT_LIMIT, MAX_LIMIT)),
  sort: sortSchema,
  // Accepted for the original client; the merchant is always populated.
  populate: z.unknown().optional(),
  // The search as typed, never corrected (api/lib/search/search-fallback.ts): "Search instead for …".
  exact: z
    .boolean()
    .nullish()
    .transform((value) => value === true),
});

/** `{query, options, isCountOnly}` of `product/list`. */
export const productListSchema = z.object({
  query: querySchema.nullish().transform((value) => value ?? querySchema.parse({})),
  options: optionsSchema.nullish().transform((value) => value ?? optionsSchema.parse({})),
  isCountOnly: z.boolean().nullish(),
});

/** `{query}` of `product/count`. */
export const productCountSchema = z.object({
  query: querySchema.nullish().transform((value) => value ?? querySchema.parse({})),
});
