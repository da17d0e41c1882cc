import { ready } from "./support/lists";
import { expect, type Page, test } from "./support/test";

// Quick view (issue 3, item 6): with JavaScript the card's Quick View link opens a dialog loaded
// from /resources/quick-view/:id; without it, the same link is the product page.

const firstCard = (page: Page) => page.locator("#todays-deals [data-product-card]").first();
const quickViewLink = (page: Page) => firstCard(page).locator("[data-quick-view]");

async function openQuickView(page: Page) {
  await page.goto("/");
  // Clicked before the page has hydrated, Quick View is the link to the product page it is without JavaScript.
  await ready(page);
  await firstCard(page).hover();
  const title = (await firstCard(page).locator("h3").textContent())!.trim();
  await quickViewLink(page).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(title);
  return { dialog, title };
}

test("without JavaScript Quick View is a link to the product page", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "with JavaScript the link opens the dialog");
  await page.goto("/");
  const title = (await firstCard(page).locator("h3").textContent())!.trim();
  const href = await quickViewLink(page).getAttribute("href");
  expect(href).toMatch(/^\/product\/[a-z0-9-]+\/[a-z0-9-]+\/[0-9a-f]{24}$/);
  await quickViewLink(page).click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("with JavaScript Quick View opens a dialog with the product", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the dialog needs JavaScript");
  const { dialog } = await openQuickView(page);
  // No navigation: the home page is still underneath.
  await expect(page).toHaveURL(/\/$/);

  await expect(dialog.locator("[data-price='selling']")).toContainText("₹");
  await expect(dialog.getByRole("group", { name: "Size" }).getByRole("button").first()).toBeVisible();
  await expect(dialog.getByRole("term")).toHaveText(["Size", "Brand", "Category", "Merchant"]);
  for (const share of ["Share on WhatsApp", "Share on Facebook", "Share on X"]) {
    await expect(dialog.getByRole("link", { name: share })).toHaveAttribute("href", /^https:\/\/.+%2Fproduct%2F/);
  }
  await expect(dialog.getByRole("button", { name: "Copy link" })).toBeVisible();
  // Guests are sent to sign in.
  await expect(dialog.getByRole("link", { name: "Add To Cart" })).toHaveAttribute("href", /^\/login\?redirectTo=/);

  // The quantity stepper: minimum 1, maximum 10.
  const qty = dialog.locator("output");
  await expect(qty).toHaveText("1");
  await expect(dialog.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Increase quantity" }).click();
  await expect(qty).toHaveText("2");
  await dialog.getByRole("button", { name: "Decrease quantity" }).click();
  await expect(qty).toHaveText("1");

  // The image slider.
  const image = dialog.locator("img").first();
  const first = await image.getAttribute("src");
  const next = dialog.getByRole("button", { name: "Next image" });
  if (await next.count()) {
    await next.click();
    await expect(image).not.toHaveAttribute("src", first!);
    await dialog.getByRole("button", { name: "Previous image" }).click();
    await expect(image).toHaveAttribute("src", first!);
  }
});

test("the quick-view dialog closes on Escape and on its close button", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the dialog needs JavaScript");
  const { dialog } = await openQuickView(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await firstCard(page).hover();
  await quickViewLink(page).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the quick-view resource answers JSON, and 404 for an unknown product", async ({ request }) => {
  const list = await request.post("/userapp/product/list", { data: { query: {}, options: { limit: 1 } } });
  const id = (await list.json()).data.data[0]._id as string;
  const found = await request.get(`/resources/quick-view/${id}`);
  expect(found.status()).toBe(200);
  expect((await found.json()).product._id).toBe(id);
  const missing = await request.get("/resources/quick-view/0123456789abcdef01234567");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ product: null });
});
