import { z } from "@hono/zod-openapi";
import { ID_PATTERN } from "../../contract";

// The shapes of the back office's promotion calls (api/routes/admin-promotions.ts): what an admin
// sends to create or edit a code or an automatic offer, and what the API answers, as zod schemas
// for the OpenAPI document, the handlers and the API tests. The rules that price an order with a
// promotion are not here (api/lib/promotions/, the shopper's side).

export const PROMOTION_KINDS = ["code", "offer"] as const;
export const PROMOTION_STATUSES = ["active", "paused", "ended"] as const;
export const DISCOUNT_TYPES = ["percent", "flat"] as const;
export const PROMOTION_PAYMENT_METHODS = ["Upi", "cod"] as const;
/** Where a promotion stands in its dates: not started, running, or past its end. */
export const PROMOTION_VALIDITIES = ["scheduled", "running", "expired"] as const;

/** A code shoppers type: letters, digits and dashes, 3 to 30 (stored upper-case). */
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,28}[A-Z0-9]$/;
export const PROMO_CODE_MESSAGE =
  "A code is 3 to 30 letters, digits and dashes, starting and ending with a letter or digit";
export const MAX_PROMOTION_NAME_LENGTH = 80;
/** The most rupees a flat discount, a cap or a minimum cart value may be. */
export const MAX_PROMOTION_RUPEES = 1_000_000;
/** The most uses a cap may name. */
export const MAX_PROMOTION_USES = 10_000_000;
/** The most values each list of a promotion's scope holds. */
export const MAX_SCOPE_VALUES = 100;

/** The most bulk codes one request generates (a campaign may ask again for more). */
export const MAX_BULK_CODES_PER_REQUEST = 10_000;
/** A bulk code's random part: 10 characters of BULK_CODE_ALPHABET (docs/decisions/051-promotions-back-office.md). */
export const BULK_CODE_RANDOM_LENGTH = 10;
/** Digits and capitals without the look-alikes 0/O, 1/I/L: 31 characters, about 4.95 bits each. */
export const BULK_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const MAX_BULK_PREFIX_LENGTH = 12;
export const BULK_PREFIX_PATTERN = /^[A-Z0-9]{1,12}-?$/;

const id = z.string().openapi({ example: "8b927a8cb7d862e1def9c3d5" });
const isoDate = z.string().openapi({ format: "date-time", example: "2026-11-23T10:15:00.000Z" });

const wholeRupees = (what: string, min: number) =>
  z
    .number({ error: `${what} is a whole number of rupees` })
    .int(`${what} is a whole number of rupees`)
    .min(min, `${what} is at least ₹${min}`)
    .max(MAX_PROMOTION_RUPEES, `${what} is at most ₹${MAX_PROMOTION_RUPEES}`);

const usesCap = (what: string) =>
  z
    .number({ error: `${what} is a whole number` })
    .int(`${what} is a whole number`)
    .min(1, `${what} is at least 1 (leave it empty for no limit)`)
    .max(MAX_PROMOTION_USES, `${what} is at most ${MAX_PROMOTION_USES}`)
    .nullish()
    .transform((value) => value ?? null);

/** An instant with its offset ("2026-12-01T00:00:00+05:30"); the back office sends India time. */
const instant = (what: string) =>
  z.iso
    .datetime({ offset: true, error: `${what} is a date and time with its offset, like 2026-12-01T00:00:00+05:30` })
    .transform((value) => new Date(value));

const scopeValues = (what: string, item: z.ZodType<string>) =>
  z
    .array(item, { error: `${what} is a list` })
    .max(MAX_SCOPE_VALUES, `At most ${MAX_SCOPE_VALUES} ${what.toLowerCase()}`)
    .default([])
    .transform((values) => [...new Set(values)]);

const scopeText = z
  .string({ error: "Each value is text" })
  .trim()
  .min(1, "A value is empty")
  .max(100, "A value is at most 100 characters");
const scopeListSchema = z.object({
  categories: scopeValues("Categories", scopeText),
  brands: scopeValues("Brands", scopeText),
  productIds: scopeValues("Products", z.string().trim().regex(ID_PATTERN, "A product id is 24 hex digits")),
});
const emptyScopeList = { categories: [], brands: [], productIds: [] };

export const promotionScopeSchema = z
  .object({
    include: scopeListSchema.default(emptyScopeList),
    exclude: scopeListSchema.default(emptyScopeList),
  })
  .openapi("PromotionScope", {
    description:
      "What the discount applies to: every line unless `include` names some (a line in any named category, brand or product); never a line `exclude` names",
  });

/**
 * A code or an offer as an admin enters it (POST, and PUT without `kind` and `bulk`, which stay as
 * created). The checks between fields (a code needs its code, a cap is for a percent, the end
 * after the start…) are `promotionIssues`, which the create and the edit both run.
 */
export const promotionInputSchema = z
  .object({
    kind: z.enum(PROMOTION_KINDS, { error: "kind is code or offer" }).openapi({
      description: "code: shoppers type it; offer: applies by itself to every order that meets its conditions",
    }),
    name: z
      .string({ error: "Enter a name" })
      .trim()
      .min(1, "Enter a name")
      .max(MAX_PROMOTION_NAME_LENGTH, `A name is at most ${MAX_PROMOTION_NAME_LENGTH} characters`)
      .openapi({ example: "Welcome: 10% off your first order" }),
    code: z
      .string({ error: "A code is text" })
      .trim()
      .transform((value) => value.toUpperCase())
      .nullish()
      .transform((value) => value || null)
      .refine((value) => value === null || PROMO_CODE_PATTERN.test(value), PROMO_CODE_MESSAGE)
      .openapi({
        description:
          "The code shoppers type (case-insensitive; stored upper-case); none for an offer or a bulk campaign",
        example: "WELCOME10",
      }),
    bulk: z
      .boolean()
      .default(false)
      .openapi({ description: "A campaign of generated single-use codes (kind code only)" }),
    discountType: z.enum(DISCOUNT_TYPES, { error: "Choose percent or flat" }),
    discountValue: z
      .number({ error: "Enter the discount" })
      .int("The discount is a whole number")
      .min(1, "The discount is at least 1")
      .max(MAX_PROMOTION_RUPEES, `The discount is at most ${MAX_PROMOTION_RUPEES}`)
      .openapi({ description: "Percent (1 to 100) or rupees, by discountType" }),
    maxDiscount: wholeRupees("The cap", 1)
      .nullish()
      .transform((value) => value ?? null)
      .openapi({ description: "For a percent discount: the most it gives, in rupees; null for no cap" }),
    minCartValue: wholeRupees("The minimum cart value", 0).default(0),
    startsAt: instant("The start")
      .optional()
      .openapi({ description: "When it starts; unset: now (create) or as it was (edit)" }),
    endsAt: instant("The end")
      .nullish()
      .transform((value) => value ?? null)
      .openapi({ description: "When it ends (exclusive); null for never" }),
    totalUses: usesCap("The total uses").openapi({ description: "Orders that may use it in all; null for no limit" }),
    perShopperUses: usesCap("The uses per shopper").openapi({
      description: "Orders one shopper (by account and by mobile number) may use it for; null for no limit",
    }),
    firstOrderOnly: z.boolean().default(false),
    paymentMethod: z
      .enum(PROMOTION_PAYMENT_METHODS, { error: "paymentMethod is Upi (Online Payment), cod, or null for either" })
      .nullish()
      .transform((value) => value ?? null),
    scope: promotionScopeSchema.default({ include: emptyScopeList, exclude: emptyScopeList }),
    combinesWithOffers: z
      .boolean()
      .default(true)
      .openapi({ description: "For a code: whether an automatic offer may apply to the same order" }),
  })
  .openapi("PromotionInput");

export type PromotionInput = z.output<typeof promotionInputSchema>;

export const promotionUpdateSchema = promotionInputSchema.omit({ kind: true, bulk: true }).openapi("PromotionUpdate");
export type PromotionUpdate = z.output<typeof promotionUpdateSchema>;

/** The field errors between fields of a promotion (kind and bulk as created). */
export function promotionIssues(
  input: PromotionUpdate & { kind: (typeof PROMOTION_KINDS)[number]; bulk: boolean },
  startsAt: Date,
): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (input.kind === "offer" && input.code) issues.push({ path: "code", message: "An automatic offer has no code" });
  if (input.kind === "offer" && input.bulk)
    issues.push({ path: "bulk", message: "Only a code can be a campaign of single-use codes" });
  if (input.kind === "code" && input.bulk && input.code)
    issues.push({ path: "code", message: "A bulk campaign's codes are generated: leave the code empty" });
  if (input.kind === "code" && !input.bulk && !input.code) issues.push({ path: "code", message: "Enter the code" });
  if (input.discountType === "percent" && input.discountValue > 100)
    issues.push({ path: "discountValue", message: "A percent discount is 1 to 100" });
  if (input.discountType === "flat" && input.maxDiscount !== null)
    issues.push({ path: "maxDiscount", message: "A cap is only for a percent discount" });
  if (input.endsAt && input.endsAt.getTime() <= startsAt.getTime())
    issues.push({ path: "endsAt", message: "The end must be after the start" });
  if (input.totalUses !== null && input.perShopperUses !== null && input.perShopperUses > input.totalUses)
    issues.push({ path: "perShopperUses", message: "The uses per shopper cannot be more than the total uses" });
  return issues;
}

/** `PromotionJson` (api/lib/promotions/admin-promotions.ts). */
export const promotionSchema = z
  .object({
    id,
    kind: z.enum(PROMOTION_KINDS),
    name: z.string(),
    code: z.string().nullable(),
    bulk: z.boolean(),
    bulkCodes: z.number().int().openapi({ description: "A bulk campaign's generated codes (0 otherwise)" }),
    discountType: z.enum(DISCOUNT_TYPES),
    discountValue: z.number().int(),
    maxDiscount: z.number().int().nullable(),
    minCartValue: z.number().int(),
    startsAt: isoDate,
    endsAt: isoDate.nullable(),
    totalUses: z.number().int().nullable(),
    perShopperUses: z.number().int().nullable(),
    firstOrderOnly: z.boolean(),
    paymentMethod: z.enum(PROMOTION_PAYMENT_METHODS).nullable(),
    scope: promotionScopeSchema,
    combinesWithOffers: z.boolean(),
    status: z.enum(PROMOTION_STATUSES),
    validity: z.enum(PROMOTION_VALIDITIES).openapi({ description: "Where it stands in its dates now" }),
    usesCount: z.number().int().openapi({ description: "Orders holding a use now" }),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .openapi("Promotion");

export const promotionListQuerySchema = z.object({
  kind: z.enum(PROMOTION_KINDS, { error: "kind is code or offer" }).optional(),
  status: z.enum(PROMOTION_STATUSES, { error: `status is one of ${PROMOTION_STATUSES.join(", ")}` }).optional(),
  /** Part of the name or the code. */
  search: z.string().trim().max(80, "search is at most 80 characters").optional(),
});

export const bulkCodesInputSchema = z
  .object({
    count: z
      .number({ error: "Enter how many codes" })
      .int("How many codes is a whole number")
      .min(1, "Generate at least 1 code")
      .max(MAX_BULK_CODES_PER_REQUEST, `At most ${MAX_BULK_CODES_PER_REQUEST} codes at a time`),
    prefix: z
      .string({ error: "A prefix is text" })
      .trim()
      .transform((value) => value.toUpperCase())
      .nullish()
      .transform((value) => value || null)
      .refine(
        (value) => value === null || BULK_PREFIX_PATTERN.test(value),
        `A prefix is 1 to ${MAX_BULK_PREFIX_LENGTH} letters and digits, and may end with a dash`,
      )
      .openapi({ example: "DIWALI-", description: "Put before each code's random part" }),
  })
  .openapi("BulkCodesInput");

export const bulkCodesResultSchema = z
  .object({
    generated: z.number().int(),
    bulkCodes: z.number().int().openapi({ description: "The campaign's codes in all, now" }),
  })
  .openapi("BulkCodesResult");

const periodSchema = z.object({
  from: isoDate,
  to: isoDate,
  orders: z.number().int().openapi({ description: "Orders placed then, but those cancelled" }),
  online: z.number().int().openapi({ description: "Of those, the orders placed to pay online (UPI)" }),
  onlineShare: z
    .number()
    .nullable()
    .openapi({ description: "online ÷ orders in percent, one decimal; null without orders" }),
});

export const promotionUseSchema = z.object({
  orderId: id,
  orderNumber: z.string(),
  placedAt: isoDate,
  paymentMethod: z.string(),
  code: z.string().nullable(),
  discount: z.number().int(),
  paid: z.number().int().openapi({ description: "What the order came to, after its discounts" }),
  status: z.enum(["held", "released"]),
  overCap: z.boolean(),
});

export const promotionReportSchema = z
  .object({
    promotion: promotionSchema,
    orders: z.number().int().openapi({ description: "Orders holding a use (cancelled ones released theirs)" }),
    totalDiscount: z.number().int().openapi({ description: "Rupees those orders were given off" }),
    revenue: z.number().int().openapi({ description: "Rupees those orders came to, after their discounts" }),
    released: z.number().int().openapi({ description: "Uses given back by cancelled orders" }),
    overCap: z.number().int().openapi({ description: "Uses past the cap, taken again by late payments" }),
    prepaid: z.object({ before: periodSchema, during: periodSchema }).nullable().openapi({
      description:
        "A prepaid offer's share of orders paid online, in a period as long before it started, and during it",
    }),
    recentUses: z.array(promotionUseSchema).openapi({ description: "The newest uses (the CSV holds them all)" }),
  })
  .openapi("PromotionReport");
