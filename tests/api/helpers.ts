import { and, asc, eq } from "drizzle-orm";
import { afterAll, expect } from "vitest";
import { createUserapp, type UserappOptions } from "../../api/app";
import type { Database, DatabaseHandle } from "../../api/db/client";
import { merchants, messages, products, users, variants } from "../../api/db/schema";
import { issueToken } from "../../api/lib/accounts/auth";
import { catalogueChanged } from "../../api/platform/catalogue-version";
import { defaultDeps } from "../../api/lib/context";
import { newId } from "../../api/lib/ids";
import { confirmCodOrder } from "../../api/lib/orders/cod-confirmation";
import { defaultOrderSettings, type OrderSettings } from "../../api/lib/orders/order-states";
import { buildSearchText } from "../../api/lib/search/search-text";
import { openTestDatabase } from "../db";
import { contractProblem, operationsOf } from "./openapi-contract";

export type TestApi = {
  db: Database;
  handle: DatabaseHandle & { url: string };
  app: ReturnType<typeof createUserapp>;
  /**
   * Calls the API like a client would: JSON body, optional bearer token and headers. Every answer
   * is checked against the OpenAPI document (tests/api/openapi-contract.ts): a status the route
   * does not document, or a body its schema refuses, fails the test.
   */
  call: (
    method: string,
    path: string,
    options?: {
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      rawBody?: string;
      /** A multipart form (an upload); it sets its own content type. */
      form?: FormData;
      /** The client's address, handed over as the in-process storefront does (api/platform/client-address.ts). */
      clientAddress?: string | null;
    },
  ) => Promise<{ status: number; body: any; headers: Headers }>;
};

/**
 * The order rules of the test APIs: the shop's defaults, but with room for the many Cash on
 * Delivery orders a test file's shoppers place. Those limits have their own tests
 * (tests/api/cod-limits.test.ts), which set them.
 */
export const TEST_ORDER_SETTINGS: OrderSettings = {
  ...defaultOrderSettings,
  maxOpenCodOrders: 1000,
  maxCodUnits: 1000,
};

/** An API on a fresh database for this test file, closed after the file's tests. */
export async function createTestApi(options: Partial<Omit<UserappOptions, "db">> = {}): Promise<TestApi> {
  const handle = await openTestDatabase();
  const app = createUserapp({ db: handle.db, orders: TEST_ORDER_SETTINGS, ...options });
  const operations = operationsOf(app);
  afterAll(() => handle.close());
  const call: TestApi["call"] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | FormData | undefined = opts.form ?? opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["content-type"] = "application/json";
    }
    const bindings = opts.clientAddress !== undefined ? { clientAddress: opts.clientAddress } : undefined;
    const response = await app.request(path, { method, headers, body }, bindings);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    const problem = contractProblem(
      operations,
      { method, path },
      { status: response.status, contentType: response.headers.get("content-type"), body: parsed },
    );
    if (problem) throw new Error(`The answer disagrees with the OpenAPI document: ${problem}`);
    return { status: response.status, body: parsed, headers: response.headers };
  };
  return { db: handle.db, handle, app, call };
}

let counter = 0;

/** Inserts a merchant and returns its id. */
export async function insertMerchant(db: Database, fields: Partial<typeof merchants.$inferInsert> = {}) {
  const id = newId();
  counter++;
  await db.insert(merchants).values({
    id,
    companyName: `Test Traders ${counter}`,
    name: `Test Merchant ${counter}`,
    contactPhone: `98${String(counter).padStart(8, "0")}`,
    contactEmail: `merchant${counter}@example.test`,
    ...fields,
  });
  return id;
}

export type TestVariant = { size: string; quantity: number; mrp: number; discount: number };

/** Inserts a product with its variants (cost computed as the catalogue does) and returns its id. */
/** Two real Indian addresses (known PIN codes) for orders and address books. */
export const testAddresses = {
  home: {
    locality: "12 MG Road, Indiranagar",
    city: "Bengaluru",
    state: "Karnataka",
    zipcode: "560038",
    country: "India",
    name: "Asha Rao",
    mobile: "+919876543210",
  },
  office: {
    locality: "4th Floor, Cyber Towers",
    city: "Hyderabad",
    state: "Telangana",
    zipcode: "500081",
    country: "India",
    name: "Asha Rao",
    mobile: "+919123456780",
  },
  kochi: {
    locality: "4 Marine Drive",
    city: "Kochi",
    state: "Kerala",
    zipcode: "682031",
    country: "India",
    name: "Asha Rao",
    mobile: "+917012345678",
  },
};

/** An address as the spec's clients send it: its five fields, without the courier's (name, mobile). */
export const specAddress = ({ locality, city, state, zipcode, country }: (typeof testAddresses)["home"]) => ({
  locality,
  city,
  state,
  zipcode,
  country,
});

export async function insertProduct(
  db: Database,
  fields: Partial<Omit<typeof products.$inferInsert, "price" | "discount" | "searchText">> & {
    variants?: TestVariant[];
  } = {},
) {
  const id = fields.id ?? newId();
  const merchantId = fields.merchantId ?? (await insertMerchant(db));
  const variantList = fields.variants ?? [{ size: "M", quantity: 50, mrp: 1000, discount: 20 }];
  const costs = variantList.map((v) => Math.round(v.mrp * (1 - v.discount / 100)));
  counter++;
  const base = {
    shortTitle: `Test Product ${counter}`,
    longTitle: `Test Product ${counter} long title`,
    tagLine: "A product for tests",
    description: "Described for tests.",
    brand: "Samsung",
    category: "Electronics",
    subCategory: "Bluetooth Headphones",
    productType: "Electronics",
    productSubType: "Headphones",
    gender: "unisex",
    images: [{ path: "/media/art/test.svg" }],
    ratingValue: 4.2,
    ratingCount: 120,
    ...fields,
  };
  const { variants: _ignored, ...productFields } = base as typeof base & { variants?: unknown };
  await db.insert(products).values({
    ...productFields,
    id,
    merchantId,
    price: Math.min(...costs),
    discount: Math.max(...variantList.map((v) => v.discount)),
    searchText: buildSearchText(base),
  });
  await db
    .insert(variants)
    .values(variantList.map((v, position) => ({ productId: id, position, ...v, cost: costs[position] })));
  // Announced as every catalogue writer announces its change, so the API's catalogue cache drops what it read before.
  catalogueChanged();
  return id;
}

/**
 * Inserts a user (password "password123", not hashed for real: sign-in is not what these tests
 * cover) with a mobile number as the phone (an order needs one: DESIGN deviation 18), and issues a token.
 */
export async function createUserWithToken(db: Database, fields: Partial<typeof users.$inferInsert> = {}) {
  counter++;
  const id = newId();
  const [user] = await db
    .insert(users)
    .values({
      id,
      email: `shopper${counter}.${id.slice(0, 6)}@example.test`,
      passwordHash: "not-a-real-hash",
      name: `Shopper ${counter}`,
      phone: "9876543210",
      ...fields,
    })
    .returning();
  const token = await issueToken(defaultDeps(db), id, user.passwordHash);
  if (!token) throw new Error("No token issued for a user just inserted");
  return { id, token };
}

/** The units of `size` of a product in stock now. */
export async function stockOf(db: Database, productId: string, size = "M"): Promise<number> {
  const [row] = await db
    .select({ quantity: variants.quantity })
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.size, size)));
  return row.quantity;
}

/** The token of a Cash on Delivery order's confirm/cancel links, read from the message its shopper received. */
export async function codTokenOf(db: Database, orderId: string): Promise<string> {
  const [message] = await db
    .select({ text: messages.text })
    .from(messages)
    .where(and(eq(messages.orderId, orderId), eq(messages.kind, "order.codConfirmation")));
  const token = /\/cod\/confirm\?token=([\w-]+)/.exec(message?.text ?? "")?.[1];
  if (!token) throw new Error(`No confirmation link was sent for order ${orderId}`);
  return token;
}

/**
 * Confirms a Cash on Delivery order as its shopper does, with the emailed link's token (before
 * it can ship). `now`: the clock of a test that placed the order at another time.
 */
export async function confirmCod(db: Database, orderId: string, now = new Date()) {
  return confirmCodOrder({ ...defaultDeps(db), now: () => now }, await codTokenOf(db, orderId));
}

/** The kinds of the messages an order sent, oldest first. */
export const messageKindsOf = async (db: Database, orderId: string) =>
  (
    await db
      .select({ kind: messages.kind })
      .from(messages)
      .where(eq(messages.orderId, orderId))
      .orderBy(asc(messages.createdAt))
  ).map((row) => row.kind);

/** Expects a throttle's refusal: 429, its message naming the wait, and that wait in seconds as `Retry-After` too. */
export function expectRefusedFor(
  answer: { status: number; body: unknown; headers: Headers },
  message: string,
  retryAfter: number,
) {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({
    status: "TOO_MANY_REQUESTS",
    message,
    data: { retryAfter },
    code: "TOO_MANY_ATTEMPTS",
  });
  expect(answer.headers.get("retry-after")).toBe(String(retryAfter));
}
