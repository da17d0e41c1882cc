import { defaultSupportEmail, SHOP_NAME } from "../contract";
import type { Database } from "../db/client";
import type { DocumentSupplier } from "../db/schema";
import { type ClientBindings, IPV6_LIMIT_PREFIX, TRUST_NO_PROXY, type TrustProxy } from "../platform/client-address";
import { type Logger, logger } from "../platform/logger";
import { defaultOrderSettings, type OrderSettings } from "./orders/order-states";

/** What every handler needs, passed in so tests can build an API on an in-memory database. */
export type ApiDeps = {
  db: Database;
  /** The clock, replaceable in tests. */
  now: () => Date;
  /** Lifetime of a bearer token, in milliseconds. */
  tokenTtlMs: number;
  /**
   * Failed sign-ins allowed before 429 (api/lib/accounts/throttle.ts): per account and client address, per
   * address and per account within `loginWindowMs`, and per account within a day. The account
   * limits do not apply to an address that signed in to the account within `knownAddressMs`.
   */
  loginMaxFailures: { perAccountAddress: number; perIp: number; perAccount: number; perAccountDay: number };
  loginWindowMs: number;
  knownAddressMs: number;
  /** Registrations allowed per client address within `registerWindowMs` before 429. */
  registerMaxPerIp: number;
  registerWindowMs: number;
  /** Password-reset links asked for per client address and per account within `resetWindowMs`; more send nothing. */
  resetMaxPerIp: number;
  resetMaxPerAccount: number;
  resetWindowMs: number;
  /** Requests to move one account to another address (each emails it a link) within `resetWindowMs` before 429. */
  emailChangeMaxPerAccount: number;
  /** Review photos one account may send in an hour before 429 (REVIEW_PHOTO_UPLOADS_PER_HOUR). */
  reviewPhotoUploadsPerHour: number;
  /**
   * Failed promotion codes (a code that does not apply) allowed per account and per client address
   * within an hour before 429 (PROMO_CODE_FAILURES_PER_HOUR, PROMO_CODE_FAILURES_PER_ADDRESS_PER_HOUR):
   * codes cannot be guessed by trying them.
   */
  promoCodeMaxFailures: { perAccount: number; perIp: number };
  /** The largest request body the API reads, in bytes (API_BODY_LIMIT_BYTES); larger is 413. */
  bodyLimitBytes: number;
  /** Where failures are logged (pino; tests pass their own to read it back). */
  logger: Logger;
  /** Whose X-Forwarded-For is believed (TRUST_PROXY, api/platform/client-address.ts); off by default. */
  trustProxy: TrustProxy;
  /**
   * The IPv6 network (a prefix length, IPV6_LIMIT_PREFIX) that per-address limits count as one
   * client; IPv4 counts per address (`limitNetwork` in api/platform/client-address.ts).
   */
  ipv6LimitPrefix: number;
  /** The UPI payment window, unpaid orders per shopper and the Cash on Delivery limit (api/lib/orders/order-states.ts). */
  orders: OrderSettings;
  /**
   * How long one statement of a guest's search, list, count or suggestions may run before
   * PostgreSQL cancels it and the API answers 503 (SEARCH_STATEMENT_TIMEOUT_MS; api/lib/search/product-search.ts).
   */
  searchStatementTimeoutMs: number;
  /**
   * How long saving an address waits for the PIN directory before taking the PIN as typed (its
   * first read takes seconds on a busy machine): a save is never held up longer than this.
   */
  pinCheckWaitMs: number;
  /** The shop as its messages name it (api/config.ts shopIdentity). */
  shop: ShopIdentity;
  /** WEBHOOKS_ALLOW_PRIVATE: webhook endpoints may be on loopback and private addresses (api/lib/webhooks/). */
  webhooksAllowPrivate: boolean;
};

/**
 * The shop's name, the origin of its links, its support address, the sender of its messages, and
 * the shop as a GST supplier, on its platform-fee invoices (SHOP_LEGAL_NAME, SHOP_GSTIN, SHOP_STATE,
 * SHOP_ADDRESS; a GSTIN or state not set prints "Not on file", as a seller's does).
 */
export type ShopIdentity = {
  name: string;
  /** Of every link in a message: PUBLIC_ORIGIN or where the shop listens, read as each is written (shopIdentity). */
  readonly origin: string;
  supportEmail: string;
  from: string;
  gst: DocumentSupplier;
};

export type SignedInUser = { id: string; email: string; tokenHash: string };

export type ApiEnv = {
  /** Set by the in-process storefront only (server/site.ts); an HTTP client cannot set them. */
  Bindings: ClientBindings;
  Variables: {
    user: SignedInUser;
  };
};

export const defaultDeps = (db: Database): ApiDeps => ({
  db,
  now: () => new Date(),
  tokenTtlMs: 30 * 24 * 60 * 60 * 1000,
  loginMaxFailures: { perAccountAddress: 5, perIp: 20, perAccount: 20, perAccountDay: 100 },
  loginWindowMs: 15 * 60 * 1000,
  knownAddressMs: 30 * 24 * 60 * 60 * 1000,
  registerMaxPerIp: 10,
  registerWindowMs: 60 * 60 * 1000,
  resetMaxPerIp: 10,
  resetMaxPerAccount: 3,
  resetWindowMs: 60 * 60 * 1000,
  emailChangeMaxPerAccount: 3,
  reviewPhotoUploadsPerHour: 20,
  promoCodeMaxFailures: { perAccount: 10, perIp: 30 },
  bodyLimitBytes: 1024 * 1024,
  logger,
  trustProxy: TRUST_NO_PROXY,
  ipv6LimitPrefix: IPV6_LIMIT_PREFIX.default,
  orders: defaultOrderSettings,
  searchStatementTimeoutMs: 2000,
  pinCheckWaitMs: 2500,
  webhooksAllowPrivate: false,
  // In-process apps' (tests', benchmarks'); the shop and the API alone pass shopIdentity's.
  shop: {
    name: SHOP_NAME,
    origin: "http://localhost:3000",
    supportEmail: defaultSupportEmail(null),
    from: `${SHOP_NAME} <${defaultSupportEmail(null)}>`,
    gst: { name: SHOP_NAME, gstin: null, address: null, state: null },
  },
});
