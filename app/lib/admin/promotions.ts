// The back office's promotion pages: their paths, labels, the create/edit form's schema, India
// time in the form, and a promotion's conditions in words (docs/back-office.md, decision 051).
// Pure: the browser imports it too.
import { z } from "zod";
import type { PromotionJson } from "../../../api/contract/types";
import { formatRupees } from "../page/money";

export const ADMIN_PROMOTIONS_PATH = "/admin/promotions";
export const newPromotionPath = (kind: "code" | "offer") => `${ADMIN_PROMOTIONS_PATH}/new?kind=${kind}`;
export const NEW_PROMOTION_PATH = `${ADMIN_PROMOTIONS_PATH}/new`;
export const adminPromotionPath = (id: string) => `${ADMIN_PROMOTIONS_PATH}/${id}`;
export const promotionReportPath = (id: string) => `${adminPromotionPath(id)}/report`;
export const promotionReportCsvPath = (id: string) => `${adminPromotionPath(id)}/report.csv`;
export const promotionCodesCsvPath = (id: string) => `${adminPromotionPath(id)}/codes.csv`;

export const PROMOTION_STATUS_LABELS: Record<PromotionJson["status"], string> = {
  active: "Active",
  paused: "Paused",
  ended: "Ended",
};
export const PROMOTION_VALIDITY_LABELS: Record<PromotionJson["validity"], string> = {
  scheduled: "Not started",
  running: "Running",
  expired: "Past its end",
};
export const PROMOTION_KIND_LABELS: Record<PromotionJson["kind"], string> = {
  code: "Code",
  offer: "Automatic offer",
};
export const DISCOUNT_TYPE_LABELS: Record<PromotionJson["discountType"], string> = {
  percent: "Percent off",
  flat: "Rupees off",
};
/** The payment methods as the shop names them (Online Payment is UPI). */
export const PROMOTION_PAYMENT_LABELS: Record<"Upi" | "cod", string> = {
  Upi: "Online Payment",
  cod: "Cash on Delivery",
};

const INDIA = "Asia/Kolkata";
const localFormat = new Intl.DateTimeFormat("sv-SE", {
  timeZone: INDIA,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});
const readableFormat = new Intl.DateTimeFormat("en-IN", {
  timeZone: INDIA,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** An instant as a datetime-local field shows it in India time ("2026-12-01T09:30"). */
export const toIndiaLocal = (iso: string) => localFormat.format(new Date(iso)).replace(" ", "T");
/** What a datetime-local field in India time means, as the API takes it ("2026-12-01T09:30:00+05:30"). */
export const fromIndiaLocal = (local: string) => `${local.length === 16 ? `${local}:00` : local}+05:30`;
/** An instant in words, India time ("1 Dec 2026, 9:30 am"). */
export const indiaDateTime = (iso: string) => readableFormat.format(new Date(iso));

/** The discount in words: "10% off, up to ₹100" or "₹150 off". */
export function discountWords(promotion: Pick<PromotionJson, "discountType" | "discountValue" | "maxDiscount">) {
  if (promotion.discountType === "flat") return `${formatRupees(promotion.discountValue)} off`;
  const cap = promotion.maxDiscount === null ? "" : `, up to ${formatRupees(promotion.maxDiscount)}`;
  return `${promotion.discountValue}% off${cap}`;
}

/** Its dates in words: "From 1 Dec 2026, 12:00 am to 1 Jan 2027, 12:00 am" (India time). */
export const validityWords = (promotion: Pick<PromotionJson, "startsAt" | "endsAt">) =>
  promotion.endsAt
    ? `${indiaDateTime(promotion.startsAt)} to ${indiaDateTime(promotion.endsAt)}`
    : `From ${indiaDateTime(promotion.startsAt)}, no end`;

/** Its uses against its cap: "12 of 500" or "12 (no limit)". */
export const usesWords = (promotion: Pick<PromotionJson, "usesCount" | "totalUses">) =>
  promotion.totalUses === null
    ? `${promotion.usesCount} (no limit)`
    : `${promotion.usesCount} of ${promotion.totalUses}`;

/** Its conditions in words, one short phrase each. */
export function conditionWords(promotion: PromotionJson): string[] {
  const words: string[] = [];
  if (promotion.minCartValue > 0) words.push(`Cart of ${formatRupees(promotion.minCartValue)} or more`);
  if (promotion.firstOrderOnly) words.push("First order only");
  if (promotion.paymentMethod) words.push(`${PROMOTION_PAYMENT_LABELS[promotion.paymentMethod]} only`);
  if (promotion.perShopperUses !== null)
    words.push(promotion.perShopperUses === 1 ? "Once per shopper" : `${promotion.perShopperUses} times per shopper`);
  const { include, exclude } = promotion.scope;
  const named = [...include.categories, ...include.brands];
  if (named.length > 0 || include.productIds.length > 0)
    words.push(
      `Only ${[...named, ...(include.productIds.length ? [`${include.productIds.length} products`] : [])].join(", ")}`,
    );
  const excluded = [...exclude.categories, ...exclude.brands];
  if (excluded.length > 0 || exclude.productIds.length > 0)
    words.push(
      `Not ${[...excluded, ...(exclude.productIds.length ? [`${exclude.productIds.length} products`] : [])].join(", ")}`,
    );
  if (promotion.kind === "code" && !promotion.combinesWithOffers) words.push("Not with an automatic offer");
  return words;
}

/** The scope's lists as the form names them. */
export const SCOPE_FIELDS = {
  includeCategories: ["include", "categories"],
  includeBrands: ["include", "brands"],
  includeProducts: ["include", "productIds"],
  excludeCategories: ["exclude", "categories"],
  excludeBrands: ["exclude", "brands"],
  excludeProducts: ["exclude", "productIds"],
} as const;
export type ScopeField = keyof typeof SCOPE_FIELDS;

const optionalWhole = (what: string) =>
  z
    .number({ error: `${what} is a whole number` })
    .int(`${what} is a whole number`)
    .min(0, `${what} is not negative`)
    .optional();
const scopeList = z.string().trim().max(5000, "At most 5000 characters").optional();
const localDateTime = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, `Enter ${what} as a date and a time`)
    .optional();

/**
 * The Create/Edit form. The API checks the rest (the code's characters and that it is free, a
 * percent of 1 to 100, the cap for a percent only, the end after the start, the scope's names)
 * and its refusals come back on these fields.
 */
export const promotionFormSchema = z.object({
  kind: z.enum(["code", "offer"]).default("code"),
  bulk: z.boolean().default(false),
  name: z.string({ error: "Enter a name" }).trim().min(1, "Enter a name").max(80, "A name is at most 80 characters"),
  code: z.string().trim().max(30, "A code is at most 30 characters").optional(),
  discountType: z.enum(["percent", "flat"], { error: "Choose percent or rupees off" }),
  discountValue: z
    .number({ error: "Enter the discount" })
    .int("The discount is a whole number")
    .min(1, "The discount is at least 1"),
  maxDiscount: optionalWhole("The cap"),
  minCartValue: optionalWhole("The minimum cart value"),
  startsAt: localDateTime("the start"),
  endsAt: localDateTime("the end"),
  totalUses: optionalWhole("The total uses"),
  perShopperUses: optionalWhole("The uses per shopper"),
  firstOrderOnly: z.boolean().default(false),
  paymentMethod: z.enum(["Upi", "cod"]).optional(),
  combinesWithOffers: z.boolean().default(false),
  includeCategories: scopeList,
  includeBrands: scopeList,
  includeProducts: scopeList,
  excludeCategories: scopeList,
  excludeBrands: scopeList,
  excludeProducts: scopeList,
});
export type PromotionForm = z.infer<typeof promotionFormSchema>;

/** A scope list typed as "Fashion, Footwear" (commas or lines). */
export const splitList = (text: string | undefined) =>
  (text ?? "")
    .split(/[,\n]/)
    .map((value) => value.trim())
    .filter(Boolean);

/** The form's values as the API takes them. */
export function promotionBody(form: PromotionForm) {
  const scopeSide = (side: "include" | "exclude") => ({
    categories: splitList(side === "include" ? form.includeCategories : form.excludeCategories),
    brands: splitList(side === "include" ? form.includeBrands : form.excludeBrands),
    productIds: splitList(side === "include" ? form.includeProducts : form.excludeProducts),
  });
  return {
    kind: form.kind,
    bulk: form.kind === "code" && form.bulk,
    name: form.name,
    code: form.kind === "code" && !form.bulk ? (form.code ?? null) : null,
    discountType: form.discountType,
    discountValue: form.discountValue,
    // Sent as typed: a cap on a rupees-off discount is refused on its field, not dropped unseen.
    maxDiscount: form.maxDiscount ?? null,
    minCartValue: form.minCartValue ?? 0,
    ...(form.startsAt ? { startsAt: fromIndiaLocal(form.startsAt) } : {}),
    endsAt: form.endsAt ? fromIndiaLocal(form.endsAt) : null,
    totalUses: form.totalUses ?? null,
    perShopperUses: form.perShopperUses ?? null,
    firstOrderOnly: form.firstOrderOnly,
    paymentMethod: form.paymentMethod ?? null,
    combinesWithOffers: form.kind === "offer" || form.combinesWithOffers,
    scope: { include: scopeSide("include"), exclude: scopeSide("exclude") },
  };
}

/** A saved promotion as the form's values. */
export function promotionDefaults(promotion: PromotionJson): Record<string, string | boolean> {
  const { include, exclude } = promotion.scope;
  return {
    kind: promotion.kind,
    bulk: promotion.bulk,
    name: promotion.name,
    code: promotion.code ?? "",
    discountType: promotion.discountType,
    discountValue: String(promotion.discountValue),
    maxDiscount: promotion.maxDiscount === null ? "" : String(promotion.maxDiscount),
    minCartValue: String(promotion.minCartValue),
    startsAt: toIndiaLocal(promotion.startsAt),
    endsAt: promotion.endsAt ? toIndiaLocal(promotion.endsAt) : "",
    totalUses: promotion.totalUses === null ? "" : String(promotion.totalUses),
    perShopperUses: promotion.perShopperUses === null ? "" : String(promotion.perShopperUses),
    firstOrderOnly: promotion.firstOrderOnly,
    paymentMethod: promotion.paymentMethod ?? "",
    combinesWithOffers: promotion.combinesWithOffers,
    includeCategories: include.categories.join(", "),
    includeBrands: include.brands.join(", "),
    includeProducts: include.productIds.join(", "),
    excludeCategories: exclude.categories.join(", "),
    excludeBrands: exclude.brands.join(", "),
    excludeProducts: exclude.productIds.join(", "),
  };
}

/** The bulk codes form: how many, and a prefix. */
export const bulkCodesFormSchema = z.object({
  count: z
    .number({ error: "Enter how many codes" })
    .int("How many codes is a whole number")
    .min(1, "Generate at least 1 code")
    .max(10_000, "At most 10000 codes at a time"),
  prefix: z.string().trim().max(13, "A prefix is at most 12 letters and digits, and a dash").optional(),
});
