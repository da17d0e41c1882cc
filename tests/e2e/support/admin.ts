import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account";
import { signIn } from "./shoppers";

export { E2E_ADMIN };

/** Signs the e2e admin in through the login form and lands on `path` (the orders by default). */
export function signInAsAdmin(page: Page, path = "/admin/orders"): Promise<void> {
  return signIn(page, E2E_ADMIN, path);
}
