import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authTokens, loginFailures, users } from "../../api/db/schema";
import { hashToken } from "../../api/lib/auth";
import { createTestApi } from "./helpers";

// One clock for the file: tests move it forward (never back) to expire tokens and throttle windows.
let clock = new Date("2025-03-01T10:00:00Z");
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const MINUTE = 60_000;
const WINDOW_MS = 15 * MINUTE;
const TOKEN_TTL_MS = 7 * 24 * 60 * MINUTE;

const api = await createTestApi({
  now: () => clock,
  tokenTtlMs: TOKEN_TTL_MS,
  loginWindowMs: WINDOW_MS,
  loginMaxFailures: { perAccount: 3, perIp: 5 },
});
const { db, call } = api;

let serial = 0;
/** A fresh email and client address per test, so counters never leak between tests. */
const uniqueEmail = () => `shopper${++serial}.${Date.now()}@example.test`;
const uniqueIp = () => {
  const n = ++serial;
  return `198.51.${Math.floor(n / 250)}.${n % 250}`;
};

async function register(email: string, password = "correct horse battery", extra: Record<string, unknown> = {}) {
  const response = await call("POST", "/userapp/auth/register", { body: { email, password, ...extra } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}

function login(username: string, password: string, ip?: string) {
  return call("POST", "/userapp/auth/login", {
    body: { username, password },
    headers: ip ? { "x-forwarded-for": ip } : {},
  });
}

describe("POST /userapp/auth/register", () => {
  it("creates the user and answers it without a token or password", async () => {
    const email = uniqueEmail();
    const response = await call("POST", "/userapp/auth/register", {
      body: { email: `  ${email}  `, password: "s3cret-pass", firstName: " Asha ", lastName: "Rao" },
    });
    expect(response.status).toBe(201);
    expect(response.body.status).toBe("SUCCESS");
    const user = response.body.data;
    expect(user).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      id: user._id,
      name: "Asha Rao",
      firstName: "Asha",
      lastName: "Rao",
      email,
      avatar: null,
      phone: null,
      country_code: "91",
      address: [],
      userType: null,
    });
    expect(JSON.stringify(response.body)).not.toMatch(/password|token|argon/i);

    const [row] = await db.select().from(users).where(eq(users.id, user._id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("keeps a given name, and leaves the name empty when no part is given", async () => {
    expect((await register(uniqueEmail(), "password123", { name: "Asha R.", firstName: "Asha" })).name).toBe("Asha R.");
    expect((await register(uniqueEmail(), "password123", { lastName: "Rao" })).name).toBe("Rao");
    const bare = await register(uniqueEmail(), "password123", { firstName: "  ", name: null });
    expect(bare).toMatchObject({ name: null, firstName: null, lastName: null });
  });

  it("refuses a second account for the same email, whatever its case and spacing", async () => {
    const email = uniqueEmail();
    await register(email);
    const response = await call("POST", "/userapp/auth/register", {
      body: { email: ` ${email.toUpperCase()} `, password: "another-password" },
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      status: "FAILURE",
      message: "An account with this email already exists.",
      data: null,
    });
  });

  it.each([
    [{ password: "password123" }, "email"],
    [{ email: "not-an-email", password: "password123" }, "email"],
    [{ email: "a@b.test" }, "password"],
    [{ email: "a@b.test", password: "short" }, "password"],
    [{ email: "a@b.test", password: "x".repeat(201) }, "password"],
    [{ email: "a@b.test", password: 12345678 }, "password"],
    [{ email: "a@b.test", password: "password123", firstName: 7 }, "firstName"],
    [{ email: "a@b.test", password: "password123", lastName: "x".repeat(101) }, "lastName"],
  ])("answers 422 with the field errors for %j", async (body, path) => {
    const response = await call("POST", "/userapp/auth/register", { body });
    expect(response.status).toBe(422);
    expect(response.body.status).toBe("VALIDATION_ERROR");
    expect(response.body.message).toMatch(/^Invalid input/);
    expect(response.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ path, message: expect.any(String) })]),
    );
  });

  it("answers 400 for malformed JSON", async () => {
    const response = await call("POST", "/userapp/auth/register", {
      rawBody: '{"email":',
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: "BAD_REQUEST", data: null });
  });
});

describe("POST /userapp/auth/login", () => {
  it("answers the user and a token that opens the account", async () => {
    const email = uniqueEmail();
    const created = await register(email, "password123", { firstName: "Ravi", lastName: "Kumar" });
    const response = await login(email, "password123", uniqueIp());
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("SUCCESS");
    const { token, ...user } = response.body.data;
    expect(user).toEqual(created);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(JSON.stringify(response.body)).not.toMatch(/password|argon/i);

    // Only the token's hash is stored.
    const rows = await db.select().from(authTokens).where(eq(authTokens.userId, created._id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
    expect(rows[0].expiresAt.getTime()).toBe(clock.getTime() + TOKEN_TTL_MS);

    const me = await call("GET", "/userapp/user/me", { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual(created);
  });

  it("takes the email in any case and with spaces around it", async () => {
    const email = uniqueEmail();
    await register(email, "password123");
    const response = await login(`  ${email.toUpperCase()} `, "password123", uniqueIp());
    expect(response.status).toBe(200);
  });

  it("issues a new token at each sign-in; earlier ones keep working", async () => {
    const email = uniqueEmail();
    await register(email, "password123");
    const first = (await login(email, "password123", uniqueIp())).body.data.token;
    const second = (await login(email, "password123", uniqueIp())).body.data.token;
    expect(first).not.toBe(second);
    expect((await call("GET", "/userapp/user/me", { token: first })).status).toBe(200);
    expect((await call("GET", "/userapp/user/me", { token: second })).status).toBe(200);
  });

  it("answers an unknown email exactly like a wrong password", async () => {
    const email = uniqueEmail();
    await register(email, "password123");
    const wrongPassword = await login(email, "password124", uniqueIp());
    const unknownUser = await login(uniqueEmail(), "password123", uniqueIp());
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toEqual({ status: "BAD_REQUEST", message: "Invalid email or password.", data: null });
    expect(unknownUser.status).toBe(wrongPassword.status);
    expect(unknownUser.body).toEqual(wrongPassword.body);
  });

  it("treats a password that differs only in case or spacing as wrong", async () => {
    const email = uniqueEmail();
    await register(email, "Password123");
    expect((await login(email, "password123", uniqueIp())).status).toBe(400);
    expect((await login(email, " Password123", uniqueIp())).status).toBe(400);
  });

  it.each([
    [{ password: "password123" }, "username"],
    [{ username: "", password: "password123" }, "username"],
    [{ username: "a@b.test" }, "password"],
    [{ username: "a@b.test", password: "" }, "password"],
    [{ username: ["a@b.test"], password: "password123" }, "username"],
  ])("answers 422 for %j", async (body, path) => {
    const response = await call("POST", "/userapp/auth/login", { body });
    expect(response.status).toBe(422);
    expect(response.body.status).toBe("VALIDATION_ERROR");
    expect(response.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });
});

describe("bearer tokens", () => {
  it("answers 401 without a token, with an unknown one, or with a malformed header", async () => {
    const headerSets: Record<string, string>[] = [
      {},
      { authorization: "Bearer not-a-token" },
      { authorization: "Basic abc" },
      { authorization: "Bearer" },
    ];
    for (const headers of headerSets) {
      const response = await call("GET", "/userapp/user/me", { headers });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ status: "UNAUTHORIZED", message: expect.any(String), data: null });
    }
  });

  it("expires a token after its lifetime", async () => {
    const email = uniqueEmail();
    await register(email, "password123");
    const token = (await login(email, "password123", uniqueIp())).body.data.token;
    advance(TOKEN_TTL_MS - MINUTE);
    expect((await call("GET", "/userapp/user/me", { token })).status).toBe(200);
    advance(MINUTE);
    const expired = await call("GET", "/userapp/user/me", { token });
    expect(expired.status).toBe(401);
    expect(expired.body.status).toBe("UNAUTHORIZED");
  });

  it("clears a user's expired tokens when they sign in again", async () => {
    const email = uniqueEmail();
    const user = await register(email, "password123");
    await login(email, "password123", uniqueIp());
    advance(TOKEN_TTL_MS + MINUTE);
    await login(email, "password123", uniqueIp());
    const rows = await db.select().from(authTokens).where(eq(authTokens.userId, user._id));
    expect(rows).toHaveLength(1);
  });
});

describe("POST /userapp/auth/logout", () => {
  it("revokes the token it is called with, and only that one", async () => {
    const email = uniqueEmail();
    await register(email, "password123");
    const phone = (await login(email, "password123", uniqueIp())).body.data.token;
    const laptop = (await login(email, "password123", uniqueIp())).body.data.token;

    const response = await call("POST", "/userapp/auth/logout", { token: phone });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "SUCCESS", message: "You have been logged out successfully.", data: null });

    expect((await call("GET", "/userapp/user/me", { token: phone })).status).toBe(401);
    expect((await call("POST", "/userapp/auth/logout", { token: phone })).status).toBe(401);
    expect((await call("GET", "/userapp/user/me", { token: laptop })).status).toBe(200);
    const [row] = await db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(phone)));
    expect(row).toBeUndefined();
  });

  it("answers 401 without a token", async () => {
    const response = await call("POST", "/userapp/auth/logout");
    expect(response.status).toBe(401);
    expect(response.body.status).toBe("UNAUTHORIZED");
  });
});

describe("sign-in throttling", () => {
  it("refuses an account after its failures reach the limit, before checking the password", async () => {
    const email = uniqueEmail();
    await register(email, "password123");
    // Each attempt from another address: only the account's counter can trip.
    for (let i = 0; i < 3; i++) expect((await login(email, "wrong-password", uniqueIp())).status).toBe(400);
    advance(MINUTE);

    const refused = await login(email, "password123", uniqueIp());
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      status: "TOO_MANY_REQUESTS",
      message: "Too many failed sign-in attempts. Please wait 14 minutes and try again.",
      data: { retryAfter: 14 * 60 },
    });
    expect(refused.headers.get("retry-after")).toBe(String(14 * 60));

    // The account is locked for everyone, whatever the case of the address typed.
    expect((await login(email.toUpperCase(), "password123", uniqueIp())).status).toBe(429);
    // Other accounts are not affected.
    const other = uniqueEmail();
    await register(other, "password123");
    expect((await login(other, "password123", uniqueIp())).status).toBe(200);

    // When the window has passed, the right password works again.
    advance(14 * MINUTE);
    expect((await login(email, "password123", uniqueIp())).status).toBe(200);
  });

  it("counts unknown accounts too, so throttling does not reveal which emails exist", async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) expect((await login(email, "guess", uniqueIp())).status).toBe(400);
    expect((await login(email, "guess", uniqueIp())).status).toBe(429);
  });

  it("starts the account afresh after a successful sign-in", async () => {
    const email = uniqueEmail();
    await register(email, "password123");
    const ip = uniqueIp();
    for (let i = 0; i < 2; i++) expect((await login(email, "wrong", ip)).status).toBe(400);
    expect((await login(email, "password123", ip)).status).toBe(200);
    const [row] = await db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.key, `email:${email}`));
    expect(row).toBeUndefined();
    for (let i = 0; i < 3; i++) expect((await login(email, "wrong", uniqueIp())).status).toBe(400);
    expect((await login(email, "password123", uniqueIp())).status).toBe(429);
  });

  it("refuses an address after its failures reach the limit, whichever accounts it tries", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await login(uniqueEmail(), "guess", ip)).status).toBe(400);
    const victim = uniqueEmail();
    await register(victim, "password123");
    const refused = await login(victim, "password123", ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    // The same account from another address is fine.
    expect((await login(victim, "password123", uniqueIp())).status).toBe(200);
  });

  it("reads the address from the first X-Forwarded-For entry, else X-Real-IP", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      const response = await call("POST", "/userapp/auth/login", {
        body: { username: uniqueEmail(), password: "guess" },
        headers: { "x-forwarded-for": `${ip}, 10.0.0.1` },
      });
      expect(response.status).toBe(400);
    }
    const viaRealIp = await call("POST", "/userapp/auth/login", {
      body: { username: uniqueEmail(), password: "guess" },
      headers: { "x-real-ip": ip },
    });
    expect(viaRealIp.status).toBe(429);
    // The proxy's own address (the last entry) is not what is counted.
    const viaProxy = await call("POST", "/userapp/auth/login", {
      body: { username: uniqueEmail(), password: "guess" },
      headers: { "x-forwarded-for": `${uniqueIp()}, 10.0.0.1` },
    });
    expect(viaProxy.status).toBe(400);
  });

  it("does not pool clients whose address is unknown into one counter", async () => {
    for (let i = 0; i < 6; i++) expect((await login(uniqueEmail(), "guess")).status).toBe(400);
    const email = uniqueEmail();
    await register(email, "password123");
    expect((await login(email, "password123")).status).toBe(200);
  });

  it("lets at most the limit of parallel guesses reach the password check", async () => {
    const email = uniqueEmail();
    await register(email, "password123");
    const responses = await Promise.all(Array.from({ length: 10 }, () => login(email, "wrong", uniqueIp())));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it("gives a successful sign-in's attempt back to its address", async () => {
    const ip = uniqueIp();
    const email = uniqueEmail();
    await register(email, "password123");
    // Many successes from one address (an office, a household) never add up to a lock-out.
    for (let i = 0; i < 7; i++) expect((await login(email, "password123", ip)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(uniqueEmail(), "guess", ip)).status).toBe(400);
    expect((await login(email, "password123", ip)).status).toBe(200);
  });
});

describe("POST /userapp/auth/logout-all", () => {
  it("revokes every token of the user, the calling one too, and no one else's", async () => {
    const email = uniqueEmail();
    await register(email, "password123");
    const phone = (await login(email, "password123", uniqueIp())).body.data.token;
    const laptop = (await login(email, "password123", uniqueIp())).body.data.token;
    const otherEmail = uniqueEmail();
    await register(otherEmail, "password123");
    const someoneElse = (await login(otherEmail, "password123", uniqueIp())).body.data.token;

    const response = await call("POST", "/userapp/auth/logout-all", { token: phone });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "SUCCESS", message: "You have been logged out of all devices.", data: null });

    expect((await call("GET", "/userapp/user/me", { token: phone })).status).toBe(401);
    expect((await call("GET", "/userapp/user/me", { token: laptop })).status).toBe(401);
    expect((await call("GET", "/userapp/user/me", { token: someoneElse })).status).toBe(200);
    // Signing in again works as before.
    expect((await login(email, "password123", uniqueIp())).status).toBe(200);
  });

  it("answers 401 without a token", async () => {
    const response = await call("POST", "/userapp/auth/logout-all");
    expect(response.status).toBe(401);
    expect(response.body.status).toBe("UNAUTHORIZED");
  });
});

describe("PUT /userapp/user/password", () => {
  const change = (token: string | undefined, body: unknown) => call("PUT", "/userapp/user/password", { token, body });

  it("changes the password, keeps this session and ends every other one", async () => {
    const email = uniqueEmail();
    await register(email, "old-password");
    const phone = (await login(email, "old-password", uniqueIp())).body.data.token;
    const laptop = (await login(email, "old-password", uniqueIp())).body.data.token;

    const response = await change(phone, { currentPassword: "old-password", newPassword: "new password 2" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ status: "SUCCESS", message: "Password changed successfully", data: null });

    expect((await call("GET", "/userapp/user/me", { token: phone })).status).toBe(200);
    expect((await call("GET", "/userapp/user/me", { token: laptop })).status).toBe(401);
    expect((await login(email, "old-password", uniqueIp())).status).toBe(400);
    expect((await login(email, "new password 2", uniqueIp())).status).toBe(200);
  });

  it("refuses a wrong current password with 400 and changes nothing", async () => {
    const email = uniqueEmail();
    await register(email, "old-password");
    const phone = (await login(email, "old-password", uniqueIp())).body.data.token;
    const laptop = (await login(email, "old-password", uniqueIp())).body.data.token;

    const response = await change(phone, { currentPassword: "not-it", newPassword: "new password 2" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: "BAD_REQUEST", message: "Current password is incorrect.", data: null });
    expect((await call("GET", "/userapp/user/me", { token: laptop })).status).toBe(200);
    expect((await login(email, "old-password", uniqueIp())).status).toBe(200);
  });

  it("counts wrong current passwords against the account's sign-in limit", async () => {
    const email = uniqueEmail();
    await register(email, "old-password");
    const token = (await login(email, "old-password", uniqueIp())).body.data.token;
    for (let i = 0; i < 3; i++) expect((await change(token, { currentPassword: "guess", newPassword: "new password 2" })).status).toBe(400);
    expect((await change(token, { currentPassword: "old-password", newPassword: "new password 2" })).status).toBe(429);
  });

  it.each([
    [{ currentPassword: "", newPassword: "new password 2" }, "currentPassword"],
    [{ currentPassword: "old-password", newPassword: "short" }, "newPassword"],
    [{ currentPassword: "old-password" }, "newPassword"],
  ])("refuses %j with a field error", async (body, path) => {
    const email = uniqueEmail();
    await register(email, "old-password");
    const token = (await login(email, "old-password", uniqueIp())).body.data.token;
    const response = await change(token, body);
    expect(response.status).toBe(422);
    expect(response.body.status).toBe("VALIDATION_ERROR");
    expect(response.body.data).toEqual([expect.objectContaining({ path })]);
  });

  it("answers 401 without a token", async () => {
    const response = await change(undefined, { currentPassword: "x", newPassword: "new password 2" });
    expect(response.status).toBe(401);
  });
});
