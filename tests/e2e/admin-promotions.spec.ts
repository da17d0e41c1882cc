import { expect, test } from "./support/test";
import { signInAsAdmin } from "./support/admin";
import { ready, toast } from "./support/lists";

// The back office's promotions (docs/back-office.md, "Promotions"; decision 051): an admin
// creates a code (a refusal lands on its field first), pauses it and finds it paused in the
// list, with JavaScript on and off. Every rule of the form is tested in
// tests/api/admin-promotions.test.ts and tests/routes/admin-promotions.test.ts.

test("an admin creates a code, is told why a field is wrong, and pauses it", async ({ page }) => {
  const suffix = test.info().project.name.endsWith("nojs") ? "N" : "J";
  const code = `E2E-${Date.now().toString(36).toUpperCase()}-${suffix}`;
  await signInAsAdmin(page, "/admin/promotions");
  await ready(page);
  await page.getByRole("link", { name: "New code" }).click();
  await expect(page.getByRole("heading", { name: "New code" })).toBeVisible();

  await page.getByLabel("Name").fill(`Welcome ${code}`);
  await page.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await page.getByLabel("Discount", { exact: true }).fill("10");
  await page.getByLabel("Cap in rupees (optional)").fill("100");
  await page.getByLabel("Ends (optional)").fill("2020-01-01T00:00");
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByText("The end must be after the start")).toBeVisible();

  await page.getByLabel("Ends (optional)").fill("");
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(toast(page, `Welcome ${code} is created.`)).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByText("10% off, up to ₹100")).toBeVisible();

  await page.getByRole("button", { name: "Pause" }).click();
  await expect(toast(page, `Welcome ${code} is paused.`)).toBeVisible();
  await page.getByRole("link", { name: "← Promotions" }).click();
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("Paused");
});
