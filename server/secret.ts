import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * SESSION_SECRET signs the session cookie. When it is unset, one is generated once and kept
 * in DATA_DIR so that `npm start` needs no configuration and sessions survive a restart.
 */
export function ensureSessionSecret(dataDir: string): void {
  if (process.env.SESSION_SECRET) return;
  const file = path.join(dataDir, "session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    console.warn(`SESSION_SECRET is not set: generated one and kept it in ${file}. Set SESSION_SECRET in production.`);
  }
  process.env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
}
