import { z } from "@hono/zod-openapi";
import { REFUSAL_STATUSES, type RefusalCode, type RefusalData, ROUTE_REFUSALS } from "../../contract/refusals";

// The refusals as the OpenAPI document declares them (docs/decisions/035-refusal-codes.md): each
// code's envelope is a component (`Refusal_<CODE>`: its status, `code` and `data`), and each route
// answers, per failure status, one of the codes it declares (api/contract/refusals.ts). The
// API tests check every answer against these, so an undeclared code fails them.

const fieldError = z.object({ path: z.string(), message: z.string() });
const retryAfter = z.object({ retryAfter: z.number().int() });
const limit = z.object({ limit: z.number().int() });
const stock = z.object({ productId: z.string(), size: z.string(), requested: z.number(), available: z.number() });
const state = z.object({ state: z.string() });
const promo = z.object({ code: z.string().nullable() });
const problem = <P extends string>(value: P) => z.object({ problem: z.literal(value) });

/** Each code's `data`, checked against the contract's type (RefusalData). */
const DATA: { [C in RefusalCode]: z.ZodType<RefusalData[C]> } = {
  UNAUTHENTICATED: z.null(),
  FORBIDDEN: z.null(),
  TOO_LARGE: limit,
  RATE_LIMITED: retryAfter,
  SERVER_ERROR: z.null(),
  BUSY: z.null(),
  DATABASE_UNAVAILABLE: z.null(),
  MALFORMED_REQUEST: z.null(),
  VALIDATION: z.array(fieldError),
  NOT_FOUND: z.null(),
  INVALID_CREDENTIALS: z.null(),
  WRONG_PASSWORD: z.null(),
  TOO_MANY_ATTEMPTS: retryAfter,
  EMAIL_TAKEN: z.null(),
  LINK_UNKNOWN: problem("unknown"),
  LINK_USED: problem("used"),
  LINK_EXPIRED: problem("expired"),
  NOT_ENOUGH_STOCK: stock,
  SIZE_UNAVAILABLE: stock.nullable(),
  CART_FULL: z.null(),
  CHANGE_ABANDONED: z.null(),
  CART_EMPTY: z.object({ emptyCart: z.literal(true) }),
  COD_LIMIT: z.object({ totalAmount: z.number(), codLimit: z.number() }),
  COD_UNITS: z.object({ productId: z.string(), units: z.number(), maxCodUnits: z.number() }),
  COD_ORDERS: z.object({ openCodOrders: z.number(), limit: z.number() }),
  UNPAID_ORDERS: z.object({ unpaidOrders: z.number(), limit: z.number() }),
  ORDER_STATE: z.object({ status: z.string(), paymentStatus: z.string() }),
  UTR_TAKEN: z.null(),
  GSTIN_TAKEN: z.null(),
  RETRY_STATE: state,
  ENDPOINT_DISABLED: state,
  ENDPOINT_LIMIT: z.null(),
  FILE_TOO_LARGE: limit,
  IMAGE_DUPLICATE: z.null(),
  IMAGE_LIMIT: z.null(),
  NOT_ELIGIBLE: z.null(),
  ALREADY_REVIEWED: z.null(),
  REVIEW_REMOVED: z.null(),
  OWN_REVIEW: z.null(),
  PHOTO_DUPLICATE: z.null(),
  REVIEW_PHOTO_LIMIT: z.null(),
  UPLOAD_LIMIT: z.object({ retryAfter: z.number().int() }),
  IMPORT_ROWS: z.array(
    z.union([z.object({ line: z.number().int(), field: z.string(), message: z.string() }), fieldError]),
  ),
  COURIER_UNKNOWN: z.null(),
  REASON_UNKNOWN: z.null(),
  COURIER_TAKEN: z.null(),
  COURIER_LIMIT: z.null(),
  MOBILE_REQUIRED: z.array(fieldError),
  PIN_STATE_MISMATCH: z.array(fieldError),
  PROMO_CODE_TAKEN: z.null(),
  PROMO_STATE: z.object({ status: z.string() }),
  PROMO_NOT_BULK: z.null(),
  PROMO_UNKNOWN: promo,
  PROMO_PAUSED: promo,
  PROMO_NOT_STARTED: promo,
  PROMO_EXPIRED: promo,
  PROMO_EXHAUSTED: promo,
  PROMO_USED: promo,
  PROMO_FIRST_ORDER: promo,
  PROMO_PAYMENT_METHOD: promo,
  PROMO_MIN_CART: promo,
  PROMO_NOT_ELIGIBLE: promo,
  PRICE_CHANGED: z.object({ expectedTotal: z.number().int(), totalAmount: z.number().int() }),
};

/** The spec's envelope status of each HTTP status a refusal is answered with. */
const ENVELOPE_STATUS = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "RECORD_NOT_FOUND",
  409: "FAILURE",
  413: "PAYLOAD_TOO_LARGE",
  422: "VALIDATION_ERROR",
  429: "TOO_MANY_REQUESTS",
  500: "SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
} as const;

export type RefusalHttpStatus = keyof typeof ENVELOPE_STATUS;

const envelopes = new Map<RefusalCode, z.ZodType>();

/** The envelope of one code: its statuses, `message`, `code` and its `data` (a component of the document). */
export function refusalEnvelope(code: RefusalCode): z.ZodType {
  let schema = envelopes.get(code);
  if (!schema) {
    const statuses = REFUSAL_STATUSES[code].map((status) => ENVELOPE_STATUS[status]);
    const base = z.object({
      status: z.enum(statuses as [string, ...string[]]),
      message: z.string(),
      data: DATA[code],
      code: z.literal(code),
    });
    // A refused catalogue import counts all its errors beside the first ones it lists.
    schema = (code === "IMPORT_ROWS" ? base.extend({ errorCount: z.number().int().optional() }) : base).openapi(
      `Refusal_${code}`,
    );
    envelopes.set(code, schema);
  }
  return schema;
}

/** Every code's envelope: what a route outside the declarations (/media) may answer. */
export const anyRefusalEnvelope = () =>
  z.union((Object.keys(REFUSAL_STATUSES) as RefusalCode[]).map(refusalEnvelope) as [z.ZodType, z.ZodType]);

/** The failure answers of one code list, by HTTP status: one envelope per code, or a union of them. */
export function refusalsByStatus(codes: Iterable<RefusalCode>): Map<RefusalHttpStatus, RefusalCode[]> {
  const byStatus = new Map<RefusalHttpStatus, RefusalCode[]>();
  for (const code of codes)
    for (const status of REFUSAL_STATUSES[code]) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  return byStatus;
}

export function envelopeOfCodes(codes: RefusalCode[]): z.ZodType {
  const schemas = codes.map(refusalEnvelope);
  return schemas.length === 1 ? schemas[0] : z.union(schemas as [z.ZodType, z.ZodType, ...z.ZodType[]]);
}

/**
 * The codes a route of the document may answer: its own (ROUTE_REFUSALS), VALIDATION, and the
 * shared ones that apply to it. `key` is `METHOD /path` under /userapp; an undeclared route throws,
 * so a new route cannot go without its declaration.
 */
export function routeCodes(
  key: string,
  route: { hasBody: boolean; signedIn: boolean; admin: boolean; documented: number[] },
): RefusalCode[] {
  const own = (ROUTE_REFUSALS as Record<string, readonly RefusalCode[]>)[key];
  if (!own) throw new Error(`${key} declares no refusals in api/contract/refusals.ts (ROUTE_REFUSALS)`);
  const shared: RefusalCode[] = ["VALIDATION", "TOO_LARGE", "SERVER_ERROR"];
  if (route.hasBody) shared.push("MALFORMED_REQUEST");
  if (route.signedIn) shared.push("UNAUTHENTICATED");
  if (route.admin) shared.push("FORBIDDEN");
  // A search past its time limit (the route says so with its 503).
  if (route.documented.includes(503)) shared.push("BUSY");
  return [...new Set([...own, ...shared])];
}
