import { z } from "@hono/zod-openapi";
import { dropExpiredTokens, issueToken, requireUser, revokeToken, revokeUserTokens } from "../lib/accounts/auth";
import type { ApiDeps } from "../lib/context";
import { badRequest, ok, readBody } from "../lib/http/http";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../lib/accounts/passwords";
import { clientAddress } from "../platform/client-address";
import { releaseLoginAttempt, reserveLoginAttempt, reserveRegistration } from "../lib/accounts/throttle";
import { createUser, emailInUse, emailTaken, findAccount, loadUser, toUserJson } from "../lib/accounts/users";
import { signedInUserSchema, userSchema } from "../lib/http/api-schemas";
import { apiRoute, failure, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";

/** An optional name part: trimmed; blank or null means "not given". */
const optionalName = z
  .string()
  .trim()
  .max(100, "At most 100 characters")
  .nullish()
  .transform((value) => (value ? value : null));

const registerSchema = z.object({
  email: z.string().trim().max(254, "At most 254 characters").pipe(z.email("Enter a valid email address")),
  // Never trimmed: spaces are part of a password.
  password: z.string().min(8, "At least 8 characters").max(200, "At most 200 characters"),
  firstName: optionalName,
  lastName: optionalName,
  name: optionalName,
});

const loginSchema = z.object({
  username: z.string().trim().min(1, "Enter your email address").max(254, "At most 254 characters"),
  password: z.string().min(1, "Enter your password").max(200, "At most 200 characters"),
});

/** One message for an unknown email and a wrong password, so a sign-in does not reveal which accounts exist. */
const INVALID_CREDENTIALS = "Invalid email or password.";

const tags = ["auth"];

const registerRoute = apiRoute({
  method: "post",
  path: "/register",
  tags,
  summary: "Create an account",
  access: "public",
  request: { body: jsonBody(registerSchema) },
  failures: [409, 429],
  responses: { 201: success("Registration successful: the new user (sign in next)", userSchema) },
});

const loginRoute = apiRoute({
  method: "post",
  path: "/login",
  tags,
  summary: "Sign in with email (`username`) and password",
  description: "Answers the user and a bearer token for the `Authorization` header of the other calls.",
  access: "public",
  request: { body: jsonBody(loginSchema) },
  failures: [429],
  responses: {
    200: success("Login successful", signedInUserSchema),
    400: failure(400, "BAD_REQUEST: invalid email or password (one message for both)"),
  },
});

const logoutRoute = apiRoute({
  method: "post",
  path: "/logout",
  tags,
  summary: "Sign out: this token stops working",
  access: "user",
  responses: { 200: success("Logged out", z.null()) },
});

const logoutAllRoute = apiRoute({
  method: "post",
  path: "/logout-all",
  tags,
  summary: "Sign out everywhere: every token of the user stops working",
  access: "user",
  responses: { 200: success("Logged out of all devices", z.null()) },
});

export function authRoutes(deps: ApiDeps) {
  const app = routeGroup();

  mount(app, registerRoute, async (c) => {
    const body = await readBody(c, registerSchema);
    // Counted per client address whatever the outcome (docs/api.md).
    await reserveRegistration(deps, clientAddress(c, deps.trustProxy));
    // Checked first to spare an argon2 hash for a duplicate; createUser settles races.
    if (await emailInUse(deps.db, body.email)) throw emailTaken();

    const name = body.name ?? ([body.firstName, body.lastName].filter(Boolean).join(" ") || null);
    // The address is kept as typed (trimmed); uniqueness and sign-in compare it lower-cased.
    const created = await createUser(deps.db, {
      email: body.email,
      passwordHash: await hashPassword(body.password),
      firstName: body.firstName,
      lastName: body.lastName,
      name,
      createdAt: deps.now(),
    });
    if (!created) throw emailTaken();
    return ok(c, toUserJson(created, []), "Registration successful", 201);
  });

  mount(app, loginRoute, async (c) => {
    const body = await readBody(c, loginSchema);
    // Refuses with 429 before any password check once a limit is reached (api/lib/accounts/throttle.ts).
    const reservation = await reserveLoginAttempt(deps, body.username, clientAddress(c, deps.trustProxy));

    const user = await findAccount(deps.db, body.username);
    if (!user) {
      await verifyAgainstDummy(body.password);
      throw badRequest(INVALID_CREDENTIALS);
    }
    if (!(await verifyPassword(user.passwordHash, body.password))) throw badRequest(INVALID_CREDENTIALS);

    await releaseLoginAttempt(deps, reservation);
    // Housekeeping while we are here: this user's expired tokens can go.
    await dropExpiredTokens(deps.db, user.id, deps.now());
    const token = await issueToken(deps, user.id);
    const profile = await loadUser(deps.db, user.id);
    return ok(c, { ...profile!, token }, "Login successful");
  });

  mount(app, logoutRoute, requireUser(deps), async (c) => {
    await revokeToken(deps.db, c.var.user.tokenHash);
    return ok(c, null, "You have been logged out successfully.");
  });

  // Every token of the user, this one included: a lost phone or a shared computer is signed out too.
  mount(app, logoutAllRoute, requireUser(deps), async (c) => {
    await revokeUserTokens(deps.db, c.var.user.id);
    return ok(c, null, "You have been logged out of all devices.");
  });

  return app;
}
