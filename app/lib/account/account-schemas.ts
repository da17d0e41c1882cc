import { INDIAN_MOBILE, MOBILE_MESSAGE } from "../../../api/contract/mobile";
import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, isSingleLine, withoutControlCharacters } from "../forms/plain-text";

// One schema per form, shared by the browser (conform's client validation and native
// constraints) and the route action (parseWithZod). Messages are the exact texts shoppers see.

const email = z
  .string({ error: "Enter your email address" })
  .trim()
  .max(254, "At most 254 characters")
  .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE)
  .pipe(z.email("Enter a valid email address"));

/** A password as typed: never trimmed (spaces are part of it), and without control characters. */
const password = (required: string) =>
  z
    .string({ error: required })
    .max(200, "At most 200 characters")
    .refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE);

export const loginSchema = z.object({
  email,
  password: password("Enter your password"),
  redirectTo: z.string().optional(),
});

const name = (label: string) =>
  z
    .string({ error: `Enter your ${label}` })
    .trim()
    .min(1, `Enter your ${label}`)
    .max(100, "At most 100 characters")
    .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE);

/** At least 8 characters, as the API demands. */
export const newPassword = z
  .string({ error: "Enter a password" })
  .min(8, "At least 8 characters")
  .max(200, "At most 200 characters")
  .refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE);

export const TERMS_MESSAGE = "Please accept the terms and conditions.";

export const registerSchema = z.object({
  firstName: name("first name"),
  lastName: name("last name"),
  email,
  password: newPassword,
  // A checkbox sends "on" when ticked and nothing otherwise.
  terms: z.literal("on", { error: TERMS_MESSAGE }),
  redirectTo: z.string().optional(),
});

/** The new password typed twice alike. */
const samePasswordTwice = (value: { newPassword: string; confirmPassword: string }) =>
  value.newPassword === value.confirmPassword;

/** Forgot password: the email to send the link to. */
export const forgotPasswordSchema = z.object({ email });

/** A new password from a reset link, typed twice; the link's token rides along hidden. */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "This link is not valid." }).max(200, "This link is not valid."),
    newPassword,
    confirmPassword: password("Enter the new password again"),
  })
  .refine(samePasswordTwice, { path: ["confirmPassword"], message: "The passwords do not match" });

export const CURRENT_PASSWORD_FOR_EMAIL = "Enter your current password to change your email";

/** True when `next` is another sign-in name than `current` (sign-in ignores case and spaces around). */
export const emailChanges = (current: string, next: string) =>
  current.trim().toLowerCase() !== next.trim().toLowerCase();

/**
 * Edit Profile: name, email and phone (optional). An Indian (+91) number is a mobile number (10
 * digits starting 6 to 9, api/contract/mobile.ts), others
 * 4 to 15, as the API checks; so the schema depends on the shopper's country code. The email is
 * the sign-in name: changing it takes the current password (the API demands it too), which is
 * required only then.
 */
export function profileSchema(countryCode: string, currentEmail: string) {
  const phone =
    countryCode === "91"
      ? z.string().regex(INDIAN_MOBILE, MOBILE_MESSAGE)
      : z.string().regex(/^\d{4,15}$/, "A phone number has 4 to 15 digits");
  return z
    .object({
      name: name("name"),
      email,
      // Spaces and hyphens people type in phone numbers are dropped before the digits are checked.
      phone: z
        .string()
        .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE)
        .transform((value) => value.replace(/[\s-]/g, ""))
        .pipe(phone)
        .optional(),
      currentPassword: password(CURRENT_PASSWORD_FOR_EMAIL).optional(),
    })
    .superRefine((value, ctx) => {
      // Runs even when other fields failed: the email may be missing then.
      if (typeof value.email === "string" && emailChanges(currentEmail, value.email) && !value.currentPassword) {
        ctx.addIssue({ code: "custom", path: ["currentPassword"], message: CURRENT_PASSWORD_FOR_EMAIL });
      }
    });
}

/** Change password on the settings page: the new one twice, at least 8 characters. */
export const passwordChangeSchema = z
  .object({
    currentPassword: password("Enter your current password"),
    newPassword,
    confirmPassword: password("Enter the new password again"),
  })
  .refine(samePasswordTwice, { path: ["confirmPassword"], message: "The passwords do not match" });
