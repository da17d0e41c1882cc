import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  bigint,
  bigserial,
  date,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Ids are 24 hex characters, the shape the original client knows as `_id`. */
const id = () => text("id").primaryKey();
const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const merchants = pgTable(
  "merchants",
  {
    id: id(),
    companyName: text("company_name").notNull(),
    name: text("name").notNull(),
    contactPhone: text("contact_phone").notNull(),
    contactEmail: text("contact_email").notNull(),
    /**
     * The merchant's GST registration (api/lib/tax/gst.ts checks its shape and check character), its
     * state (the address form's name: "Tamil Nadu") and its registered address, printed on its tax
     * invoices. Null for a merchant registered before migration 0006 that it could not fill in.
     */
    gstin: text("gstin"),
    state: text("state"),
    address: text("address"),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "merchants_gstin_shape",
      sql`${t.gstin} IS NULL OR ${t.gstin} ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'`,
    ),
  ],
);

/**
 * One picture of a product. The seed's artwork is a path alone (an SVG draws at any width); an
 * uploaded photo (api/lib/catalogue/product-images.ts) is WebP at several widths: `path` is the middle
 * one, `srcset` lists them all for `<img srcset sizes>`, and `widths` their pixel widths.
 */
export type ProductImage = { path: string; srcset?: string; widths?: number[] };

export const products = pgTable(
  "products",
  {
    id: id(),
    shortTitle: text("short_title").notNull(),
    longTitle: text("long_title").notNull(),
    tagLine: text("tag_line").notNull(),
    description: text("description").notNull(),
    brand: text("brand").notNull(),
    category: text("category").notNull(),
    subCategory: text("sub_category").notNull(),
    productType: text("product_type").notNull(),
    productSubType: text("product_sub_type").notNull(),
    gender: text("gender").notNull(),
    /**
     * The product's HSN code (4, 6 or 8 digits); its GST rate follows from it (api/lib/tax/gst.ts,
     * GST_RULES). Null means "from its classification" (hsnForClassification).
     */
    hsn: text("hsn"),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    images: jsonb("images").$type<ProductImage[]>().notNull(),
    /**
     * The average stars and the number of the product's published reviews (`reviews`), null when
     * it has none; written only by api/lib/reviews/ratings.ts in the transaction of each review
     * change. The seed's sample reviews count in neither (decision 047): a freshly seeded product has none.
     */
    ratingValue: real("rating_value"),
    ratingCount: integer("rating_count"),
    /**
     * Taken off the shop by an admin: in no list, count or search (product_listing leaves it out,
     * migration 0005), 404 on its page, refused by cart and order; carts and orders holding it keep
     * their lines.
     */
    hidden: boolean("hidden").notNull().default(false),
    /** Lowest selling price over the variants: what "sort by price" orders on. */
    price: integer("price").notNull(),
    /** Highest discount over the variants: what "sort by discount" orders on. */
    discount: integer("discount").notNull(),
    /** Lower-cased text of every searchable field, trigram-indexed. */
    searchText: text("search_text").notNull(),
    createdAt: createdAt(),
  },
  // Listing, filtering, sorting and search read product_listing (below), not this table, which
  // keeps only the index behind its foreign key (a merchant's change or removal checks it).
  (t) => [index("products_merchant_idx").on(t.merchantId)],
);

export const variants = pgTable(
  "variants",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    position: integer("position").notNull(),
    /** Units in stock: never negative. */
    quantity: integer("quantity").notNull(),
    mrp: integer("mrp").notNull(),
    /** Selling price in whole rupees: round(mrp * (1 - discount / 100)). */
    cost: integer("cost").notNull(),
    discount: integer("discount").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size] }),
    check("variants_quantity_non_negative", sql`${t.quantity} >= 0`),
    check("variants_prices_positive", sql`${t.mrp} > 0 AND ${t.cost} > 0 AND ${t.cost} <= ${t.mrp}`),
    check("variants_discount_range", sql`${t.discount} >= 0 AND ${t.discount} < 100`),
  ],
);

/** PostgreSQL's multiranges, as their text form ("{[800,801),[900,901)}"); only SQL reads them. */
const int4multirange = customType<{ data: string }>({ dataType: () => "int4multirange" });
const int8multirange = customType<{ data: string }>({ dataType: () => "int8multirange" });

/**
 * The vocabulary of product_listing.terms: every word of the products' search text (kind
 * "word"), every value they can be filtered on ("category", "sub_category", "brand",
 * "product_type", "product_sub_type", "gender", "size", and "merchant" for the merchant's id),
 * and their variants' price bands, alone ("price") and with the size ("size_price"); see
 * listingTerms in api/lib/search/search-text.ts. A search term is matched against this short list of
 * distinct words (trigram-indexed), and the products are then found by the words' ids. Terms
 * are never removed: one that no product holds any more matches nothing.
 */
export const searchTerms = pgTable(
  "search_terms",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind").notNull(),
    term: text("term").notNull(),
    /**
     * How many products hold the term (product_listing rows whose terms include it), kept by a
     * trigger on product_listing (migration 0002) and written by the seed. It answers the count
     * of a one-condition query ("unisex", "brand Nike or Puma") without reading the matches, and
     * tells the product list whether a price's bands narrow its candidates enough to be worth
     * asking the index for.
     */
    productCount: integer("product_count").notNull().default(0),
  },
  (t) => [
    // A constraint rather than a bare unique index: the refresh's ON CONFLICT needs it, and the
    // seed's bulk load keeps constraint indexes (api/seed/bulk-load.ts, dropSecondaryIndexes).
    unique("search_terms_kind_term_key").on(t.kind, t.term),
    index("search_terms_word_trgm_idx")
      .using("gin", sql`${t.term} gin_trgm_ops`)
      .where(sql`${t.kind} = 'word'`),
  ],
);

/**
 * One narrow row per product (about 390 bytes) with only what the product list filters, counts
 * and sorts on, so that counting thousands of matches reads those instead of the full product
 * rows (descriptions, images, search text: about 1 KB each). api/lib/search/product-search.ts explains
 * how it is queried.
 *
 * Derived data, never written by the application. The catalogue only changes through the seed
 * today, which writes this table itself; for any other write to products or variants (a
 * test's insert, a future admin tool) triggers rebuild the rows concerned (migration
 * 0002_product_listing_refresh.sql). Stock changes touch it only when a product sells out or
 * comes back (in_stock, below): which products match a query does not depend on stock.
 */
export const productListing = pgTable(
  "product_listing",
  {
    // Fixed-width columns first: PostgreSQL finds a column by walking the ones before it, and
    // the filters and sorts mostly read these.
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    /** products.price: the sort key of "sort by price". */
    price: integer("price").notNull(),
    discount: integer("discount").notNull(),
    /** Lowest and highest selling price over the variants (null without variants): cheap exact tests for price filters. */
    minCost: integer("min_cost"),
    maxCost: integer("max_cost"),
    ratingValue: real("rating_value"),
    /**
     * Some size of the product is in stock: "Newest" (the shop's default sort) puts sold-out
     * products last, and `query.inStock` reads it (decision 046). Kept by the listing's refresh
     * and by a trigger that fires only when a size's stock reaches zero or leaves it (migration
     * 0024), so an order that leaves stock on every size writes nothing here.
     */
    inStock: boolean("in_stock").notNull().default(false),
    productId: text("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    shortTitle: text("short_title").notNull(),
    /** search_terms ids of the product's words, filter values and price bands, GIN-indexed. */
    terms: integer("terms").array().notNull(),
    /** Every variant's selling price, exactly, for a range that neither bound decides. */
    costRanges: int4multirange("cost_ranges").notNull(),
    /**
     * Every variant's size and selling price together, as the points size × 2³² + cost where
     * size is its search_terms id: "size M or L at ₹500–1,000" is then one overlap test with
     * [M × 2³² + 500, M × 2³² + 1000] and the same for L, which finds an M or an L that itself
     * sells in the range, not an M and some other size in the range.
     */
    sizeCosts: int8multirange("size_costs").notNull(),
  },
  (t) => [
    // intarray's operator class (migration 0001 installs the extension): with it, && on integer
    // arrays is intarray's, which tests a row in one merge of two sorted arrays instead of
    // comparing every pair of elements (0.5 µs against 12 µs for a price range of 118 bands).
    index("product_listing_terms_idx").using("gin", t.terms.op("gin__int_ops")),
    // One index per sort, in the order of api/lib/search/listing-planner.ts (orderBy), so a page of a
    // common filter is read off an index walk. Rating gets one per direction: unrated products
    // come last both ways, which no single index gives when walked backwards.
    index("product_listing_created_at_idx").on(t.createdAt.desc(), t.productId),
    // "Newest": what is in stock first, each part newest first.
    index("product_listing_newest_idx").on(t.inStock.desc(), t.createdAt.desc(), t.productId),
    index("product_listing_price_idx").on(t.price, t.productId),
    index("product_listing_discount_idx").on(t.discount, t.productId),
    index("product_listing_rating_asc_idx").on(t.ratingValue.asc().nullsLast(), t.productId),
    index("product_listing_rating_desc_idx").on(t.ratingValue.desc().nullsLast(), t.productId.desc()),
    index("product_listing_title_idx").on(t.shortTitle, t.productId),
    // A price range with one bound is exactly one of these ("up to ₹1,999": min_cost ≤ 1999).
    index("product_listing_min_cost_idx").on(t.minCost),
    index("product_listing_max_cost_idx").on(t.maxCost),
  ],
);

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    name: text("name"),
    avatar: text("avatar"),
    phone: text("phone"),
    countryCode: text("country_code").notNull().default("91"),
    userType: text("user_type"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_idx").on(sql`lower(${t.email})`)],
);

export const addresses = pgTable(
  "addresses",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    locality: text("locality").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipcode: text("zipcode").notNull(),
    country: text("country").notNull(),
    /** The recipient (DESIGN deviation 18); null on addresses saved before, when the account's name is used. */
    recipientName: text("recipient_name"),
    /** The recipient's mobile number in E.164 ("+919876543210"); null: the account's phone is used. */
    mobile: text("mobile"),
    landmark: text("landmark"),
    /** "Home", "Work" or "Other"; null on addresses saved before. */
    label: text("label"),
    isActive: boolean("is_active").notNull().default(false),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId, t.position),
    uniqueIndex("addresses_one_active_idx")
      .on(t.userId)
      .where(sql`${t.isActive}`),
  ],
);

/** Bearer tokens: only a SHA-256 hash of the token is kept. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("auth_tokens_user_idx").on(t.userId)],
);

/**
 * The links the shop emails about an account (api/lib/accounts/account-links.ts): a password reset,
 * or the confirmation of a new email address (`newEmail`). Only the SHA-256 hash of the link's
 * random token is kept; a link works once (`usedAt`) and until `expiresAt`.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"password-reset" | "email-change">().notNull(),
    newEmail: text("new_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("account_tokens_user_idx").on(t.userId),
    check("account_tokens_purpose", sql`${t.purpose} in ('password-reset', 'email-change')`),
  ],
);

/** Failed sign-in attempts per throttle key ("email:…" or "ip:…") in the current window. */
export const loginFailures = pgTable("login_failures", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
});

export const cartItems = pgTable(
  "cart_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    qty: integer("qty").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId, t.size] }),
    check("cart_items_qty_range", sql`${t.qty} BETWEEN 1 AND 10`),
  ],
);

/** A shopper's list of products, each product at most once: the wishlist and the compare list. */
const shopperProductList = <Name extends string>(name: Name) =>
  pgTable(
    name,
    {
      userId: text("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      productId: text("product_id")
        .notNull()
        .references(() => products.id, { onDelete: "cascade" }),
      createdAt: createdAt(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.productId] })],
  );

export const wishlistItems = shopperProductList("wishlist_items");

/** Products a shopper lines up side by side on /compare: at most four (api/lib/catalogue/product-lists.ts keeps the cap). */
export const compareItems = shopperProductList("compare_items");

export type OrderStatusStep = { isConfirmed: boolean; date: string | null };

/**
 * A step of an order's life beyond the spec's `orderStatus` ones, kept in order on the order
 * (`orders.notes`): a UPI payment recorded after the order was cancelled, the order reinstated
 * on it, or a parcel returned to the seller undelivered. `detail` is the UTR or the reason.
 */
export type OrderNote = {
  kind: "paidAfterCancellation" | "reinstated" | "returnedToOrigin";
  at: string;
  detail: string | null;
};
/** The dated steps of an order's timeline; api/lib/orders/order-states.ts stamps them. */
export type OrderStatus = Record<
  "orderConfirmed" | "shipped" | "outForDelivery" | "delivered" | "cancel" | "returned" | "refunded",
  OrderStatusStep
>;
/**
 * Where an order goes: the spec's five fields, and (orders placed since DESIGN deviation 18) the
 * recipient's name, mobile (E.164), landmark and label, and the state the PIN directory placed the
 * PIN in when the order was placed (`pinState`: the invoice's place of supply; never in the JSON).
 */
export type OrderAddress = {
  locality: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  name?: string | null;
  mobile?: string | null;
  landmark?: string | null;
  label?: AddressLabel | null;
  pinState?: string | null;
};
/** What an address is to its shopper. */
export const ADDRESS_LABELS = ["Home", "Work", "Other"] as const;
export type AddressLabel = (typeof ADDRESS_LABELS)[number];

/** Order numbers (api/lib/orders/order-numbers.ts): given by the database as each order is inserted; gaps allowed. */
export const orderNumberSeq = pgSequence("order_number_seq");

/** What an order shipped with (api/lib/orders/couriers.ts): the courier's name, its tracking (AWB) number and link, as they were then. */
export type Shipment = { courierId: string; courier: string; trackingNumber: string; trackingUrl: string | null };

export const orders = pgTable(
  "orders",
  {
    id: id(),
    /** The number people read (MRT-26-000042), from order_number_seq; orders before it got theirs by creation time. */
    orderNumber: bigint("order_number", { mode: "number" })
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key"),
    source: text("source").notNull(), // "cart" | "buyNow"
    paymentMethod: text("payment_method").notNull(), // "cod" | "Upi"
    /** Where the order is: one of ORDER_STATES, moved only by api/lib/orders/order-states.ts. */
    status: text("status").notNull().default("confirmed"),
    /** One of PAYMENT_STATUSES (api/lib/orders/order-states.ts). */
    paymentStatus: text("payment_status").notNull(),
    /** Until when an order awaiting its UPI payment holds its stock; then it expires. */
    paymentDueAt: timestamp("payment_due_at", { withTimezone: true, mode: "date" }),
    /** The UPI transaction reference (UTR, 12 digits) the merchant marked the order paid with. */
    paymentReference: text("payment_reference"),
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }),
    cancelReason: text("cancel_reason"),
    returnReason: text("return_reason"),
    /**
     * Why it was cancelled or returned, as one of the short lists in api/lib/orders/order-reasons.ts
     * ("other" with its text in cancelReason/returnReason); reasons written before the lists are
     * "other". Null while it is not cancelled or returned.
     */
    cancelReasonCode: text("cancel_reason_code"),
    returnReasonCode: text("return_reason_code"),
    /** The merchant's reference of the refund (a bank or UPI reference). */
    refundReference: text("refund_reference"),
    itemsAmount: integer("items_amount").notNull(),
    platformFee: integer("platform_fee").notNull(),
    totalAmount: integer("total_amount").notNull(),
    /**
     * Rupees the order's promotions (a code, an automatic offer) took off, summed over its lines
     * (order_items.discount); `totalAmount` is after it. 0 for an order without one.
     */
    promotionDiscount: integer("promotion_discount").notNull().default(0),
    address: jsonb("address").$type<OrderAddress>().notNull(),
    orderStatus: jsonb("order_status").$type<OrderStatus>().notNull(),
    /** The order's steps beyond `orderStatus`, oldest first (OrderNote). */
    notes: jsonb("notes").$type<OrderNote[]>().notNull().default([]),
    /**
     * A Cash on Delivery order's confirmation by its shopper, from the emailed link: one of
     * COD_CONFIRMATIONS; null for Online Payment. It ships only once "confirmed".
     */
    codConfirmation: text("cod_confirmation"),
    /** Until when an order awaiting its Cash on Delivery confirmation waits for it; then it is cancelled. */
    codConfirmDueAt: timestamp("cod_confirm_due_at", { withTimezone: true, mode: "date" }),
    /** The SHA-256 hash of the emailed confirm/cancel links' token (docs/decisions/028-cod-confirmation.md). */
    codTokenHash: text("cod_token_hash"),
    /** The courier and tracking (AWB) number it shipped with; null before it ships, or shipped without. */
    shipment: jsonb("shipment").$type<Shipment>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("orders_number_idx").on(t.orderNumber),
    index("orders_user_idx").on(t.userId, t.createdAt.desc()),
    uniqueIndex("orders_idempotency_idx").on(t.userId, t.idempotencyKey),
    // The payment sweep and order creation look up overdue unpaid orders by their deadline.
    index("orders_payment_due_idx")
      .on(t.paymentDueAt)
      .where(sql`${t.paymentStatus} = 'awaitingPayment'`),
    // … and Cash on Delivery orders past their time to confirm.
    index("orders_cod_confirm_due_idx")
      .on(t.codConfirmDueAt)
      .where(sql`${t.codConfirmation} = 'awaiting'`),
    // The admin list filters and sorts by date.
    index("orders_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    // One UTR pays one order.
    uniqueIndex("orders_payment_reference_idx").on(t.paymentReference),
    // A confirm/cancel link finds its order by the token's hash.
    uniqueIndex("orders_cod_token_idx").on(t.codTokenHash),
    // The dashboard's sales ledger reads orders by the day they were cancelled, came back and were
    // refunded (ISO text in order_status), and the few reinstated ones (api/lib/admin/dashboard-figures.ts).
    index("orders_cancelled_on_idx")
      .on(sql`(${t.orderStatus} -> 'cancel' ->> 'date')`)
      .where(sql`${t.status} = 'cancelled'`),
    index("orders_returned_on_idx")
      .on(sql`(${t.orderStatus} -> 'returned' ->> 'date')`)
      .where(sql`${t.status} = 'returned'`),
    index("orders_refunded_on_idx")
      .on(sql`(${t.orderStatus} -> 'refunded' ->> 'date')`)
      .where(sql`${t.status} = 'returned'`),
    // The dashboard's "needs you now" counts (api/lib/orders/order-queues.ts): open orders, refunds due.
    index("orders_open_idx")
      .on(t.paymentStatus, t.paymentMethod, t.codConfirmation)
      .where(sql`${t.status} = 'confirmed'`),
    index("orders_refund_due_idx")
      .on(t.id)
      .where(sql`${t.paymentStatus} = 'refundPending'`),
    index("orders_reinstated_idx")
      .on(t.id)
      .where(sql`${t.notes} @> '[{"kind":"reinstated"}]'::jsonb`),
    check(
      "orders_status_known",
      sql`${t.status} IN ('confirmed', 'shipped', 'outForDelivery', 'delivered', 'cancelled', 'returned')`,
    ),
    check(
      "orders_payment_status_known",
      sql`${t.paymentStatus} IN ('awaitingPayment', 'payOnDelivery', 'paid', 'refundPending', 'refunded', 'expired', 'cancelled')`,
    ),
    check(
      "orders_cod_confirmation_known",
      sql`${t.codConfirmation} IS NULL OR ${t.codConfirmation} IN ('awaiting', 'confirmed', 'expired')`,
    ),
    check(
      "orders_cod_confirm_due_when_awaiting",
      sql`${t.codConfirmation} IS DISTINCT FROM 'awaiting' OR ${t.codConfirmDueAt} IS NOT NULL`,
    ),
    check(
      "orders_payment_due_when_awaiting",
      sql`${t.paymentStatus} <> 'awaitingPayment' OR ${t.paymentDueAt} IS NOT NULL`,
    ),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    merchantId: text("merchant_id").notNull(),
    merchantName: text("merchant_name").notNull(),
    title: text("title").notNull(),
    image: text("image").notNull(),
    size: text("size").notNull(),
    qty: integer("qty").notNull(),
    mrp: integer("mrp").notNull(),
    cost: integer("cost").notNull(),
    /** cost × qty, computed by the server. */
    amount: integer("amount").notNull(),
    /**
     * Rupees of the order's promotions given on this line (a share of the order's discount, split
     * by largest remainder, never more than `amount`); what the shopper paid for it is amount −
     * discount, and the GST below is on that.
     */
    discount: integer("discount").notNull().default(0),
    /**
     * The GST within `amount`, fixed when the order is placed (api/lib/tax/gst.ts, splitTax): the
     * product's HSN code, the rate in percent, the value before tax and the tax, in paise
     * (taxable + cgst + sgst + igst = 100 × amount; whole rupees, ×100, before migration 0012). Null on lines placed before migration 0006,
     * whose split is worked out when read (api/lib/tax/gst-invoices.ts).
     */
    hsn: text("hsn"),
    gstRate: integer("gst_rate"),
    taxablePaise: integer("taxable_paise"),
    cgstPaise: integer("cgst_paise"),
    sgstPaise: integer("sgst_paise"),
    igstPaise: integer("igst_paise"),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.position] })],
);

/**
 * The tax invoice of one merchant's lines of an order (CGST Rule 46), numbered when the order
 * ships (orders placed before that rule took theirs when placed, and keep them): `serial` counts from 1 per merchant and financial year (April to March, India time),
 * with no gaps (document_counters), and `number` is "2025-26/000042".
 */
export const invoices = pgTable(
  "invoices",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    merchantId: text("merchant_id").notNull(),
    financialYear: text("financial_year").notNull(),
    serial: integer("serial").notNull(),
    number: text("number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The seller as the invoice named it when issued; null on invoices issued before migration 0012 (read from merchants). */
    supplier: jsonb("supplier").$type<DocumentSupplier>(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.merchantId] }),
    unique("invoices_merchant_serial_key").on(t.merchantId, t.financialYear, t.serial),
    unique("invoices_merchant_number_key").on(t.merchantId, t.number),
    // The dashboard's "invoiced" figure sums the documents issued in a period.
    index("invoices_issued_at_idx").on(t.issuedAt),
    check("invoices_number_length", sql`length(${t.number}) <= 16`),
  ],
);

/** A supplier as a tax document names it, kept with the document so that later edits leave it as issued. */
export type DocumentSupplier = { name: string; gstin: string | null; address: string | null; state: string | null };

/**
 * The last serial given per series and financial year: one row, locked while a document takes the
 * next (api/lib/tax/gst-invoices.ts). The series are "invoice:<merchant id>", "credit:<merchant id>",
 * the shop's "fee-invoice" and "credit:shop".
 */
export const documentCounters = pgTable(
  "document_counters",
  {
    series: text("series").notNull(),
    financialYear: text("financial_year").notNull(),
    lastSerial: integer("last_serial").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

/**
 * A credit note (CGST section 34, Rule 53) reversing one tax invoice of an order in full, line by
 * line, when the order comes back (a return, a return to origin) or is refunded after dispatch.
 * `merchantId` null is the shop's own, reversing its platform-fee invoice. Numbered "CN2026-27/000001"
 * in the supplier's own series, gap-free like invoices.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    merchantId: text("merchant_id"),
    /** The invoice it reverses. */
    invoiceNumber: text("invoice_number").notNull(),
    /** What brought it: "returned", "returnedToOrigin" or "refunded". */
    reason: text("reason").notNull(),
    financialYear: text("financial_year").notNull(),
    serial: integer("serial").notNull(),
    number: text("number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true, mode: "date" }).notNull(),
    supplier: jsonb("supplier").$type<DocumentSupplier>().notNull(),
  },
  (t) => [
    unique("credit_notes_order_merchant_key").on(t.orderId, t.merchantId).nullsNotDistinct(),
    unique("credit_notes_serial_key").on(t.merchantId, t.financialYear, t.serial).nullsNotDistinct(),
    index("credit_notes_issued_at_idx").on(t.issuedAt),
    check("credit_notes_number_length", sql`length(${t.number}) <= 16`),
  ],
);

/**
 * The shop's tax invoice for an order's platform fee, issued at dispatch with the sellers' (a
 * service: its SAC code and rate as issued, api/lib/tax/platform-fee.ts), numbered "PF2026-27/000001"
 * in the shop's own series. The tax is fixed here, to the paisa, as issued.
 */
export const feeInvoices = pgTable(
  "fee_invoices",
  {
    orderId: text("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    financialYear: text("financial_year").notNull(),
    serial: integer("serial").notNull(),
    number: text("number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true, mode: "date" }).notNull(),
    supplier: jsonb("supplier").$type<DocumentSupplier>().notNull(),
    sac: text("sac").notNull(),
    gstRate: integer("gst_rate").notNull(),
    /** The fee, GST included, whole rupees. */
    amount: integer("amount").notNull(),
    taxablePaise: integer("taxable_paise").notNull(),
    cgstPaise: integer("cgst_paise").notNull(),
    sgstPaise: integer("sgst_paise").notNull(),
    igstPaise: integer("igst_paise").notNull(),
  },
  (t) => [
    unique("fee_invoices_serial_key").on(t.financialYear, t.serial),
    index("fee_invoices_issued_at_idx").on(t.issuedAt),
    check("fee_invoices_number_length", sql`length(${t.number}) <= 16`),
  ],
);

/** One row per change an admin makes (api/routes/admin-orders.ts): who, what, to which record, before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** The admin; kept (as null) when their account is deleted. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** What was done, e.g. "order.status", "order.payment", "order.refund". */
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.at),
    // The back office's audit list, newest first (GET /userapp/admin/audit).
    index("audit_log_at_idx").on(t.at.desc(), t.id.desc()),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * The files of uploaded product photos (api/lib/catalogue/product-images.ts), served at
 * /media/products/<product id>/<name>. Kept in the database rather than under DATA_DIR so that
 * they live, are backed up and are rolled back with the product that lists them, and so that
 * every server process of a PostgreSQL deployment serves them alike.
 */
export const productMedia = pgTable(
  "product_media",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** "<hash>-<width>.webp": a name never changes what it holds, so the file is cached for ever. */
    name: text("name").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.name] })],
);

/**
 * One row: a number every admin change of the catalogue (products, variants, stock, images)
 * raises in its own transaction (api/platform/catalogue-version.ts), so caches can tell whether
 * what they hold is older than the last change.
 */
export const catalogueVersion = pgTable(
  "catalogue_version",
  {
    id: integer("id").primaryKey().default(1),
    version: integer("version").notNull().default(0),
    changedAt: timestamp("changed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [check("catalogue_version_one_row", sql`${t.id} = 1`)],
);

/**
 * Every message the shop sends a shopper, recorded in the transaction of the event that causes it
 * (api/lib/messages/outbox.ts) with a delivery job beside it on the queue (graphile-worker):
 * `queued` until delivered, then `sent` (SMTP accepted it), `kept` (no SMTP_URL: shown, not
 * sent) or `failed` (every attempt failed; `lastError` says why). Its id makes its Message-ID.
 */
export const messages = pgTable(
  "messages",
  {
    id: text("id").primaryKey(),
    /** What caused it: "order.placed"… */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    state: text("state").$type<"queued" | "sent" | "kept" | "failed">().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("messages_created_idx").on(t.createdAt),
    check("messages_state", sql`${t.state} in ('queued', 'sent', 'kept', 'failed')`),
  ],
);

/**
 * The addresses an admin registered to hear of order events (docs/webhooks.md): its URL, the
 * events it is sent, and the secret its signatures are made with (never shown after it is set).
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    url: text("url").notNull(),
    /** What the endpoint is for, for the back office: "SMS via …". */
    description: text("description").notNull().default(""),
    /** The event types it is sent ("order.placed"…). */
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [check("webhook_endpoints_events", sql`cardinality(${t.events}) > 0`)],
);

/**
 * One event's delivery to one endpoint, recorded in the transaction of the event
 * (api/lib/webhooks/webhook-events.ts) with its job on the queue: `queued` until the endpoint
 * answers 2xx (`delivered`), `failed` once every attempt failed. `body` is the JSON sent, the same
 * bytes on every attempt; `lastStatus` and `lastError` say how the last attempt went.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    state: text("state").$type<"queued" | "delivered" | "failed">().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true, mode: "date" }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_endpoint").on(t.eventId, t.endpointId),
    index("webhook_deliveries_created_idx").on(t.createdAt),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId),
    check("webhook_deliveries_state", sql`${t.state} in ('queued', 'delivered', 'failed')`),
  ],
);

/** Where a review stands: shown (`published`), waiting for an admin (`held`), or taken down (`removed`). */
export const REVIEW_STATUSES = ["published", "held", "removed"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * A shopper's review of a product (api/lib/reviews/reviews.ts): one per shopper and product, by a
 * shopper with a delivered line of it (`verified`). The seed's sample reviews have no author
 * account, are not verified and are marked `sample`. Only published reviews that are not samples
 * count in the product's rating.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The author; null for the seed's sample reviews, and once the author's account is deleted. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The name shown with the review ("Priya S."), fixed when it is written. */
    authorName: text("author_name").notNull(),
    /** Written by a shopper who bought the product and had it delivered. */
    verified: boolean("verified").notNull(),
    /**
     * One of the seed's sample reviews (api/seed/sample-reviews.ts): nobody wrote it. Labelled
     * "Sample review" wherever it shows, counted in no rating (api/lib/reviews/ratings.ts), and
     * removed all at once by `npm run seed -- --remove-sample-reviews`.
     */
    sample: boolean("sample").notNull().default(false),
    stars: integer("stars").notNull(),
    title: text("title").notNull().default(""),
    body: text("body").notNull().default(""),
    status: text("status").$type<ReviewStatus>().notNull(),
    /** Why a review waits for moderation ("link", "phone", "email", "reported"), null when it does not. */
    heldFor: text("held_for"),
    /** The admin's reason for removing it, shown to its author. */
    removalReason: text("removal_reason"),
    helpfulCount: integer("helpful_count").notNull().default(0),
    reportCount: integer("report_count").notNull().default(0),
    /**
     * Its photos, at most 3, in the order they were added (api/lib/reviews/review-photos.ts); the
     * files are rows of review_media, served only while the review is published.
     */
    photos: jsonb("photos").$type<ReviewPhoto[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reviews_product_user_idx").on(t.productId, t.userId),
    // The product page's list (api/lib/reviews/reviews.ts, listReviews) reads a page of a product's
    // published reviews off these in its sort's order instead of sorting them all: newest, "Most
    // helpful" (the default), and by stars (the histogram, the stars filter, highest and lowest).
    // DESC NULLS FIRST, as ORDER BY … DESC sorts: an index in another null order is not used for it
    // (docs/benchmarks.md, "Reviews").
    index("reviews_product_newest_idx").on(
      t.productId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("reviews_product_helpful_idx").on(
      t.productId,
      t.status,
      t.helpfulCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("reviews_product_stars_idx").on(
      t.productId,
      t.status,
      t.stars,
      t.helpfulCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("reviews_user_idx").on(t.userId),
    index("reviews_held_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'held'`),
    check("reviews_stars_range", sql`${t.stars} BETWEEN 1 AND 5`),
    check("reviews_status_known", sql`${t.status} IN ('published', 'held', 'removed')`),
    check("reviews_title_length", sql`char_length(${t.title}) <= 100`),
    check("reviews_body_length", sql`char_length(${t.body}) <= 2000`),
    check("reviews_photos_count", sql`jsonb_array_length(${t.photos}) <= 3`),
  ],
);

/**
 * A review photo as the review lists it: `id` is the upload's hash; `path` and `srcset` the WebP
 * widths as a product photo's (api/lib/catalogue/product-images.ts); `thumb` the narrowest, with
 * its size in pixels for the page's `<img width height>`.
 */
export type ReviewPhoto = {
  id: string;
  path: string;
  srcset: string;
  thumb: { path: string; width: number; height: number };
};

/**
 * The files of review photos, served at /media/reviews/<review id>/<name> while the review is
 * published (api/routes/media.ts). They go with the review when it is deleted.
 */
export const reviewMedia = pgTable(
  "review_media",
  {
    reviewId: text("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    /** "<hash>-<width>.webp", as product_media's. */
    name: text("name").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.name] })],
);

/**
 * That the shop removed a shopper's review of a product (decision 029): written with the removal,
 * kept when the author deletes the review (its text and photos go), so they cannot post the same
 * review again, published, in its place. An admin publishing the review again takes it back.
 */
export const reviewRemovals = pgTable(
  "review_removals",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The removed review; it may since have been deleted by its author. */
    reviewId: text("review_id").notNull(),
    reason: text("reason").notNull(),
    removedAt: timestamp("removed_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.userId] })],
);

/**
 * A photo upload under way to a review: its slot among the review's 3, taken (the review's row
 * locked) before the image is decoded and given back when the photo is saved or refused
 * (api/lib/reviews/review-photos.ts). One older than a few minutes is from a process that stopped.
 */
export const reviewPhotoUploads = pgTable(
  "review_photo_uploads",
  {
    id: id(),
    reviewId: text("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("review_photo_uploads_review_idx").on(t.reviewId)],
);

/** A shopper's mark on a review, at most one per shopper and review. */
const shopperReviewMark = <Name extends string>(name: Name) =>
  pgTable(
    name,
    {
      reviewId: text("review_id")
        .notNull()
        .references(() => reviews.id, { onDelete: "cascade" }),
      userId: text("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      createdAt: createdAt(),
    },
    (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
  );

/** "Was this helpful?": one vote per signed-in shopper and review (reviews.helpful_count counts them). */
export const reviewVotes = shopperReviewMark("review_votes");

/** A shopper's report of a review, once per shopper (reviews.report_count counts them); a report puts it in the queue. */
export const reviewReports = shopperReviewMark("review_reports");

/** The couriers an order can ship with (api/lib/orders/couriers.ts): seeded with India's common ones; the owner adds more. */
export const couriers = pgTable(
  "couriers",
  {
    id: id(),
    name: text("name").notNull(),
    /** The courier's tracking page for one parcel, with {awb} where its number goes; null when unknown. */
    trackingUrl: text("tracking_url"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("couriers_name_idx").on(sql`lower(${t.name})`)],
);

/** What a promotion's discount applies to: every line unless `include` names some; never the lines `exclude` names. */
export type PromotionScope = {
  include: { categories: string[]; brands: string[]; productIds: string[] };
  exclude: { categories: string[]; brands: string[]; productIds: string[] };
};

/**
 * A promotion (issue "Coupons and offers"): a code shoppers type (`kind` "code"), or an automatic
 * offer that needs none (`kind` "offer"; a prepaid offer is one with `paymentMethod` "Upi"). Money
 * is whole rupees; times are instants (the back office reads and writes them in India time). The
 * rules that price an order with it live in api/lib/promotions/.
 */
export const promotions = pgTable(
  "promotions",
  {
    id: id(),
    kind: text("kind").notNull(), // "code" | "offer"
    /** What the owner and the shopper read ("Welcome: 10% off your first order"). */
    name: text("name").notNull(),
    /**
     * The code shoppers type, stored upper-case and trimmed; null for an offer and for a bulk
     * campaign, whose single-use codes are rows of promotion_codes.
     */
    code: text("code"),
    /** A campaign of single-use codes (promotion_codes), each used once. */
    bulk: boolean("bulk").notNull().default(false),
    discountType: text("discount_type").notNull(), // "percent" | "flat"
    /** Percent (1 to 100) or rupees off, by `discountType`. */
    discountValue: integer("discount_value").notNull(),
    /** For a percent discount: the most it gives, in rupees; null for no cap. */
    maxDiscount: integer("max_discount"),
    /** The least cart value (what the eligible lines cost, before any promotion) it needs, in rupees. */
    minCartValue: integer("min_cart_value").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The end of its validity (exclusive); null for none. */
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }),
    /** How many orders may use it in all; null for no cap. */
    totalUses: integer("total_uses"),
    /** How many orders one shopper (by account and by mobile number) may use it for; null for no cap. */
    perShopperUses: integer("per_shopper_uses"),
    /** Only for a shopper's first order (one cancelled before dispatch does not count; one returned to origin does). */
    firstOrderOnly: boolean("first_order_only").notNull().default(false),
    /** Only for orders paid this way ("Upi" is Online Payment, "cod"); null for either. */
    paymentMethod: text("payment_method"),
    scope: jsonb("scope")
      .$type<PromotionScope>()
      .notNull()
      .default({
        include: { categories: [], brands: [], productIds: [] },
        exclude: { categories: [], brands: [], productIds: [] },
      }),
    /** For a code: whether an automatic offer may apply to the same order. */
    combinesWithOffers: boolean("combines_with_offers").notNull().default(true),
    /** "active", "paused" (may resume) or "ended" (for good). */
    status: text("status").notNull().default("active"),
    /**
     * Orders holding a use now: taken by an atomic conditional update inside the order's
     * transaction (never past `totalUses`, except a late payment reinstating an order, recorded
     * on its redemption), given back when an order is cancelled.
     */
    usesCount: integer("uses_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    // Codes are case-insensitive and unique (stored upper-case; bulk codes share this namespace by check in code).
    uniqueIndex("promotions_code_idx").on(t.code),
    index("promotions_live_idx").on(t.kind, t.status),
    check("promotions_kind_known", sql`${t.kind} IN ('code', 'offer')`),
    check("promotions_status_known", sql`${t.status} IN ('active', 'paused', 'ended')`),
    check("promotions_discount_type_known", sql`${t.discountType} IN ('percent', 'flat')`),
    check(
      "promotions_discount_value_range",
      sql`${t.discountValue} >= 1 AND (${t.discountType} <> 'percent' OR ${t.discountValue} <= 100)`,
    ),
    check("promotions_payment_method_known", sql`${t.paymentMethod} IS NULL OR ${t.paymentMethod} IN ('Upi', 'cod')`),
    check("promotions_code_when_code", sql`${t.kind} <> 'offer' OR (${t.code} IS NULL AND NOT ${t.bulk})`),
    check("promotions_uses_count_nonnegative", sql`${t.usesCount} >= 0`),
  ],
);

/** A bulk campaign's single-use codes (upper-case, at least 8 random characters without look-alikes). */
export const promotionCodes = pgTable(
  "promotion_codes",
  {
    code: text("code").primaryKey(),
    promotionId: text("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    /** The order holding this code's one use; null while unused (or given back by a cancellation). */
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("promotion_codes_promotion_idx").on(t.promotionId)],
);

/** The code a shopper has applied to their cart (one per shopper); it also applies to a Buy Now checkout. */
export const cartPromotions = pgTable("cart_promotions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** As the shopper typed it, upper-cased and trimmed. */
  code: text("code").notNull(),
  appliedAt: timestamp("applied_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * One promotion's use by one order: the discount it gave, and whether the use is still held
 * (a cancelled order releases it; a late payment that reinstates the order takes it again).
 */
export const promotionRedemptions = pgTable(
  "promotion_redemptions",
  {
    id: id(),
    promotionId: text("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "restrict" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The code the shopper typed (a bulk code included); null for an automatic offer. */
    code: text("code"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The delivery mobile number (E.164), so a second account with the same number counts as the same shopper. */
    mobile: text("mobile"),
    /** Rupees it took off the order, over its lines. */
    discount: integer("discount").notNull(),
    /** "held" or "released" (the order was cancelled). */
    status: text("status").notNull().default("held"),
    /** Taken again by a late payment past the promotion's cap. */
    overCap: boolean("over_cap").notNull().default(false),
    createdAt: createdAt(),
    releasedAt: timestamp("released_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("promotion_redemptions_order_idx").on(t.orderId, t.promotionId),
    index("promotion_redemptions_promotion_idx").on(t.promotionId, t.createdAt),
    index("promotion_redemptions_user_idx").on(t.promotionId, t.userId),
    index("promotion_redemptions_mobile_idx").on(t.promotionId, t.mobile),
    check("promotion_redemptions_status_known", sql`${t.status} IN ('held', 'released')`),
    check("promotion_redemptions_discount_nonnegative", sql`${t.discount} >= 0`),
  ],
);

/**
 * The owner's dashboard's figures of one whole Indian day, rolled up by the job queue
 * (api/lib/admin/dashboard-rollup.ts, docs/decisions/052-owner-dashboard.md): a day is read from
 * here only while no change has marked it dirty since, and never for today.
 */
export const dashboardDays = pgTable("dashboard_days", {
  /** The Indian day, from midnight IST. */
  day: date("day", { mode: "string" }).primaryKey(),
  /** The day's figures (DayFigures): sums and counts only, so that days add up to a period. */
  figures: jsonb("figures").notNull(),
  rolledUpAt: timestamp("rolled_up_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * The days a change touched since they were last rolled up: written by the triggers of migration
 * `dashboard_rollup` in the changing transaction itself (orders, their lines, promotion uses, tax
 * documents, reviews), one row per day and change, never updated (so concurrent changes never wait
 * on each other); the roll-up deletes the rows it saw.
 */
export const dashboardDirtyDays = pgTable(
  "dashboard_dirty_days",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [index("dashboard_dirty_days_day_idx").on(t.day)],
);
