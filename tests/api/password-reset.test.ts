/**
 * Forgotten passwords (issue 22, item 3): a request always answers the same and queues one job,
 * throttled per client address and per account; the emailed link's token is stored as a hash,
 * works once for 30 minutes, and is void after any password change; a new password ends every session.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readEnv, userappSettings } from "../../api/config";
import { rowsOf } from "../../api/db/client";
import { accountTokens, authTokens, messages, users } from "../../api/db/schema";
import { hashToken } from "../../api/lib/accounts/auth";
import { LINK_PROBLEMS } from "../../api/lib/accounts/account-links";
import { RESET_LINK_SENT } from "../../api/routes/auth";
import { lastMessage, linkTokenTo, tokenIn } from "./account-mail";
import { createTestApi, expectRefusedFor } from "./helpers";

const MINUTE = 60 * 1000;
let clock = new Date("2026-03-01T10:00:00Z");
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const api = await createTestApi({
  now: () => clock,
  resetMaxPerIp: 4,
  resetMaxPerAccount: 2,
  resetWindowMs: 60 * MINUTE,
});
const { db, call } = api;

let serial = 0;
const uniqueEmail = () => `reset${++serial}.${Date.now()}@example.test`;
const uniqueIp = () => `203.0.113.${++serial % 250}`;

async function shopper(password = "old password 1") {
  const email = uniqueEmail();
  const registered = await call("POST", "/userapp/auth/register", { body: { email, password } });
  expect(registered.status).toBe(201);
  const login = await call("POST", "/userapp/auth/login", { body: { username: email, password } });
  return { id: registered.body.data.id as string, email, password, token: login.body.data.token as string };
}

const forgot = (email: string, ip: string | null = uniqueIp()) =>
  call("POST", "/userapp/auth/forgot-password", { body: { email }, clientAddress: ip });
const reset = (token: string, password: string) =>
  call("POST", "/userapp/auth/reset-password", { body: { token, password } });
const login = (username: string, password: string) =>
  call("POST", "/userapp/auth/login", { body: { username, password } });
const resetMessages = async (to: string) =>
  (await db.select().from(messages).where(eq(messages.toAddress, to))).filter(
    (m) => m.kind === "account.passwordReset",
  );
const jobCount = async () =>
  rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from graphile_worker.jobs`))[0].count;

describe("POST /userapp/auth/forgot-password", () => {
  it("answers the same for an account and an unknown email, queueing one job for each", async () => {
    const { email } = await shopper();
    const answers = [];
    for (const address of [email, uniqueEmail()]) {
      const before = await jobCount();
      answers.push(await forgot(address));
      expect(await jobCount()).toBe(before + 1);
    }
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [200, { status: "SUCCESS", message: RESET_LINK_SENT, data: null }],
      [200, { status: "SUCCESS", message: RESET_LINK_SENT, data: null }],
    ]);
    expect(await resetMessages(email)).toHaveLength(1);
  });

  it("emails a link whose token is random, and stored only as its SHA-256 hash, valid for 30 minutes", async () => {
    const { id, email } = await shopper();
    await forgot(` ${email.toUpperCase()} `);
    const message = await lastMessage(db, email, "account.passwordReset");
    expect(message).toMatchObject({ userId: id, subject: "Mart: reset your password" });
    const token = tokenIn(message!.text);
    expect(message!.text).toContain(`Choose a new password: http://localhost:3000/reset-password?token=${token}\n`);
    expect(message!.html).toContain(`href="http://localhost:3000/reset-password?token=${token}"`);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const [row] = await db.select().from(accountTokens).where(eq(accountTokens.userId, id));
    expect(row).toMatchObject({ tokenHash: hashToken(token), purpose: "password-reset", usedAt: null });
    expect(row.expiresAt.getTime() - clock.getTime()).toBe(30 * MINUTE);
    expect(JSON.stringify(await db.select().from(accountTokens))).not.toContain(token);
  });

  it("refuses a malformed email with 422, and no job", async () => {
    const before = await jobCount();
    for (const body of [{}, { email: "not-an-email" }, { email: "x".repeat(250) + "@example.test" }]) {
      const response = await call("POST", "/userapp/auth/forgot-password", { body });
      expect(response.status).toBe(422);
    }
    expect(await jobCount()).toBe(before);
  });
});

describe("reset-link throttling", () => {
  it("sends at most the per-account limit of links for one account, from any addresses, then answers the same", async () => {
    const { email } = await shopper();
    for (let i = 0; i < 2; i++) expect((await forgot(email, uniqueIp())).body.message).toBe(RESET_LINK_SENT);
    // Over the limit: from a new address, with another spelling, with no address at all.
    for (const [address, ip] of [
      [email, uniqueIp()],
      [email.toUpperCase(), uniqueIp()],
      [email, null],
    ] as const) {
      const throttled = await forgot(address, ip);
      expect([throttled.status, throttled.body]).toEqual([
        200,
        { status: "SUCCESS", message: RESET_LINK_SENT, data: null },
      ]);
    }
    expect(await resetMessages(email)).toHaveLength(2);
    // A new window, a new link.
    advance(61 * MINUTE);
    await forgot(email);
    expect(await resetMessages(email)).toHaveLength(3);
  });

  it("sends at most the per-address limit from one client address, whichever accounts, known or not, it asks for", async () => {
    const ip = uniqueIp();
    const accounts = [await shopper(), await shopper(), await shopper()];
    await forgot(accounts[0].email, ip);
    await forgot(uniqueEmail(), ip);
    await forgot(accounts[1].email, ip);
    await forgot(uniqueEmail(), ip);
    // The fifth from this address is over its limit: same answer, nothing sent.
    const throttled = await forgot(accounts[2].email, ip);
    expect(throttled.body).toEqual({ status: "SUCCESS", message: RESET_LINK_SENT, data: null });
    expect(await resetMessages(accounts[2].email)).toHaveLength(0);
    // The address is counted however it is spelt; another address is not held back.
    await forgot(accounts[2].email, `::ffff:${ip}`);
    expect(await resetMessages(accounts[2].email)).toHaveLength(0);
    await forgot(accounts[2].email, uniqueIp());
    expect(await resetMessages(accounts[2].email)).toHaveLength(1);
  });
});

describe("the reset and email-change limits' settings", () => {
  it("default to 10 per address and 3 per account an hour, and refuse what is not a whole number in range", () => {
    expect(userappSettings(readEnv({}))).toMatchObject({ resetMaxPerIp: 10, resetMaxPerAccount: 3 });
    expect(
      userappSettings(readEnv({ PASSWORD_RESET_LIMIT_PER_HOUR: "50", PASSWORD_RESET_ACCOUNT_LIMIT_PER_HOUR: "5" })),
    ).toMatchObject({ resetMaxPerIp: 50, resetMaxPerAccount: 5 });
    expect(userappSettings(readEnv({})).emailChangeMaxPerAccount).toBe(3);
    expect(userappSettings(readEnv({ EMAIL_CHANGE_LIMIT_PER_HOUR: "10" })).emailChangeMaxPerAccount).toBe(10);
    for (const bad of ["0", "-1", "1.5", "lots", "1001"]) {
      expect(() => readEnv({ EMAIL_CHANGE_LIMIT_PER_HOUR: bad })).toThrow(/EMAIL_CHANGE_LIMIT_PER_HOUR/);
      expect(() => readEnv({ PASSWORD_RESET_ACCOUNT_LIMIT_PER_HOUR: bad })).toThrow(
        /PASSWORD_RESET_ACCOUNT_LIMIT_PER_HOUR/,
      );
    }
  });
});

describe("POST /userapp/auth/reset-password", () => {
  it("sets the new password, ends every session, uses the link up and tells the owner", async () => {
    const account = await shopper();
    const second = (await login(account.email, account.password)).body.data.token;
    await forgot(account.email);
    const token = await linkTokenTo(db, account.email, "account.passwordReset");
    const check = await call("POST", "/userapp/auth/check-link", { body: { token, purpose: "password-reset" } });
    expect(check.body).toEqual({ status: "SUCCESS", message: "The link works", data: { newEmail: null } });

    const done = await reset(token, "new password 2");
    expect(done.body).toEqual({ status: "SUCCESS", message: "Your password has been changed", data: null });
    for (const session of [account.token, second]) {
      expect((await call("GET", "/userapp/user/me", { token: session })).status).toBe(401);
    }
    expect(await db.select().from(authTokens).where(eq(authTokens.userId, account.id))).toEqual([]);
    expect((await login(account.email, account.password)).status).toBe(400);
    expect((await login(account.email, "new password 2")).status).toBe(200);
    expect(await lastMessage(db, account.email, "account.passwordChanged")).toBeDefined();

    // Once only.
    const again = await reset(token, "third password 3");
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      status: "BAD_REQUEST",
      message: LINK_PROBLEMS.used,
      data: { problem: "used" },
      code: "LINK_USED",
    });
  });

  it("refuses a link after 30 minutes, and an unknown one, saying which", async () => {
    const account = await shopper();
    await forgot(account.email);
    const token = await linkTokenTo(db, account.email, "account.passwordReset");
    advance(30 * MINUTE - 1000);
    const check = await call("POST", "/userapp/auth/check-link", { body: { token, purpose: "password-reset" } });
    expect(check.status).toBe(200);
    advance(1000);
    expect((await reset(token, "new password 2")).body).toEqual({
      status: "BAD_REQUEST",
      message: LINK_PROBLEMS.expired,
      data: { problem: "expired" },
      code: "LINK_EXPIRED",
    });
    for (const wrong of [token.slice(1), "x", "a".repeat(200)]) {
      expect((await reset(wrong, "new password 2")).body).toMatchObject({
        data: { problem: "unknown" },
        code: "LINK_UNKNOWN",
      });
    }
    // An email-change link is no reset link.
    const asOther = await call("POST", "/userapp/auth/check-link", { body: { token, purpose: "email-change" } });
    expect(asOther.body.data).toEqual({ problem: "unknown" });
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  it("lets only one of two uses at once through", async () => {
    const account = await shopper();
    await forgot(account.email);
    const token = await linkTokenTo(db, account.email, "account.passwordReset");
    const answers = await Promise.all([reset(token, "first new pass"), reset(token, "second new pass")]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0].status === 200 ? "first new pass" : "second new pass";
    expect((await login(account.email, winner)).status).toBe(200);
  });

  it("voids every reset link after a password change, in settings or by another link", async () => {
    const account = await shopper();
    await forgot(account.email);
    const first = await linkTokenTo(db, account.email, "account.passwordReset");
    const changed = await call("PUT", "/userapp/user/password", {
      token: account.token,
      body: { currentPassword: account.password, newPassword: "changed in settings" },
    });
    expect(changed.status).toBe(200);
    expect((await reset(first, "new password 2")).body.data).toEqual({ problem: "used" });

    advance(61 * MINUTE);
    await forgot(account.email);
    const second = await linkTokenTo(db, account.email, "account.passwordReset");
    await forgot(account.email);
    const third = await linkTokenTo(db, account.email, "account.passwordReset");
    expect((await reset(third, "new password 3")).status).toBe(200);
    expect((await reset(second, "new password 4")).body.data).toEqual({ problem: "used" });
    expect((await login(account.email, "new password 3")).status).toBe(200);
  });

  it("refuses a short password with 422 and leaves the link unused", async () => {
    const account = await shopper();
    await forgot(account.email);
    const token = await linkTokenTo(db, account.email, "account.passwordReset");
    const refused = await reset(token, "short");
    expect(refused.status).toBe(422);
    expect((await reset(token, "long enough now")).status).toBe(200);
  });
});

describe("changing the email", () => {
  const update = (id: string, token: string, body: unknown) =>
    call("PUT", `/userapp/user/update/${id}`, { token, body });

  it("sends the link to the new address and a notice to the old one; the change happens when the link is used", async () => {
    const account = await shopper();
    const next = uniqueEmail();
    const answer = await update(account.id, account.token, { email: next, currentPassword: account.password });
    expect(answer.status).toBe(200);
    expect(answer.body.data.email).toBe(account.email);
    const notice = await lastMessage(db, account.email, "account.emailChangeRequested");
    expect(notice!.text).toContain(next);
    const token = await linkTokenTo(db, next, "account.emailConfirm");
    expect((await lastMessage(db, next, "account.emailConfirm"))!.html).toContain(
      `href="http://localhost:3000/confirm-email?token=${token}"`,
    );
    const check = await call("POST", "/userapp/auth/check-link", { body: { token, purpose: "email-change" } });
    expect(check.body.data).toEqual({ newEmail: next });

    const confirmed = await call("POST", "/userapp/auth/confirm-email", { body: { token } });
    expect(confirmed.body).toEqual({
      status: "SUCCESS",
      message: "Your email address has been changed",
      data: { email: next },
    });
    const [row] = await db.select().from(users).where(eq(users.id, account.id));
    expect(row.email).toBe(next);
    expect((await lastMessage(db, account.email, "account.emailChanged"))!.text).toContain(next);
    expect((await call("POST", "/userapp/auth/confirm-email", { body: { token } })).body.data).toEqual({
      problem: "used",
    });
    expect((await login(next, account.password)).status).toBe(200);
  });

  it("tells a new address that has an account so, sends it no link, and answers the same", async () => {
    const account = await shopper();
    const other = await shopper();
    const answer = await update(account.id, account.token, {
      email: other.email.toUpperCase(),
      currentPassword: account.password,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.email).toBe(account.email);
    const taken = await lastMessage(db, other.email, "account.emailTaken");
    expect(taken!.text).toContain("already has an account");
    expect(taken!.text).not.toContain("token=");
    expect(await lastMessage(db, other.email, "account.emailConfirm")).toBeUndefined();
    expect((await db.select().from(accountTokens).where(eq(accountTokens.userId, account.id))).length).toBe(0);
  });

  it("works once, for 24 hours; a newer request voids the older link; a reset link dies with the old address", async () => {
    const account = await shopper();
    await forgot(account.email);
    const resetToken = await linkTokenTo(db, account.email, "account.passwordReset");
    const first = uniqueEmail();
    const second = uniqueEmail();
    await update(account.id, account.token, { email: first, currentPassword: account.password });
    const firstToken = await linkTokenTo(db, first, "account.emailConfirm");
    await update(account.id, account.token, { email: second, currentPassword: account.password });
    const secondToken = await linkTokenTo(db, second, "account.emailConfirm");
    const confirm = (token: string) => call("POST", "/userapp/auth/confirm-email", { body: { token } });
    expect((await confirm(firstToken)).body.data).toEqual({ problem: "used" });
    advance(24 * 60 * MINUTE);
    expect((await confirm(secondToken)).body.data).toEqual({ problem: "expired" });

    const third = uniqueEmail();
    await update(account.id, account.token, { email: third, currentPassword: account.password });
    expect((await confirm(await linkTokenTo(db, third, "account.emailConfirm"))).status).toBe(200);
    expect((await reset(resetToken, "new password 2")).body.data).toEqual({ problem: "used" });
  });

  it("takes 3 requests an hour per account, then answers 429 with Retry-After and mails nothing", async () => {
    const account = await shopper();
    const ask = (email: string) => update(account.id, account.token, { email, currentPassword: account.password });
    for (let i = 0; i < 3; i++) expect((await ask(uniqueEmail())).status).toBe(200);
    advance(20 * MINUTE);
    const refusedAddress = uniqueEmail();
    const refused = await ask(refusedAddress);
    expectRefusedFor(refused, "Too many email changes. Please wait 40 minutes and try again.", 40 * 60);
    expect(await lastMessage(db, refusedAddress, "account.emailConfirm")).toBeUndefined();
    expect(await lastMessage(db, refusedAddress, "account.emailChangeRequested")).toBeUndefined();
    // Other changes of the profile go on; another account has its own count; the window's end lets it again.
    expect((await update(account.id, account.token, { firstName: "Asha" })).status).toBe(200);
    const other = await shopper();
    expect(
      (await update(other.id, other.token, { email: uniqueEmail(), currentPassword: other.password })).status,
    ).toBe(200);
    advance(40 * MINUTE);
    expect((await ask(refusedAddress)).status).toBe(200);
    expect(await lastMessage(db, refusedAddress, "account.emailConfirm")).toBeDefined();
  });

  it("refuses to confirm an address another account took since the link was sent", async () => {
    const account = await shopper();
    const next = uniqueEmail();
    await update(account.id, account.token, { email: next, currentPassword: account.password });
    const token = await linkTokenTo(db, next, "account.emailConfirm");
    const squatter = await call("POST", "/userapp/auth/register", { body: { email: next, password: "squatter pass" } });
    expect(squatter.status).toBe(201);
    const refused = await call("POST", "/userapp/auth/confirm-email", { body: { token } });
    expect(refused.status).toBe(409);
    const [row] = await db.select().from(users).where(eq(users.id, account.id));
    expect(row.email).toBe(account.email);
  });
});

describe("a sign-in under way when the password changes", () => {
  /**
   * Signs in with `password` over and over in `loops` parallel loops while `change` runs, and
   * one more time in each once it is done: the tokens that were answered, whenever they were.
   * A sign-in checks the password (argon2, tens of milliseconds) and then issues its token, so
   * some of these checks overlap the change.
   */
  async function signInsDuring(email: string, password: string, change: () => Promise<void>, loops = 3) {
    const issued: string[] = [];
    let done = false;
    let firstIssued = () => {};
    const started = new Promise<void>((resolve) => (firstIssued = resolve));
    const loop = async () => {
      for (let afterDone = 0; afterDone < 1;) {
        if (done) afterDone++;
        const answer = await login(email, password);
        if (answer.status === 200) {
          issued.push(answer.body.data.token);
          firstIssued();
        }
      }
    };
    const running = Array.from({ length: loops }, loop);
    // The change starts once a sign-in has succeeded, with the other loops' sign-ins in flight.
    await started;
    await change();
    done = true;
    await Promise.all(running);
    return issued;
  }

  const works = async (token: string) => (await call("GET", "/userapp/user/me", { token })).status === 200;

  it("gets no token that outlives a reset", async () => {
    for (let round = 0; round < 3; round++) {
      const account = await shopper();
      await forgot(account.email);
      const link = await linkTokenTo(db, account.email, "account.passwordReset");
      const issued = await signInsDuring(account.email, account.password, async () => {
        expect((await reset(link, "new password 2")).status).toBe(200);
      });
      expect(issued.length).toBeGreaterThan(0);
      for (const token of [account.token, ...issued]) expect(await works(token)).toBe(false);
      expect(await db.select().from(authTokens).where(eq(authTokens.userId, account.id))).toEqual([]);
      expect((await login(account.email, "new password 2")).status).toBe(200);
    }
  });

  it("gets no token that outlives a change in settings, which keeps only the changer's own session", async () => {
    for (let round = 0; round < 3; round++) {
      const account = await shopper();
      const issued = await signInsDuring(account.email, account.password, async () => {
        const changed = await call("PUT", "/userapp/user/password", {
          token: account.token,
          body: { currentPassword: account.password, newPassword: "changed in settings" },
        });
        expect(changed.status).toBe(200);
      });
      expect(issued.length).toBeGreaterThan(0);
      for (const token of issued) expect(await works(token)).toBe(false);
      expect(await works(account.token)).toBe(true);
      const left = await db.select().from(authTokens).where(eq(authTokens.userId, account.id));
      expect(left.map((row) => row.tokenHash)).toEqual([hashToken(account.token)]);
    }
  });
});
