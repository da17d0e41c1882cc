import { z } from "@hono/zod-openapi";
import { requireUser } from "../lib/accounts/auth";
import { addressFields, checkPins, maxAddresses, recipientFields, withPostalCode } from "../lib/accounts/address-input";
import { setPrimaryAddress } from "../lib/accounts/addresses";
import { changePassword, checkCurrentPassword, updateProfile } from "../lib/accounts/profile";
import { userSchema } from "../lib/http/api-schemas";
import type { ApiDeps } from "../lib/context";
import { fieldErrorsResponse, idPattern, notFound, ok, readBody } from "../lib/http/http";
import { hashPassword } from "../lib/accounts/passwords";
import { clientAddress } from "../platform/client-address";
import { accountName, reserveEmailChange } from "../lib/accounts/throttle";
import { apiRoute, failure, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";
import { loadUser } from "../lib/accounts/users";
/** An optional profile text: trimmed; blank or null clears it; absent leaves it as it is. */
const profileText = z
  .string()
  .trim()
  .max(100, "At most 100 characters")
  .nullable()
  .optional()
  .transform((value) => (value === "" ? null : value));

/** A saved address: the fields and PIN code rule of every address (api/lib/accounts/address-input.ts). */
const addressSchema = z
  .object({
    // An id that is not one of the user's addresses (or no id) makes a new address.
    _id: z.string().nullish(),
    ...addressFields,
    ...recipientFields,
    isActive: z.boolean().nullish(),
  })
  .transform(withPostalCode);

function isAllowedAvatar(value: string): boolean {
  // A same-site path, but not a protocol-relative "//host" or "/\host" that browsers treat as another site.
  if (value.startsWith("/")) return !/^\/[/\\]/.test(value) && !/[\s\u0000-\u001f]/.test(value);
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

const updateSchema = z.object({
  name: profileText,
  firstName: profileText,
  lastName: profileText,
  email: z.string().trim().max(254, "At most 254 characters").pipe(z.email("Enter a valid email address")).optional(),
  // Digits only (spaces and hyphens are dropped); the length depends on country_code, checked below.
  phone: z
    .union([z.string(), z.number().int().nonnegative()])
    .nullable()
    .optional()
    .transform((value) => (value === null || value === undefined ? value : String(value).replace(/[\s-]/g, "")))
    .transform((value) => (value === "" ? null : value))
    .refine((value) => value === null || value === undefined || /^\d+$/.test(value), "Enter digits only"),
  country_code: z
    .union([z.string(), z.number().int().nonnegative()])
    .optional()
    .transform((value) => (value === undefined ? value : String(value).trim().replace(/^\+/, "")))
    .refine((value) => value === undefined || /^\d{1,4}$/.test(value), "Enter a country code of 1 to 4 digits"),
  avatar: z
    .string()
    .trim()
    .max(2048, "At most 2048 characters")
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value))
    .refine((value) => value == null || isAllowedAvatar(value), "Use an https:// address or a path on this site"),
  address: z
    .array(addressSchema)
    .max(maxAddresses, `At most ${maxAddresses} addresses`)
    .refine((list) => list.filter((a) => a.isActive === true).length <= 1, "Only one address can be the primary one")
    .optional(),
  // Required only to change the email, the sign-in name (never trimmed: spaces are part of a password).
  currentPassword: z.string().min(1, "Enter your current password").max(200, "At most 200 characters").optional(),
});

const passwordSchema = z.object({
  // Never trimmed: spaces are part of a password.
  currentPassword: z.string().min(1, "Enter your current password").max(200, "At most 200 characters"),
  newPassword: z.string().min(8, "At least 8 characters").max(200, "At most 200 characters"),
});

/** The answer to a change of email, whether or not the new address has an account already. */
export const EMAIL_LINK_SENT =
  "Profile updated successfully. We sent a link to the new address: your email changes when you open it.";

const tags = ["user"];

const meRoute = apiRoute({
  method: "get",
  path: "/me",
  tags,
  summary: "The signed-in user, with their addresses",
  access: "user",
  failures: [404],
  responses: { 200: success("The user", userSchema) },
});

const updateRoute = apiRoute({
  method: "put",
  path: "/update/{id}",
  tags,
  summary: "Change the profile; `address` replaces the whole address list",
  description:
    "Absent fields are left as they are. Changing the email (the sign-in name) needs `currentPassword`, and is not applied at once: a confirmation link goes to the new address (or, when it has an account already, a message saying so) and a notice to the old one; the answer is the same either way, the profile with its old email. The change happens when the link is used (`POST /userapp/auth/confirm-email`). An account may ask for a change of email `EMAIL_CHANGE_LIMIT_PER_HOUR` times an hour (3 by default); more are 429 with `Retry-After`. Another user's id answers 404.",
  access: "user",
  request: {
    params: z.object({ id: z.string().openapi({ description: "The signed-in user's own id" }) }),
    body: jsonBody(updateSchema),
  },
  failures: [400, 404, 429],
  responses: {
    200: success("Profile updated successfully (and, for a new email, a link sent to it)", userSchema),
    400: failure(400, "BAD_REQUEST: the current password is incorrect"),
  },
});

const passwordRoute = apiRoute({
  method: "put",
  path: "/password",
  tags,
  summary: "Change the password; every other session ends",
  access: "user",
  request: { body: jsonBody(passwordSchema) },
  failures: [400, 429],
  responses: {
    200: success("Password changed successfully", z.null()),
    400: failure(400, "BAD_REQUEST: the current password is incorrect"),
  },
});

const activateRoute = apiRoute({
  method: "put",
  path: "/activate/{addressId}",
  tags,
  summary: "Make one of the user's addresses the primary one",
  access: "user",
  request: { params: z.object({ addressId: z.string() }) },
  failures: [404],
  responses: { 200: success("Address set as primary successfully", userSchema) },
});

export function userRoutes(deps: ApiDeps) {
  const app = routeGroup();
  app.use("*", requireUser(deps));

  mount(app, meRoute, async (c) => {
    const user = await loadUser(deps.db, c.var.user.id);
    if (!user) throw notFound("User not found");
    return ok(c, user);
  });

  mount(app, updateRoute, async (c) => {
    const userId = c.var.user.id;
    // Another user's id answers exactly like an id that does not exist.
    if (c.req.param("id") !== userId) throw notFound("User not found");
    const body = await readBody(c, updateSchema);
    // Whoever changes the sign-in name owns the account: a stolen token alone must not be enough
    // (a case-only change signs in the same, so it needs no password).
    const changesEmail = body.email !== undefined && accountName(body.email) !== accountName(c.var.user.email);
    if (changesEmail) {
      if (body.currentPassword === undefined) {
        throw fieldErrorsResponse([
          { path: "currentPassword", message: "Enter your current password to change your email" },
        ]);
      }
      await checkCurrentPassword(deps, c.var.user, body.currentPassword, clientAddress(c, deps.trustProxy));
    }
    if (body.address) {
      // A new address, or a changed PIN code or state, must have a PIN a post office has and
      // name its state; addresses saved before keep theirs (the directory may have changed since).
      const saved = new Map((await loadUser(deps.db, userId))?.address.map((a) => [a._id, a]) ?? []);
      const changed = body.address
        .map((address, i) => ({ address, path: `address.${i}` }))
        .filter(({ address }) => {
          const before = address._id ? saved.get(address._id) : undefined;
          return !before || before.zipcode !== address.zipcode || before.state !== address.state;
        });
      await checkPins(changed, deps.pinCheckWaitMs);
    }
    // Each change of address emails the new one: counted per account (429 past the limit).
    if (changesEmail) await reserveEmailChange(deps, userId);
    const { emailLinkSent } = await updateProfile(deps, userId, body);
    return ok(c, await loadUser(deps.db, userId), emailLinkSent ? EMAIL_LINK_SENT : "Profile updated successfully");
  });

  mount(app, passwordRoute, async (c) => {
    const { id: userId, tokenHash } = c.var.user;
    const body = await readBody(c, passwordSchema);
    await checkCurrentPassword(deps, c.var.user, body.currentPassword, clientAddress(c, deps.trustProxy));

    await changePassword(deps, userId, await hashPassword(body.newPassword), tokenHash);
    return ok(c, null, "Password changed successfully");
  });

  mount(app, activateRoute, async (c) => {
    const userId = c.var.user.id;
    const addressId = c.req.param("addressId");
    if (!idPattern.test(addressId)) throw notFound("Address not found");
    await setPrimaryAddress(deps.db, userId, addressId);
    return ok(c, await loadUser(deps.db, userId), "Address set as primary successfully");
  });

  return app;
}
