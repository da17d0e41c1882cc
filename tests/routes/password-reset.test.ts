/**
 * The pages of the emailed account links, as plain form posts (no JavaScript): Forgot password,
 * Choose a new password, Confirm your new email.
 */
import { describe, expect, it } from "vitest";
import { loader as accountLoader } from "../../app/routes/myaccount";
import { action as confirmAction, loader as confirmLoader } from "../../app/routes/confirm-email";
import { action as forgotAction, loader as forgotLoader } from "../../app/routes/forgot-password";
import { action as resetAction, loader as resetLoader } from "../../app/routes/reset-password";
import { linkTokenTo } from "../api/account-mail";
import { createTestApi } from "../api/helpers";
import { formPost, loadContext, nextCookies, pageGet, settle, signedInShopper } from "./harness";

const api = await createTestApi();
const context = loadContext(api);
type Handler = (args: unknown) => unknown;
const post = (handler: unknown, path: string, fields: Record<string, string>, cookie?: string) =>
  settle(() => (handler as Handler)({ request: formPost(path, fields, cookie), params: {}, context }));
const get = (handler: unknown, path: string, cookie?: string) =>
  settle(() => (handler as Handler)({ request: pageGet(path, cookie), params: {}, context }));

describe("Forgot password", () => {
  it("answers an account and an unknown email with the same redirect and page", async () => {
    const { email } = await signedInShopper(api);
    const known = await post(forgotAction, "/forgot-password", { email });
    const unknown = await post(forgotAction, "/forgot-password", { email: "nobody.here@example.test" });
    for (const answer of [known, unknown]) {
      expect([answer.status, answer.location]).toEqual([303, "/forgot-password?sent"]);
    }
    expect((await get(forgotLoader, "/forgot-password?sent")).data).toEqual({ sent: true });
    expect((await get(forgotLoader, "/forgot-password")).data).toEqual({ sent: false });
  });

  it("puts a malformed email back on its field", async () => {
    const answer = await post(forgotAction, "/forgot-password", { email: "not-an-email" });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error.email).toEqual(["Enter a valid email address"]);
  });
});

describe("Choose a new password", () => {
  it("sets it, signs this browser out and sends the shopper to log in with it", async () => {
    const { email, cookie } = await signedInShopper(api);
    await post(forgotAction, "/forgot-password", { email });
    const token = await linkTokenTo(api.db, email, "account.passwordReset");
    const page = await get(resetLoader, `/reset-password?token=${token}`);
    expect(page.data).toEqual({ token, problem: null });

    const mismatch = await post(resetAction, "/reset-password", {
      token,
      newPassword: "brand new pass",
      confirmPassword: "other pass",
    });
    expect(mismatch.data.result.error.confirmPassword).toEqual(["The passwords do not match"]);
    const done = await post(
      resetAction,
      "/reset-password",
      { token, newPassword: "brand new pass", confirmPassword: "brand new pass" },
      cookie,
    );
    expect([done.status, done.location]).toEqual([303, "/login"]);
    expect(nextCookies(done.headers, cookie)).not.toContain("__session=");
    // The old session is gone for good, the cookie or not.
    expect((await get(accountLoader, "/myaccount/profile", cookie)).status).toBe(302);

    const used = await get(resetLoader, `/reset-password?token=${token}`);
    expect(used.data.problem).toBe("This link has already been used. Please ask for a new one.");
    const again = await post(resetAction, "/reset-password", {
      token,
      newPassword: "third pass 33",
      confirmPassword: "third pass 33",
    });
    expect(again.data.problem).toBe("This link has already been used. Please ask for a new one.");
  });

  it("says when a link is missing or unknown", async () => {
    for (const path of ["/reset-password", "/reset-password?token=nonsense"]) {
      expect((await get(resetLoader, path)).data.problem).toBe(
        "This link is not valid. Check that you copied all of it, or ask for a new one.",
      );
    }
  });
});

describe("Confirm your new email", () => {
  it("shows the new address, changes it only on the button's post, and says a used link is used", async () => {
    const { email, password, cookie } = await signedInShopper(api);
    const token = (await api.call("POST", "/userapp/auth/login", { body: { username: email, password } })).body.data
      .token;
    const me = (await api.call("GET", "/userapp/user/me", { token })).body.data;
    const next = `moved-${email}`;
    await api.call("PUT", `/userapp/user/update/${me.id}`, { token, body: { email: next, currentPassword: password } });
    const link = await linkTokenTo(api.db, next, "account.emailConfirm");

    const page = await get(confirmLoader, `/confirm-email?token=${link}`);
    expect(page.data).toEqual({ token: link, newEmail: next, problem: null });
    expect((await api.call("GET", "/userapp/user/me", { token })).body.data.email).toBe(email);

    const done = await post(confirmAction, "/confirm-email", { token: link }, cookie);
    expect([done.status, done.location]).toEqual([303, "/myaccount/profile"]);
    expect((await api.call("GET", "/userapp/user/me", { token })).body.data.email).toBe(next);
    const again = await post(confirmAction, "/confirm-email", { token: link });
    expect(again.data.problem).toBe("This link has already been used. Please ask for a new one.");
  });
});
