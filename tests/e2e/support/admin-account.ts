import type { TestShopper } from "./shoppers";

/**
 * The back office's admin in the end-to-end runs. No API makes an admin (docs/decisions/007), so
 * Playwright's webServer creates this account before it starts the shop (create-admin.ts,
 * playwright.config.ts). Its own file, free of Playwright, because that script runs outside the
 * test runner.
 */
export const E2E_ADMIN: TestShopper = {
  email: "admin@e2e.test",
  password: "e2e-admin-passphrase",
  firstName: "Meera",
  lastName: "Iyer",
};
