import net from "node:net";
import { z } from "zod";
import { IPV6_LIMIT_PREFIX, parseTrustProxy } from "./platform/client-address";
import { defaultSupportEmail, SHOP_NAME } from "./contract";
import type { ShopIdentity } from "./lib/context";
import { gstinProblem, gstinStateProblem, gstState } from "./lib/tax/gst";
import type { OrderSettings } from "./lib/orders/order-states";

/** Environment of the API and server, parsed once at start-up. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// or postgresql:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /**
     * The same database without a pooler in between, for what needs a session of its own: the
     * migrations' lock, the catalogue's LISTEN and the job queue (docs/deployment.md, "PgBouncer").
     * Unset: DATABASE_URL serves for those too.
     */
    DATABASE_DIRECT_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_DIRECT_URL must be a postgres:// or postgresql:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    NODE_ENV: z.string().default("production"),
    /** Worker processes sharing the port (node:cluster), PostgreSQL only; unset: one per core (api/platform/runtime.ts). */
    WEB_CONCURRENCY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === "") return undefined;
        const count = Number(value);
        if (!Number.isInteger(count) || count < 1 || count > 64) {
          ctx.addIssue({ code: "custom", message: "WEB_CONCURRENCY must be a whole number from 1 to 64" });
          return z.NEVER;
        }
        return count;
      }),
    /** The most PostgreSQL connections each process's pool opens. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
    /** Seconds a guest's public page (home, shop, product) is served from the storefront's micro-cache; 0 turns it off. */
    PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
    /** The largest /userapp request body read, in bytes; larger answers 413 (api/app.ts). */
    API_BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024)
      .default(1024 * 1024),
    /** Whose X-Forwarded-For is believed: off, a hop count or addresses/CIDRs (api/platform/client-address.ts). */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return parseTrustProxy(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),
    /**
     * The IPv6 network, as a prefix length, that per-address limits (sign-in, registration,
     * password reset) count as one client: 64 (a subscriber's usual allocation) by default.
     */
    IPV6_LIMIT_PREFIX: z.coerce
      .number()
      .int("IPV6_LIMIT_PREFIX must be a whole number")
      .min(IPV6_LIMIT_PREFIX.min, `IPV6_LIMIT_PREFIX is ${IPV6_LIMIT_PREFIX.min} to ${IPV6_LIMIT_PREFIX.max}`)
      .max(IPV6_LIMIT_PREFIX.max, `IPV6_LIMIT_PREFIX is ${IPV6_LIMIT_PREFIX.min} to ${IPV6_LIMIT_PREFIX.max}`)
      .default(IPV6_LIMIT_PREFIX.default),
    /** The largest storefront form post read, in bytes; larger answers 413 (server/body-limit.ts). */
    FORM_BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024)
      .default(64 * 1024),
    /** Minutes an order awaiting its UPI payment holds its stock; fractions allowed (0.5 is 30 s). */
    PAYMENT_WINDOW_MINUTES: z.coerce
      .number()
      .gt(0, "PAYMENT_WINDOW_MINUTES must be more than 0")
      .max(7 * 24 * 60)
      .default(30),
    /** Orders one shopper may have awaiting payment at once. */
    MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).max(100).default(3),
    /** The largest order total, in whole rupees, that may be paid by Cash on Delivery (0: none). */
    COD_LIMIT: z.coerce.number().int().min(0).default(50000),
    /** Cash on Delivery orders one shopper may have open (not yet delivered) at once. */
    MAX_OPEN_COD_ORDERS: z.coerce.number().int().min(1).max(100).default(2),
    /** Units of one product that one Cash on Delivery order may hold. */
    MAX_COD_UNITS: z.coerce.number().int().min(1).max(1000).default(5),
    /** Hours a Cash on Delivery order waits for its shopper's confirmation before it is cancelled; fractions allowed. */
    COD_CONFIRM_HOURS: z.coerce
      .number()
      .gt(0, "COD_CONFIRM_HOURS must be more than 0")
      .max(7 * 24, "COD_CONFIRM_HOURS is at most 168 (a week)")
      .default(24),
    /** Milliseconds one statement of a guest's search, list or suggestions may run before it is cancelled and answered 503. */
    SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(2000),
    /**
     * The shop's public origin: the links in its messages (and the storefront's canonical links).
     * Unset, messages link to where the shop listens (listeningOrigin); in production a shop that
     * mails (SMTP_URL) must set it (the superRefine below).
     */
    PUBLIC_ORIGIN: z
      .string()
      .url({ protocol: /^https?$/, message: "PUBLIC_ORIGIN must be an http(s) URL such as https://shop.example.in" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** The address shoppers write to (default support@ the PUBLIC_ORIGIN's domain). */
    SUPPORT_EMAIL: z
      .email("SUPPORT_EMAIL must be an email address")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Where messages are sent: smtp:// or smtps:// with credentials; unset, they are kept and not sent. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** The sender of every message (default "Mart <SUPPORT_EMAIL>"). */
    MAIL_FROM: z
      .string()
      .max(320)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /**
     * The shop's own GST details, printed on its platform-fee invoices and credit notes
     * (api/lib/tax/platform-fee.ts): its legal name (default the shop's name), GSTIN, state and
     * registered address. The GSTIN is checked like a seller's, and must be of SHOP_STATE.
     */
    SHOP_LEGAL_NAME: z
      .string()
      .trim()
      .max(200, "SHOP_LEGAL_NAME is at most 200 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    SHOP_GSTIN: z
      .string()
      .trim()
      .transform((gstin) => gstin.toUpperCase())
      .superRefine((gstin, ctx) => {
        const problem = gstin === "" ? null : gstinProblem(gstin);
        if (problem) ctx.addIssue({ code: "custom", message: `SHOP_GSTIN: ${problem}` });
      })
      .optional()
      .transform((gstin) => gstin || undefined),
    SHOP_STATE: z
      .string()
      .trim()
      .refine(
        (state) => state === "" || gstState(state) !== null,
        "SHOP_STATE must be one of India's states, as spelt in docs/gst.md",
      )
      .optional()
      .transform((state) => (state ? gstState(state)!.name : undefined)),
    SHOP_ADDRESS: z
      .string()
      .trim()
      .max(500, "SHOP_ADDRESS is at most 500 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Webhook endpoints may be on loopback and private addresses (tests, a provider on the shop's own network); off by default. */
    WEBHOOKS_ALLOW_PRIVATE: z
      .enum(["", "0", "1", "false", "true"], { error: "WEBHOOKS_ALLOW_PRIVATE must be 1 or 0 (true or false)" })
      .default("")
      .transform((value) => value === "1" || value === "true"),
    /** Accounts one client address may register per hour (api/lib/accounts/throttle.ts). */
    REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
    /** Password-reset links one client address may ask for per hour; more are answered alike and send nothing. */
    PASSWORD_RESET_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
    /** Password-reset links sent for one account per hour, from any addresses. */
    PASSWORD_RESET_ACCOUNT_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(3),
    /** Requests one account may make per hour to change its email (each emails the new address); more are 429. */
    EMAIL_CHANGE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(3),
    /** Photos one account may send to its reviews per hour (each is decoded); more are 429. */
    REVIEW_PHOTO_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(20),
    /** Promotion codes one account may try in an hour that do not apply; more are 429. */
    PROMO_CODE_FAILURES_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
    /** … and one client address (its IPv6 /64), whichever accounts try them. */
    PROMO_CODE_FAILURES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(10000).default(30),
  })
  .superRefine((env, ctx) => {
    if (env.SHOP_GSTIN && !env.SHOP_STATE) {
      ctx.addIssue({ code: "custom", path: ["SHOP_STATE"], message: "SHOP_STATE is required with SHOP_GSTIN" });
    }
    const problem = env.SHOP_GSTIN && env.SHOP_STATE ? gstinStateProblem(env.SHOP_GSTIN, env.SHOP_STATE) : null;
    if (problem) ctx.addIssue({ code: "custom", path: ["SHOP_GSTIN"], message: problem });
    if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_DIRECT_URL"],
        message: "DATABASE_DIRECT_URL goes with DATABASE_URL (the embedded PostgreSQL needs neither)",
      });
    }
    // Where the shop listens is seldom where shoppers reach it (a proxy, a domain): mailed links
    // would be dead, and every Cash on Delivery order cancelled for want of its confirmation.
    if (env.SMTP_URL && !env.PUBLIC_ORIGIN && env.NODE_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["PUBLIC_ORIGIN"], message: PUBLIC_ORIGIN_REQUIRED });
    }
  });

/** Why a production shop with SMTP_URL and no PUBLIC_ORIGIN does not start (one line). */
export const PUBLIC_ORIGIN_REQUIRED =
  "PUBLIC_ORIGIN is required in production with SMTP_URL: mailed links would point at this server's own address (set PUBLIC_ORIGIN=https://your-shop)";

/** Why `npm run start:api` with SMTP_URL and no PUBLIC_ORIGIN does not start, in any NODE_ENV: it serves no page. */
export const API_PUBLIC_ORIGIN_REQUIRED =
  "PUBLIC_ORIGIN is required with SMTP_URL for the API alone: the links it mails go to the storefront, whose address only PUBLIC_ORIGIN gives.";

export type ServerEnv = z.output<typeof envSchema>;

/**
 * What of `env` the /userapp API takes (createUserapp's options), for the shop and the API alone
 * alike; `shop` (shopIdentity) comes beside it, once the process knows where it listens.
 */
export function userappSettings(env: ServerEnv) {
  return {
    bodyLimitBytes: env.API_BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    ipv6LimitPrefix: env.IPV6_LIMIT_PREFIX,
    registerMaxPerIp: env.REGISTER_LIMIT_PER_HOUR,
    resetMaxPerIp: env.PASSWORD_RESET_LIMIT_PER_HOUR,
    resetMaxPerAccount: env.PASSWORD_RESET_ACCOUNT_LIMIT_PER_HOUR,
    emailChangeMaxPerAccount: env.EMAIL_CHANGE_LIMIT_PER_HOUR,
    reviewPhotoUploadsPerHour: env.REVIEW_PHOTO_UPLOADS_PER_HOUR,
    promoCodeMaxFailures: {
      perAccount: env.PROMO_CODE_FAILURES_PER_HOUR,
      perIp: env.PROMO_CODE_FAILURES_PER_ADDRESS_PER_HOUR,
    },
    orders: orderSettings(env),
    searchStatementTimeoutMs: env.SEARCH_STATEMENT_TIMEOUT_MS,
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
  };
}

/**
 * The origin a server bound to `host`:`port` is reached at from its own machine: every address
 * (0.0.0.0, ::) and loopback are `localhost`, another host is itself, an IPv6 address in
 * brackets. `port` is the one bound (with PORT=0, the system's pick, known once it listens).
 */
export function listeningOrigin(host: string, port: number): string {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  const local = ["", "0.0.0.0", "::", "127.0.0.1", "::1", "localhost"].includes(bare.toLowerCase());
  const name = local ? "localhost" : net.isIPv6(bare) ? `[${bare}]` : bare;
  return new URL(`http://${name}:${port}`).origin;
}

/**
 * The shop as its messages name it, with the origin of their links (api/lib/messages/):
 * PUBLIC_ORIGIN, else `listening`, where this process listens (listeningOrigin). As a function it
 * is asked each time a message is written, never before the server listens (server/main.ts), so
 * that PORT=0 links to the port bound. Never a request's Host, which its sender chooses.
 */
export function shopIdentity(
  env: Pick<ServerEnv, "PUBLIC_ORIGIN" | "SUPPORT_EMAIL" | "MAIL_FROM"> &
    Partial<Pick<ServerEnv, "SHOP_LEGAL_NAME" | "SHOP_GSTIN" | "SHOP_STATE" | "SHOP_ADDRESS">>,
  listening: string | (() => string),
): ShopIdentity {
  const publicOrigin = env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : undefined;
  const supportEmail = env.SUPPORT_EMAIL ?? defaultSupportEmail(env.PUBLIC_ORIGIN ?? null);
  return {
    name: SHOP_NAME,
    get origin() {
      return publicOrigin ?? (typeof listening === "string" ? listening : listening());
    },
    supportEmail,
    from: env.MAIL_FROM ?? `${SHOP_NAME} <${supportEmail}>`,
    gst: {
      name: env.SHOP_LEGAL_NAME ?? SHOP_NAME,
      gstin: env.SHOP_GSTIN ?? null,
      state: env.SHOP_STATE ?? null,
      address: env.SHOP_ADDRESS ?? null,
    },
  };
}

/** The order rules of `env` (api/lib/orders/order-states.ts), for createUserapp's `orders`. */
export function orderSettings(env: ServerEnv): OrderSettings {
  return {
    paymentWindowMs: Math.round(env.PAYMENT_WINDOW_MINUTES * 60 * 1000),
    maxUnpaidOrders: env.MAX_UNPAID_ORDERS,
    codLimit: env.COD_LIMIT,
    maxOpenCodOrders: env.MAX_OPEN_COD_ORDERS,
    maxCodUnits: env.MAX_COD_UNITS,
    codConfirmMs: Math.round(env.COD_CONFIRM_HOURS * 60 * 60 * 1000),
  };
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}
