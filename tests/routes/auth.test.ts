import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "../../app/root";
import { action as loginAction, loader as loginLoader } from "../../app/routes/login";
import { action as logoutAction, loader as logoutLoader } from "../../app/routes/logout";
import { action as registerAction, loader as registerLoader } from "../../app/routes/register";
import { createTestApi } from "../api/helpers";
import { formPost, loadContext, withUserapp, nextCookies, pageGet, settle, signedInShopper } from "./harness";

const api = await createTestApi();
const context = loadContext(api);

const register = (fields: Record<string, string>, cookie?: string) =>
  settle(() => registerAction({ request: formPost("/register", fields, cookie), params: {}, context } as never));
const login = (fields: Record<string, string>, cookie?: string) =>
  settle(() => loginAction({ request: formPost("/login", fields, cookie), params: {}, context } as never));
const root = (cookie?: string, path = "/") =>
  settle(() => rootLoader({ request: pageGet(path, cookie), params: {}, context } as never));

const valid = {
  firstName: "Meera",
  lastName: "Iyer",
  email: "meera@example.test",
  password: "s3cret-passphrase",
  terms: "on",
};

describe("register", () => {
  it("creates the account with first and last name and sends the shopper to /login with a toast", async () => {
    const answer = await register(valid);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/login");
    const after = await root(nextCookies(answer.headers));
    expect(after.data.toast).toEqual({ type: "success", message: "Registration successful! Please log in." });

    const signIn = await api.call("POST", "/userapp/auth/login", {
      body: { username: valid.email, password: valid.password },
    });
    expect(signIn.body.data).toMatchObject({ name: "Meera Iyer", firstName: "Meera", lastName: "Iyer" });
  });

  it("keeps a same-site redirectTo through to the login page", async () => {
    const answer = await register({ ...valid, email: "keep@example.test", redirectTo: "/wishlist" });
    expect(answer.location).toBe("/login?redirectTo=%2Fwishlist");
  });

  it("asks for the terms when they are not ticked", async () => {
    const { terms: _terms, ...withoutTerms } = valid;
    const answer = await register({ ...withoutTerms, email: "terms@example.test" });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error.terms).toEqual(["Please accept the terms and conditions."]);
  });

  it.each([
    ["firstName", "", "Enter your first name"],
    ["lastName", "  ", "Enter your last name"],
    ["email", "not-an-email", "Enter a valid email address"],
    ["password", "short", "At least 8 characters"],
  ])("refuses a bad %s with its own message and never echoes the password", async (field, value, message) => {
    const answer = await register({ ...valid, email: "fields@example.test", [field]: value });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error[field]).toEqual([message]);
    expect(JSON.stringify(answer.data.result.initialValue ?? {})).not.toContain(valid.password);
  });

  it("shows the API's limit on registrations from one address as a clear message", async () => {
    const fromOneAddress = loadContext(api, "203.0.113.62");
    const registerFrom = (email: string) =>
      settle(() =>
        registerAction({
          request: formPost("/register", { ...valid, email }),
          params: {},
          context: fromOneAddress,
        } as never),
      );
    // The API's default: 10 an hour from one address, whatever their outcome.
    for (let i = 0; i < 10; i++) expect((await registerFrom(`many${i}@example.test`)).status).toBe(303);
    const refused = await registerFrom("one.too.many@example.test");
    expect(refused.status).toBe(429);
    expect(refused.data.result.error[""]).toEqual([
      expect.stringMatching(
        /^Registration failed: Too many accounts have been registered from your network\. Please wait \d+ minutes? and try again\.$/,
      ),
    ]);
    expect(JSON.stringify(refused.data)).not.toContain(valid.password);
    // Another address is not affected.
    expect((await register({ ...valid, email: "elsewhere@example.test" })).status).toBe(303);
  });

  it("answers a taken email exactly as a new account: the page never says it has an account", async () => {
    const fresh = await register({ ...valid, email: "taken@example.test" });
    const again = await register({ ...valid, email: "TAKEN@example.test" });
    expect([again.status, again.location]).toEqual([fresh.status, fresh.location]);
    expect(again.location).toBe("/login");
  });

  it("creates no account when the honeypot field is filled", async () => {
    const answer = await register({ ...valid, email: "bot@example.test", name__confirm: "I am a bot" });
    expect(answer.status).toBe(400);
    const signIn = await api.call("POST", "/userapp/auth/login", {
      body: { username: "bot@example.test", password: valid.password },
    });
    expect(signIn.status).toBe(400);
  });

  it("serves honeypot fields to the page and sends a signed-in shopper on", async () => {
    const page = await settle(() =>
      registerLoader({ request: pageGet("/register?redirectTo=%2Fmycart"), params: {}, context } as never),
    );
    expect(page.data.redirectTo).toBe("/mycart");
    expect(page.data.honeypot.nameFieldName).toBeTruthy();
    const { cookie } = await signedInShopper(api);
    const again = await settle(() =>
      registerLoader({ request: pageGet("/register?redirectTo=%2Fmycart", cookie), params: {}, context } as never),
    );
    expect(again.location).toBe("/mycart");
  });
});

describe("login", () => {
  const account = { email: "ravi@example.test", password: "another-passphrase" };

  it("signs in with an HttpOnly SameSite=Lax session cookie and goes to redirectTo", async () => {
    await api.call("POST", "/userapp/auth/register", { body: { ...account, firstName: "Ravi", lastName: "Kumar" } });
    const answer = await login({ ...account, redirectTo: "/shop?category=Fashion" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/shop?category=Fashion");
    const session = answer.headers.getSetCookie().find((line) => line.startsWith("__session="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Path=\//);

    const cookie = nextCookies(answer.headers);
    const after = await root(cookie);
    expect(after.data.user).toMatchObject({ name: "Ravi Kumar", email: account.email });
    expect(after.data.toast).toEqual({ type: "success", message: "Login successful! Welcome back." });
    // The token never reaches page data.
    expect(JSON.stringify(after.data)).not.toMatch(/token/i);
  });

  it.each(["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "/login"])(
    "goes home instead of to %s",
    async (redirectTo) => {
      const answer = await login({ ...account, redirectTo });
      expect(answer.location).toBe("/");
    },
  );

  it("says 'Login failed: …' for a wrong password, keeps the email and never the password", async () => {
    const answer = await login({ email: account.email, password: "wrong-password" });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error[""]).toEqual(["Login failed: Invalid email or password."]);
    expect(answer.data.result.initialValue).toEqual({ email: account.email });
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it.each([
    ["email", "", "Enter your email address"],
    ["email", "nope", "Enter a valid email address"],
    ["password", "", "Enter your password"],
  ])("refuses a missing or bad %s before calling the API", async (field, value, message) => {
    const answer = await login({ ...account, [field]: value });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error[field]).toEqual([message]);
  });

  it("shows the API's throttling as a clear message", async () => {
    const throttled = { email: "throttle@example.test", password: "right-passphrase" };
    await api.call("POST", "/userapp/auth/register", { body: throttled });
    // From one shopper address, as server/site.ts binds it: the API's per-address limits apply.
    const fromOneAddress = loadContext(api, "203.0.113.61");
    const attempt = () =>
      settle(() =>
        loginAction({
          request: formPost("/login", { email: throttled.email, password: "wrong" }),
          params: {},
          context: fromOneAddress,
        } as never),
      );
    let answer = await attempt();
    for (let tries = 0; tries < 6 && answer.status !== 429; tries++) answer = await attempt();
    expect(answer.status).toBe(429);
    expect(answer.data.result.error[""][0]).toMatch(
      /^Login failed: Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/,
    );
  });

  it("sends an already signed-in shopper straight on", async () => {
    const { cookie } = await signedInShopper(api);
    const answer = await settle(() =>
      loginLoader({ request: pageGet("/login?redirectTo=%2Fwishlist", cookie), params: {}, context } as never),
    );
    expect(answer.location).toBe("/wishlist");
    const guest = await settle(() =>
      loginLoader({ request: pageGet("/login?redirectTo=https%3A%2F%2Fevil.example"), params: {}, context } as never),
    );
    expect(guest.data).toEqual({ redirectTo: "" });
  });

  it("ignores a session cookie signed with another secret", async () => {
    const forged = "__session=eyJ0b2tlbiI6ImFiYyJ9.forged";
    const answer = await root(forged);
    expect(answer.data.user).toBeNull();
  });
});

describe("logout", () => {
  it("revokes the token, clears the session and says so", async () => {
    const { cookie } = await signedInShopper(api);
    const answer = await settle(() =>
      logoutAction({ request: formPost("/logout", {}, cookie), params: {}, context } as never),
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/");
    const jar = nextCookies(answer.headers, cookie);
    expect(jar).not.toContain("__session=");
    const after = await root(jar);
    expect(after.data.user).toBeNull();
    expect(after.data.toast).toEqual({ type: "success", message: "You have been logged out successfully." });

    // The old cookie, replayed, no longer signs anyone in: the token was revoked, and the root loader clears it.
    const replay = await root(cookie);
    expect(replay.data.user).toBeNull();
    expect(replay.headers.getSetCookie().some((line) => line.startsWith("__session=;"))).toBe(true);
  });

  it("answers GET with a redirect home, signing nobody out", async () => {
    const answer = await settle(() => logoutLoader());
    expect(answer.location).toBe("/");
  });
});

describe("the root loader", () => {
  it("costs a guest no API call and sets no cookie", async () => {
    let calls = 0;
    const counting = withUserapp(context, (request: Request) => (calls++, api.app.fetch(request)));
    const answer = await settle(() => rootLoader({ request: pageGet("/"), params: {}, context: counting } as never));
    expect(answer.data.user).toBeNull();
    expect(calls).toBe(0);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });
});
