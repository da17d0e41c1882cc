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
