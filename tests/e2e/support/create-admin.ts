/**
 * Run by Playwright's webServer before `npm start` (playwright.config.ts), on the run's fresh
 * database: registers E2E_ADMIN through the API, as anyone registers, then makes it an admin as
 * `npm run admin -- promote` does. Nothing in the shop itself can make an admin: this exists only
 * in the test set-up. It empties DATA_DIR, starts its embedded database (created and migrated),
 * seeds the catalogue the shop would seed on its start, and stops it again before the shop starts.
 */
import { createUserapp } from "../../../api/app";
import { readEnv } from "../../../api/config";
import fs from "node:fs";
import { openShopDatabase } from "../../../api/db/connect";
import { stopEmbeddedPostgres } from "../../../api/db/embedded";
import { setAdmin } from "../../../api/lib/accounts/admins";
import { seedCatalogue, vacuumCatalogue } from "../../../api/seed/catalogue";
import { samplesAsShoppersReviews } from "../../support/shoppers-reviews";
import { E2E_ADMIN } from "./admin-account";

const env = readEnv();
// A fresh database every run: a server an earlier run left (Playwright ends its web server with
// SIGKILL when a run is cut short) is stopped before its folder goes.
await stopEmbeddedPostgres(env.DATA_DIR);
fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
const handle = await openShopDatabase(env);
try {
  const registered = await createUserapp({ db: handle.db }).request("/userapp/auth/register", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(E2E_ADMIN),
  });
  // 409: the account is there already (a database kept from an earlier run).
  if (registered.status !== 201 && registered.status !== 409)
    throw new Error(`Registering the e2e admin failed: ${await registered.text()}`);
  await setAdmin(handle.db, E2E_ADMIN.email, true);
  console.log(`${E2E_ADMIN.email} is the e2e admin.`);
  // The catalogue the shop would seed on its start, with its sample reviews counted as shoppers'
  // (tests/support/shoppers-reviews.ts): the specs of stars, rating filters and sorts need ratings.
  await seedCatalogue(handle.db, {});
  await samplesAsShoppersReviews(handle.db);
  await vacuumCatalogue(handle.db);
} finally {
  await handle.close();
}
