import { z } from "@hono/zod-openapi";
import { dropExpiredTokens, issueToken, requireUser, revokeToken, revokeUserTokens } from "../lib/accounts/auth";
import type { ApiDeps } from "../lib/context";
import { badRequest, ok, readBody } from "../lib/http/http";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../lib/accounts/passwords";
import { clientAddress } from "../platform/client-address";
import {
  releaseLoginAttempt,
  reserveLoginAttempt,
  reservePasswordReset,
  reserveRegisterNotice,
  reserveRegistration,
} from "../lib/accounts/throttle";
import { createUser, findAccount, loadUser, toUserJson } from "../lib/accounts/users";
import { checkLink, confirmEmailChange, requestPasswordReset, resetPassword } from "../lib/accounts/account-links";
import { registerAttemptMessage } from "../lib/messages/account-messages";
import { recordMessage } from "../lib/messages/outbox";
import { newId } from "../lib/ids";
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

const emailField = z.string().trim().max(254, "At most 254 characters").pipe(z.email("Enter a valid email address"));
/** A link's token (the shop makes 43 base64url characters); any other is answered as an unknown link. */
const tokenField = z.string().min(1, "The link's token is missing").max(200, "At most 200 characters");

const forgotSchema = z.object({ email: emailField });

const resetSchema = z.object({
  token: tokenField,
  // Never trimmed: spaces are part of a password.
  password: z.string().min(8, "At least 8 characters").max(200, "At most 200 characters"),
});

const linkSchema = z.object({
  token: tokenField,
  purpose: z.enum(["password-reset", "email-change"]),
});

const confirmEmailSchema = z.object({ token: tokenField });

/** The one answer to a request for a reset link: the same whether the account exists, and when throttled. */
export const RESET_LINK_SENT = "If an account exists for that email, we have sent a link";

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
  description:
    "An email that already has an account is answered exactly as a new account would be (a user with a new id and the fields sent, not the other account's data), and its owner is emailed instead, so that registering tells nobody who has an account.",
  failures: [429],
  responses: { 201: success("Registration successful: the new user (sign in next)", userSchema) },
});

const forgotPasswordRoute = apiRoute({
  method: "post",
  path: "/forgot-password",
  tags,
  summary: "Ask for a password-reset link by email",
  description: `Always answers "${RESET_LINK_SENT}", whether or not the account exists and when the requests from this client address or for this account are over their limits (then nothing is sent). The link works once, for 30 minutes.`,
  access: "public",
  request: { body: jsonBody(forgotSchema) },
  responses: { 200: success(RESET_LINK_SENT, z.null()) },
});

const linkProblem = failure(400, "BAD_REQUEST: the link is not valid, has expired or has been used (`data.problem`)");

const checkLinkRoute = apiRoute({
  method: "post",
  path: "/check-link",
  tags,
  summary: "Whether an emailed link (a password reset, an email confirmation) still works, without using it",
  description: "`data.newEmail` is the address an email-change link confirms.",
  access: "public",
  request: { body: jsonBody(linkSchema) },
  failures: [400],
  responses: {
    200: success("The link works", z.object({ newEmail: z.string().nullable() })),
    400: linkProblem,
  },
});

const resetPasswordRoute = apiRoute({
  method: "post",
  path: "/reset-password",
  tags,
  summary: "Set a new password with a reset link's token; every session of the account ends",
  access: "public",
  request: { body: jsonBody(resetSchema) },
  failures: [400],
  responses: { 200: success("Your password has been changed", z.null()), 400: linkProblem },
});

const confirmEmailRoute = apiRoute({
  method: "post",
  path: "/confirm-email",
  tags,
  summary: "Make an email-change link's new address the account's email",
  access: "public",
  request: { body: jsonBody(confirmEmailSchema) },
  failures: [400, 409],
  responses: {
    200: success("Your email address has been changed: the new address", z.object({ email: z.string() })),
    400: linkProblem,
    409: failure(409, "FAILURE: another account has taken the address since the link was sent"),
  },
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
    const name = body.name ?? ([body.firstName, body.lastName].filter(Boolean).join(" ") || null);
    // Hashed whether or not the email is taken, so that the time taken tells nothing either.
    const values = {
      email: body.email,
      passwordHash: await hashPassword(body.password),
      firstName: body.firstName,
      lastName: body.lastName,
      name,
      createdAt: deps.now(),
    };
    // The address is kept as typed (trimmed); uniqueness and sign-in compare it lower-cased. The
    // unique index settles a race between two registrations.
    const owner = await findAccount(deps.db, body.email);
    const created = owner ? undefined : await createUser(deps.db, values);
    if (created) return ok(c, toUserJson(created, []), "Registration successful", 201);

    // Taken: the owner hears of it (a few times a day at most), and the answer is a new account's, with nobody's data.
    const account = owner ?? (await findAccount(deps.db, body.email));
    if (account && (await reserveRegisterNotice(deps, account.id))) {
      const message = await registerAttemptMessage(account.email, deps.shop, account.id);
      await deps.db.transaction((tx) => recordMessage(tx, message));
    }
    const lookalike = { ...values, id: newId(), avatar: null, phone: null, countryCode: "91", userType: null };
    return ok(c, toUserJson(lookalike, []), "Registration successful", 201);
  });

  mount(app, forgotPasswordRoute, async (c) => {
    const body = await readBody(c, forgotSchema);
    const allowed = await reservePasswordReset(deps, body.email, clientAddress(c, deps.trustProxy));
    await requestPasswordReset(deps, body.email, allowed);
    return ok(c, null, RESET_LINK_SENT);
  });

  mount(app, checkLinkRoute, async (c) => {
    const body = await readBody(c, linkSchema);
    const link = await checkLink(deps, body.token, body.purpose);
    return ok(c, { newEmail: link.newEmail }, "The link works");
  });

  mount(app, resetPasswordRoute, async (c) => {
    const body = await readBody(c, resetSchema);
    // Checked before the slow hash; resetPassword uses the link up, atomically.
    await checkLink(deps, body.token, "password-reset");
    await resetPassword(deps, body.token, await hashPassword(body.password));
    return ok(c, null, "Your password has been changed");
  });

  mount(app, confirmEmailRoute, async (c) => {
    const body = await readBody(c, confirmEmailSchema);
    const email = await confirmEmailChange(deps, body.token);
    return ok(c, { email }, "Your email address has been changed");
  });

  mount(app, loginRoute, async (c) => {
    const body = await readBody(c, loginSchema);
    // Refuses with 429 before any password check once a limit is reached (api/lib/accounts/throttle.ts).
    const reservation = await reserveLoginAttempt(deps, body.username, clientAddress(c, deps.trustProxy));

    const user = await findAccount(deps.db, body.username);
    if (!user) {
      await verifyAgainstDummy(body.password);
      throw badRequest(INVALID_CREDENTIALS, null, "INVALID_CREDENTIALS");
    }
    if (!(await verifyPassword(user.passwordHash, body.password)))
      throw badRequest(INVALID_CREDENTIALS, null, "INVALID_CREDENTIALS");

    await releaseLoginAttempt(deps, reservation);
    // Housekeeping while we are here: this user's expired tokens can go.
    await dropExpiredTokens(deps.db, user.id, deps.now());
    // Null when the password changed while it was being checked: what was sent no longer signs in.
    const token = await issueToken(deps, user.id, user.passwordHash);
    if (!token) throw badRequest(INVALID_CREDENTIALS, null, "INVALID_CREDENTIALS");
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
