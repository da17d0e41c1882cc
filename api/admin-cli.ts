/**
 * `npm run admin -- promote <email>` and `npm run admin -- demote <email>`: makes an account an
 * admin of the back office (/admin), or a shopper again. It opens the configured database as
 * `npm run seed` does (DATA_DIR's embedded PostgreSQL, or DATABASE_URL), whether or not the shop
 * is running. One line per outcome.
 */
import { readEnv } from "./config";
import type { DatabaseHandle } from "./db/client";
import { openShopDatabase } from "./db/connect";
import { setAdmin } from "./lib/accounts/admins";

const USAGE = `Usage: npm run admin -- promote <email>   make the account with this email an admin
       npm run admin -- demote <email>    make it a shopper again`;

async function main(argv: string[]): Promise<number> {
  const [command, email, ...rest] = argv;
  if (command === "--help" || command === "-h") {
    console.log(USAGE);
    return 0;
  }
  if ((command !== "promote" && command !== "demote") || !email?.trim() || rest.length > 0) {
    console.error(USAGE);
    return 1;
  }

  let handle: DatabaseHandle;
  try {
    const env = readEnv();
    handle = await openShopDatabase(env);
  } catch (error) {
    // A bad DATABASE_URL or a DATA_DIR the server cannot use: the message says what to do.
    console.error(`admin: ${(error as Error).message}`);
    return 1;
  }
  try {
    const promote = command === "promote";
    const outcome = await setAdmin(handle.db, email, promote);
    if (outcome === "missing") {
      console.error(`admin: there is no account with the email ${email}.`);
      return 1;
    }
    if (promote) console.log(outcome === "changed" ? `${email} is now an admin.` : `${email} is already an admin.`);
    else console.log(outcome === "changed" ? `${email} is no longer an admin.` : `${email} is not an admin.`);
    return 0;
  } catch (error) {
    console.error("admin: failed:", error);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
