import { expect, test } from "./support/test";
import { signInAsAdmin } from "./support/admin";
import { ready, toast } from "./support/lists";

// The back office's webhooks (docs/back-office.md, "Webhooks"; docs/webhooks.md): an admin
// registers an endpoint, reads its secret once, disables it and deletes it, with JavaScript on
// and off. The URL is a documentation address (TEST-NET-3, 203.0.113.0/24): public, so the shop
// needs no WEBHOOKS_ALLOW_PRIVATE, and an order placed meanwhile by another spec only queues a
// delivery that fails quietly and is deleted with the endpoint. Sending and signatures are
// tested against a real receiver in tests/api/webhooks.test.ts.

test("an admin registers a webhook endpoint, sees its secret once, disables and deletes it", async ({ page }) => {
  const url = `https://203.0.113.10/e2e/${test.info().project.name}/${Date.now()}`;
  await signInAsAdmin(page, "/admin/webhooks");
  await ready(page);
  await page.getByRole("link", { name: "Add endpoint" }).click();
  await expect(page.getByRole("heading", { name: "Add endpoint" })).toBeVisible();

  // A loopback address is refused on the URL field.
  await page.getByLabel("URL").fill("http://127.0.0.1:9/hooks");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText(/private or loopback address/)).toBeVisible();

  await page.getByLabel("URL").fill(url);
  await page.getByLabel("Description (optional)").fill("SMS notices");
  await page.getByRole("checkbox", { name: /Payment received/ }).uncheck();
  await page.getByRole("button", { name: "Add endpoint" }).click();

  await expect(page.getByRole("heading", { name: "Endpoint added" })).toBeVisible();
  await expect(page.getByLabel("Signing secret")).toHaveValue(/^whsec_[0-9a-f]{64}$/);
  await page.getByRole("link", { name: "Open the endpoint" }).click();

  await expect(page.getByLabel("URL")).toHaveValue(url);
  await expect(page.getByRole("checkbox", { name: /Payment received/ })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Order placed/ })).toBeChecked();
  await expect(page.getByText(/whsec_/)).toHaveCount(0);
  await page.getByRole("checkbox", { name: /Enabled/ }).uncheck();
  await page.getByRole("button", { name: "Save endpoint" }).click();
  await expect(toast(page, "The endpoint is saved.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /Enabled/ })).not.toBeChecked();

  await page.getByRole("link", { name: "← Webhooks" }).click();
  const row = page.getByRole("row").filter({ hasText: url });
  await expect(row).toContainText("Disabled");
  await expect(row).toContainText("SMS notices");
  await row.getByRole("link", { name: url }).click();
  await page.getByRole("button", { name: "Delete endpoint" }).click();
  await expect(toast(page, "The endpoint is deleted.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/webhooks$/);
  await expect(page.getByRole("row").filter({ hasText: url })).toHaveCount(0);
});
