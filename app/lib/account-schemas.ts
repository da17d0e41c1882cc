import { z } from "zod";

// One schema per form, shared by the browser (conform's client validation and native
// constraints) and the route action (parseWithZod). Texts the spec names are kept exactly.

const email = z
  .string({ error: "Enter your email address" })
  .trim()
  .max(254, "At most 254 characters")
  .pipe(z.email("Enter a valid email address"));

export const loginSchema = z.object({
  email,
  // Never trimmed: spaces are part of a password.
  password: z.string({ error: "Enter your password" }).max(200, "At most 200 characters"),
  redirectTo: z.string().optional(),
});

const name = (label: string) =>
  z.string({ error: `Enter your ${label}` }).trim().min(1, `Enter your ${label}`).max(100, "At most 100 characters");

/** At least 8 characters, as the API demands. */
export const newPassword = z
  .string({ error: "Enter a password" })
  .min(8, "At least 8 characters")
  .max(200, "At most 200 characters");

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

/**
 * Edit Profile: name, email and phone (optional). An Indian (+91) number has 10 digits, others
 * 4 to 15, as the API checks; so the schema depends on the shopper's country code.
 */
export function profileSchema(countryCode: string) {
  const phone =
    countryCode === "91"
      ? z.string().regex(/^\d{10}$/, "An Indian phone number has 10 digits")
      : z.string().regex(/^\d{4,15}$/, "A phone number has 4 to 15 digits");
  return z.object({
    name: name("name"),
    email,
    // Spaces and hyphens people type in phone numbers are dropped before the digits are checked.
    phone: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ""))
      .pipe(phone)
      .optional(),
  });
}

/** Change password on the settings page: the new one twice, at least 8 characters. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: "Enter your current password" }).max(200, "At most 200 characters"),
    newPassword,
    confirmPassword: z.string({ error: "Enter the new password again" }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });
