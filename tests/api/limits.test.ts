import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readEnv } from "../../api/config";
import { users } from "../../api/db/schema";
import { defaultDeps } from "../../api/lib/context";
import { createTestApi, createUserWithToken } from "./helpers";

const LIMIT = 16 * 1024;
const api = await createTestApi({ bodyLimitBytes: LIMIT });
const { db, call, app } = api;
const shopper = await createUserWithToken(db);

/**
 * A request body that arrives in 1 KB chunks, `total` bytes in all, without a Content-Length
 * (as a chunked upload does); `pulled` counts the bytes the server asked for.
 */
function chunkedBody(total: number, text = " ") {
  const chunk = new TextEncoder().encode(text.repeat(1024));
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      counter.pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, counter };
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
    duplex: "half",
  } as RequestInit);
}

async function expect413(response: Response) {
  expect(response.status).toBe(413);
  expect(await response.json()).toEqual({
    status: "PAYLOAD_TOO_LARGE",
    message: `The request body is larger than ${LIMIT} bytes.`,
    data: { limit: LIMIT },
    code: "TOO_LARGE",
  });
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
}

/** A valid login body padded with spaces (JSON allows them) to exactly `size` bytes. */
function paddedLogin(size: number, email = "nobody@example.test") {
  const json = JSON.stringify({ username: email, password: "wrong password" });
  return json + " ".repeat(size - json.length);
}

describe("request body size", () => {
  it("is 1 MB unless API_BODY_LIMIT_BYTES says otherwise, which must be a sane number of bytes", () => {
    expect(defaultDeps(db).bodyLimitBytes).toBe(1024 * 1024);
    expect(readEnv({}).API_BODY_LIMIT_BYTES).toBe(1024 * 1024);
    expect(readEnv({ API_BODY_LIMIT_BYTES: "65536" }).API_BODY_LIMIT_BYTES).toBe(65536);
    for (const bad of ["0", "-1", "1.5", "lots", "999999999999"]) {
      expect(() => readEnv({ API_BODY_LIMIT_BYTES: bad })).toThrow(/API_BODY_LIMIT_BYTES/);
    }
  });

  it("refuses a declared Content-Length over the limit without reading a byte of the body", async () => {
    for (const declared of [LIMIT + 1, 10 * LIMIT, 10 * 1024 * 1024 * 1024]) {
      const { stream, counter } = chunkedBody(Number.MAX_SAFE_INTEGER);
      const response = await post("/userapp/auth/register", stream, { "content-length": String(declared) });
      await expect413(response);
      // The stream may be primed with one chunk, never read on.
      expect(counter.pulled).toBeLessThanOrEqual(1024);
    }
  });

  it("stops reading a chunked body as soon as it crosses the limit", async () => {
    for (const path of [
      "/userapp/auth/register",
      "/userapp/auth/login",
      "/userapp/product/list",
      "/userapp/order/create",
    ]) {
      const { stream, counter } = chunkedBody(100 * LIMIT);
      await expect413(await post(path, stream));
      expect(counter.pulled).toBeGreaterThan(LIMIT);
      // Read one chunk past the limit (and what the stream queued ahead), not the 1.6 MB sent.
      expect(counter.pulled).toBeLessThanOrEqual(LIMIT + 4 * 1024);
    }
  });

  it("refuses an oversized body whatever it holds, and acts on none of it", async () => {
    const email = "huge@example.test";
    const huge = JSON.stringify({ email, password: "password123", firstName: "x".repeat(LIMIT) });
    await expect413(await post("/userapp/auth/register", huge));
    const { stream } = chunkedBody(2 * LIMIT, "x");
    await expect413(await post("/userapp/auth/register", stream));
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    // Signed in or not, the size is checked first.
    const signedIn = await app.request("/userapp/cart/create", {
      method: "POST",
      body: "[".repeat(LIMIT + 1),
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(signedIn.status).toBe(413);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
  });

  it("reads a body at or just under the limit, declared or chunked", async () => {
    for (const size of [LIMIT - 1, LIMIT]) {
      const declared = await post("/userapp/auth/login", paddedLogin(size), { "content-length": String(size) });
      expect(declared.status).toBe(400);
      expect((await declared.json()).message).toBe("Invalid email or password.");

      const bytes = new TextEncoder().encode(paddedLogin(size));
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 1000) controller.enqueue(bytes.slice(at, at + 1000));
          controller.close();
        },
      });
      const chunked = await post("/userapp/auth/login", stream);
      expect(chunked.status).toBe(400);
    }
    // A registration just under the limit goes through too.
    const email = "big.name@example.test";
    const body = JSON.stringify({ email, password: "password123", firstName: "Asha" });
    const padded = body + " ".repeat(LIMIT - 1 - body.length);
    expect((await post("/userapp/auth/register", padded)).status).toBe(201);
  });

  it("counts bytes, not characters", async () => {
    // 6,000 three-byte characters: under the limit in characters, over it in bytes.
    const body = JSON.stringify({ username: "a@example.test", password: "₹".repeat(6000) });
    expect(body.length).toBeLessThan(LIMIT);
    await expect413(await post("/userapp/auth/login", body));
  });
});

describe("response headers", () => {
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
  const bearer = { authorization: `Bearer ${shopper.token}` };

  it("mark every answer to a request with a token private and unstorable, whatever its status", async () => {
    const answers = [
      ["me", await get("/userapp/user/me", bearer), 200],
      ["cart count", await get("/userapp/cart/count", bearer), 200],
      ["orders", await get("/userapp/orders", bearer), 200],
      ["public product list", await call("POST", "/userapp/product/list", { token: shopper.token, body: {} }), 200],
      ["unknown token", await get("/userapp/user/me", { authorization: "Bearer not-a-token" }), 401],
      ["malformed header", await get("/userapp/user/me", { authorization: "Basic abc" }), 401],
      ["unknown order", await get(`/userapp/orders/${"0".repeat(24)}`, bearer), 404],
      ["unknown route", await get("/userapp/no/such/route", bearer), 404],
      [
        "validation",
        await call("PUT", `/userapp/user/update/${shopper.id}`, { token: shopper.token, body: { phone: "12" } }),
        422,
      ],
      [
        "malformed JSON",
        await call("POST", "/userapp/cart/create", {
          token: shopper.token,
          rawBody: "{",
          headers: { "content-type": "application/json" },
        }),
        400,
      ],
    ] as const;
    for (const [name, response, status] of answers) {
      expect(response.status, name).toBe(status);
      expect(response.headers.get("cache-control"), name).toBe("private, no-store");
      expect(response.headers.get("x-content-type-options"), name).toBe("nosniff");
    }
  });

  it("say nosniff on every answer without a token too, and leave public answers cacheable", async () => {
    const answers = [
      ["product list", await call("POST", "/userapp/product/list", { body: {} }), 200],
      ["no token", await get("/userapp/user/me"), 401],
      ["unknown route", await get("/userapp/nope"), 404],
      ["unknown product", await get(`/userapp/product/get/${"0".repeat(24)}`), 404],
      ["validation", await call("POST", "/userapp/auth/login", { body: {} }), 422],
      ["control character", await get("/userapp/product/get/%00"), 422],
      ["media", await get("/media/art/headphones-2-1.svg"), 200],
      ["unknown media", await get("/media/art/NOT VALID.svg"), 404],
      ["outside both", await get("/elsewhere"), 404],
    ] as const;
    for (const [name, response, status] of answers) {
      expect(response.status, name).toBe(status);
      expect(response.headers.get("x-content-type-options"), name).toBe("nosniff");
      expect(response.headers.get("cache-control") ?? "", name).not.toMatch(/no-store/);
    }
    // The artwork keeps its year-long caching, even when a token comes along.
    const art = await get("/media/art/headphones-2-1.svg", bearer);
    expect(art.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(art.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("are on 429s too", async () => {
    const ip = "192.0.2.200";
    let response: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 25 && response?.status !== 429; i++) {
      response = await call("POST", "/userapp/auth/login", {
        body: { username: `n${i}@example.test`, password: "guess" },
        clientAddress: ip,
      });
    }
    expect(response!.status).toBe(429);
    expect(response!.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response!.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
