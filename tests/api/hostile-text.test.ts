import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../api/db/schema";
import { createTestApi, createUserWithToken, insertProduct } from "./helpers";

// Control characters in any text the API reads answer 422 VALIDATION_ERROR with the field's
// path, never a 500 (PostgreSQL refuses NUL in text) and never a stored value.
const api = await createTestApi();
const { db, call } = api;

const productId = await insertProduct(db);
const shopper = await createUserWithToken(db);
const home = { locality: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560038", country: "India" };

/** NUL, BEL, ESC, DEL, a form feed, and a lone surrogate half. */
const HOSTILE = [
  ["NUL", "\u0000"],
  ["BEL", "\u0007"],
  ["ESC", "\u001b"],
  ["DEL", "\u007f"],
  ["form feed", "\u000c"],
  ["lone surrogate", "\ud800"],
] as const;

type Case = {
  name: string;
  method: string;
  path: string;
  auth?: boolean;
  body: (bad: string) => unknown;
  field: string;
};

const CASES: Case[] = [
  {
    name: "register email",
    method: "POST",
    path: "/userapp/auth/register",
    body: (bad) => ({ email: `a${bad}@example.test`, password: "password123" }),
    field: "email",
  },
  {
    name: "register password",
    method: "POST",
    path: "/userapp/auth/register",
    body: (bad) => ({ email: "pw@example.test", password: `password${bad}123` }),
    field: "password",
  },
  {
    name: "register first name",
    method: "POST",
    path: "/userapp/auth/register",
    body: (bad) => ({ email: "fn@example.test", password: "password123", firstName: `As${bad}ha` }),
    field: "firstName",
  },
  {
    name: "login username",
    method: "POST",
    path: "/userapp/auth/login",
    body: (bad) => ({ username: `${bad}a@example.test`, password: "password123" }),
    field: "username",
  },
  {
    name: "login password",
    method: "POST",
    path: "/userapp/auth/login",
    body: (bad) => ({ username: "a@example.test", password: `x${bad}` }),
    field: "password",
  },
  {
    name: "product search",
    method: "POST",
    path: "/userapp/product/list",
    body: (bad) => ({ query: { search: `tv${bad}` }, options: { page: 1, limit: 10 } }),
    field: "query.search",
  },
  {
    name: "product brand filter",
    method: "POST",
    path: "/userapp/product/list",
    body: (bad) => ({ query: { brand: ["Samsung", `So${bad}ny`] } }),
    field: "query.brand.1",
  },
  {
    name: "product count",
    method: "POST",
    path: "/userapp/product/count",
    body: (bad) => ({ query: { category: `TV${bad}` } }),
    field: "query.category",
  },
  {
    name: "wishlist add",
    method: "POST",
    path: "/userapp/wishlist/create",
    auth: true,
    body: (bad) => ({ productId: `${productId}${bad}` }),
    field: "productId",
  },
  {
    name: "compare add",
    method: "POST",
    path: "/userapp/compare/add",
    auth: true,
    body: (bad) => ({ productId: `${bad}${productId}` }),
    field: "productId",
  },
  {
    name: "cart size",
    method: "POST",
    path: "/userapp/cart/create",
    auth: true,
    body: (bad) => ({ products: [{ productId, qty: 1, size: `M${bad}` }] }),
    field: "products.0.size",
  },
  {
    name: "profile name",
    method: "PUT",
    path: `/userapp/user/update/${shopper.id}`,
    auth: true,
    body: (bad) => ({ name: `Asha${bad}` }),
    field: "name",
  },
  {
    name: "profile address city",
    method: "PUT",
    path: `/userapp/user/update/${shopper.id}`,
    auth: true,
    body: (bad) => ({ address: [home, { ...home, city: `Pune${bad}` }] }),
    field: "address.1.city",
  },
  {
    name: "password change",
    method: "PUT",
    path: "/userapp/user/password",
    auth: true,
    body: (bad) => ({ currentPassword: `old${bad}`, newPassword: "new password 2" }),
    field: "currentPassword",
  },
  {
    name: "order address",
    method: "POST",
    path: "/userapp/order/create",
    auth: true,
    body: (bad) => ({
      products: [{ productId, qty: 1, size: "M" }],
      address: { ...home, locality: `12${bad} MG Road` },
      paymentMethod: "cod",
    }),
    field: "address.locality",
  },
  {
    name: "buy now size",
    method: "POST",
    path: "/userapp/order/create",
    auth: true,
    body: (bad) => ({ productId, quantity: 1, size: `${bad}`, paymentMethod: "cod" }),
    field: "size",
  },
];

async function expectFieldError(response: { status: number; body: any }, path: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  expect(response.body.status).toBe("VALIDATION_ERROR");
  expect(response.body.data).toEqual(
    expect.arrayContaining([{ path, message: "Must not contain control characters" }]),
  );
  expect(response.body.message).toBe(`Invalid input: ${response.body.data[0].path}: ${response.body.data[0].message}`);
}

describe("control characters in a JSON body", () => {
  for (const { name, method, path, auth, body, field } of CASES) {
    it.each(HOSTILE)(`${name}: %s answers 422 naming ${field}`, async (_label, bad) => {
      const response = await call(method, path, { body: body(bad), token: auth ? shopper.token : undefined });
      await expectFieldError(response, field);
    });
  }

  it("stores nothing from a refused request", async () => {
    await call("POST", "/userapp/auth/register", {
      body: { email: "stored@example.test", password: "password123", lastName: "R\u0000ao" },
    });
    expect(await db.select().from(users).where(eq(users.email, "stored@example.test"))).toEqual([]);
    await call("PUT", `/userapp/user/update/${shopper.id}`, {
      token: shopper.token,
      body: { name: "Fine", lastName: "B\u001bad" },
    });
    expect((await call("GET", "/userapp/user/me", { token: shopper.token })).body.data.name).not.toBe("Fine");
  });

  it("lists every offending field, in fields the schema ignores and in keys too", async () => {
    const response = await call("POST", "/userapp/auth/register", {
      body: {
        email: "a\u0000@example.test",
        password: "pass\u0007word1",
        extra: { deep: ["ok", "b\u007fad"] },
        "ke\u0000y": 1,
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.data.map((error: { path: string }) => error.path)).toEqual([
      "",
      "email",
      "password",
      "extra.deep.1",
    ]);
  });

  it("walks a deeply nested body without a 500 or a stack overflow", async () => {
    const depth = 100_000;
    const raw = `{"query":{"search":${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}}}`;
    const response = await call("POST", "/userapp/product/list", {
      rawBody: raw,
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(422);
    expect(response.body.data[0].path).toMatch(/^query\.search\.0\.0\..*\.\.\.$/);
    // Without a control character the schema refuses it as usual.
    const clean = `{"query":{"search":${"[".repeat(depth)}"tv"${"]".repeat(depth)}}}`;
    expect(
      (await call("POST", "/userapp/product/list", { rawBody: clean, headers: { "content-type": "application/json" } }))
        .status,
    ).toBe(422);
  });

  it("takes tab, line feed, carriage return and real emoji, which are text", async () => {
    const email = "tabs@example.test";
    const created = await call("POST", "/userapp/auth/register", {
      body: { email, password: "pass\tword\r\n1", firstName: "Asha 😀" },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.firstName).toBe("Asha 😀");
    expect(
      (await call("POST", "/userapp/auth/login", { body: { username: email, password: "pass\tword\r\n1" } })).status,
    ).toBe(200);
    const search = await call("POST", "/userapp/product/list", { body: { query: { search: "tv\tled" } } });
    expect(search.status).toBe(200);
  });
});

describe("control characters in the URL", () => {
  it.each(HOSTILE.filter(([label]) => label !== "lone surrogate"))(
    "%s in a query string answers 422 naming it",
    async (_label, bad) => {
      const response = await call("GET", `/userapp/orders?page=${encodeURIComponent(`1${bad}`)}`, {
        token: shopper.token,
      });
      await expectFieldError(response, "query.page");
    },
  );

  it.each(HOSTILE.filter(([label]) => label !== "lone surrogate"))(
    "%s in a path parameter answers 422, signed in or not",
    async (_label, bad) => {
      const escaped = encodeURIComponent(bad);
      await expectFieldError(await call("GET", `/userapp/product/get/${productId}${escaped}`), "path");
      await expectFieldError(
        await call("GET", `/userapp/orders/${escaped}${productId}`, { token: shopper.token }),
        "path",
      );
      await expectFieldError(await call("PUT", `/userapp/user/activate/${escaped}`, { token: shopper.token }), "path");
      await expectFieldError(
        await call("PUT", `/userapp/user/update/${shopper.id}${escaped}`, { body: { name: "X" } }),
        "path",
      );
    },
  );

  it("answers a lone surrogate's escape and malformed escapes without a 500", async () => {
    for (const suffix of ["%ED%A0%80", "%E0%A4%A", "%ZZ", "%"]) {
      const response = await call("GET", `/userapp/product/get/${suffix}`);
      expect(response.status).toBe(404);
      expect(response.body.status).toBe("RECORD_NOT_FOUND");
    }
    const search = await call("GET", "/userapp/orders?page=%ED%A0%80", { token: shopper.token });
    expect(search.status).toBe(422);
  });
});
