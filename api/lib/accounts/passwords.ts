import { randomBytes } from "node:crypto";
import { type Algorithm, type Options, hash, verify } from "@node-rs/argon2";

// The package declares `Algorithm` as an ambient const enum, which `verbatimModuleSyntax`
// forbids reading at runtime; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id parameters: 19 MiB of memory, 2 passes, 1 lane. */
const PASSWORD_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export async function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_OPTIONS);
}

/** True when `password` matches `passwordHash`; a malformed stored hash counts as a mismatch, never a 500. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real check against a throwaway hash, so a sign-in for an email
 * with no account takes as long as one with a wrong password and timing does not reveal accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(await dummyHash, password);
}
