import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { sessionSecrets } from "../session/session.server";

let honeypot: Honeypot | undefined;

function instance(): Honeypot {
  // Seeded with our secret so that the timestamp it hides cannot be forged.
  honeypot ??= new Honeypot({ encryptionSeed: sessionSecrets()[0], validFromFieldName: null });
  return honeypot;
}

export function honeypotInputProps() {
  return instance().getInputProps();
}

/** False when a bot filled the field that people never see. */
export async function checkHoneypot(formData: FormData): Promise<boolean> {
  try {
    await instance().check(formData);
    return true;
  } catch (error) {
    if (error instanceof SpamError) return false;
    throw error;
  }
}
