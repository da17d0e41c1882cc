import { randomBytes } from "node:crypto";

/** A new random record id: 24 hex characters (96 bits). */
export function newId(): string {
  return randomBytes(12).toString("hex");
}
