import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { users } from "../../api/db/schema";
import { hashToken } from "../../api/lib/accounts/auth";
import { createLogger } from "../../api/platform/logger";
import { createTestApi } from "./helpers";

// A database failure is logged with its code and message only (api/platform/logger.ts, describeError):
// never the SQL's parameters, which hold emails, password hashes and token hashes. The failures
// here are real: this file's own database is altered under the API.
const lines: string[] = [];
const logger = createLogger({ destination: { write: (line: string) => void lines.push(line) } });
const api = await createTestApi({ logger });
const { db, call } = api;

const email = "meera.iyer@example.test";
const password = "correct horse battery";
expect((await call("POST", "/userapp/auth/register", { body: { email, password } })).status).toBe(201);
const signedIn = await call("POST", "/userapp/auth/login", {
  body: { username: email, password },
  clientAddress: "192.0.2.10",
});
const token: string = signedIn.body.data.token;
const [{ passwordHash }] = await db.select({ passwordHash: users.passwordHash }).from(users);

let undo: (() => Promise<unknown>) | null = null;
afterEach(async () => {
  await undo?.();
  undo = null;
  lines.length = 0;
});

/** The log lines written since the test began, which must hold none of `secrets`. */
function expectLoggedWithout(secrets: string[], code: string) {
  expect(lines.length).toBeGreaterThan(0);
  const log = lines.join("\n");
  for (const secret of [...secrets, password, passwordHash, "$argon2id$", token, hashToken(token)]) {
    expect(log, `the log holds ${secret}`).not.toContain(secret);
  }
  const entry = JSON.parse(lines[0]);
  expect(entry).toMatchObject({ level: 50, msg: "userapp request failed", err: { type: "DatabaseError", code } });
  expect(entry.err.message).toEqual(expect.any(String));
  expect(entry.err).not.toHaveProperty("stack");
}

async function expect500(response: { status: number; body: any; headers: Headers }) {
  expect(response.status).toBe(500);
  expect(response.body).toEqual({
    status: "SERVER_ERROR",
    message: "Internal server error",
    data: null,
    code: "SERVER_ERROR",
  });
}

describe("a database error", () => {
  it("in a registration (a CHECK the insert violates) logs its code, not the email or the hash", async () => {
    await db.execute(
      sql`ALTER TABLE users ADD CONSTRAINT test_no_blocked CHECK (email NOT LIKE '%@blocked.test') NOT VALID`,
    );
    undo = () => db.execute(sql`ALTER TABLE users DROP CONSTRAINT test_no_blocked`);
    const newEmail = "ravi.kumar@blocked.test";
    await expect500(
      await call("POST", "/userapp/auth/register", {
        body: { email: newEmail, password: "another secret 42", firstName: "Ravi" },
      }),
    );
    expectLoggedWithout([newEmail, "another secret 42", "Ravi"], "23514");
  });

  it("in a profile update with a token, a new email and the password logs none of them", async () => {
    // A new email waits for its link (account_tokens.new_email) before the account takes it.
    await db.execute(
      sql`ALTER TABLE account_tokens ADD CONSTRAINT test_no_blocked CHECK (new_email NOT LIKE '%@blocked.test') NOT VALID`,
    );
    undo = () => db.execute(sql`ALTER TABLE account_tokens DROP CONSTRAINT test_no_blocked`);
    const me = signedIn.body.data.id as string;
    const newEmail = "meera.new@blocked.test";
    const response = await call("PUT", `/userapp/user/update/${me}`, {
      token,
      body: { email: newEmail, currentPassword: password, name: "Meera Secretname" },
      clientAddress: "192.0.2.10",
    });
    await expect500(response);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expectLoggedWithout([email, newEmail, "Secretname"], "23514");
  });

  it("in a sign-in (the throttle's table is gone) logs its code, not the email, the address or the password", async () => {
    await db.execute(sql`ALTER TABLE login_failures RENAME TO login_failures_gone`);
    undo = () => db.execute(sql`ALTER TABLE login_failures_gone RENAME TO login_failures`);
    await expect500(
      await call("POST", "/userapp/auth/login", {
        body: { username: email, password },
        clientAddress: "198.51.100.77",
      }),
    );
    expectLoggedWithout([email, "198.51.100.77"], "42P01");
  });

  it("in a sign-in's token (a column is gone) logs its code, not the new token's hash", async () => {
    await db.execute(sql`ALTER TABLE auth_tokens RENAME COLUMN created_at TO created_gone`);
    undo = () => db.execute(sql`ALTER TABLE auth_tokens RENAME COLUMN created_gone TO created_at`);
    await expect500(await call("POST", "/userapp/auth/login", { body: { username: email, password } }));
    expectLoggedWithout([email], "42703");
    // The hash of the token that failed to be stored is nowhere either: no 64-hex-digit value is logged.
    expect(lines.join("\n")).not.toMatch(/[0-9a-f]{64}/);
  });

  it("in a password change logs neither password nor the token", async () => {
    // NOT VALID: the existing row stays; any update of a user fails.
    await db.execute(sql`ALTER TABLE users ADD CONSTRAINT test_no_change CHECK (false) NOT VALID`);
    undo = () => db.execute(sql`ALTER TABLE users DROP CONSTRAINT test_no_change`);
    const response = await call("PUT", "/userapp/user/password", {
      token,
      body: { currentPassword: password, newPassword: "brand new secret 7" },
    });
    await expect500(response);
    expectLoggedWithout([email, "brand new secret 7"], "23514");
  });
});
