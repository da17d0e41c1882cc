import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account";
import { signIn } from "./shoppers";

export { E2E_ADMIN };

/** Signs the e2e admin in through the login form and lands on `path` (the orders by default). */
export function signInAsAdmin(page: Page, path = "/admin/orders"): Promise<void> {
  return signIn(page, E2E_ADMIN, path);
}

/**
 * Marks the open order shipped from its back-office page, as the ship form asks: a courier from the
 * list and the parcel's tracking (AWB) number.
 */
export async function markShipped(page: Page, courier = "Delhivery", trackingNumber = "1234567890123") {
  await page.getByLabel("Courier").selectOption({ label: courier });
  await page.getByLabel("Tracking number (AWB)").fill(trackingNumber);
  await page.getByRole("button", { name: "Mark as shipped" }).click();
}
