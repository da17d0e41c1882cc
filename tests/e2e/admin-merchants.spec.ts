import { expect, test } from "./support/test";
import { signInAsAdmin } from "./support/admin";
import { ready, toast } from "./support/lists";

// The back office's sellers (docs/back-office.md): an admin corrects a seller's registered
// address; a GSTIN of another state is refused on its field. JavaScript on and off.

test("an admin edits a seller's details: a GSTIN of another state is refused, the address saved", async ({ page }) => {
  await signInAsAdmin(page, "/admin/merchants");
  // Each project edits a seller of its own: the projects run side by side on one shop.
  const row = test.info().project.name.includes("nojs") ? 1 : 0;
  await page.getByRole("table", { name: "Sellers" }).getByRole("link").nth(row).click();
  await expect(page).toHaveURL(/\/admin\/merchants\/[0-9a-f]{24}$/);
  const gstin = await page.getByLabel("GSTIN").inputValue();
  const state = page.getByLabel("State");
  const otherState = (await state.inputValue()) === "Kerala" ? "Goa" : "Kerala";

  await state.selectOption(otherState);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(new RegExp(`^A GSTIN of ${otherState} starts with \\d{2}$`))).toBeVisible();
  await expect(page.getByLabel("GSTIN")).toHaveAttribute("aria-invalid", "true");

  // The seller's own state again, and a corrected address.
  const address = `Unit ${Date.now() % 1000}, Industrial Estate`;
  await page.goto(page.url());
  await page.getByLabel("Registered address").fill(address);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The seller's details are saved." })).toBeVisible();
  await expect(page.getByLabel("Registered address")).toHaveValue(address);
  await expect(page.getByLabel("GSTIN")).toHaveValue(gstin);
});

test("an address typed before the page has hydrated is kept when it hydrates, and saved", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript nothing hydrates");
  await signInAsAdmin(page, "/admin/merchants");
  // A seller of its own (the test above edits the first two).
  const href = await page.getByRole("table", { name: "Sellers" }).getByRole("link").nth(2).getAttribute("href");
  // The scripts are held back until the text is typed, as on a slow phone: React then hydrates a
  // textarea whose text a person has changed. (Routing turns the browser's cache off.)
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(href ?? "");
  const address = `Plot ${Date.now() % 1000}, Station Road`;
  await page.getByLabel("Registered address").fill(address);
  release();
  await ready(page);
  await expect(page.getByLabel("Registered address")).toHaveValue(address);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "The seller's details are saved.")).toBeVisible();
  await expect(page.getByLabel("Registered address")).toHaveValue(address);
});
