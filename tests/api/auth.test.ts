import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authTokens, loginFailures, messages, users } from "../../api/db/schema";
import { hashToken } from "../../api/lib/accounts/auth";
import { lastMessage } from "./account-mail";
import { createTestApi, expectRefusedFor } from "./helpers";

// One clock for the file: tests move it forward (never back) to expire tokens and throttle windows.
let clock = new Date("2025-03-01T10:00:00Z");
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const MINUTE = 60_000;
const WINDOW_MS = 15 * MINUTE;
const TOKEN_TTL_MS = 7 * 24 * 60 * MINUTE;

const KNOWN_MS = 30 * 24 * 60 * MINUTE;

const api = await createTestApi({
  now: () => clock,
  tokenTtlMs: TOKEN_TTL_MS,
  loginWindowMs: WINDOW_MS,
  loginMaxFailures: { perAccountAddress: 3, perIp: 5, perAccount: 6, perAccountDay: 10 },
  knownAddressMs: KNOWN_MS,
  registerMaxPerIp: 3,
  registerWindowMs: 60 * MINUTE,
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

/** Signs in from client address `ip` (none: an unknown address). */
function login(username: string, password: string, ip?: string) {
  return call("POST", "/userapp/auth/login", { body: { username, password }, clientAddress: ip ?? null });
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

  it("answers a taken email (any case, any spacing) as a new account, with nobody's data, and emails the owner", async () => {
    const email = uniqueEmail();
    const owner = await register(email, "correct horse battery", { firstName: "Asha", lastName: "Rao" });
    const fresh = await call("POST", "/userapp/auth/register", {
      body: { email: uniqueEmail(), password: "another-password", firstName: "Ravi" },
    });
    const again = await call("POST", "/userapp/auth/register", {
      body: { email: ` ${email.toUpperCase()} `, password: "another-password", firstName: "Ravi" },
    });
    expect(again.status).toBe(201);
    expect(Object.keys(again.body.data).sort()).toEqual(Object.keys(fresh.body.data).sort());
    expect(again.body).toMatchObject({
      status: "SUCCESS",
      message: fresh.body.message,
      data: { email: email.toUpperCase(), firstName: "Ravi", lastName: null, address: [], userType: null },
    });
    expect(again.body.data.id).not.toBe(owner.id);
    // Still one account, whose password and name did not change.
    expect(await db.select().from(users).where(eq(users.id, again.body.data.id))).toEqual([]);
    expect((await login(email, "correct horse battery")).status).toBe(200);
    expect((await login(email, "another-password")).status).toBe(400);
    const notice = await lastMessage(db, email, "account.registerAttempt");
    expect(notice).toMatchObject({ userId: owner.id, subject: "Mart: someone tried to register with your address" });
    expect(notice!.text).toContain("Did you forget your password?");
    expect(notice!.text).toContain("/forgot-password");
  });

  it("emails the owner of a taken address at most 3 times a day, however many addresses try it, and answers alike", async () => {
    const email = uniqueEmail();
    const owner = await register(email);
    const notices = async () =>
      (await db.select().from(messages).where(eq(messages.userId, owner.id))).filter(
        (m) => m.kind === "account.registerAttempt",
      ).length;
    const answers = [];
    for (let i = 0; i < 6; i++) {
      const answer = await call("POST", "/userapp/auth/register", {
        body: { email: i % 2 ? email.toUpperCase() : email, password: "another-password" },
        clientAddress: `198.51.100.${i + 1}`,
      });
      answers.push([answer.status, answer.body.message]);
    }
    expect(answers).toEqual(Array(6).fill([201, "Registration successful"]));
    expect(await notices()).toBe(3);
    // Another account's owner is told as before.
    const other = uniqueEmail();
    await register(other);
    await call("POST", "/userapp/auth/register", { body: { email: other, password: "another-password" } });
    expect(await lastMessage(db, other, "account.registerAttempt")).toBeDefined();
    // A day later the owner hears of it again.
    advance(24 * 60 * MINUTE + 1);
    await call("POST", "/userapp/auth/register", { body: { email, password: "another-password" } });
    expect(await notices()).toBe(4);
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
    expect(wrongPassword.body).toEqual({
      status: "BAD_REQUEST",
      message: "Invalid email or password.",
      data: null,
      code: "INVALID_CREDENTIALS",
    });
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
      expect(response.body).toEqual({
        status: "UNAUTHORIZED",
        message: expect.any(String),
        data: null,
        code: "UNAUTHENTICATED",
      });
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
  const password = "password123";
  /** A registered account and the address its owner signs in from (known-good from then on). */
  async function ownerWithHomeAddress() {
    const email = uniqueEmail();
    await register(email, password);
    const home = uniqueIp();
    expect((await login(email, password, home)).status).toBe(200);
    return { email, home };
  }

  it("refuses guessing from one address after the pair limit, before checking the password, and only there", async () => {
    const email = uniqueEmail();
    await register(email, password);
    const attacker = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await login(email, "wrong-password", attacker)).status).toBe(400);
    advance(MINUTE);

    // Even the right password is refused from there: the check never runs.
    const refused = await login(email, password, attacker);
    expectRefusedFor(refused, "Too many failed sign-in attempts. Please wait 14 minutes and try again.", 14 * 60);
    // Whatever the case or spacing of the email typed.
    expect((await login(email.toUpperCase(), password, attacker)).status).toBe(429);
    expect((await login(`  ${email} `, "another guess", attacker)).status).toBe(429);

    // The owner, from anywhere else, signs in while the attacker is locked out.
    expect((await login(email, password, uniqueIp())).status).toBe(200);
    expect((await login(email, "wrong-password", attacker)).status).toBe(429);

    // When the window has passed, that address may try again.
    advance(14 * MINUTE);
    expect((await login(email, password, attacker)).status).toBe(200);
  });

  it("counts unknown accounts too, so throttling does not reveal which emails exist", async () => {
    const email = uniqueEmail();
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await login(email, "guess", ip)).status).toBe(400);
    expect((await login(email, "guess", ip)).status).toBe(429);
  });

  it("starts the address afresh for the account after a successful sign-in", async () => {
    const email = uniqueEmail();
    await register(email, password);
    const ip = uniqueIp();
    for (let i = 0; i < 2; i++) expect((await login(email, "wrong", ip)).status).toBe(400);
    expect((await login(email, password, ip)).status).toBe(200);
    const keys = (await db.select().from(loginFailures)).map((row) => row.key);
    expect(keys).not.toContain(`pair:${email}|${ip}`);
    for (let i = 0; i < 3; i++) expect((await login(email, "wrong", ip)).status).toBe(400);
    expect((await login(email, password, ip)).status).toBe(429);
  });

  it("refuses an address after its failures reach the limit, whichever accounts it tries", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await login(uniqueEmail(), "guess", ip)).status).toBe(400);
    const victim = uniqueEmail();
    await register(victim, password);
    const refused = await login(victim, password, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    // The same account from another address is fine.
    expect((await login(victim, password, uniqueIp())).status).toBe(200);
  });

  it("does not pool clients whose address is unknown into one counter", async () => {
    for (let i = 0; i < 7; i++) expect((await login(uniqueEmail(), "guess")).status).toBe(400);
    const email = uniqueEmail();
    await register(email, password);
    expect((await login(email, password)).status).toBe(200);
  });

  it("applies the per-account limit alone when the address is unknown", async () => {
    const email = uniqueEmail();
    await register(email, password);
    for (let i = 0; i < 6; i++) expect((await login(email, "guess")).status).toBe(400);
    expect((await login(email, password)).status).toBe(429);
    // It is the same account limit a new address meets.
    expect((await login(email, password, uniqueIp())).status).toBe(429);
  });

  it("lets at most the pair limit of parallel guesses from one address reach the password check", async () => {
    const email = uniqueEmail();
    await register(email, password);
    const ip = uniqueIp();
    const responses = await Promise.all(Array.from({ length: 10 }, () => login(email, "wrong", ip)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it("lets at most the account limit of parallel guesses from many addresses reach the password check", async () => {
    const email = uniqueEmail();
    await register(email, password);
    const responses = await Promise.all(Array.from({ length: 10 }, () => login(email, "wrong", uniqueIp())));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it("slows guessing spread over many addresses per account, but not the owner's known address", async () => {
    const { email, home } = await ownerWithHomeAddress();
    // One guess per address: no address nor pair limit is ever reached.
    for (let i = 0; i < 6; i++) expect((await login(email, "guess", uniqueIp())).status).toBe(400);
    const fresh = await login(email, password, uniqueIp());
    expect(fresh.status).toBe(429);
    expect(fresh.headers.get("retry-after")).toBe(String(15 * 60));
    expect(fresh.body.message).toBe("Too many failed sign-in attempts. Please wait 15 minutes and try again.");

    // The owner's address signed in before: it gets through, and stays known.
    expect((await login(email, password, home)).status).toBe(200);
    expect((await login(email, password, home)).status).toBe(200);
    // The owner's success does not give the attackers their guesses back.
    expect((await login(email, "guess", uniqueIp())).status).toBe(429);
    // A known address still has its own tight limit: it does not make an attacker there free.
    for (let i = 0; i < 3; i++) expect((await login(email, "guess", home)).status).toBe(400);
    expect((await login(email, password, home)).status).toBe(429);

    // After the window, new addresses may try again.
    advance(15 * MINUTE);
    expect((await login(email, password, uniqueIp())).status).toBe(200);
  });

  it("makes a sustained spread attack wait the rest of the day once the daily account limit is reached", async () => {
    const { email, home } = await ownerWithHomeAddress();
    for (let i = 0; i < 6; i++) expect((await login(email, "guess", uniqueIp())).status).toBe(400);
    advance(15 * MINUTE);
    for (let i = 0; i < 4; i++) expect((await login(email, "guess", uniqueIp())).status).toBe(400);
    // 10 failures today: the short window has room, the day does not.
    const refused = await login(email, password, uniqueIp());
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBe(24 * 60 * 60 - 15 * 60);
    expect(refused.body.message).toBe("Too many failed sign-in attempts. Please wait 24 hours and try again.");
    advance(15 * MINUTE);
    expect((await login(email, password, uniqueIp())).status).toBe(429);
    // The owner at home is not locked out.
    expect((await login(email, password, home)).status).toBe(200);
    advance(retryAfter * 1000);
    expect((await login(email, password, uniqueIp())).status).toBe(200);
  });

  it("forgets a known address that has not signed in for the known-address period", async () => {
    const { email, home } = await ownerWithHomeAddress();
    advance(KNOWN_MS + MINUTE);
    for (let i = 0; i < 6; i++) expect((await login(email, "guess", uniqueIp())).status).toBe(400);
    // An address is known to one account only.
    const other = await ownerWithHomeAddress();
    for (let i = 0; i < 6; i++) expect((await login(other.email, "guess", uniqueIp())).status).toBe(400);
    expect((await login(other.email, password, home)).status).toBe(429);
    expect((await login(email, password, home)).status).toBe(429);
    expect((await login(other.email, password, other.home)).status).toBe(200);
  });

  it("gives a successful sign-in's attempt back to its address", async () => {
    const ip = uniqueIp();
    const email = uniqueEmail();
    await register(email, password);
    // Many successes from one address (an office, a household) never add up to a lock-out.
    for (let i = 0; i < 7; i++) expect((await login(email, password, ip)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(uniqueEmail(), "guess", ip)).status).toBe(400);
    expect((await login(email, password, ip)).status).toBe(200);
  });
});

describe("registration throttling", () => {
  const registerFrom = (ip: string | null, email: string, password = "password123") =>
    call("POST", "/userapp/auth/register", { body: { email, password }, clientAddress: ip });

  it("refuses a fourth registration from one address within the hour, whatever the outcome of the first three", async () => {
    const ip = uniqueIp();
    const taken = uniqueEmail();
    await register(taken);
    // A new account, a taken email (answered alike) and the same taken email in other case all count.
    expect((await registerFrom(ip, uniqueEmail())).status).toBe(201);
    expect((await registerFrom(ip, taken)).status).toBe(201);
    expect((await registerFrom(ip, ` ${taken.toUpperCase()} `)).status).toBe(201);
    advance(MINUTE);

    const refused = await registerFrom(ip, uniqueEmail());
    expectRefusedFor(
      refused,
      "Too many accounts have been registered from your network. Please wait 59 minutes and try again.",
      59 * 60,
    );
    // The refused attempt created nothing; the address is counted however it is spelt.
    const email = uniqueEmail();
    expect((await registerFrom(`  ${ip} `, email)).status).toBe(429);
    expect((await registerFrom(`::ffff:${ip}`, uniqueEmail())).status).toBe(429);
    expect((await login(email, "password123", uniqueIp())).status).toBe(400);

    // Another address, and after the hour the same one, may register.
    expect((await registerFrom(uniqueIp(), uniqueEmail())).status).toBe(201);
    advance(59 * MINUTE);
    expect((await registerFrom(ip, uniqueEmail())).status).toBe(201);
  });

  it("does not count a request refused for its body, and does not pool unknown addresses", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await registerFrom(ip, "not-an-email")).status).toBe(422);
    expect((await registerFrom(ip, uniqueEmail())).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await registerFrom(null, uniqueEmail())).status).toBe(201);
  });

  it("lets at most the limit of parallel registrations from one address through", async () => {
    const ip = uniqueIp();
    const responses = await Promise.all(Array.from({ length: 8 }, () => registerFrom(ip, uniqueEmail())));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
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
    expect(response.body).toEqual({
      status: "SUCCESS",
      message: "You have been logged out of all devices.",
      data: null,
    });

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
    expect(response.body).toEqual({
      status: "BAD_REQUEST",
      message: "Current password is incorrect.",
      data: null,
      code: "WRONG_PASSWORD",
    });
    expect((await call("GET", "/userapp/user/me", { token: laptop })).status).toBe(200);
    expect((await login(email, "old-password", uniqueIp())).status).toBe(200);
  });

  it("counts wrong current passwords against the sign-in limits, per address and per account", async () => {
    const email = uniqueEmail();
    await register(email, "old-password");
    const token = (await login(email, "old-password", uniqueIp())).body.data.token;
    const changeFrom = (ip: string | null, currentPassword: string) =>
      call("PUT", "/userapp/user/password", {
        token,
        body: { currentPassword, newPassword: "new password 2" },
        clientAddress: ip,
      });
    // From one address: the pair limit, shared with signing in there.
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await changeFrom(ip, "guess")).status).toBe(400);
    expect((await changeFrom(ip, "old-password")).status).toBe(429);
    expect((await login(email, "old-password", ip)).status).toBe(429);
    // Without an address: the account limit (3 failures counted already).
    for (let i = 0; i < 3; i++) expect((await changeFrom(null, "guess")).status).toBe(400);
    const refused = await changeFrom(null, "old-password");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it.each([
    [{ currentPassword: "", newPassword: "new password 2" }, "currentPassword"],
    [{ currentPassword: "old-password", newPassword: "short" }, "newPassword"],
    [{ currentPassword: "old-password" }, "newPassword"],
    [{ newPassword: "new password 2" }, "currentPassword"],
    [{ currentPassword: 12345678, newPassword: "new password 2" }, "currentPassword"],
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
