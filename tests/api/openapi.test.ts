import { describe, expect, it } from "vitest";
import { docsContentSecurityPolicy } from "../../api/routes/docs";
import { createTestApi, createUserWithToken, insertProduct } from "./helpers";
import { ROUTE_REFUSALS } from "../../api/contract/refusals";
import { routeCodes } from "../../api/lib/http/refusal-schemas";
import { contractProblem, operationsOf } from "./openapi-contract";

// The OpenAPI document (docs/api.md; docs/decisions/015-openapi.md). Every other
// API test checks each answer it gets against the document too (tests/api/helpers.ts).

const api = await createTestApi();
const { app, call, db } = api;

type Operation = {
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type Document = {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string; scheme: string }> };
};

const METHODS = ["get", "post", "put", "delete", "patch"];
const documentRes = await call("GET", "/userapp/openapi.json");
const document = documentRes.body as Document;

const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, operation]) => ({ path, method, operation })),
);

/** A path of the document with each parameter filled in with something well-formed. */
const concrete = (path: string) => path.replaceAll(/\{[^}]+\}/g, "aaaaaaaaaaaaaaaaaaaaaaaa");

describe("GET /userapp/openapi.json", () => {
  it("is an OpenAPI 3.1 document with the bearer scheme", () => {
    expect(documentRes.status).toBe(200);
    expect(documentRes.headers.get("content-type")).toMatch(/^application\/json/);
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBe("The /userapp API");
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("lists every route the app serves, with its method", () => {
    const served = new Set<string>();
    for (const route of app.routes) {
      if (route.method === "ALL") continue; // middleware
      served.add(`${route.method} ${route.path.replaceAll(/:([^/]+)/g, "{$1}")}`);
    }
    const documented = new Set(operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`));
    expect(served.size).toBeGreaterThan(50);
    expect([...served].filter((route) => !documented.has(route))).toEqual([]);
    // And nothing is documented that the app does not serve.
    expect([...documented].filter((route) => !served.has(route))).toEqual([]);
    // The route groups are all there, the back office's too.
    for (const prefix of ["auth", "user", "product", "cart", "wishlist", "compare", "order", "orders", "admin"]) {
      expect(
        operations.some(({ path }) => path.startsWith(`/userapp/${prefix}`)),
        prefix,
      ).toBe(true);
    }
  });

  it("gives every operation a summary, a success answer and the error envelope for its failures", () => {
    for (const { method, path, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.summary, where).toBeTruthy();
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((status) => /^2\d\d$/.test(status)),
        where,
      ).toBe(true);
      if (!path.startsWith("/userapp/")) continue;
      for (const status of statuses.filter((status) => /^[45]\d\d$/.test(status))) {
        const schema = operation.responses[status].content?.["application/json"]?.schema;
        expect(schema, `${where} ${status}`).toBeDefined();
      }
      expect(statuses, where).toEqual(expect.arrayContaining(["422", "500"]));
    }
  });

  it("names each path parameter, and every $ref resolves", () => {
    for (const { method, path, operation } of operations) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const documented = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      expect(documented.sort(), `${method.toUpperCase()} ${path}`).toEqual(names.sort());
    }
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((name) => !(name in document.components.schemas))).toEqual([]);
  });

  it("documents the shapes the storefront reads: the order's address, the payment methods, the orders' pages", () => {
    const schemas = document.components.schemas as Record<
      string,
      { properties?: Record<string, unknown>; required?: string[] }
    >;
    expect(schemas.OrderAddress.required?.sort()).toEqual(["city", "country", "locality", "state", "zipcode"]);
    expect(schemas.Order.properties?.address).toEqual({ $ref: "#/components/schemas/OrderAddress" });
    expect(schemas.Order.properties?.paymentMethod).toMatchObject({ enum: ["cod", "Upi"] });
    const create = document.paths["/userapp/order/create"].post;
    expect(JSON.stringify(create)).toContain('"enum":["cod","Upi"]');
    const list = document.paths["/userapp/orders"].get;
    expect((list.parameters ?? []).map((p) => `${p.in} ${p.name}`).sort()).toEqual(["query limit", "query page"]);
    expect(schemas.Paginator.required).toEqual(expect.arrayContaining(["itemCount", "pageCount", "currentPage"]));
  });

  it("marks exactly the routes that need a token with the bearer scheme (and 401), the admin routes with 403", async () => {
    const shopper = await createUserWithToken(db);
    for (const { method, path, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      const secured = (operation.security ?? []).some((requirement) => "bearerAuth" in requirement);
      const anonymous = await app.request(concrete(path), {
        method: method.toUpperCase(),
        headers: { "content-type": "application/json" },
        body: method === "get" ? undefined : "{}",
      });
      expect(anonymous.status === 401, where).toBe(secured);
      if (secured) expect(Object.keys(operation.responses), where).toContain("401");
      if (path.startsWith("/userapp/admin/")) {
        expect(secured, where).toBe(true);
        expect(Object.keys(operation.responses), where).toContain("403");
        const asShopper = await call(method.toUpperCase(), concrete(path), {
          token: shopper.token,
          body: method === "get" ? undefined : {},
        });
        expect(asShopper.status, where).toBe(403);
      }
    }
  });
});

describe("the answer check (tests/api/openapi-contract.ts)", () => {
  const documented = operationsOf(app);

  it("passes an answer the document describes and names what is wrong with one it does not", async () => {
    const productId = await insertProduct(db);
    const res = await call("GET", `/userapp/product/get/${productId}`);
    const request = { method: "GET", path: `/userapp/product/get/${productId}` };
    const answer = { status: res.status, contentType: "application/json", body: res.body };
    expect(contractProblem(documented, request, answer)).toBeNull();

    const { variants: _dropped, ...withoutVariants } = res.body.data;
    expect(contractProblem(documented, request, { ...answer, body: { ...res.body, data: withoutVariants } })).toMatch(
      /does not match the documented schema: data\.variants/,
    );
    expect(contractProblem(documented, request, { ...answer, status: 409 })).toMatch(
      /a status the document does not list/,
    );
    expect(
      contractProblem(documented, request, {
        ...answer,
        status: 404,
        body: { status: "SUCCESS", message: "x", data: null },
      }),
    ).toMatch(/does not match/);
    expect(contractProblem(documented, request, { ...answer, contentType: "text/html" })).toMatch(
      /does not list for that status/,
    );
    // A path no route serves has nothing to check.
    expect(
      contractProblem(documented, { method: "GET", path: "/userapp/nowhere" }, { ...answer, status: 404 }),
    ).toBeNull();
  });
});

describe("the refusal codes (api/contract/refusals.ts; decision 035)", () => {
  const documented = operationsOf(app);
  const keys = operations
    .filter(({ path }) => path.startsWith("/userapp/"))
    .map(({ method, path }) => `${method.toUpperCase()} ${path.slice("/userapp".length)}`);

  it("declares each /userapp route's codes, and no declaration names a route the API does not have", () => {
    expect(Object.keys(ROUTE_REFUSALS).sort()).toEqual(keys.sort());
    expect(() => routeCodes("GET /nowhere", { hasBody: false, signedIn: false, admin: false, documented: [] })).toThrow(
      /GET \/nowhere declares no refusals/,
    );
  });

  it("documents each failure status with exactly the codes of that status the route declares", () => {
    const cancel = document.paths["/userapp/orders/{id}/cancel"].put;
    expect(Object.keys(cancel.responses).sort()).toEqual(["200", "400", "401", "404", "409", "413", "422", "500"]);
    const refs = (status: string) => JSON.stringify(cancel.responses[status]).match(/Refusal_[A-Z_]+/g);
    expect(refs("409")).toEqual(["Refusal_ORDER_STATE"]);
    expect(refs("404")).toEqual(["Refusal_NOT_FOUND"]);
    expect(refs("401")).toEqual(["Refusal_UNAUTHENTICATED"]);
    const create = document.paths["/userapp/order/create"].post;
    expect(JSON.stringify(create.responses["409"])).toContain("Refusal_COD_LIMIT");
    expect(JSON.stringify(create.responses["400"])).toContain("Refusal_CART_EMPTY");
  });

  it("fails an answer whose code its route does not declare, or whose data is not the code's", async () => {
    const request = { method: "PUT", path: "/userapp/orders/aaaaaaaaaaaaaaaaaaaaaaaa/cancel" };
    const refusal = (body: object) => ({ status: 409, contentType: "application/json", body });
    const declared = { status: "FAILURE", message: "No", data: { status: "delivered", paymentStatus: "paid" } };
    expect(contractProblem(documented, request, refusal({ ...declared, code: "ORDER_STATE" }))).toBeNull();
    // Another route's code, a code with another status, no code, and the code's data the wrong shape.
    for (const code of ["COD_LIMIT", "CART_EMPTY", undefined])
      expect(contractProblem(documented, request, refusal({ ...declared, data: null, code })), String(code)).toMatch(
        /does not match the documented schema/,
      );
    expect(contractProblem(documented, request, refusal({ ...declared, data: null, code: "ORDER_STATE" }))).toMatch(
      /does not match the documented schema: data/,
    );
    // A real refusal the API answers: an unknown order.
    const shopper = await createUserWithToken(db);
    const res = await call("PUT", request.path, { token: shopper.token, body: { reason: null } });
    expect(res.body).toMatchObject({ status: "RECORD_NOT_FOUND", code: "NOT_FOUND" });
  });
});

describe("GET /userapp/docs", () => {
  it("is an HTML reference under its own nonce-based CSP, listing every endpoint without JavaScript", async () => {
    const res = await app.request("/userapp/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toBe(docsContentSecurityPolicy(nonce!));
    expect(csp).not.toMatch(/https?:|unsafe-eval|'unsafe-inline' 'nonce|script-src[^;]*\*/);
    const html = await res.text();
    // Every script carries this response's nonce, and none comes from another origin.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    for (const tag of scripts) {
      expect(tag).toContain(`nonce="${nonce}"`);
      expect(tag).not.toMatch(/src="(https?:)?\/\//);
    }
    expect(html).toContain('href="/userapp/openapi.json"');
    for (const { method, path } of operations) expect(html).toContain(`${method.toUpperCase()} ${path}`);

    // Scalar's script is served from here (@scalar/api-reference's standalone bundle), never a CDN.
    expect(scripts.some((tag) => tag.includes('src="/userapp/docs/scalar.js"'))).toBe(true);
    const script = await app.request("/userapp/docs/scalar.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect((await script.text()).length).toBeGreaterThan(100_000);
  });

  it("gives each page its own nonce", async () => {
    const nonces = await Promise.all(
      [1, 2].map(async () => (await app.request("/userapp/docs")).headers.get("content-security-policy")),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});
