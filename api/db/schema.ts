import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Ids are 24 hex characters, the shape the original client knows as `_id`. */
const id = () => text("id").primaryKey();
const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const merchants = pgTable("merchants", {
  id: id(),
  companyName: text("company_name").notNull(),
  name: text("name").notNull(),
  contactPhone: text("contact_phone").notNull(),
  contactEmail: text("contact_email").notNull(),
  createdAt: createdAt(),
});

export type ProductImage = { path: string };

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
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    images: jsonb("images").$type<ProductImage[]>().notNull(),
    ratingValue: real("rating_value"),
    ratingCount: integer("rating_count"),
    /** Lowest selling price over the variants: what "sort by price" orders on. */
    price: integer("price").notNull(),
    /** Highest discount over the variants: what "sort by discount" orders on. */
    discount: integer("discount").notNull(),
    /** Lower-cased text of every searchable field (spec section 7), trigram-indexed. */
    searchText: text("search_text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("products_created_at_idx").on(t.createdAt.desc(), t.id),
    index("products_price_idx").on(t.price, t.id),
    index("products_discount_idx").on(t.discount, t.id),
    index("products_rating_idx").on(t.ratingValue, t.id),
    index("products_title_idx").on(t.shortTitle, t.id),
    index("products_category_idx").on(t.category, t.createdAt),
    index("products_sub_category_idx").on(t.subCategory),
    index("products_brand_idx").on(t.brand),
    index("products_type_idx").on(t.productType),
    index("products_sub_type_idx").on(t.productSubType),
    index("products_gender_idx").on(t.gender),
    index("products_merchant_idx").on(t.merchantId),
    index("products_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
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
    index("variants_size_idx").on(t.size, t.productId),
    index("variants_cost_idx").on(t.cost, t.productId),
    check("variants_quantity_non_negative", sql`${t.quantity} >= 0`),
    check("variants_prices_positive", sql`${t.mrp} > 0 AND ${t.cost} > 0 AND ${t.cost} <= ${t.mrp}`),
    check("variants_discount_range", sql`${t.discount} >= 0 AND ${t.discount} < 100`),
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
    isActive: boolean("is_active").notNull().default(false),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId, t.position),
    uniqueIndex("addresses_one_active_idx").on(t.userId).where(sql`${t.isActive}`),
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

export const wishlistItems = pgTable(
  "wishlist_items",
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

export type OrderStatusStep = { isConfirmed: boolean; date: string | null };
export type OrderStatus = Record<
  "orderConfirmed" | "shipped" | "outForDelivery" | "delivered" | "cancel" | "refunded",
  OrderStatusStep
>;
export type OrderAddress = { locality: string; city: string; state: string; zipcode: string; country: string };

export const orders = pgTable(
  "orders",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key"),
    source: text("source").notNull(), // "cart" | "buyNow"
    paymentMethod: text("payment_method").notNull(), // "cod" | "Upi"
    paymentStatus: text("payment_status").notNull(), // "pending" | "awaitingPayment" | "paid"
    itemsAmount: integer("items_amount").notNull(),
    platformFee: integer("platform_fee").notNull(),
    totalAmount: integer("total_amount").notNull(),
    address: jsonb("address").$type<OrderAddress>().notNull(),
    orderStatus: jsonb("order_status").$type<OrderStatus>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt.desc()),
    uniqueIndex("orders_idempotency_idx").on(t.userId, t.idempotencyKey),
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
  },
  (t) => [primaryKey({ columns: [t.orderId, t.position] })],
);
